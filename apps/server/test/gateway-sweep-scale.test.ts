import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMMUNICATION_LOST } from '@sl/contracts';
import type { Database } from '../src/db/client.js';
import { SWEEP_CHUNK } from '../src/gateway/presence.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { seedDatabase } from '../src/seed/seed.js';
import { loadConfig } from '../src/config.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';
import { startTestGateway } from './support/gateway.js';

// More than the old per-value log insert could bind (65,535 parameters: about 8,200 terminals' two log rows).
const SILENT = 4 * SWEEP_CHUNK + 500;

describeEachEngine('the offline sweep after a city-wide outage', (engine) => {
  let database: Database;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await seedDatabase(database.db, loadConfig({ DEMO: 'false', DATA_DIR: '/tmp/sl-test-unused' }));
    gateway = await startTestGateway(database.db, { SWEEP_INTERVAL_MS: '600000' });
  });
  afterAll(async () => {
    await gateway?.close();
    await database?.close();
  });

  it(`marks ${SILENT.toLocaleString('en-US')} silent terminals offline in one sweep, each with its logs and one communication-lost alarm`, async () => {
    const db = database.db;
    await db.execute(sql`
      insert into terminal (sn, family, name, model, dept_id, status, online_state, heartbeat_s, last_seen_at)
      select 'OUT' || g, 'rdcsm', 'lamp ' || g, 2, 2, 3, 1, 60, now() - interval '1 hour' from generate_series(1, ${SILENT}::int) g`);
    await db.execute(sql`
      insert into terminal (sn, family, name, model, dept_id, status, online_state, heartbeat_s, last_seen_at)
      values ('ALIVE1', 'rdcsm', 'alive', 2, 2, 3, 1, 60, now())`);

    await gateway.sweep();

    const one = async (q: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await db.execute(q))[0].n);
    expect(await one(sql`select count(*)::int as n from terminal where sn like 'OUT%' and online_state = 2`)).toBe(SILENT);
    expect(await one(sql`select online_state as n from terminal where sn = 'ALIVE1'`)).toBe(1);
    expect(await one(sql`select count(*)::int as n from terminal_log l join terminal t using (terminal_id) where t.sn like 'OUT%' and l.kind = 'unline'`)).toBe(SILENT);
    expect(await one(sql`select count(*)::int as n from alarm a join terminal t using (terminal_id) where t.sn like 'OUT%' and a.kind = ${COMMUNICATION_LOST}`)).toBe(SILENT);

    // A second sweep finds nothing left to do.
    await gateway.sweep();
    expect(await one(sql`select count(*)::int as n from alarm where kind = ${COMMUNICATION_LOST}`)).toBe(SILENT);
  });
});
