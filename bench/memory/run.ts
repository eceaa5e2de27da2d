/**
 * The server's memory with a connected fleet (issue 17): the built server (node apps/server/dist/main.js,
 * no npm or tsx process) on a throwaway PostgreSQL database, N simulated terminals connected over MQTT
 * and sending a heartbeat each per interval; prints the server's RSS once all are connected and over a
 * steady window.
 *
 *   npm run bench:memory -- --terminals 20000 --interval 60 --seconds 60
 *   (= node scripts/build-server.mjs && npx tsx bench/memory/run.ts …)
 */
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { snFor } from '../../apps/simulator/src/fleet-spec.js';
import { terminals } from '../../apps/server/src/db/schema/index.js';
import { hashTerminalSecret } from '../../apps/server/src/gateway/terminal-secret.js';
import { openThrowawayPostgres, PG_ADMIN_URL } from '../../apps/server/test/support/engines.js';
import type { FleetChildConfig } from '../ingest/fleet.js';

const { values: args } = parseArgs({
  options: {
    terminals: { type: 'string', default: '20000' },
    interval: { type: 'string', default: '60' },
    seconds: { type: 'string', default: '60' },
  },
});
const N = Number(args.terminals);
const SECRET = `mem-${randomBytes(12).toString('base64url')}`;
const PREFIX = 'MEM';
const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, '../..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

const database = await openThrowawayPostgres(PG_ADMIN_URL, 'sl_bench_mem');
try {
  // One salted hash for all: the secret is the same, and hashing 20,000 times is not what is measured.
  const secretHash = hashTerminalSecret(SECRET);
  for (let i = 0; i < N; i += 1000) {
    const rows = [];
    for (let j = i; j < Math.min(N, i + 1000); j++) rows.push({ name: `mem ${j}`, family: 'rdc4m', sn: snFor(PREFIX, j, N), model: 2, secretHash, status: 3 });
    await database.db.insert(terminals).values(rows);
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${database.name}`;
  const port = await freePort();
  const mqttPort = await freePort();
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    // SERVER_NODE_OPTIONS: node flags for the server alone, not the fleet child.
    env: {
      ...process.env,
      NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS ?? `--max-old-space-size=${process.env.MAX_HEAP_MB ?? 384}`, // as `npm start` runs it
      PORT: String(port), MQTT_PORT: String(mqttPort), HOST: '127.0.0.1', DATABASE_URL: url.toString(), DEMO: 'false', CAPTCHA: 'false', ADMIN_PASSWORD: '123456', LOG_LEVEL: 'warn', DATA_DIR: path.join(os.tmpdir(), 'sl-bench-mem'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (d: Buffer) => d.toString().includes('is running at') && resolve());
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  process.once('exit', () => server.kill('SIGTERM'));
  const idle = rssMb(server.pid!);
  const cfg: FleetChildConfig = { url: `mqtt://127.0.0.1:${mqttPort}`, terminals: N, rate: N / Number(args.interval), prefix: PREFIX, secret: SECRET, inflight: 1 };
  const child = fork(path.join(here, '../ingest/fleet.ts'), [JSON.stringify(cfg)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const started = performance.now();
  // Progress while the fleet connects: on a loaded machine that can take minutes.
  const progress = setInterval(() => console.log(`  ${((performance.now() - started) / 1000).toFixed(0)} s: server RSS ${rssMb(server.pid!).toFixed(0)} MB`), 15_000);
  await new Promise<void>((resolve, reject) => {
    child.on('message', (m: { type: string }) => m.type === 'ready' && resolve());
    child.once('exit', (code) => reject(new Error(`fleet exited with ${code}`)));
  });
  clearInterval(progress);
  const connectedAfter = (performance.now() - started) / 1000;
  const atReady = rssMb(server.pid!);
  const samples: number[] = [];
  for (let s = 0; s < Number(args.seconds); s++) {
    await new Promise((r) => setTimeout(r, 1000));
    samples.push(rssMb(server.pid!));
  }
  const stats = await new Promise<{ sent: number; acked: number; connected: number }>((resolve) => {
    child.on('message', (m: { type: string; sent: number; acked: number; connected: number }) => m.type === 'stats' && resolve(m));
    child.send({ type: 'stats' });
  });
  samples.sort((a, b) => a - b);
  console.log(`\nbench/memory: built server (node apps/server/dist/main.js) on PostgreSQL, ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}`);
  console.log(`terminals connected:        ${stats.connected.toLocaleString('en-US')} of ${N.toLocaleString('en-US')} (all after ${connectedAfter.toFixed(0)} s)`);
  console.log(`heartbeats sent / acked:    ${stats.sent.toLocaleString('en-US')} / ${stats.acked.toLocaleString('en-US')} (one per terminal every ${args.interval} s)`);
  console.log(`server RSS idle:            ${idle.toFixed(0)} MB`);
  console.log(`server RSS all connected:   ${atReady.toFixed(0)} MB`);
  console.log(`server RSS over ${args.seconds} s:       median ${samples[Math.floor(samples.length / 2)].toFixed(0)} MB, max ${samples[samples.length - 1].toFixed(0)} MB`);
  child.send({ type: 'stop' });
  await new Promise((r) => setTimeout(r, 2000));
  child.kill();
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
} finally {
  await database.close();
}
process.exit(0);
