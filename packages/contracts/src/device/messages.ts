import { z } from 'zod';
import { programFingerprint } from './commands.js';

const mid = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'mid must be 1-64 characters of letters, digits, _ . : -');
const ts = z.number().int().min(0).max(4_102_444_800_000);
const base = { mid, ts };

/** The largest magnitude a 32-bit `real` column holds: an event value beyond it is refused (protocol §4). */
export const REAL_MAX = 3.4028234663852886e38;
/** The smallest normal 32-bit float: a reading of smaller magnitude is stored as 0 (protocol §4). */
export const REAL_MIN_NORMAL = 1.1754943508222875e-38;
/** A reading as a `real` column keeps it: magnitudes below REAL_MIN_NORMAL become 0, which the database would refuse as an underflow. */
export const toReal = (v: number) => (v > -REAL_MIN_NORMAL && v < REAL_MIN_NORMAL ? 0 : v);
// PostgreSQL refuses \u0000 in text; a firmware version has no control character at all.
const withoutNul = (max: number) => z.string().max(max).regex(/^[^\u0000]*$/, 'must not contain \\u0000');
const printable = (max: number) => z.string().max(max).regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');
const reading = (min: number, max: number) => z.number().finite().min(min).max(max);
const phases = (min: number, max: number) => z.object({ a: reading(min, max), b: reading(min, max), c: reading(min, max) });

export const helloMessage = z.object({
  ...base,
  model: z.union([z.literal(1), z.literal(2)]),
  firmware: printable(32).default(''),
  imsi: z.string().regex(/^\d{6,20}$/).optional(),
  loops: z.number().int().min(0).max(16).default(0),
  phases: z.number().int().min(1).max(3).default(1),
  heartbeatS: z.number().int().min(10).max(3600).default(60),
});

/** A cabinet loop: its relay (`on`) and, where the cabinet measures it, the loop's current in A (actual light). */
export const loopState = z.object({ no: z.number().int().min(1).max(16), on: z.boolean(), current: reading(0, 5000).optional() });

/** Under a switch from the central system: when the terminal returns to its program (epoch ms, terminal clock). */
const manualUntil = z.number().int().min(0).max(4_102_444_800_000).optional();
/** The `fingerprint` of the bound program (protocol §5), null when none is bound (the built-in one runs); absent from firmware that does not report it. */
const reportedProgram = programFingerprint.nullable().optional();

export const cabinetHeartbeat = z.object({
  ...base,
  model: z.literal(1),
  voltage: phases(0, 1000),
  current: phases(0, 5000),
  activePower: phases(-5000, 5000),
  powerFactor: phases(-1, 1),
  energyKwh: reading(0, 1e10),
  leakageMa: reading(0, 1e5),
  door: z.enum(['open', 'closed']),
  lock: z.enum(['locked', 'unlocked']),
  mode: z.enum(['manual', 'auto']),
  loops: z.array(loopState).max(16),
  temperatureC: reading(-60, 150).optional(),
  manualUntil,
  programFingerprint: reportedProgram,
});

export const lampHeartbeat = z.object({
  ...base,
  model: z.literal(2),
  on: z.boolean(),
  dim: z.number().int().min(0).max(100),
  voltage: reading(0, 1000),
  current: reading(0, 100),
  power: reading(0, 100),
  powerFactor: reading(-1, 1),
  energyKwh: reading(0, 1e9),
  burnHours: reading(0, 1e6),
  lampFailure: z.boolean(),
  /** Optional for a lamp (older firmware leaves it out): manual after a switch, auto on its program. */
  mode: z.enum(['manual', 'auto']).optional(),
  manualUntil,
  programFingerprint: reportedProgram,
});

export const heartbeatMessage = z.discriminatedUnion('model', [cabinetHeartbeat, lampHeartbeat]);
export type HeartbeatMessage = z.infer<typeof heartbeatMessage>;
export type CabinetHeartbeat = z.infer<typeof cabinetHeartbeat>;
export type LampHeartbeat = z.infer<typeof lampHeartbeat>;

export const DEVICE_EVENTS = [
  'lampFailure', 'dayBurning', 'voltageHigh', 'voltageLow', 'currentHigh', 'currentLow', 'leakage', 'overCurrent', 'doorOpen', 'relayFailure',
] as const;
export type DeviceEvent = (typeof DEVICE_EVENTS)[number];
/** Raised by the gateway itself when a terminal falls silent (protocol §6). */
export const COMMUNICATION_LOST = 'communicationLost';

export const eventMessage = z.object({
  ...base,
  event: z.enum(DEVICE_EVENTS),
  state: z.enum(['raised', 'cleared']),
  value: z.number().min(-REAL_MAX).max(REAL_MAX).transform(toReal).optional(),
  loop: z.number().int().min(1).max(16).optional(),
  phase: z.enum(['a', 'b', 'c']).optional(),
});
export type EventMessage = z.infer<typeof eventMessage>;

/** `outranked` (5): kept, not in effect, because a control of higher priority rules (protocol §5, priorities). */
export const REPLY_CODES = { ok: 0, unknownCommand: 1, badParams: 2, busy: 3, hardwareFault: 4, outranked: 5 } as const;

export const replyMessage = z.object({
  ...base,
  ref: mid,
  ok: z.boolean(),
  code: z.number().int().min(0).max(255),
  msg: withoutNul(255).default(''),
  data: z.record(z.string(), z.unknown()).default({}),
});
export type ReplyMessage = z.infer<typeof replyMessage>;

export const ackMessage = z.object({ ...base, ref: mid });
export type AckMessage = z.infer<typeof ackMessage>;

export const UP_SCHEMAS = { hello: helloMessage, heartbeat: heartbeatMessage, event: eventMessage, reply: replyMessage } as const;
export type HelloMessage = z.infer<typeof helloMessage>;
