// bench/dusk: a plan change acknowledged by a fleet of simulated lamps in several processes, then a dusk
// switch-on observed as their heartbeats report it.
//
//   npx tsx bench/dusk/run.ts --terminals 2000 --processes 2 --heartbeat 30 --engine pglite|postgres [--broker mqtt://127.0.0.1:1883] [--connect-rate 400]
//
// A fresh database, N single lamps (one secret), the real gateway on the embedded broker (or the external
// one given by --broker, e.g. Mosquitto: then the lamps connect to it too), the control
// domain's DownloadService. Phase 1: a plan "on at sunset, off at sunrise" is bound to every lamp
// (`plan.bind` through the reconcile: 32 commands in flight, rows written per 500 terminals); the time until every task is
// settled succeeded. Phase 2: every lamp's clock is moved so that sunset comes 5 s later; each lamp
// switches on by its program and reports it at its next periodic heartbeat (so reports spread over one
// heartbeat interval); the time until every lamp has reported on, and the peak heartbeats stored per
// second. Prints the machine (cores, memory) so the count can be judged.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase, type Database } from '../../apps/server/src/db/client.js';
import { controlPlans, controlPolicies, terminals } from '../../apps/server/src/db/schema/index.js';
import { silentLog } from '../../apps/server/src/gateway/device-transport.js';
import { startGateway } from '../../apps/server/src/gateway/gateway.js';
import { rowsOf } from '../../apps/server/src/db/sql-rows.js';
import { hashTerminalSecret } from '../../apps/server/src/gateway/terminal-secret.js';
import { createControlServices } from '../../apps/server/src/control/control-services.js';
import { followGateway } from '../../apps/server/src/control/control-runtime.js';
import { openThrowawayPostgres } from '../../apps/server/test/support/engines.js';
import { freePort } from '../../apps/server/test/support/gateway.js';
import type { DuskChildConfig } from './fleet.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    terminals: { type: 'string', default: '2000' },
    processes: { type: 'string', default: '2' },
    heartbeat: { type: 'string', default: '30' },
    engine: { type: 'string', default: 'pglite' },
    broker: { type: 'string' },
    // Per simulator process. Connecting is the simulated lamps' dearest work: above what the cores give, the lamps'
    // connects time out and retry while the gateway waits for CPU.
    'connect-rate': { type: 'string', default: '400' },
  },
});
const N = Number(args.terminals);
const K = Number(args.processes);
const HEARTBEAT_S = Number(args.heartbeat);
const SECRET = `dusk-${randomBytes(9).toString('base64url')}`;
// Unique per run: several runs (or other users) may share an external broker.
const PREFIX = `D${randomBytes(3).toString('hex').toUpperCase()}`;
const PLACE = { lat: 31.23, lng: 121.47 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A free port, never Mosquitto's 1883. */
async function brokerPort(): Promise<number> {
  const port = await freePort();
  return port === 1883 ? brokerPort() : port;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out: ${what}`);
    await sleep(250);
  }
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'sl-dusk-'));
let database: Database;
if (args.engine === 'postgres') database = await openThrowawayPostgres(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'dusk');
else database = await openDatabase({ pgliteDir: path.join(tmp, 'pglite') });
const db = database.db;
const hash = hashTerminalSecret(SECRET);
for (let i = 0; i < N; i += 2000) {
  const rows = Array.from({ length: Math.min(2000, N - i) }, (_, j) => ({
    sn: `${PREFIX}${String(i + j + 1).padStart(6, '0')}`, family: 'rdcsm', name: `dusk ${i + j + 1}`, model: 2, status: 3, registerState: 1, secretHash: hash, heartbeatS: HEARTBEAT_S, ...PLACE,
  }));
  await db.insert(terminals).values(rows);
}
const mqttPort = await brokerPort();
const config = loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: tmp, MQTT_PORT: String(mqttPort), ...(args.broker ? { MQTT_URL: args.broker } : {}) });
const gateway = await startGateway({ config, db, engine: database.engine, log: silentLog, shareGroup: `dusk-${PREFIX}` });
const brokerUrl = args.broker ?? `mqtt://127.0.0.1:${mqttPort}`;
const control = createControlServices(db, () => gateway.commands, 60_000, gateway.core.deviceLogs);
followGateway(control, gateway, silentLog);

const per = Math.ceil(N / K);
const children: ChildProcess[] = [];
const t0 = Date.now();
// Until every lamp is online: how far the gateway got, and why sign-ins were refused.
const progress = setInterval(() => {
  const s = gateway.stats();
  const refused = Object.entries(s.authRefused).filter(([, n]) => n > 0).map(([k, n]) => `${k} ${n}`).join(', ') || 'none';
  const connected = args.broker ? '' : `${s.connected} connected to the gateway, `; // an external broker's connections are its own
  console.log(`  ${((Date.now() - t0) / 1000).toFixed(0)} s: ${connected}${s.stored} stored; sign-ins refused: ${refused}`);
}, 15_000);

await Promise.all(Array.from({ length: K }, (_, k) => new Promise<void>((resolve, reject) => {
  const cfg: DuskChildConfig = { url: brokerUrl, prefix: PREFIX, from: k * per + 1, count: Math.min(per, N - k * per), secret: SECRET, heartbeatS: HEARTBEAT_S, connectRate: Number(args['connect-rate']), ...PLACE };
  const child = fork(path.join(here, 'fleet.ts'), [JSON.stringify(cfg)], { execArgv: ['--import', 'tsx'] });
  children.push(child);
  child.once('message', () => resolve());
  child.once('exit', (code) => reject(new Error(`fleet process exited with ${code}`)));
})));
console.log(`dusk bench: ${N} lamps in ${K} processes connected in ${((Date.now() - t0) / 1000).toFixed(1)} s (${args.engine}, ${args.broker ? `broker ${args.broker}` : 'embedded broker'}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB)`);

// Ready when every lamp's first message is stored (it has subscribed to its commands by then).
await waitUntil(async () => rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from terminal where online_state = 1`))[0].n >= N, 600_000, 'every lamp online');
clearInterval(progress);
console.log(`  all online after ${((Date.now() - t0) / 1000).toFixed(1)} s`);

// Phase 1: the plan change.
const [policy] = await db.insert(controlPolicies).values({ name: 'dusk', family: 'rdcsm', model: 2, steps: [{ at: 'sunset', action: 'on' }, { at: 'sunrise', action: 'off' }] }).returning();
const ids = rowsOf<{ id: number }>(await db.execute(sql`select terminal_id as id from terminal order by terminal_id`)).map((r) => r.id);
// The plan's date is today where it runs (at 20:00 UTC Shanghai is already on tomorrow).
const PLAN_ZONE = 'Asia/Shanghai';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: PLAN_ZONE }).format(new Date());
await db.insert(controlPlans).values({ name: 'dusk', policyId: policy.id, groupMode: 1, targetIds: ids, startDate: today, endDate: today, timeZone: PLAN_ZONE });
const t1 = Date.now();
const sent = await control.downloads.reconcile();
const sentMs = Date.now() - t1;
if (sent < N) throw new Error(`only ${sent} of ${N} plan.bind to send: is the plan in force today?`);
console.log(`  ${sent} plan.bind sent in ${(sentMs / 1000).toFixed(1)} s`);
const settled = async () => rowsOf<{ ok: number }>(await db.execute(sql`select count(*) filter (where state = 'succeeded')::int as ok from control_task`))[0].ok;
let last = -1;
await waitUntil(async () => {
  const ok = await settled();
  if (ok !== last) console.log(`  ${ok} acknowledged`);
  last = ok;
  return ok >= N;
}, 600_000, 'every plan.bind acknowledged');
const bindMs = Date.now() - t1;
console.log(`plan change: ${sent} plan.bind sent in ${(sentMs / 1000).toFixed(1)} s; all ${N} acknowledged after ${(bindMs / 1000).toFixed(1)} s (${Math.round(N / (bindMs / 1000))} acks/s)`);

// Phase 2: dusk.
const duskAt = Date.now() + 5_000;
for (const c of children) c.send({ type: 'dusk-in', ms: 5_000 });
const litSince = async () => rowsOf<{ n: number }>(await db.execute(sql`select count(distinct terminal_id)::int as n from heartbeat where "on" and received_at >= ${new Date(duskAt).toISOString()}::timestamptz`))[0].n;
await waitUntil(async () => (await litSince()) >= N, HEARTBEAT_S * 4_000 + 60_000, 'every lamp reported on');
const allLitMs = Date.now() - duskAt;
const peak = rowsOf<{ n: number }>(await db.execute(sql`select coalesce(max(n), 0)::int as n from (select count(*) as n from heartbeat where received_at >= ${new Date(t0).toISOString()}::timestamptz group by date_trunc('second', received_at)) s`))[0].n;
console.log(`dusk: every lamp reported on ${(allLitMs / 1000).toFixed(1)} s after sunset (heartbeat every ${HEARTBEAT_S} s); peak stored heartbeats ${peak}/s`);
console.log(`load average (1, 5, 15 min) at the end: ${os.loadavg().map((x) => x.toFixed(1)).join(', ')} on ${os.cpus().length} cores`);

for (const c of children) c.send({ type: 'stop' });
await Promise.all(children.map((c) => new Promise((r) => c.once('exit', r))));
await gateway.close();
await database.close();
rmSync(tmp, { recursive: true, force: true });
process.exit(0);
