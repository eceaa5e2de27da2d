/**
 * Reports at city scale (issue 29): a year's monthly energy report of one district (about 10,000 of the 100,000
 * generated terminals, with every team below it) and 30 days of one lamp, on PostgreSQL.
 *
 *   npx tsx bench/reports/run.ts --url postgres://postgres@127.0.0.1:5432/streetlight_bench_reports
 *
 * The fleet comes from bench/fleet (100,000 terminals, a day of readings); the year is written straight into the
 * rollups the reports read: a daily row per terminal and day for the district, an hourly row per hour for the lamp
 * (a lamp on from 18:00 to 06:00, 100 W), and the year's department days by the rollup job's statement. Idempotent: rows
 * already there are kept. Prints the median of 5 runs.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { addDays } from '@sl/contracts';
import { openDatabase, type Db } from '../../apps/server/src/db/client.js';
import { rowsOf } from '../../apps/server/src/db/sql-rows.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { seedDatabase } from '../../apps/server/src/seed/seed.js';
import { ConfigRepository } from '../../apps/server/src/system/config/config-repository.js';
import { createMailer } from '../../apps/server/src/mail/index.js';
import { createReportServices } from '../../apps/server/src/reports/report-services.js';
import { RollupRepository } from '../../apps/server/src/fleet/rollups.js';
import type { Principal } from '../../apps/server/src/system/access/principal.js';
import { ensureDatabase, generateFleet } from '../fleet/generate.js';

const { values } = parseArgs({ options: { url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/streetlight_bench_reports' }, runs: { type: 'string', default: '5' } } });
const TZ = 'Asia/Shanghai';
const ADMIN: Principal = { userId: 1, username: 'admin', deptId: 1, deptPath: '/0/1', roles: [], permissions: new Set(), isAdmin: true };
/** Lit from 18:00 to 06:00: the bits of those local hours in a daily rollup's lit_hours. */
const NIGHT_BITS = [0, 1, 2, 3, 4, 5, 18, 19, 20, 21, 22, 23].reduce((bits, h) => bits | (1 << h), 0);
const n = (r: unknown) => Number(rowsOf<{ n: number | string }>(r)[0]?.n ?? 0);

async function yearOfDailyRollups(db: Db, deptId: number, from: string, to: string) {
  await db.execute(sql`
    insert into heartbeat_rollup (terminal_id, grain, bucket, samples, energy_used, on_share, power_avg, availability, dim_avg, lit_hours)
    select t.terminal_id, 'd', (d::date::timestamp at time zone ${TZ}), 144, 1.2 + (t.terminal_id % 7) * 0.05, 0.5, 0.05, 1, 80, ${NIGHT_BITS}
    from terminal t cross join generate_series(${from}::date, ${to}::date, interval '1 day') d
    where t.dept_id in (select c.dept_id from sys_dept c join sys_dept p on c.dept_id = p.dept_id or c.dept_path like p.dept_path || '/%' where p.dept_id = ${deptId})
    on conflict (terminal_id, grain, bucket) do update set lit_hours = excluded.lit_hours where heartbeat_rollup.lit_hours is null`);
}

/** The department days of the year, by the rollup job's own statement, unless they hold the report's sums already. */
async function yearOfDepartmentDays(db: Db, from: string, to: string) {
  const missing = n(await db.execute(sql`select count(*)::int as n from generate_series(${from}::date, ${to}::date, interval '1 day') d
    where not exists (select 1 from heartbeat_rollup_dept r where r.day = d::date and r.full_kwh is not null and r.lit_by_hour is not null)`));
  if (missing) await new RollupRepository(db, TZ).rollUpDepartmentDays(from, to);
}

async function monthOfHourlyRollups(db: Db, terminalId: number, from: string, to: string) {
  await db.execute(sql`
    insert into heartbeat_rollup (terminal_id, grain, bucket, samples, energy_used, on_share, power_avg, availability, dim_avg)
    select ${terminalId}, 'h', h, 6, case when lit then 0.1 else 0 end, case when lit then 1 else 0 end, case when lit then 0.1 else 0 end, 1, 100
    from (select h, extract(hour from h at time zone ${TZ}) not between 6 and 17 as lit
      from generate_series((${from}::date::timestamp at time zone ${TZ}), ((${to}::date + 1)::timestamp at time zone ${TZ}) - interval '1 hour', interval '1 hour') h) s
    on conflict (terminal_id, grain, bucket) do nothing`);
}

async function timed<T>(runs: number, fn: () => Promise<T>): Promise<{ median: number; result: T }> {
  const times: number[] = [];
  let result!: T;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    result = await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], result };
}

await ensureDatabase(values.url);
const database = await openDatabase({ databaseUrl: values.url });
try {
  const db = database.db;
  const config = loadConfig({ DATA_DIR: '/tmp/sl-bench-reports', DEMO: 'false', JWT_SECRET: 'x'.repeat(32) });
  await seedDatabase(db, config);
  if (n(await db.execute(sql`select count(*)::int as n from terminal where sn like 'FLT%'`)) < 100_000) await generateFleet(db, { terminals: 100_000, heartbeats: 100_000, days: 1 });
  const district = rowsOf<{ dept_id: number; dept_name: string }>(await db.execute(sql`select dept_id, dept_name from sys_dept where dept_name = 'Fleet 区 1'`))[0];
  const to = addDays(new Date().toISOString().slice(0, 10), -1);
  const from = addDays(to, -364);
  let start = performance.now();
  await yearOfDailyRollups(db, district.dept_id, from, to);
  const lamp = rowsOf<{ terminal_id: number }>(await db.execute(sql`select terminal_id from terminal where dept_id in (select dept_id from sys_dept where dept_path like (select dept_path from sys_dept where dept_id = ${district.dept_id}) || '/%') and model = 2 order by terminal_id limit 1`))[0].terminal_id;
  await monthOfHourlyRollups(db, lamp, addDays(to, -29), to);
  await yearOfDepartmentDays(db, from, to);
  await db.execute(sql`analyze heartbeat_rollup; analyze heartbeat_rollup_dept`);
  console.log(`rollups in place (${((performance.now() - start) / 1000).toFixed(1)} s)`);
  const reports = createReportServices(db, config, new ConfigRepository(db), createMailer({ SMTP_URL: undefined, MAIL_FROM: 'x@y.z' }));
  const runs = Number(values.runs);
  const year = await timed(runs, () => reports.energy.report(ADMIN, { from, to, groupBy: 'month', deptIds: [district.dept_id], areas: undefined, noArea: false, lastYear: false }));
  console.log(`a year by month for ${district.dept_name} (${year.result.total.terminals} terminals, ${year.result.rows.length} rows, ${year.result.total.kwh.toFixed(0)} kWh, lighting rate ${year.result.total.lightingRate}): median ${year.median.toFixed(0)} ms of ${runs}`);
  const teams = await timed(runs, () => reports.energy.report(ADMIN, { from, to, groupBy: 'department', deptIds: [district.dept_id], areas: undefined, noArea: false, lastYear: true }));
  console.log(`a year by department for ${district.dept_name} with last year (${teams.result.rows.length} rows): median ${teams.median.toFixed(0)} ms of ${runs}`);
  const month = await timed(runs, () => reports.energy.report(ADMIN, { from: addDays(to, -29), to, groupBy: 'day', terminalIds: [lamp], areas: undefined, noArea: false, lastYear: false }));
  console.log(`30 days by day for one lamp (${month.result.rows.length} rows, lighting rate ${month.result.total.lightingRate}): median ${month.median.toFixed(1)} ms of ${runs}`);
  start = performance.now();
  const ops = await timed(runs, () => reports.operations.report(ADMIN, { from: addDays(to, -29), to, groupBy: 'department', terminalIds: [lamp], areas: undefined, noArea: false }));
  console.log(`30 days of operations for one lamp: median ${ops.median.toFixed(1)} ms of ${runs}`);
} finally {
  await database.close();
}
