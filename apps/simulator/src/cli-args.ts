import { parseArgs } from 'node:util';
import { derivedTerminalSecret } from './derived-secret.js';
import type { FleetOptions } from './fleet.js';
import type { FleetSpec } from './fleet-spec.js';
import { readTerminalsFile, type FleetEntry } from './terminals-file.js';

export const HELP = `Street-light terminal simulator: a fleet of rdc4m/rdcsm terminals speaking docs/protocol.md.

Usage: npm run simulate -- [options]

  --terminals N        number of terminals (default 10)
  --url URL            MQTT broker (default mqtt://127.0.0.1:1883)
  --family F           rdc4m | rdcsm | mixed (default mixed)
  --model M            1 (cabinet) | 2 (single lamp) | mixed (default mixed: 1 cabinet per 4 lamps)
  --prefix P           serial number prefix; sn = P + 0001, 0002 … (default SIM)
  --secrets FILE       run the terminals listed in FILE, each with its own secret (CSV with a header
                       line: sn, secret, and optionally family, model, lat, lng; or JSON: an array of
                       such objects, or {"sn": "secret"}); --terminals N takes the first N of them
  --derive-secret KEY  each terminal's secret is HMAC-SHA256(KEY, "family:sn") in base64url, as the
                       server derives its demo terminals' secrets from DEMO_DEVICE_SECRET
  --secret S           one password for every terminal (default: $SIM_SECRET, else "sim-secret");
                       a terminal's secret in FILE comes first
  --heartbeat S        heartbeat interval in seconds, 10..3600 (default 60)
  --fault-rate P       probability per terminal per second of a random fault (default 0)
  --rate N             full-speed mode: N heartbeats/s across the fleet, ignoring --heartbeat
  --lat, --lng         centre of the fleet (default 31.23, 121.47: Shanghai)
  --radius-km KM       terminals are scattered within this radius (default 5)
  --connect-rate N     new connections per second while starting (default 500)
  --ack-timeout MS     resend an unacknowledged message after MS (default 30000)
  --duration S         stop after S seconds and print a summary (default: run until Ctrl-C)
  -h, --help           this text

Prints one status line every 10 s: connected, sent, acked (and per second), resent, dropped,
in flight, events, commands handled, mean and max ack latency.`;

const num = (v: string | undefined, name: string, min: number, max = Infinity) => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`--${name} must be a number in ${min}..${max}`);
  return n;
};

function oneOf<T extends string>(v: string, name: string, allowed: readonly T[]): T {
  if (!allowed.includes(v as T)) throw new Error(`--${name} must be one of ${allowed.join(', ')}`);
  return v as T;
}

export interface CliConfig {
  help: boolean;
  spec: FleetSpec;
  options: FleetOptions;
  durationS?: number;
}

/** One secret for all, or the derivation; secrets given per terminal in a file come before either. */
function secretOption(v: Record<string, string | undefined>, env: Record<string, string | undefined>): FleetSpec['secret'] {
  const key = v['derive-secret'];
  if (key === undefined) return v.secret ?? env.SIM_SECRET ?? 'sim-secret';
  if (v.secret !== undefined) throw new Error('--secret and --derive-secret exclude each other');
  if (!key) throw new Error('--derive-secret needs the key');
  return (sn, family) => derivedTerminalSecret(key, family, sn);
}

export function parseCli(
  argv: string[],
  { readTerminals = readTerminalsFile, env = process.env }: { readTerminals?: (path: string) => FleetEntry[]; env?: Record<string, string | undefined> } = {},
): CliConfig {
  const names = ['terminals', 'url', 'family', 'model', 'prefix', 'secrets', 'derive-secret', 'secret', 'heartbeat', 'fault-rate', 'rate', 'lat',
    'lng', 'radius-km', 'connect-rate', 'ack-timeout', 'duration'];
  const options = Object.fromEntries(names.map((k) => [k, { type: 'string' as const }]));
  const { values } = parseArgs({ args: argv, strict: true, options: { ...options, help: { type: 'boolean', short: 'h' } } });
  const v = values as Record<string, string | undefined>;
  const help = values.help === true;
  const model = oneOf(v.model ?? 'mixed', 'model', ['1', '2', 'mixed'] as const);
  const terminals = v.secrets === undefined ? undefined : readTerminals(v.secrets);
  const spec: FleetSpec = {
    count: num(v.terminals, 'terminals', 1) ?? terminals?.length ?? 10,
    terminals,
    family: oneOf(v.family ?? 'mixed', 'family', ['rdc4m', 'rdcsm', 'mixed'] as const),
    model: model === 'mixed' ? 'mixed' : (Number(model) as 1 | 2),
    prefix: v.prefix ?? 'SIM',
    secret: secretOption(v, env),
    center: { lat: num(v.lat, 'lat', -90, 90) ?? 31.23, lng: num(v.lng, 'lng', -180, 180) ?? 121.47 },
    radiusKm: num(v['radius-km'], 'radius-km', 0),
    heartbeatS: num(v.heartbeat, 'heartbeat', 10, 3600) ?? 60,
  };
  const fleetOptions: FleetOptions = {
    url: v.url ?? 'mqtt://127.0.0.1:1883',
    faultRate: num(v['fault-rate'], 'fault-rate', 0, 1),
    rate: num(v.rate, 'rate', 1),
    connectRate: num(v['connect-rate'], 'connect-rate', 1),
    ackTimeoutMs: num(v['ack-timeout'], 'ack-timeout', 100),
  };
  return { help, spec, options: fleetOptions, durationS: num(v.duration, 'duration', 1) };
}
