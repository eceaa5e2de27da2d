import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { alarms } from '../src/db/schema/index.js';
import { AlarmWorkflow } from '../src/alarms/alarm-workflow.js';
import { AlarmWriteRepository } from '../src/alarms/alarm-write-repository.js';
import { silentLog } from '../src/gateway/device-transport.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';
import { insertTerminal } from './support/gateway.js';

describeEachEngine('one open alarm per terminal, kind and loop', (engine) => {
  let database: Database;
  beforeAll(async () => (database = await openTestDatabase(engine)));
  afterAll(() => database?.close());

  it('opens one alarm when two raises race past the check, as two gateway instances can', async () => {
    const t = await insertTerminal(database.db);
    const target = { terminalId: t.terminalId, name: 'racer', deptId: null };
    const services = [1, 2, 3].map(() => new AlarmWorkflow(new AlarmWriteRepository(database.db), () => undefined, silentLog));
    const opened = await Promise.all(services.map((s) => s.raise(target, 'leakage', { loop: 1, value: 40 })));
    expect(opened.filter(Boolean)).toHaveLength(1);
    const open = () => database.db.select().from(alarms).where(and(eq(alarms.terminalId, t.terminalId), isNull(alarms.clearedAt)));
    expect(await open()).toHaveLength(1);

    // Another loop, and the same loop after the first one cleared, open again.
    expect(await services[0].raise(target, 'leakage', { loop: 2 })).toBeDefined();
    expect(await services[0].clear(target, 'leakage', 1)).toBe(true);
    expect(await services[1].raise(target, 'leakage', { loop: 1 })).toBeDefined();
    expect(await open()).toHaveLength(2);
  });
});
