// bench/ingest: stored heartbeats per second end to end, on PGlite and on PostgreSQL, beside the
// broker's raw throughput measured in the same run.
//
//   npx tsx bench/ingest/run.ts --engine pglite|postgres|both --terminals 1000 --seconds 20 --rate 20000
//
// Per engine: a fresh database (PGlite on disk in a temp folder, or a throwaway PostgreSQL database
// dropped afterwards), migrated; N cabinet terminals (model 1) with a known secret; the real gateway
// (startGateway) on the embedded aedes broker on a free port; the simulator's Fleet in full-speed
// mode in a child process (bench/ingest/fleet.ts). After a warm-up, the window counts heartbeat rows
// (start and end), acks received by the fleet, and messages the broker routed. A second, shorter
// phase runs the same fleet against the same embedded broker with nothing stored: every up message
// is acknowledged at once, which is the broker's raw throughput (MQTT in, ack out).
//
//   npx tsx bench/ingest/run.ts --engine postgres --burst 3000 --burst-terminals 30 [--broker mqtt://host:port] [--repeat 3]
//
// Burst mode (issue 26): the same burst (every terminal publishes its share back to back, without waiting
// for acks) stored through the embedded broker and through an external Mosquitto (`--broker`, or one the
// bench starts on a free port), alternately, on the same database; prints each rate and their ratio.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { Session } from 'node:inspector/promises';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase, type Database, type Db } from '../../apps/server/src/db/client.js';
import { terminals } from '../../apps/server/src/db/schema/index.js';
import type { DeviceTransport } from '../../apps/server/src/gateway/device-transport.js';
import { silentLog } from '../../apps/server/src/gateway/device-transport.js';
import { startEmbeddedBroker } from '../../apps/server/src/gateway/embedded-broker.js';
import { startGateway } from '../../apps/server/src/gateway/gateway.js';
import { TerminalDirectory } from '../../apps/server/src/gateway/terminal-directory.js';
import { TerminalRecordRepository } from '../../apps/server/src/gateway/terminal-record-repository.js';
import { checkSignIn } from '../../apps/server/src/gateway/sign-in.js';
import { rowsOf } from '../../apps/server/src/db/sql-rows.js';
import { partitionName } from '../../apps/server/src/fleet/partition-day-domain.js';
import { hashTerminalSecret } from '../../apps/server/src/gateway/terminal-secret.js';
import { snFor } from '../../apps/simulator/src/fleet-spec.js';
import { openThrowawayPostgres } from '../../apps/server/test/support/engines.js';
import type { FleetChildConfig, FleetChildStats } from './fleet.js';
import { startMosquitto } from './mosquitto.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    engine: { type: 'string', default: 'both' },
    terminals: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '20' },
    rate: { type: 'string', default: '20000' },
    warmup: { type: 'string', default: '5' },
    'broker-seconds': { type: 'string', default: '10' },
    inflight: { type: 'string', default: '1' },
    'presence-every-heartbeat': { type: 'boolean', default: false },
    /** Readings each terminal has already sent today, as later in a day: today's partition analyzed young, then filled. */
    'day-readings': { type: 'string', default: '0' },
    'pglite-dir': { type: 'string' },
    burst: { type: 'string', default: '0' },
    'burst-terminals': { type: 'string', default: '30' },
    broker: { type: 'string' },
    repeat: { type: 'string', default: '3' },
    /** Writes a CPU profile of this process (gateway and broker) over the gateway's window to this file, and the broker-only window's beside it. */
    profile: { type: 'string' },
    /** With --profile: also a sampling allocation profile (FILE.heapprofile), garbage included. */
    allocations: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log(`npx tsx bench/ingest/run.ts [--engine pglite|postgres|both] [--terminals N] [--seconds S] [--rate N]
  [--warmup S] [--broker-seconds S] [--inflight K per terminal] [--pglite-dir DIR] [--presence-every-heartbeat]
  [--day-readings N]   (each terminal's readings already stored today; the partition analyzed after the first of each)
  [--profile FILE.cpuprofile [--allocations]]   (PostgreSQL admin URL: $BENCH_PG_URL, default ${PG_ADMIN_URL})
npx tsx bench/ingest/run.ts --burst N [--burst-terminals T] [--broker mqtt://host:port] [--repeat R] [--engine …]
  the same burst of N heartbeats from T terminals through the embedded broker and an external Mosquitto (ratio)`);
  process.exit(0);
}
const N = Number(args.terminals);
const SECONDS = Number(args.seconds);
const RATE = Number(args.rate);
const WARMUP = Number(args.warmup);
const BROKER_SECONDS = Number(args['broker-seconds']);
const engines = args.engine === 'both' ? (['pglite', 'postgres'] as const) : [args.engine as 'pglite' | 'postgres'];
const SECRET = `bench-${randomBytes(12).toString('base64url')}`;
const PREFIX = 'BENCH';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port === 1883 ? freePort() : port;
}

/** Busy and total jiffies of all CPUs, from /proc/stat. */
function cpuTimes() {
  const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const n = f.map(Number);
  const idle = n[3] + (n[4] ?? 0);
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/**
 * CPU jiffies (user + system) per `postgres` process serving `database` (its backends, by their title) or the
 * whole server (walwriter, checkpointer, ...): the database's share of the host, without other databases' work.
 */
function postgresJiffies(database: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      // A backend's title is "postgres: [cluster: ]user database host(port) state", an autovacuum worker's
      // "postgres: [cluster: ]autovacuum worker database"; the server's own processes name no database.
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      const of = /^postgres: (?:\S+: )?(?:autovacuum worker (\S+)|\S+ (\S+) (?:\[local\]|\S*\(\d+\)))/.exec(title);
      if (of && (of[1] ?? of[2]) !== database) continue;
      const f = stat.slice(close + 2).split(' ');
      out.set(pid, Number(f[11]) + Number(f[12]));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
/** Jiffies spent between two readings by the processes alive at the second (one that ended meanwhile is not counted). */
const jiffiesBetween = (a: Map<string, number>, b: Map<string, number>) => [...b].reduce((sum, [pid, j]) => sum + j - (a.get(pid) ?? 0), 0);
const JIFFIES_PER_S = 100;

/** A CPU profile of this process over one window, written to `file` (open it in Chrome's DevTools). */
async function profileWindow(file: string) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  const heap = args.allocations;
  if (heap) await session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true } as never);
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    if (heap) writeFileSync(file.replace('.cpuprofile', '.heapprofile'), JSON.stringify((await session.post('HeapProfiler.stopSampling')).profile));
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    console.log(`CPU profile of the window written to ${file}`);
  };
}

// ---------------------------------------------------------------- database

async function openBenchDatabase(engine: 'pglite' | 'postgres'): Promise<Database & { where: string; name?: string }> {
  if (engine === 'pglite') {
    const dir = args['pglite-dir'] ?? mkdtempSync(path.join(os.tmpdir(), 'sl-bench-pglite-'));
    const database = await openDatabase({ pgliteDir: dir });
    return {
      ...database,
      where: `PGlite on disk in ${dir}`,
      close: async () => {
        await database.close();
        if (!args['pglite-dir']) rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const database = await openThrowawayPostgres(PG_ADMIN_URL, 'sl_bench');
  return { ...database, where: `PostgreSQL database ${database.name} on ${database.host} (dropped afterwards)` };
}

async function insertTerminals(db: Db, count = N) {
  for (let i = 0; i < count; i += 500) {
    const rows = [];
    for (let j = i; j < Math.min(count, i + 500); j++) {
      const sn = snFor(PREFIX, j, count);
      rows.push({ name: `bench ${sn}`, family: 'rdc4m', sn, model: 1, secretHash: hashTerminalSecret(SECRET) });
    }
    await db.insert(terminals).values(rows);
  }
}

/**
 * Today's partition as later in the day: each terminal's first reading, the partition analyzed then (as the gateway
 * does after a new day's first readings, partition-statistics.ts), then the rest of `perTerminal`, spread up to now.
 */
async function fillToday(db: Db, perTerminal: number) {
  const now = Date.now();
  const dayStart = Math.floor(now / 86_400_000) * 86_400_000;
  const step = `${Math.max(1, Math.floor((now - dayStart) / 1000 / perTerminal))} seconds`;
  const insert = (from: number, to: number) => db.execute(sql`
    insert into heartbeat (terminal_id, mid, ts, model, voltage_a, current_a, power_a, energy_kwh, "on")
    select t.terminal_id, 'day-' || k, ${new Date(dayStart)}::timestamptz + k * ${step}::interval, 1, 220, 1, 0.2, k * 0.01, true
    from terminal t, generate_series(${from}::int, ${to}::int) k`);
  await insert(0, 0);
  await db.execute(sql`analyze ${sql.identifier(partitionName('heartbeat', new Date(dayStart)))}`);
  for (let k = 1; k < perTerminal; k += 100) await insert(k, Math.min(perTerminal - 1, k + 99));
}

const countHeartbeats = async (db: Db) => Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from heartbeat`))[0].n);

// ---------------------------------------------------------------- broker

/** The embedded broker, authenticating as the gateway does, with counters around what it routes. */
async function countingBroker(db: Db) {
  const directory = new TerminalDirectory(new TerminalRecordRepository(db));
  const counts = { up: 0, down: 0, rejected: 0 };
  const inner = await startEmbeddedBroker({
    port: await freePort(),
    host: '127.0.0.1',
    log: silentLog,
    reject: () => void counts.rejected++,
    authenticate: (attempt) => checkSignIn((family, sn) => directory.load(family, sn), attempt),
    refuseSignIn: () => void counts.rejected++,
  });
  const transport: DeviceTransport = {
    address: inner.address,
    url: inner.url,
    onMessage: (h) => inner.onMessage((topic, payload) => {
      counts.up++;
      return h(topic, payload);
    }),
    publish: (topic, payload, qos) => {
      counts.down++;
      return inner.publish(topic, payload, qos);
    },
    connectedCount: () => inner.connectedCount(),
    close: () => inner.close(),
  };
  return { transport, counts };
}

// ---------------------------------------------------------------- fleet child

class FleetChild {
  private child: ChildProcess;
  private waiters: Array<(m: any) => void> = [];
  ready: Promise<{ valuesPerHeartbeat: number }>;

  constructor(url: string, overrides: Partial<FleetChildConfig> = {}) {
    const cfg: FleetChildConfig = { url, terminals: N, rate: RATE, prefix: PREFIX, secret: SECRET, inflight: Number(args.inflight), ...overrides };
    this.child = fork(path.join(here, 'fleet.ts'), [JSON.stringify(cfg)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.ready = new Promise((resolve, reject) => {
      this.child.once('exit', (code) => reject(new Error(`fleet exited with ${code}`)));
      this.child.on('message', (m: any) => {
        if (m.type === 'ready') resolve(m);
        else this.waiters.shift()?.(m);
      });
    });
  }

  private ask<T>(type: string): Promise<T> {
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      this.child.send({ type });
    });
  }

  stats = () => this.ask<FleetChildStats>('stats');
  burst = (perTerminal: number) =>
    new Promise<void>((resolve) => {
      this.waiters.push(() => resolve());
      this.child.send({ type: 'burst', perTerminal });
    });
  resetLatency = () => this.child.send({ type: 'reset-latency' });

  async stop() {
    this.child.removeAllListeners('exit');
    const exited = new Promise((r) => this.child.once('exit', r));
    await this.ask('stop').catch(() => undefined);
    await Promise.race([exited, sleep(10_000).then(() => this.child.kill('SIGKILL'))]);
  }
}

// ---------------------------------------------------------------- phases

interface Window {
  seconds: number;
  fleetStart: FleetChildStats;
  fleetEnd: FleetChildStats;
  up: number;
  down: number;
  rows?: number;
  gatewayCpuMs: number;
  /** CPU of all postgres processes (ms). */
  postgresCpuMs: number;
  systemBusy: number;
  load: number[];
}

async function measure(fleet: FleetChild, counts: { up: number; down: number }, db?: Db, seconds = SECONDS, pgName = ''): Promise<Window> {
  fleet.resetLatency();
  const rows0 = db ? await countHeartbeats(db) : 0;
  const f0 = await fleet.stats();
  const up0 = counts.up, down0 = counts.down;
  // The broker-only window's profile goes beside the gateway's: FILE.broker.cpuprofile.
  const stopProfile = args.profile ? await profileWindow(db ? args.profile : args.profile.replace(/(\.cpuprofile)?$/, '.broker.cpuprofile')) : undefined;
  const cpu0 = process.cpuUsage(), sys0 = cpuTimes(), pg0 = postgresJiffies(pgName), t0 = performance.now();
  await sleep(seconds * 1000);
  const t1 = performance.now();
  const pg1 = postgresJiffies(pgName);
  await stopProfile?.();
  const up1 = counts.up, down1 = counts.down;
  const f1 = await fleet.stats();
  const cpu1 = process.cpuUsage(cpu0), sys1 = cpuTimes();
  const rows1 = db ? await countHeartbeats(db) : 0;
  return {
    seconds: (t1 - t0) / 1000, fleetStart: f0, fleetEnd: f1, up: up1 - up0, down: down1 - down0,
    rows: db ? rows1 - rows0 : undefined, gatewayCpuMs: (cpu1.user + cpu1.system) / 1000,
    postgresCpuMs: (jiffiesBetween(pg0, pg1) / JIFFIES_PER_S) * 1000,
    systemBusy: (sys1.busy - sys0.busy) / (sys1.total - sys0.total), load: os.loadavg(),
  };
}

interface Row {
  engine: string;
  where: string;
  values: number;
  w: Window;
  broker: Window;
}

async function runEngine(engine: 'pglite' | 'postgres'): Promise<Row> {
  const database = await openBenchDatabase(engine);
  console.log(`\n[${engine}] ${database.where}; inserting ${N} cabinet terminals`);
  try {
    await insertTerminals(database.db);
    const dayReadings = Number(args['day-readings']);
    if (dayReadings > 0) {
      await fillToday(database.db, dayReadings);
      console.log(`[${engine}] today's partition filled: ${dayReadings} readings a terminal, analyzed after the first`);
    }

    // Phase 1: the real gateway, storing.
    const { transport, counts } = await countingBroker(database.db);
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: path.join(os.tmpdir(), 'sl-bench-unused'), MQTT_PORT: String(await freePort()) });
    const gateway = await startGateway({ config, db: database.db, engine: database.engine, transport, presenceRefreshMs: args['presence-every-heartbeat'] ? 0 : undefined, log: { ...silentLog, error: (o, m) => console.error(`[gateway] ${m}`, o) } });
    const fleet = new FleetChild(transport.address.replace('localhost', '127.0.0.1'));
    const progress = setInterval(() => console.log(`[${engine}] connected ${transport.connectedCount()}/${N}, refused ${counts.rejected}`), 5000);
    const { valuesPerHeartbeat } = await fleet.ready.finally(() => clearInterval(progress));
    console.log(`[${engine}] ${N} terminals connected via ${transport.address}; warm-up ${WARMUP} s, window ${SECONDS} s at ${RATE}/s offered`);
    await sleep(WARMUP * 1000);
    const w = await measure(fleet, counts, database.db, SECONDS, database.name);
    await fleet.stop();
    await gateway.close();
    console.log(`[${engine}] stored ${(w.rows! / w.seconds).toFixed(0)}/s; gateway stats ${JSON.stringify(gateway.stats())}`);

    // Phase 2: the same broker and fleet, nothing stored: each up message is acknowledged at once.
    const raw = await countingBroker(database.db);
    let acks = 0;
    raw.transport.onMessage((topic, payload) => {
      const ref = /"mid":"([^"]+)"/.exec(payload.toString('utf8'))?.[1];
      if (!ref) return;
      const [, family, sn] = topic.split('/');
      void raw.transport.publish(`sl/${family}/${sn}/down/ack`, JSON.stringify({ mid: `b-${(acks++).toString(36)}`, ts: Date.now(), ref }), 0);
    });
    const fleet2 = new FleetChild(raw.transport.address.replace('localhost', '127.0.0.1'));
    await fleet2.ready;
    await sleep(Math.min(WARMUP, 3) * 1000);
    const broker = await measure(fleet2, raw.counts, undefined, BROKER_SECONDS, database.name);
    await fleet2.stop();
    await raw.transport.close();
    return { engine, where: database.where, values: valuesPerHeartbeat, w, broker };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------- burst: embedded against external

const BURST = Number(args.burst);
const BURST_TERMINALS = Number(args['burst-terminals']);
const REPEAT = Number(args.repeat);
/** Longest wait for one burst to be stored (the external broker stored 18/s before issue 26). */
const BURST_TIMEOUT_MS = 180_000;

interface BurstRun {
  via: 'embedded' | 'external';
  stored: number;
  seconds: number;
  acked: number;
  resent: number;
}

async function burstOnce(database: Database, via: BurstRun['via'], brokerUrl: string, perTerminal: number): Promise<BurstRun> {
  const total = perTerminal * BURST_TERMINALS;
  const tag = randomBytes(4).toString('hex');
  const env = via === 'external' ? { MQTT_URL: brokerUrl, MQTT_CLIENT_ID: `sl-bench-${tag}` } : { MQTT_PORT: String(await freePort()), HOST: '127.0.0.1' };
  const config = loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: path.join(os.tmpdir(), 'sl-bench-unused'), DEMO: 'false', ...env });
  const gateway = await startGateway({ config, db: database.db, engine: database.engine, shareGroup: `bench-${tag}`, log: { ...silentLog, error: (o, m) => console.error(`[gateway] ${m}`, o) } });
  const fleet = new FleetChild(gateway.deviceUrl, { terminals: BURST_TERMINALS, burstOnly: true });
  try {
    await fleet.ready;
    // Every terminal's hello and first heartbeat (sent on connect) stored and acknowledged.
    for (const until = Date.now() + 60_000; (await fleet.stats()).acked < 2 * BURST_TERMINALS; ) {
      if (Date.now() > until) throw new Error(`[${via}] the terminals' hellos were not acknowledged`);
      await sleep(50);
    }
    const before = await fleet.stats();
    const base = await countHeartbeats(database.db);
    const t0 = performance.now();
    await fleet.burst(perTerminal);
    let stored = 0, t1 = t0;
    while (stored < total && performance.now() - t0 < BURST_TIMEOUT_MS) {
      await sleep(10);
      const n = (await countHeartbeats(database.db)) - base;
      if (n > stored) [stored, t1] = [n, performance.now()];
    }
    // Acks trail the last row by a moment.
    let after = await fleet.stats();
    for (const until = Date.now() + 5000; after.acked - before.acked < stored && Date.now() < until; after = await fleet.stats()) await sleep(50);
    return { via, stored, seconds: (t1 - t0) / 1000, acked: after.acked - before.acked, resent: after.resent - before.resent };
  } finally {
    await fleet.stop();
    await gateway.close();
  }
}

async function runBurst(engine: 'pglite' | 'postgres') {
  const perTerminal = Math.ceil(BURST / BURST_TERMINALS);
  const database = await openBenchDatabase(engine);
  const broker = args.broker ? { url: args.broker, where: args.broker, stop: async () => {} } : await startMosquitto(await freePort());
  console.log(`\n[${engine}] ${database.where}; external broker: ${broker.where}`);
  console.log(`[${engine}] burst: ${BURST_TERMINALS} terminals × ${perTerminal} heartbeats, ${REPEAT} × (embedded, external)`);
  const runs: BurstRun[] = [];
  try {
    await insertTerminals(database.db, BURST_TERMINALS);
    for (let r = 0; r < REPEAT; r++) {
      for (const via of ['embedded', 'external'] as const) {
        const run = await burstOnce(database, via, broker.url, perTerminal);
        runs.push(run);
        console.log(`[${engine}] ${via.padEnd(8)} stored ${run.stored}/${perTerminal * BURST_TERMINALS} in ${run.seconds.toFixed(2)} s = ${f0(run.stored / run.seconds)}/s (acked ${run.acked}, resent ${run.resent})`);
      }
    }
  } finally {
    await broker.stop();
    await database.close();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const rates = (via: BurstRun['via']) => runs.filter((r) => r.via === via).map((r) => r.stored / r.seconds);
  const rate = (via: BurstRun['via']) => median(rates(via));
  // Each external run against the embedded run just before it.
  const ratios = rates('external').map((external, i) => external / rates('embedded')[i]);
  console.log(`[${engine}] median stored/s: embedded ${f0(rate('embedded'))}, external ${f0(rate('external'))}; ratio external/embedded per pair ${ratios.map((x) => x.toFixed(2)).join(', ')}, median ${median(ratios).toFixed(2)}`);
}

const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');

function line(label: string, engine: string, values: number, w: Window) {
  const perS = (n: number) => n / w.seconds;
  const fleetCpu = ((w.fleetEnd.cpuUserMs + w.fleetEnd.cpuSystemMs - w.fleetStart.cpuUserMs - w.fleetStart.cpuSystemMs) / (w.seconds * 1000)) * 100;
  return [
    label, engine, String(N), String(values), String(RATE),
    w.rows === undefined ? '-' : f0(perS(w.rows)),
    f0(perS(w.fleetEnd.acked - w.fleetStart.acked)),
    f0(perS(w.fleetEnd.sent - w.fleetStart.sent)),
    f0(perS(w.up)), f0(perS(w.down)),
    `${f0(w.fleetEnd.p50)} / ${f0(w.fleetEnd.p99)}`,
    `gw ${f0((w.gatewayCpuMs / (w.seconds * 1000)) * 100)}% fleet ${f0(fleetCpu)}% pg ${f0((w.postgresCpuMs / (w.seconds * 1000)) * 100)}% host ${f0(w.systemBusy * 200)}%/200 load ${w.load[0].toFixed(1)}`,
  ];
}

// aedes can throw 'mqemitter is closed' from a publish still under way while a broker shuts down.
process.on('uncaughtException', (err) => {
  if (err.message === 'mqemitter is closed') return;
  console.error(err);
  process.exit(1);
});

async function main() {
  console.log(`bench/ingest: ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  if (BURST > 0) {
    for (const engine of engines) await runBurst(engine);
    return;
  }
  const rows: Row[] = [];
  for (const engine of engines) rows.push(await runEngine(engine));
  const header = ['phase', 'engine', 'terminals', 'values/hb', 'offered/s', 'stored/s', 'acked/s', 'sent/s', 'broker up/s', 'broker acks/s', 'ack p50/p99 ms', 'CPU (window)'];
  const table = [header, ...rows.flatMap((r) => [line('gateway', r.engine, r.values, r.w), line('broker only', r.engine, r.values, r.broker)])];
  const widths = header.map((_, i) => Math.max(...table.map((t) => t[i].length)));
  console.log('');
  for (const [i, t] of table.entries()) {
    console.log(`| ${t.map((c, j) => c.padEnd(widths[j])).join(' | ')} |`);
    if (i === 0) console.log(`|${widths.map((wd) => '-'.repeat(wd + 2)).join('|')}|`);
  }
  for (const r of rows) {
    const stored = r.w.rows! / r.w.seconds, raw = r.broker.up / r.broker.seconds;
    const perRow = (ms: number) => `${((ms * 1000) / r.w.rows!).toFixed(0)} µs`;
    console.log(`${r.engine}: CPU per stored heartbeat: gateway ${perRow(r.w.gatewayCpuMs)}, postgres ${perRow(r.w.postgresCpuMs)}; ` +
      `broker only: ${((r.broker.gatewayCpuMs * 1000) / r.broker.up).toFixed(0)} µs per up message`);
    console.log(`${r.engine}: ${r.where}; stored ${stored.toFixed(0)}/s = ${((stored / raw) * 100).toFixed(0)}% of the broker-only ${raw.toFixed(0)}/s; ` +
      `resent ${r.w.fleetEnd.resent - r.w.fleetStart.resent}, dropped ${r.w.fleetEnd.dropped - r.w.fleetStart.dropped}, in flight at end ${r.w.fleetEnd.inFlight}`);
  }
  console.log('CPU: gw = this process (gateway, broker, and PGlite when in use), fleet = the simulator child, pg = every postgres process on the host, host = all CPUs busy (incl. PostgreSQL and anything else running).');
}

main().then(() => process.exit(0), (err) => {
  console.error(err);
  process.exit(1);
});
