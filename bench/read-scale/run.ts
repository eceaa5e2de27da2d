/**
 * The read side at city scale (issue 17): p50/p99 of every console read path at concurrency 16, on
 * PostgreSQL filled by the fleet generator (bench/fleet/generate.ts).
 *
 *   npm run bench:read-scale -- --url postgres://postgres@127.0.0.1:5432/streetlight_bench_fleet --seconds 10
 *   add --generate [--terminals 100000 --heartbeats 10000000 --days 30] to fill the database first (idempotent);
 *   --only "terminal list,heartbeat list" runs only the paths whose name holds one of the parts; --profile DIR writes
 *   each server's CPU profile there
 *
 * The server runs as its own process (the built apps/server/dist/main.js under node, as `npm start` runs it), so the load loop's CPU is
 * not charged to it; the loop keeps 16 requests in flight over keep-alive connections for `--seconds`
 * per path after a 2-second warm-up, and prints p50, p99 and requests per second.
 * On a shared machine latency mostly measures the queue for the CPU, so it also prints the CPU time one
 * request costs: the server process's and its PostgreSQL backends' (from /proc, Linux only), per request.
 */
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DEFAULT_PAGE_SIZE } from '@sl/contracts';
import { PasswordCipher } from '../../apps/server/src/auth/password-cipher.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { ensureDatabase, generateFleet } from '../fleet/generate.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { seedDatabase } from '../../apps/server/src/seed/seed.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/streetlight_bench_fleet' },
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '16' },
    generate: { type: 'boolean', default: false },
    terminals: { type: 'string', default: '100000' },
    heartbeats: { type: 'string', default: '10000000' },
    days: { type: 'string', default: '30' },
    // Only the paths whose name holds one of these comma-separated parts (the floor always runs).
    only: { type: 'string' },
    // `wrk` (Debian's package, C, about a tenth of the node loop's CPU a request) when it is installed; `node` otherwise.
    loader: { type: 'string', default: 'auto' },
    // Server processes on the same database (the scale-out layout of docs/scale-out.md, on one machine); the load is split evenly.
    instances: { type: 'string', default: '1' },
    // A V8 CPU profile of each server process, written into this folder when the run ends (read it in Chrome's DevTools).
    profile: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const INSTANCES = Number(values.instances);
const ADMIN_PASSWORD = '123456';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
/** GET `path`, or POST its JSON body when it has one (`/api/v1/alarm/list?{…}` is sent as a POST of `{…}`). */
function get(port: number, target: string, token?: string): Promise<{ status: number; body: string }> {
  const [path, json] = target.includes('?{') ? [target.slice(0, target.indexOf('?{')), target.slice(target.indexOf('?{') + 1)] : [target, undefined];
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (json) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(json)) });
    const req = http.request({ host: '127.0.0.1', port, path, method: json ? 'POST' : 'GET', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(json);
  });
}

function post(port: number, path: string, payload: object): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(payload);
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

const APP_NAME = 'sl-read-scale';
/** CPU seconds (user + system) a process has used so far; 0 when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by the server processes and by each PostgreSQL backend their pools hold. */
async function cpuSnapshot(client: pg.Client, serverPids: number[]): Promise<{ server: number; backends: Map<number, number> }> {
  const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [APP_NAME]);
  return { server: serverPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0), backends: new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)])) };
}

/** Milliseconds of CPU per request between two snapshots: the server's and PostgreSQL's. */
function cpuPerRequest(before: Awaited<ReturnType<typeof cpuSnapshot>>, after: Awaited<ReturnType<typeof cpuSnapshot>>, requests: number) {
  let database = 0;
  for (const [pid, used] of after.backends) database += used - (before.backends.get(pid) ?? 0);
  return { server: ((after.server - before.server) * 1000) / requests, database: (database * 1000) / requests };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Keeps `CONCURRENCY` requests in flight for `seconds`, spread over the servers; latencies in ms. */
async function load(ports: number[], token: string, path: () => string, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async (port: number) => {
    while (performance.now() < until) {
      const start = performance.now();
      const res = await get(port, path(), token);
      const ms = performance.now() - start;
      if (res.status !== 200 || JSON.parse(res.body).code !== 200) {
        if (!errors++) console.error(`${res.status} ${res.body.slice(0, 300)}`);
      }
      else latencies.push(ms);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, k) => worker(ports[k % ports.length])));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { n: latencies.length, errors, rps: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), one: 0 };
}

const WRK = values.loader === 'wrk' || (values.loader === 'auto' && spawnSync('wrk', ['--version']).error === undefined);

/** Lua for wrk: cycles through `targets` (a JSON body after `?{` is POSTed), with the token on every request. */
function wrkScript(targets: string[], token: string): string {
  const lua = (s: string) => JSON.stringify(s);
  const requests = targets.map((t) => {
    const at = t.indexOf('?{');
    return at < 0 ? `wrk.format("GET", ${lua(t)})` : `wrk.format("POST", ${lua(t.slice(0, at))}, {["content-type"]="application/json", ["authorization"]=${lua(`Bearer ${token}`)}}, ${lua(t.slice(at + 1))})`;
  });
  return `wrk.headers["authorization"] = ${lua(`Bearer ${token}`)}
local requests, i = {}, 0
init = function() requests = { ${requests.join(', ')} } end
request = function() i = i % #requests + 1; return requests[i] end
done = function(summary, latency)
  io.write(string.format("WRK %d %d %d %.3f %.3f\\n", summary.requests, summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout, summary.duration, latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
`;
}

/** One wrk (one thread, `connections` connections) against one server. */
function wrkRun(port: number, connections: number, script: string, seconds: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '-s', script, `http://127.0.0.1:${port}/`]);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    child.once('close', () => {
      const line = out.split('\n').find((l) => l.startsWith('WRK '));
      if (line) resolve(line.slice(4).split(' ').map(Number));
      else reject(new Error(`wrk failed: ${out}`));
    });
  });
}

/**
 * The same measurement with wrk: its own CPU stays out of the servers' way. With several servers, one wrk per
 * server with its share of the connections; their p50 and p99 are the highest of the servers' (conservative).
 */
async function loadWithWrk(ports: number[], token: string, path: () => string, seconds: number) {
  const script = `${os.tmpdir()}/sl-read-scale.lua`;
  writeFileSync(script, wrkScript(Array.from({ length: 20 }, path), token));
  const runs = await Promise.all(ports.map((port) => wrkRun(port, CONCURRENCY / ports.length, script, seconds)));
  const sum = (k: number) => runs.reduce((total, r) => total + r[k], 0);
  const [requests, errors] = [sum(0), sum(1)];
  if (errors) console.error(`wrk: ${errors} failed requests`);
  return { n: requests - errors, errors, rps: runs.reduce((total, r) => total + r[0] / (r[2] / 1e6), 0), p50: Math.max(...runs.map((r) => r[3])), p99: Math.max(...runs.map((r) => r[4])), one: 0 };
}

/** The server's connections carry APP_NAME, so that the CPU of its PostgreSQL backends can be found. */
function withAppName(url: string) {
  const u = new URL(url);
  u.searchParams.set('application_name', APP_NAME);
  return u.toString();
}

async function main() {
  await ensureDatabase(values.url!);
  if (values.generate) {
    const database = await openDatabase({ databaseUrl: values.url });
    await seedDatabase(database.db, loadConfig({ DEMO: 'false', ADMIN_PASSWORD, CAPTCHA: 'false', DATA_DIR: '/tmp/sl-fleet-unused' }));
    await generateFleet(database.db, { terminals: Number(values.terminals), heartbeats: Number(values.heartbeats), days: Number(values.days) });
    await database.close();
  }
  const client = new pg.Client({ connectionString: values.url });
  await client.connect();
  const sizes = await client.query(`select (select count(*) from terminal) as terminals, (select count(*) from heartbeat) as heartbeats,
    (select count(*) from terminal_log) as logs, (select count(*) from alarm) as alarms,
    (select min(terminal_id) from terminal where sn like 'FLT%' and family = 'rdc4m') as one`);
  const { terminals, heartbeats, logs, alarms, one } = sizes.rows[0];
  const busy = await client.query(`select terminal_id from heartbeat where terminal_id >= $1 group by 1 order by count(*) desc limit 1`, [one]).catch(() => ({ rows: [{ terminal_id: one }] }));
  const terminalId = busy.rows[0]?.terminal_id ?? one;
  // The cursor the console sends for page 2,000 after showing page 1,999 (keyset paging).
  const cursor = (await client.query('select terminal_id from terminal order by terminal_id offset $1 limit 1', [1999 * 50 - 1])).rows[0]?.terminal_id;
  // What an operator types to find a lamp by its SIM: the last six digits of an IMSI.
  const imsiTails = (await client.query(`select right(imsi, 6) as tail from terminal where imsi <> '' order by terminal_id offset 1000 limit 10`)).rows.map((r) => r.tail as string);

  const ports: number[] = [];
  for (let k = 0; k < INSTANCES; k++) ports.push(await freePort());
  const port = ports[0];
  // The built server, as `npm start` runs it (node apps/server/dist/main.js; `npm run bench:read-scale` builds it first).
  const servers = await Promise.all(ports.map(async (p) => spawn(process.execPath, [...(values.profile ? ['--cpu-prof', '--cpu-prof-dir', values.profile] : []), 'apps/server/dist/main.js'], {
    env: { ...process.env, PORT: String(p), MQTT_PORT: String(await freePort()), HOST: '127.0.0.1', DATABASE_URL: withAppName(values.url!), DEMO: 'false', CAPTCHA: 'false', ADMIN_PASSWORD, LOG_LEVEL: 'warn', DATA_DIR: os.tmpdir() + '/sl-read-scale',
      // The generated fleet is not connected: its first offline sweep (100,000 terminals going offline) would run
      // during the measurement. It is measured by test/gateway-sweep-scale.test.ts instead.
      SWEEP_INTERVAL_MS: '600000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })));
  const pids = servers.map((s) => s.pid!);
  try {
    await Promise.all(servers.map((server) => new Promise<void>((resolve, reject) => {
      server.stdout!.on('data', (d: Buffer) => d.toString().includes('is running at') && resolve());
      server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    })));
    const cipher = new PasswordCipher(loadConfig({ DATA_DIR: '/tmp/sl-fleet-unused' }).PASSWORD_KEY);
    const login = JSON.parse((await post(port, '/api/login', { username: 'admin', password: cipher.encrypt(ADMIN_PASSWORD), code: '', uuid: '' })).body);
    if (login.code !== 200) throw new Error(`login failed: ${login.msg}`);
    const token = login.data.token as string;
    const now = Date.now();
    const iso = (msAgo: number) => encodeURIComponent(new Date(now - msAgo).toISOString());
    const DAY = 86_400_000;
    let i = 0;
    const paths: Array<[string, () => string]> = [
      // A floor for this machine: the smallest signed-in call (the user, roles and permissions by primary key).
      ['floor: getinfo', () => '/api/v1/getinfo'],
      ['terminal list, no filter', () => '/api/v1/terminal/list?pageIndex=1&pageSize=50'],
      // The console's own page size (DEFAULT_PAGE_SIZE).
      ['terminal list, 20 a page', () => `/api/v1/terminal/list?pageIndex=1&pageSize=${DEFAULT_PAGE_SIZE}`],
      ['terminal list, 4 filters', () => '/api/v1/terminal/list?pageIndex=1&pageSize=50&family=rdc4m&onlineState=1&status=3&sn=FLT00' + (i++ % 10)],
      // A serial typed further: 1,000 matches, in one block of ids (FLT0031… are terminals 31,000–31,999).
      ['terminal list, serial (1,000 match)', () => '/api/v1/terminal/list?pageIndex=1&pageSize=20&sn=FLT00' + (30 + (i++ % 60))],
      ['terminal list, page 2,000', () => '/api/v1/terminal/list?pageIndex=2000&pageSize=50'],
      ['terminal list, page 2,000 by cursor', () => `/api/v1/terminal/list?pageIndex=2000&pageSize=50&afterId=${cursor}`],
      ['terminal list, keyword (IMSI tail)', () => `/api/v1/terminal/list?pageIndex=1&pageSize=50&keyword=${imsiTails[i++ % imsiTails.length] ?? ''}`],
      ['terminal 30-day history', () => `/api/v1/terminal/datas/${terminalId}?pageIndex=1&pageSize=50&from=${iso(30 * DAY)}&to=${iso(0)}`],
      ['heartbeat list (heartList)', () => '/api/v1/heartList?pageIndex=1&pageSize=10'],
      ['heartbeat list, one terminal', () => `/api/v1/heartList?pageIndex=1&pageSize=10&terminalId=${terminalId}`],
      ['heartbeat statistics, 30 days', () => `/api/v1/heart/data/rdc4m/statistics?from=${iso(30 * DAY)}&to=${iso(0)}&tz=Asia%2FShanghai`],
      ['device logs (heart)', () => '/api/v1/log/heart/list?pageIndex=1&pageSize=10'],
      ['alarm list (POST)', () => '/api/v1/alarm/list?{"pageIndex":1,"pageSize":10}'],
    ];
    console.log(`\nread-scale: ${Number(terminals).toLocaleString('en-US')} terminals, ${Number(heartbeats).toLocaleString('en-US')} heartbeats, ${Number(logs).toLocaleString('en-US')} logs, ${Number(alarms).toLocaleString('en-US')} alarms`);
    console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} GB; concurrency ${CONCURRENCY}, ${SECONDS} s per path, load by ${WRK ? 'wrk' : 'a node loop'}, ${INSTANCES} server process${INSTANCES > 1 ? 'es' : ''}\n`);
    console.log(`load average at start: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}`);
    // The server's start-up work (the map's lit-state scan probes every terminal's latest reading) runs on the
    // same pool; it would be charged to the first paths, so the run waits until the server is quiet (3 minutes at most).
    const waitFrom = performance.now();
    let idle = { server: 0, database: 0 };
    do {
      const from = await cpuSnapshot(client, pids);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      idle = cpuPerRequest(from, await cpuSnapshot(client, pids), 3);
    } while (idle.server + idle.database > 50 && performance.now() - waitFrom < 180_000);
    console.log(`start-up work done after ${((performance.now() - waitFrom) / 1000).toFixed(0)} s; idle server: ${idle.server.toFixed(1)} + ${idle.database.toFixed(1)} ms CPU per second (server + db)`);
    // A generated fleet's first rollup run (every stored reading: about half an hour of a core at 100,000 terminals)
    // runs inside the server and is charged to every path below: say so rather than print those figures as they are.
    const rollupJob = (await client.query<{ ran: boolean; running: boolean }>(
      `select last_run_at is not null as ran, coalesce(running_until > now(), false) as running from scheduler_job where name = 'fleet.rollups'`)).rows[0];
    if (!rollupJob?.ran || rollupJob.running) {
      console.warn(`WARNING: ${rollupJob?.ran ? 'the rollup job is running' : 'the rollup job has never run on this database: its first run (every stored reading) runs'} in the server during the measurement, and its CPU is charged to the paths below. Run \`npx tsx bench/fleet/rollup.ts --url ${values.url}\` on the database first.`);
    }
    // The start-up sweep marks the unconnected fleet offline: 100,000 rows rewritten, their old versions still in the
    // indexes and the planner's statistics still saying "online". Autovacuum cleans and analyzes such a change within a
    // minute or two on a running installation; the bench does it now, so the paths are measured on the tables a running
    // city's database has, not in the minute after a city-wide outage (docs/performance.md).
    await client.query('vacuum analyze terminal');
    console.log(`${'path'.padEnd(36)} ${'1 client'.padStart(9)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'req/s'.padStart(7)} ${'CPU/req server+db'.padStart(18)} ${'req/s ÷ floor'.padStart(13)} ${'CPU × floor'.padStart(11)} errors`);
    // The floor (the first path) runs even with --only: every path is judged against its req/s and CPU in the same run.
    let floor: { rps: number; cpu: number } | undefined;
    for (const [name, path] of paths) {
      if (floor && values.only && !values.only.split(',').some((part) => name.includes(part))) continue;
      // One client alone first (the request's own cost), then the warm-up and the loaded run.
      const single: number[] = [];
      for (let k = 0; k < 20; k++) {
        const start = performance.now();
        await get(port, path(), token);
        single.push(performance.now() - start);
      }
      single.sort((a, b) => a - b);
      const run = WRK ? loadWithWrk : load;
      await run(ports, token, path, 2);
      const before = await cpuSnapshot(client, pids);
      const r = await run(ports, token, path, SECONDS);
      const cpu = cpuPerRequest(before, await cpuSnapshot(client, pids), r.n + r.errors);
      const ms = (v: number | undefined) => (v === undefined ? '-' : `${v.toFixed(1)} ms`).padStart(8);
      const cpuText = `${cpu.server.toFixed(1)} + ${cpu.database.toFixed(1)} ms`;
      floor ??= { rps: r.rps, cpu: cpu.server + cpu.database };
      const ratios = `${(r.rps / floor.rps).toFixed(2).padStart(13)} ${((cpu.server + cpu.database) / floor.cpu).toFixed(2).padStart(11)}`;
      console.log(`${name.padEnd(36)} ${ms(percentile(single, 50)).padStart(9)} ${ms(r.p50)} ${ms(r.p99)} ${r.rps.toFixed(0).padStart(7)} ${cpuText.padStart(18)} ${ratios} ${r.errors}`);
    }
    console.log(`load average at end: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}`);
  } finally {
    for (const server of servers) server.kill('SIGTERM');
    agent.destroy();
    await client.end();
  }
}

await main();
