// bench/terminals: the terminal list (with filters and the lamp state of each row) and the detail page's
// downsampled history, on PostgreSQL, through the real routes of the app; p50 and p99 with one client
// and with `--concurrency` clients in flight.
//
//   npx tsx bench/terminals/run.ts [--terminals 20000] [--history-terminals 10] [--runs 200]
//     seeds N terminals in a fresh database and, for H of them, one heartbeat a minute over 30 days.
//   npx tsx bench/terminals/run.ts --url postgres://postgres@127.0.0.1:5432/streetlight_bench_fleet [--generate]
//     the city-scale database of the fleet generator (bench/fleet, 100,000 terminals, 10 million heartbeats;
//     --generate fills it first, idempotent), plus one heartbeat a minute over 30 days for H of its cabinets
//     and a run of the rollup job, as a server running for a month would have.
//
// Each history range is also timed on the raw rows alone (the SQL downsampling every range used before the
// rollups), so the two read paths can be compared.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { PasswordCipher } from '../../apps/server/src/auth/password-cipher.js';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase, type Db } from '../../apps/server/src/db/client.js';
import { HistoryRepository } from '../../apps/server/src/devices/heartbeat/history-repository.js';
import { bucketSeconds } from '../../apps/server/src/devices/heartbeat/history-service.js';
import { fleetJobs } from '../../apps/server/src/fleet/jobs.js';
import { rowsOf } from '../../apps/server/src/db/sql-rows.js';
import { seedDatabase } from '../../apps/server/src/seed/seed.js';
import { createTestApp } from '../../apps/server/test/support/test-app.js';
import { ensureDatabase, generateFleet } from '../fleet/generate.js';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    terminals: { type: 'string', default: '20000' },
    'history-terminals': { type: 'string', default: '10' },
    runs: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '16' },
    url: { type: 'string' },
    generate: { type: 'boolean', default: false },
  },
});
const N = Number(args.terminals);
const H = Number(args['history-terminals']);
const RUNS = Number(args.runs);
const CONCURRENCY = Number(args.concurrency);
const DAY_MS = 86_400_000;
const ADMIN_PASSWORD = '123456';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const count = async (db: Db, query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number | string }>(await db.execute(query))[0]?.n ?? 0);

/** The fleet generator's database, with the app on it: the admin of its seed signs in. */
async function fleetApp(url: string) {
  await ensureDatabase(url);
  const config = loadConfig({ DEMO: 'false', ADMIN_PASSWORD, CAPTCHA: 'false', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/sl-bench-terminals' });
  const database = await openDatabase({ databaseUrl: url });
  if (args.generate) {
    await seedDatabase(database.db, config);
    await generateFleet(database.db, { terminals: 100_000, heartbeats: 10_000_000, days: 30 });
  }
  const app = await buildApp({ config, database });
  const cipher = new PasswordCipher(config.PASSWORD_KEY);
  const login = async () => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: cipher.encrypt(ADMIN_PASSWORD), code: '', uuid: '' } });
    if (res.json().code !== 200) throw new Error(`login failed: ${res.body}`);
    return res.json().data.token as string;
  };
  return { app, database, login, close: async () => (await app.close(), await database.close()) };
}

/** One heartbeat a minute over 30 days for the first H cabinets of the fleet (once), then the rollup job over every stored reading. */
async function denseHistory(db: Db): Promise<number[]> {
  const ids = rowsOf<{ terminal_id: number }>(await db.execute(sql`select terminal_id from terminal where sn like 'FLT%' and model = 1 order by terminal_id limit ${H}`)).map((r) => Number(r.terminal_id));
  if (!(await count(db, sql`select count(*) as n from heartbeat where terminal_id = ${ids[0]} and mid like 'dense%'`))) {
    const t0 = performance.now();
    await db.execute(sql`
      insert into heartbeat (terminal_id, mid, ts, model, voltage_a, voltage_b, voltage_c, current_a, current_b, current_c, power_a, power_b, power_c,
        power_factor, energy_kwh, leakage_ma, dim, "on", burn_hours)
      select t.id, 'dense' || m, now() - m * interval '1 minute', 1, 220 + random() * 8, 221 + random() * 8, 219 + random() * 8,
        1.2 + random(), 1.3 + random(), 1.1 + random(), 0.3, 0.31, 0.29, 0.95, 20000 - m * 0.015, random() * 5,
        case when m % 1440 < 720 then 100 else 0 end, m % 1440 < 720, 4000 - m / 60.0
      from unnest(${`{${ids.join(',')}}`}::int[]) as t(id), generate_series(0, 30 * 1440 - 1) m`);
    await db.execute(sql`analyze heartbeat`);
    console.log(`${(H * 30 * 1440).toLocaleString('en-US')} dense heartbeats (one a minute, 30 days, ${H} cabinets) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  if (!(await count(db, sql`select count(*) as n from heartbeat_rollup where terminal_id = ${ids[0]} and grain = 'h' and power_factor_avg is not null`))) {
    const job = fleetJobs({ db, config: loadConfig({ DATA_DIR: '/tmp/sl-bench-terminals' }) }).find((j) => j.name === 'fleet.rollups')!;
    const t0 = performance.now();
    await job.run({ now: new Date(), lastRunAt: null, signal: new AbortController().signal });
    await db.execute(sql`analyze heartbeat_rollup`);
    console.log(`rollup job over every stored reading in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  return ids;
}

/** A fresh database: N terminals, one heartbeat a minute over 30 days for the first H, the latest one for every other; rolled up. */
async function seededApp() {
  const t = await createTestApp('postgres', { DEMO: 'false', ADMIN_PASSWORD, LOG_LEVEL: 'silent' });
  const db = t.database.db;
  const t0 = performance.now();
  await db.execute(sql`
    insert into terminal (sn, family, name, model, dept_id, imsi, online_state, status, register_state, manufacturer, last_seen_at)
    select 'BEN' || lpad(g::text, 7, '0'), case when g % 2 = 0 then 'rdcsm' else 'rdc4m' end, '路灯 ' || g,
      case when g % 50 = 0 then 1 else 2 end, (array[2, 3, 5])[1 + g % 3], '4600' || lpad(g::text, 11, '0'),
      case when g % 20 = 0 then 2 else 1 end, 3, 1, (array['HW', 'WQ', 'SD', 'TL'])[1 + g % 4], now()
    from generate_series(1, ${N}::int) g`);
  await db.execute(sql`
    insert into heartbeat (terminal_id, mid, ts, model, voltage_a, current_a, power_a, power_factor, energy_kwh, dim, "on")
    select t.terminal_id, 'h' || m, now() - (m * interval '1 minute'), t.model, 220 + random() * 8, 0.45, 0.1, 0.95, 1000 - m * 0.002,
      case when m % 1440 < 720 then 100 else 0 end, m % 1440 < 720
    from (select terminal_id, model from terminal order by terminal_id limit ${H}) t, generate_series(0, 30 * 1440 - 1) m`);
  await db.execute(sql`
    insert into heartbeat (terminal_id, mid, ts, model, "on", dim)
    select terminal_id, 'latest', now(), model, terminal_id % 3 > 0, 80 from terminal where terminal_id > (select min(terminal_id) + ${H} - 1 from terminal)`);
  const job = fleetJobs({ db, config: t.config }).find((j) => j.name === 'fleet.rollups')!;
  await job.run({ now: new Date(), lastRunAt: null, signal: new AbortController().signal });
  await db.execute(sql`analyze`);
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const ids = rowsOf<{ terminal_id: number }>(await db.execute(sql`select terminal_id from terminal where sn like 'BEN%' order by terminal_id limit ${H}`)).map((r) => Number(r.terminal_id));
  return { ...t, ids };
}

const product = args.url ? await fleetApp(args.url) : await seededApp();
try {
  const db = product.database.db;
  const historyIds = 'ids' in product ? product.ids : await denseHistory(db);
  const [terminals, heartbeats] = [await count(db, sql`select count(*) as n from terminal`), await count(db, sql`select count(*) as n from heartbeat`)];
  const [load1] = os.loadavg();
  console.log(`bench/terminals: ${terminals.toLocaleString('en-US')} terminals, ${heartbeats.toLocaleString('en-US')} heartbeat rows on PostgreSQL${args.url ? ` (${new URL(args.url).pathname.slice(1)})` : ''}`);
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at the start\n`);

  const token = await product.login();
  const call = async (url: string) => {
    const start = performance.now();
    const res = await product.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const elapsed = performance.now() - start;
    if (res.json().code !== 200) throw new Error(`${url}: ${res.body.slice(0, 200)}`);
    return elapsed;
  };
  /** `RUNS` calls with `clients` of them in flight at a time; latencies sorted. */
  const timed = async (fn: () => Promise<number>, clients: number) => {
    const times: number[] = [];
    let left = RUNS;
    const started = performance.now();
    await Promise.all(Array.from({ length: clients }, async () => {
      while (left-- > 0) times.push(await fn());
    }));
    const rps = times.length / ((performance.now() - started) / 1000);
    return { sorted: times.sort((a, b) => a - b), rps };
  };
  const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);
  console.log(`${'call'.padEnd(52)} ${'1 client p50'.padStart(12)} ${'p99'.padStart(9)}   ${`${CONCURRENCY} clients p50`.padStart(15)} ${'p99'.padStart(9)} ${'req/s'.padStart(6)}`);
  const measure = async (label: string, fn: () => Promise<number>) => {
    for (let i = 0; i < 5; i++) await fn();
    const one = await timed(fn, 1);
    const many = await timed(fn, CONCURRENCY);
    console.log(`${label.padEnd(52)} ${ms(percentile(one.sorted, 50)).padStart(12)} ${ms(percentile(one.sorted, 99))}   ${ms(percentile(many.sorted, 50)).padStart(15)} ${ms(percentile(many.sorted, 99))} ${many.rps.toFixed(0).padStart(6)}`);
  };
  let page = 0;
  const nextPage = () => 1 + (page++ % 50);
  const api = (url: () => string) => () => call(url());
  await measure('list, first page, no filter', api(() => '/api/v1/terminal/list?pageSize=20'));
  await measure('list, status 3 + online 1 + department (paged)', api(() => `/api/v1/terminal/list?status=3&onlineState=1&deptId=2&pageSize=20&pageIndex=${nextPage()}`));
  await measure('list, keyword (name, serial, IMSI)', api(() => `/api/v1/terminal/list?keyword=${String(1000 + (page++ % 8000))}&pageSize=20`));
  await measure('list, family + model + manufacturer', api(() => '/api/v1/terminal/list?family=rdc4m&model=2&manufacturer=WQ&pageSize=50'));

  const history = new HistoryRepository(db);
  let k = 0;
  const nextId = () => historyIds[k++ % historyIds.length];
  for (const [label, span] of [['24 h', DAY_MS], ['7 days', 7 * DAY_MS], ['30 days', 30 * DAY_MS]] as const) {
    await measure(`history ${label} (300 points)`, api(() => {
      const now = Date.now();
      return `/api/v1/terminal/history/${nextId()}?from=${now - span}&to=${now}&points=300`;
    }));
    if (span > 2 * DAY_MS) {
      await measure(`  the same from the raw rows alone (SQL only)`, async () => {
        const to = new Date();
        const from = new Date(to.getTime() - span);
        const start = performance.now();
        await history.buckets(nextId(), from, to, bucketSeconds(from, to, 300));
        return performance.now() - start;
      });
    }
  }
  console.log(`\nload average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (at the start ${load1.toFixed(2)})`);
} finally {
  await product.close();
}
