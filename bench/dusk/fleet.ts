// The simulated lamps of bench/dusk, one slice of the fleet per child process. IPC:
//   parent → child: { type: 'dusk-in', ms } (move the clocks so that sunset comes in `ms`) | { type: 'stop' }
//   child → parent: { type: 'ready', connected } | { type: 'stopped' }
import { solarDay } from '@sl/contracts';
import { Fleet } from '../../apps/simulator/src/fleet.js';
import type { TerminalConfig } from '../../apps/simulator/src/types.js';

export interface DuskChildConfig {
  url: string;
  prefix: string;
  from: number;
  count: number;
  secret: string;
  heartbeatS: number;
  /** New connections a second in this process. */
  connectRate: number;
  lat: number;
  lng: number;
}

const cfg = JSON.parse(process.argv[2]) as DuskChildConfig;
let shift = 0;
const configs: TerminalConfig[] = Array.from({ length: cfg.count }, (_, i) => ({
  family: 'rdcsm', sn: `${cfg.prefix}${String(cfg.from + i).padStart(6, '0')}`, secret: cfg.secret, model: 2, loops: 1, phases: 1,
  lat: cfg.lat, lng: cfg.lng, heartbeatS: cfg.heartbeatS,
}));
const fleet = new Fleet(configs, { url: cfg.url, connectRate: cfg.connectRate, ackTimeoutMs: 30_000, clock: () => Date.now() + shift });
await fleet.start();
await fleet.waitConnected(cfg.count, 600_000);
process.send!({ type: 'ready', connected: fleet.terminals.filter((t) => t.connected).length });

// The parent is gone (finished or failed): do not stay behind holding thousands of connections.
process.on('disconnect', () => process.exit(0));

process.on('message', (m: { type: string; ms?: number }) => {
  if (m.type === 'dusk-in') {
    // The last sunset before now at the fleet's place (the terminals' own sun), `ms` from now on every terminal's clock.
    // Clocks only move back: the gateway refuses readings stamped in the future (protocol §3).
    const sunsetOf = (at: number) => solarDay(at, cfg.lat, cfg.lng).events.sunset;
    let sunset = sunsetOf(Date.now());
    if (typeof sunset === 'number' && sunset > Date.now()) sunset = sunsetOf(Date.now() - 86_400_000);
    if (typeof sunset !== 'number') throw new Error(`no sunset at ${cfg.lat}, ${cfg.lng}`);
    shift = sunset - (Date.now() + m.ms!);
  }
  if (m.type === 'stop') {
    fleet.stop().then(
      () => {
        process.send!({ type: 'stopped' });
        process.exit(0);
      },
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  }
});
