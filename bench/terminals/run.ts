// bench/terminals: the terminal list (with filters and the lamp state of each row) and the detail page's
// downsampled history, on PostgreSQL. Seeds N terminals and, for H of them, one heartbeat a minute over
// 30 days; then calls the real routes through the app and prints p50 and p99 of each call.
//
//   npx tsx bench/terminals/run.ts [--terminals 20000] [--history-terminals 10] [--runs 40]
//
// The 100,000-terminal / 10-million-row figures come from the fleet engineer's generator (bench/read-scale).
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../../apps/server/test/support/test-app.js';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: { terminals: { type: 'string', default: '20000' }, 'history-terminals': { type: 'string', default: '10' }, runs: { type: 'string', default: '40' } },
});
const N = Number(args.terminals);
const H = Number(args['history-terminals']);
const RUNS = Number(args.runs);
const DAY_MS = 86_400_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const t = await createTestApp('postgres', { DEMO: 'false', ADMIN_PASSWORD: '123456', LOG_LEVEL: 'silent' });
try {
  const db = t.database.db;
  const t0 = performance.now();
  await db.execute(sql`
    insert into terminal (sn, family, name, model, dept_id, imsi, online_state, status, register_state, manufacturer, last_seen_at)
    select 'BEN' || lpad(g::text, 7, '0'), case when g % 2 = 0 then 'rdcsm' else 'rdc4m' end, '路灯 ' || g,
      case when g % 50 = 0 then 1 else 2 end, (array[2, 3, 5])[1 + g % 3], '4600' || lpad(g::text, 11, '0'),
      case when g % 20 = 0 then 2 else 1 end, 3, 1, (array['HW', 'WQ', 'SD', 'TL'])[1 + g % 4], now()
    from generate_series(1, ${N}::int) g`);
  // One heartbeat a minute for 30 days for the first H terminals, the latest one for every other.
  await db.execute(sql`
    insert into heartbeat (terminal_id, mid, ts, model, voltage_a, current_a, power_a, power_factor, energy_kwh, dim, "on")
    select t.terminal_id, 'h' || m, now() - (m * interval '1 minute'), t.model, 220 + random() * 8, 0.45, 0.1, 0.95, 1000 - m * 0.002,
      case when m % 1440 < 720 then 100 else 0 end, m % 1440 < 720
    from (select terminal_id, model from terminal order by terminal_id limit ${H}) t, generate_series(0, 30 * 1440 - 1) m`);
  await db.execute(sql`
    insert into heartbeat (terminal_id, mid, ts, model, "on", dim)
    select terminal_id, 'latest', now(), model, terminal_id % 3 > 0, 80 from terminal where terminal_id > (select min(terminal_id) + ${H} - 1 from terminal)`);
  await db.execute(sql`analyze`);
  const rows = (await db.execute(sql`select count(*)::int as n from heartbeat`)) as unknown as { rows: Array<{ n: number }> };
  console.log(`bench/terminals: ${N.toLocaleString('en-US')} terminals, ${rows.rows[0].n.toLocaleString('en-US')} heartbeat rows on PostgreSQL; seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)}`);

  const token = await t.login();
  const first = (await db.execute(sql`select min(terminal_id)::int as id from terminal where sn like 'BEN%'`)) as unknown as { rows: Array<{ id: number }> };
  const historyId = first.rows[0].id;
  const call = async (url: string) => {
    const start = performance.now();
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const elapsed = performance.now() - start;
    if (res.json().code !== 200) throw new Error(`${url}: ${res.body.slice(0, 200)}`);
    return elapsed;
  };
  const measure = async (label: string, url: () => string) => {
    await call(url());
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await call(url()));
    console.log(`${label.padEnd(48)} p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`);
  };
  let page = 0;
  const nextPage = () => 1 + (page++ % 50);
  await measure('list, first page, no filter', () => '/api/v1/terminal/list?pageSize=20');
  await measure('list, status 3 + online 1 + department 2 (paged)', () => `/api/v1/terminal/list?status=3&onlineState=1&deptId=2&pageSize=20&pageIndex=${nextPage()}`);
  await measure('list, keyword (name, serial, IMSI)', () => `/api/v1/terminal/list?keyword=${String(1000 + (page++ % 8000))}&pageSize=20`);
  await measure('list, family + model + manufacturer', () => '/api/v1/terminal/list?family=rdc4m&model=2&manufacturer=WQ&pageSize=50');
  const now = Date.now();
  for (const [label, span] of [['24 h', DAY_MS], ['7 days', 7 * DAY_MS], ['30 days', 30 * DAY_MS]] as const) {
    await measure(`history ${label} (300 points)`, () => `/api/v1/terminal/history/${historyId}?from=${now - span}&to=${now}&points=300`);
  }
} finally {
  await t.close();
}
