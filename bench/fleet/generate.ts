/**
 * The fleet data generator (issue 17): N terminals across a department tree, in a city layout,
 * M heartbeats spread over D days, with device logs, events and alarms in proportion.
 *
 *   npx tsx bench/fleet/generate.ts --url postgres://postgres@127.0.0.1:5432/streetlight_bench --terminals 100000 --heartbeats 10000000 --days 30
 *
 * Idempotent: terminals are keyed by serial number (FLT0000001…), each day of readings is written once
 * (a day that already holds generated rows is skipped), so a second run only adds what is missing.
 * Rows are made by PostgreSQL itself (INSERT … SELECT over generate_series, one statement per day and
 * table): nothing crosses the wire, which is faster than COPY from a client on this machine.
 * Other benchmarks import `generateFleet` (bench/read-scale, bench/memory).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { TERMINAL_LOG_KINDS } from '@sl/contracts';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase, type Db } from '../../apps/server/src/db/client.js';
import { ensurePartitions } from '../../apps/server/src/fleet/partitions.js';
import { rowsOf } from '../../apps/server/src/db/sql-rows.js';
import { seedDatabase } from '../../apps/server/src/seed/seed.js';

export interface FleetSize {
  terminals: number;
  heartbeats: number;
  days: number;
}

export interface GenerateReport {
  table: string;
  rows: number;
  seconds: number;
}

const DAY_MS = 86_400_000;
const DISTRICTS = 10;
const TEAMS_PER_DISTRICT = 10;
const SN_PREFIX = 'FLT';

/** Creates the database of `url` when it does not exist (on the same server, through the `postgres` database). */
export async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

const n = (result: unknown) => Number(rowsOf<{ n: string | number }>(result)[0]?.n ?? 0);

/** 10 districts under the root department, 10 street teams in each: the leaves hold the terminals. */
async function departmentTree(db: Db): Promise<number[]> {
  const leaves: number[] = [];
  for (let d = 1; d <= DISTRICTS; d++) {
    const district = await deptNamed(db, `Fleet 区 ${d}`, 1, '/0/1');
    for (let t = 1; t <= TEAMS_PER_DISTRICT; t++) leaves.push((await deptNamed(db, `Fleet 区 ${d} 班组 ${t}`, district.id, district.path)).id);
  }
  return leaves;
}

async function deptNamed(db: Db, name: string, parentId: number, parentPath: string) {
  const found = rowsOf<{ dept_id: number; dept_path: string }>(await db.execute(sql`select dept_id, dept_path from sys_dept where dept_name = ${name}`))[0];
  if (found) return { id: found.dept_id, path: found.dept_path };
  const [row] = rowsOf<{ dept_id: number }>(await db.execute(sql`insert into sys_dept (parent_id, dept_name, sort) values (${parentId}, ${name}, 100) returning dept_id`));
  const path = `${parentPath}/${row.dept_id}`;
  await db.execute(sql`update sys_dept set dept_path = ${path} where dept_id = ${row.dept_id}`);
  return { id: row.dept_id, path };
}

/**
 * Terminals along a grid of 600 streets over Shanghai's extent (300 east-west, 300 north-south), a lamp
 * every ~30 m; the department follows the district cell, so a team's lamps are neighbours. One in 50 is a
 * cabinet controller (model 1), 5 % offline, 99 % in use, the rest scrapped or in the warehouse.
 */
async function terminals(db: Db, count: number, leaves: number[]) {
  const result = await db.execute(sql`
    insert into terminal (sn, family, name, model, dept_id, area, lng, lat, online_state, status, register_state, phases, loops, heartbeat_s, install_date, firmware, last_seen_at)
    select ${SN_PREFIX} || lpad(g::text, 7, '0'),
      case when g % 2 = 0 then 'rdcsm' else 'rdc4m' end,
      '路灯 ' || g,
      case when g % 50 = 0 then 1 else 2 end,
      (${`{${leaves.join(',')}}`}::int[])[1 + ((street % 100) / 10) * 10 + (g % 10)],
      'District ' || (1 + (street % 100) / 10),
      case when street < 300 then 121.20 + street * 0.002 + pos * 0.0000003 else 121.20 + pos * 0.0003 end,
      case when street < 300 then 30.90 + pos * 0.0000003 * 0.9 else 30.90 + (street - 300) * 0.00183 end,
      case when r < 0.05 then 2 else 1 end,
      case when r > 0.995 then 5 when r > 0.99 then 2 else 3 end,
      3,
      case when g % 50 = 0 then 3 else 1 end,
      case when g % 50 = 0 then 1 else 0 end,
      60, date '2024-01-01' + (g % 600), 'v2.' || (g % 7), now() - (r * 600) * interval '1 second'
    from (select g, g % 600 as street, (g / 600) % 2000 as pos, random() as r from generate_series(1, ${count}::int) g) s
    on conflict (family, sn) do nothing`);
  // IMSIs (15 digits, China Telecom's 46011 prefix), filled in once: the list's keyword search matches them.
  await db.execute(sql`
    update terminal set imsi = '46011' || lpad(((substr(sn, 4)::bigint * 7919) % 10000000000)::text, 10, '0')
    where sn like ${SN_PREFIX + '%'} and imsi = ''`);
  return (result as { rowCount?: number }).rowCount ?? 0;
}

/** One day of readings: `perDay` rows spread evenly over the fleet and the day (today: up to now), meters that only go up. */
async function heartbeatDay(db: Db, day: Date, perDay: number): Promise<number> {
  const span = Math.min(86_400, (Date.now() - day.getTime()) / 1000);
  const next = new Date(day.getTime() + DAY_MS);
  const done = await db.execute(sql`select 1 as n from heartbeat where ts >= ${day} and ts < ${next} and mid like 'g%' limit 1`);
  if (rowsOf(done).length) return 0;
  const result = await db.execute(sql`
    with t as (
      select terminal_id, model, row_number() over (order by terminal_id) - 1 as k, count(*) over () as fleet
      from terminal where sn like ${SN_PREFIX + '%'}
    ), s as (
      select g, g % (select count(*) from t) as k, g / (select count(*) from t) as slot,
        ceil(${perDay}::float8 / (select count(*) from t)) as slots
      from generate_series(0, ${perDay - 1}::int) g
    )
    insert into heartbeat (terminal_id, mid, ts, received_at, model, voltage_a, voltage_b, voltage_c, current_a, current_b, current_c,
      power_a, power_b, power_c, power_factor, energy_kwh, leakage_ma, dim, "on", burn_hours, temperature_c)
    select t.terminal_id, 'g' || ${day.getTime() / DAY_MS} || '-' || s.g, v.ts, v.ts + interval '1 second', t.model,
      220 + random() * 10, case when t.model = 1 then 220 + random() * 10 end, case when t.model = 1 then 220 + random() * 10 end,
      case when v.lit then 0.4 + random() * 0.1 else 0.01 end, case when t.model = 1 then 1.2 + random() end, case when t.model = 1 then 1.2 + random() end,
      case when v.lit then 0.09 + random() * 0.02 else 0.002 end, case when t.model = 1 then 0.3 end, case when t.model = 1 then 0.3 end,
      0.95, v.hours * 0.06, random() * 5, case when v.lit then 100 else 0 end, v.lit, v.hours * 0.5, 15 + random() * 20
    from s join t on t.k = s.k
    cross join lateral (
      select ${day}::timestamptz + ((s.slot + (t.terminal_id % 97) / 97.0) * (${span}::float8 / s.slots)) * interval '1 second' as ts
    ) v0
    cross join lateral (
      select v0.ts as ts, extract(epoch from v0.ts - timestamptz '2025-01-01') / 3600 as hours,
        extract(hour from v0.ts at time zone 'Asia/Shanghai') not between 6 and 17 as lit
    ) v`);
  return (result as { rowCount?: number; affectedRows?: number }).rowCount ?? perDay;
}

/** Device logs (1 per 100 readings), leakage events (1 per 1,000) and alarms (2 % of the fleet open, 5 % closed). */
async function proportional(db: Db, heartbeats: number, from: Date, days: number) {
  const logs = Math.round(heartbeats / 100);
  const events = Math.round(heartbeats / 1000);
  let out = { logs: 0, events: 0, alarms: 0 };
  if (!n(await db.execute(sql`select count(*) as n from terminal_log where msg like 'gen %'`))) {
    const r = await db.execute(sql`
      with fleet as materialized (select terminal_id, row_number() over (order by terminal_id) as k from terminal where sn like ${SN_PREFIX + '%'})
      insert into terminal_log (kind, terminal_id, msg, detail, created_at)
      select (${`{${TERMINAL_LOG_KINDS.join(',')}}`}::text[])[1 + g % ${TERMINAL_LOG_KINDS.length}], t.terminal_id, 'gen ' || g, jsonb_build_object('n', g), ${from}::timestamptz + (random() * ${days}) * interval '1 day'
      from generate_series(1, ${logs}::int) g
      join fleet t on t.k = 1 + g % (select count(*) from fleet)`);
    out.logs = (r as { rowCount?: number }).rowCount ?? logs;
  }
  if (!n(await db.execute(sql`select count(*) as n from device_event where mid like 'ge%'`))) {
    const r = await db.execute(sql`
      with fleet as materialized (select terminal_id, row_number() over (order by terminal_id) as k from terminal where sn like ${SN_PREFIX + '%'})
      insert into device_event (terminal_id, mid, event, state, value, loop, phase, ts)
      select t.terminal_id, 'ge' || g, 'leakage', case when g % 2 = 0 then 'on' else 'off' end, 30 + random() * 20, 1, 'A',
        ${from}::timestamptz + (random() * ${days}) * interval '1 day'
      from generate_series(1, ${events}::int) g
      join fleet t on t.k = 1 + (g * 37) % (select count(*) from fleet)`);
    out.events = (r as { rowCount?: number }).rowCount ?? events;
  }
  if (!n(await db.execute(sql`select count(*) as n from alarm a join terminal t using (terminal_id) where t.sn like ${SN_PREFIX + '%'}`))) {
    const r = await db.execute(sql`
      insert into alarm (terminal_id, dept_id, kind, status, message, value, loop, raised_at, cleared_at)
      select terminal_id, dept_id, (array['lampFailure', 'leakage', 'overVoltage', 'offline'])[1 + terminal_id % 4],
        case when terminal_id % 100 < 2 then 1 else 5 end, 'generated', 40, null,
        ${from}::timestamptz + (random() * ${days}) * interval '1 day',
        case when terminal_id % 100 < 2 then null else now() end
      from terminal where sn like ${SN_PREFIX + '%'} and terminal_id % 100 < 7`);
    out.alarms = (r as { rowCount?: number }).rowCount ?? 0;
  }
  return out;
}

/** Fills the database to the given size; prints and returns rows per table and the rate. */
export async function generateFleet(db: Db, size: FleetSize, log: (line: string) => void = console.log): Promise<GenerateReport[]> {
  const reports: GenerateReport[] = [];
  const timed = async (table: string, fn: () => Promise<number>) => {
    const start = performance.now();
    const rows = await fn();
    const seconds = (performance.now() - start) / 1000;
    reports.push({ table, rows, seconds });
    log(`${table.padEnd(12)} ${String(rows).padStart(10)} rows in ${seconds.toFixed(1).padStart(6)} s  ${rows ? Math.round(rows / seconds).toLocaleString('en-US').padStart(9) : '-'} rows/s`);
  };
  await db.execute(sql`set synchronous_commit = off`).catch(() => undefined);
  const today = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
  const from = new Date(today.getTime() - (size.days - 1) * DAY_MS);
  await ensurePartitions(db, from, new Date(today.getTime() + 2 * DAY_MS));
  const leaves = await departmentTree(db);
  await timed('terminal', () => terminals(db, size.terminals, leaves));
  const perDay = Math.ceil(size.heartbeats / size.days);
  await timed('heartbeat', async () => {
    let rows = 0;
    for (let day = from; day <= today; day = new Date(day.getTime() + DAY_MS)) rows += await heartbeatDay(db, day, perDay);
    return rows;
  });
  const extra = await proportional(db, size.heartbeats, from, size.days);
  log(`terminal_log ${extra.logs}, device_event ${extra.events}, alarm ${extra.alarms} (0 = already there)`);
  await timed('analyze', async () => {
    await db.execute(sql`analyze`);
    return 0;
  });
  return reports;
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/streetlight_bench' },
      terminals: { type: 'string', default: '100000' },
      heartbeats: { type: 'string', default: '10000000' },
      days: { type: 'string', default: '30' },
    },
  });
  const size = { terminals: Number(values.terminals), heartbeats: Number(values.heartbeats), days: Number(values.days) };
  if (!Object.values(size).every((v) => Number.isInteger(v) && v > 0)) throw new Error('--terminals, --heartbeats and --days must be positive integers');
  await ensureDatabase(values.url!);
  const database = await openDatabase({ databaseUrl: values.url });
  try {
    await seedDatabase(database.db, loadConfig({ DEMO: 'false', ADMIN_PASSWORD: '123456', CAPTCHA: 'false', DATA_DIR: '/tmp/sl-fleet-unused' }));
    console.log(`generating ${size.terminals.toLocaleString('en-US')} terminals, ${size.heartbeats.toLocaleString('en-US')} heartbeats over ${size.days} days into ${values.url}`);
    const start = performance.now();
    const reports = await generateFleet(database.db, size);
    const rows = reports.reduce((s, r) => s + r.rows, 0);
    console.log(`total ${rows.toLocaleString('en-US')} rows in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
