// The simulated lamps of bench/alarm-push, in a child process so their CPU is not the server's.
//   parent → child: { type: 'storm', rate, seconds } | { type: 'single' } | { type: 'stop' }
//   child → parent: { type: 'ready' } | { type: 'published', times: number[], keys: string[] } | { type: 'stopped' }
// Every fault change publishes one up/event; `times` are the wall-clock publish times of the raises
// (Date.now(), same machine as the parent), in order, and `keys` which alarm each raised (`sn/fault`).
import { Fleet } from '../../apps/simulator/src/fleet.js';
import type { FaultName } from '../../apps/simulator/src/faults.js';

export interface AlarmFleetConfig {
  url: string;
  terminals: number;
  prefix: string;
  secret: string;
}

const cfg = JSON.parse(process.argv[2]) as AlarmFleetConfig;
// Faults that do not mask each other on one lamp: with voltageHigh and voltageLow both injected the
// simulated voltage follows the first, so the second would never raise (a third of the alarms went missing).
const FAULTS: FaultName[] = ['lampFailure', 'voltageHigh'];
const send = (m: object) => process.send?.(m);

async function main() {
  const fleet = new Fleet(
    { count: cfg.terminals, family: 'rdcsm', model: 2, prefix: cfg.prefix, secret: cfg.secret, heartbeatS: 3600 },
    { url: cfg.url, connectRate: 1000, ackTimeoutMs: 30_000 },
  );
  // Each slot is one terminal and one fault: raised, later cleared, raised again (one open alarm per kind).
  const slots = fleet.terminals.flatMap((t) => FAULTS.map((f) => ({ t, f })));
  let next = 0;
  /** Raises the next slot's fault, clearing it first when it is still raised from the last round. */
  const raiseNext = (keys: string[]): number => {
    const { t, f } = slots[next++ % slots.length];
    if (t.device.faults.has(f)) t.clearFault(f);
    t.injectFault(f);
    keys.push(`${t.sn}/${f}`);
    return Date.now();
  };
  process.on('disconnect', () => process.exit(0));
  process.on('message', (m: { type: string; rate?: number; seconds?: number }) => {
    if (m.type === 'single') {
      const keys: string[] = [];
      send({ type: 'published', times: [raiseNext(keys)], keys });
    } else if (m.type === 'storm') {
      const times: number[] = [];
      const keys: string[] = [];
      const end = Date.now() + m.seconds! * 1000;
      let credit = 0;
      let last = performance.now();
      const timer = setInterval(() => {
        const now = performance.now();
        credit += ((now - last) / 1000) * m.rate!;
        last = now;
        for (; credit >= 1; credit--) times.push(raiseNext(keys));
        if (Date.now() >= end) {
          clearInterval(timer);
          send({ type: 'published', times, keys });
        }
      }, 5);
    } else if (m.type === 'stop') {
      fleet.stop().then(() => {
        send({ type: 'stopped' });
        process.exit(0);
      }, exitOnError);
    }
  });
  await fleet.start();
  await fleet.waitConnected(cfg.terminals, 300_000);
  send({ type: 'ready' });
}

function exitOnError(err: unknown): never {
  console.error(err);
  process.exit(1);
}

main().catch(exitOnError);
