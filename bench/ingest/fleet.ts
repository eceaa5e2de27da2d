// The simulated fleet of bench/ingest, run as a child process of run.ts so that the simulator's
// CPU does not count against the gateway. Talks to the parent over the IPC channel:
//   parent → child: { type: 'stats' } | { type: 'reset-latency' } | { type: 'burst', perTerminal } | { type: 'stop' }
//   child → parent: { type: 'ready', valuesPerHeartbeat } | { type: 'stats', ... } | { type: 'burst-sent' } | { type: 'stopped' }
import { Fleet } from '../../apps/simulator/src/fleet.js';
import { Outbox } from '../../apps/simulator/src/outbox.js';
import type { SimTerminal } from '../../apps/simulator/src/terminal.js';

export interface FleetChildConfig {
  url: string;
  terminals: number;
  rate: number;
  prefix: string;
  secret: string;
  /** Unacknowledged heartbeats allowed per terminal before the pump skips it (closed loop). */
  inflight: number;
  /** No full-speed pump: the fleet only sends what a `burst` message asks for. */
  burstOnly?: boolean;
}

export interface FleetChildStats {
  type: 'stats';
  sent: number;
  acked: number;
  resent: number;
  dropped: number;
  inFlight: number;
  connected: number;
  /** Ack latency percentiles (ms) of the acks since the last reset-latency. */
  p50: number;
  p99: number;
  latencyCount: number;
  cpuUserMs: number;
  cpuSystemMs: number;
}

const cfg = JSON.parse(process.argv[2]) as FleetChildConfig;

// The simulator keeps only the sum and the maximum of ack latencies; for percentiles the bench
// wraps Outbox.ack (in this process only) and keeps a 1 ms histogram.
const MAX_MS = 120_000;
let hist = new Uint32Array(MAX_MS + 1);
let histCount = 0;
const ack = Outbox.prototype.ack;
Outbox.prototype.ack = function (this: Outbox, ref: string, now: number) {
  const latency = ack.call(this, ref, now);
  if (latency !== undefined) {
    hist[Math.min(MAX_MS, Math.max(0, Math.round(latency)))]++;
    histCount++;
  }
  return latency;
};

function percentile(p: number) {
  if (!histCount) return NaN;
  const want = Math.ceil(histCount * p);
  let seen = 0;
  for (let ms = 0; ms <= MAX_MS; ms++) {
    seen += hist[ms];
    if (seen >= want) return ms;
  }
  return MAX_MS;
}

/** Numbers in one heartbeat body (mid and ts excluded): the "values" of a reading. */
function countValues(body: unknown): number {
  if (typeof body === 'number') return 1;
  if (typeof body === 'boolean') return 1;
  if (Array.isArray(body)) return body.reduce((n: number, v) => n + countValues(v), 0);
  if (body && typeof body === 'object') {
    return Object.entries(body).reduce((n, [k, v]) => n + (k === 'ts' || k === 'no' ? 0 : countValues(v)), 0);
  }
  return 0;
}

/**
 * The simulator's full-speed mode (RatePump: `rate` heartbeats/s, round robin over the terminals,
 * backlog capped at one second), plus a window: a terminal with `inflight` unacknowledged messages
 * is skipped, so an offered rate above what the server stores does not pile up without bound.
 */
function startPump(all: SimTerminal[]) {
  let next = 0, credit = 0, last = performance.now();
  setInterval(() => {
    const now = performance.now();
    credit = Math.min(cfg.rate, credit + ((now - last) / 1000) * cfg.rate);
    last = now;
    let budget = Math.floor(credit);
    for (let tried = 0; budget > 0 && tried < all.length; tried++) {
      const t = all[next++ % all.length];
      if (!t.connected || t.silent || t.inFlight >= cfg.inflight) continue;
      t.sendHeartbeat();
      budget--;
      credit--;
      tried = -1;
    }
  }, 10);
}

const send = (m: object) => process.send?.(m);

async function main() {
  // No `rate` here: the full-speed pump below starts once every terminal is connected, so that a
  // connect storm does not compete with a flood of heartbeats (heartbeatS 3600: no periodic ones).
  const fleet = new Fleet(
    { count: cfg.terminals, family: 'rdc4m', model: 1, prefix: cfg.prefix, secret: cfg.secret, heartbeatS: 3600 },
    { url: cfg.url, connectRate: 1000, ackTimeoutMs: 30_000 },
  );
  const sample = fleet.terminals[0].device.heartbeat('sample', Date.now(), Date.now());
  process.on('disconnect', () => process.exit(0)); // the parent went away
  process.on('message', (m: { type: string }) => {
    if (m.type === 'reset-latency') {
      hist = new Uint32Array(MAX_MS + 1);
      histCount = 0;
    } else if (m.type === 'stats') {
      const s = fleet.stats();
      const cpu = process.cpuUsage();
      const out: FleetChildStats = {
        type: 'stats', sent: s.sent, acked: s.acked, resent: s.resent, dropped: s.dropped, inFlight: s.inFlight,
        connected: s.connected, p50: percentile(0.5), p99: percentile(0.99), latencyCount: histCount,
        cpuUserMs: cpu.user / 1000, cpuSystemMs: cpu.system / 1000,
      };
      send(out);
    } else if (m.type === 'burst') {
      // Every terminal publishes its share back to back, without waiting for acks (a backlog arriving at once).
      const perTerminal = (m as { perTerminal?: number }).perTerminal ?? 1;
      for (let i = 0; i < perTerminal; i++) for (const t of fleet.terminals) t.sendHeartbeat();
      send({ type: 'burst-sent' });
    } else if (m.type === 'stop') {
      fleet.stop().then(
        () => {
          send({ type: 'stopped' });
          process.disconnect?.();
          process.exit(0);
        },
        (err: unknown) => {
          console.error(err);
          process.exit(1);
        },
      );
    }
  });
  await fleet.start();
  await fleet.waitConnected(cfg.terminals, 120_000);
  if (!cfg.burstOnly) startPump(fleet.terminals);
  send({ type: 'ready', valuesPerHeartbeat: countValues(sample), sample });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
