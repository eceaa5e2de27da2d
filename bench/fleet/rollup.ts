/**
 * Runs the fleet's rollup job once over a database (its first run rolls up every stored reading), and
 * prints how long it took: `npx tsx bench/fleet/rollup.ts --url postgres://…/streetlight_bench_fleet`.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { fleetJobs } from '../../apps/server/src/fleet/jobs.js';
import { SchedulerRepository } from '../../apps/server/src/scheduler/scheduler-repository.js';

const { values } = parseArgs({ options: { url: { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/streetlight_bench_fleet' } } });
const database = await openDatabase({ databaseUrl: values.url });
try {
  const job = fleetJobs({ db: database.db, config: loadConfig({ DATA_DIR: '/tmp/sl-fleet-unused' }) }).find((j) => j.name === 'fleet.rollups')!;
  // Claimed and finished as the server's scheduler does, so a server started next only catches up from now.
  const runs = new SchedulerRepository(database.db);
  const now = new Date();
  if (!(await runs.claim(job.name, 0, now, 3_600_000))) throw new Error(`${job.name} is running on a server of this database`);
  const start = performance.now();
  await runs.finish(job.name, (await job.run({ now, lastRunAt: null, signal: new AbortController().signal })) ?? now, null);
  const seconds = (performance.now() - start) / 1000;
  const rows = await database.db.execute(sql`select grain, count(*)::int as n from heartbeat_rollup group by grain order by grain`);
  console.log(`rollups of every stored reading in ${seconds.toFixed(1)} s:`, (rows as unknown as { rows: unknown[] }).rows);
  await database.db.execute(sql`analyze heartbeat_rollup; analyze heartbeat_rollup_dept`);
} finally {
  await database.close();
}
