/**
 * The demo's past week written on a fresh database, as at a first start in demo mode: prints how long
 * it took (wall and this process's CPU, which includes PGlite's), the rows written, and how long a
 * small query waited meanwhile (p50, p95, max of one every 100 ms: what a request's database call
 * waits behind the writing). `npx tsx bench/demo-history/run.ts --engine pglite|postgres --days 7`
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase, type Database } from '../../apps/server/src/db/client.js';
import { writeDemoHistory } from '../../apps/server/src/demo/demo-history.js';
import { createDomainCore } from '../../apps/server/src/domain-core.js';
import { seedDatabase } from '../../apps/server/src/seed/seed.js';
import { seedDemoEnterprises } from '../../apps/server/src/seed/seed-demo-enterprises.js';
import { seedDemoTerminals } from '../../apps/server/src/seed/seed-demo-terminals.js';
import { openThrowawayPostgres, PG_ADMIN_URL } from '../../apps/server/test/support/engines.js';

const { values } = parseArgs({ options: { engine: { type: 'string', default: 'pglite' }, days: { type: 'string', default: '7' } } });
const config = loadConfig({ DATA_DIR: '/tmp/sl-bench-unused', DEMO: 'true', DEMO_HISTORY_DAYS: values.days });
const database: Database = values.engine === 'postgres' ? await openThrowawayPostgres(process.env.BENCH_PG_URL ?? PG_ADMIN_URL, 'sl_bench_demo') : await openDatabase({});
try {
  await seedDatabase(database.db, config);
  await seedDemoEnterprises(database.db);
  await seedDemoTerminals(database.db, { demoSecret: config.DEMO_DEVICE_SECRET });

  const waits: number[] = [];
  let writing = true;
  const probe = (async () => {
    while (writing) {
      const t = performance.now();
      await database.db.execute(sql`select terminal_id from terminal order by terminal_id limit 1`);
      waits.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await writeDemoHistory({ db: database.db, alarms: createDomainCore(database.db, console).alarms, config });
  const wall = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  writing = false;
  await probe;
  waits.sort((a, b) => a - b);
  const at = (q: number) => waits[Math.min(waits.length - 1, Math.floor(q * waits.length))].toFixed(0);
  console.log(`${values.engine}, ${values.days} days: ${result.heartbeats} heartbeats, ${result.alarms} alarms for ${result.terminals} terminals`);
  console.log(`  wall ${wall.toFixed(1)} s, CPU of this process ${((used.user + used.system) / 1e6).toFixed(1)} s (load average ${loadavg()[0].toFixed(1)})`);
  console.log(`  a query meanwhile waited p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (${waits.length} probes)`);
} finally {
  await database.close();
}
