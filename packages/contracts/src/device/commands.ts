import { z } from 'zod';

/** The solar events a program step may follow. */
export const SOLAR_EVENTS = ['sunset', 'sunrise', 'dusk', 'dawn'] as const;
export type SolarEvent = (typeof SOLAR_EVENTS)[number];

const loops = z.array(z.number().int().min(1).max(16)).max(16).optional();
/** A local clock time HH:mm (00:00 … 23:59), as program steps and their clamps take it. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const clockTime = z.string().regex(CLOCK_TIME);

export const programStep = z.object({
  /** A local time, or a solar event: sunset/sunrise (upper limb at the horizon), dusk/dawn (civil twilight, sun 6° below). */
  at: z.union([clockTime, z.enum(SOLAR_EVENTS)]),
  offsetMin: z.number().int().min(-240).max(240).optional(),
  /**
   * Clamps of a solar step, local clock times of its date (protocol §5): it fires no earlier than `notBefore` and
   * no later than `notAfter`, and at `notAfter` on a date its event does not happen (a polar night's sunrise), so
   * "sunset on, not before 15:00" and "sunrise off, not after 09:00" give a polar night a dark midday.
   */
  notBefore: clockTime.optional(),
  notAfter: clockTime.optional(),
  action: z.enum(['on', 'off', 'dim']),
  level: z.number().int().min(0).max(100).optional(),
  loops,
  days: z.array(z.number().int().min(1).max(7)).max(7).optional(),
});
export type ProgramStep = z.infer<typeof programStep>;

const empty = z.object({}).strict();

/**
 * An emergency override (TALQ "override"): from `startsAt` until `expiresAt` (epoch ms, terminal
 * clock) it replaces the program; the active override with the highest `seq` wins, and at expiry
 * the terminal returns to its program by itself.
 */
export const overrideParams = z.object({
  id: z.string().min(1).max(64),
  seq: z.number().int().min(0),
  action: z.enum(['on', 'off', 'dim']),
  level: z.number().int().min(0).max(100).optional(),
  loops,
  startsAt: z.number().int().min(0),
  expiresAt: z.number().int().min(0),
});
export type OverrideParams = z.infer<typeof overrideParams>;
const id = z.string().min(1).max(64);
/**
 * The zone a program's clock times are in (version 2 of `tzOffsetMin`, protocol §5): its IANA name and its offset
 * from `transitions[0].at` on, with every daylight-saving change until the window's end. A terminal that reads it
 * ignores `tzOffsetMin`.
 */
export const programZone = z.object({
  name: z.string().min(1).max(64),
  transitions: z.array(z.object({ at: z.number().int(), offsetMin: z.number().int().min(-720).max(840) })).min(1).max(16),
});
export type ProgramZone = z.infer<typeof programZone>;

/**
 * What the server calls a bound program (protocol §5): `plan.bind` carries it, the terminal keeps it with the program
 * and reports it in every heartbeat (null once it has none), so a program lost to a reset is noticed and bound again.
 */
export const programFingerprint = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'fingerprint must be 1-64 characters of letters, digits, _ . : -');

/**
 * How long a switch from the central system holds (protocol §5): until `until` (epoch ms, terminal clock) or until
 * the program's next step (`nextStep`), then the terminal returns to its program by itself. Absent: the switch holds
 * until `manauto.recover`, as a switch made on site does.
 */
const until = z.union([z.number().int().min(0), z.literal('nextStep')]).optional();

/** Every command of protocol §5 with its parameters. */
export const COMMAND_PARAMS = {
  'light.open': z.object({ loops, until }),
  'light.close': z.object({ loops, until }),
  'light.dim': z.object({ level: z.number().int().min(0).max(100), until }),
  'relay.set': z.object({ loop: z.number().int().min(1).max(16), on: z.boolean(), until }),
  'manauto.set': z.object({ mode: z.enum(['manual', 'auto']) }),
  'manauto.recover': empty,
  'heartbeat.request': empty,
  'heartbeat.set': z.object({ intervalS: z.number().int().min(10).max(3600) }),
  'clock.query': empty,
  'clock.set': z.object({ time: z.number().int().min(0) }),
  'param.set': z.record(z.string().max(64), z.union([z.number(), z.string().max(255), z.boolean()])),
  'param.query': z.object({ names: z.array(z.string().max(64)).max(100).optional() }),
  'alarm.set': z.object({ voltageHigh: z.number().optional(), voltageLow: z.number().optional(), currentHigh: z.number().optional(), currentLow: z.number().optional() }),
  'leakage.set': z.object({ thresholdMa: z.number().min(0).max(10_000) }),
  'overCurrent.set': z.object({ thresholdA: z.number().min(0).max(10_000), loop: z.number().int().min(1).max(16).optional() }),
  'lock.set': z.object({ locked: z.boolean() }),
  'plan.bind': z.object({ planId: id, program: z.array(programStep).max(64), tzOffsetMin: z.number().int().min(-720).max(840).optional(), tz: programZone.optional(), fingerprint: programFingerprint.optional() }),
  'plan.clear': empty,
  'localControl.add': z.object({ id, step: programStep }),
  'localControl.update': z.object({ id, step: programStep }),
  'localControl.delete': z.object({ id }),
  'localControl.list': empty,
  'localControl.status': z.object({ id, enabled: z.boolean() }),
  'override.set': overrideParams,
  'override.clear': z.object({ id: id.optional() }),
  init: empty,
} as const;

/** Commands that switch lamps by hand: from the console they hold for a while (`until`), then the program returns. */
export const SWITCH_COMMANDS = ['light.open', 'light.close', 'light.dim', 'relay.set'] as const;
/** How long a switch from the console holds when the operator does not say: two hours. */
export const MANUAL_HOLD_DEFAULT_MIN = 120;
export const MANUAL_HOLD_MAX_MIN = 1440;
/** The console's choice of how long a switch holds: minutes from now, or until the program's next step. */
export const manualHoldField = z
  .union([z.number().int().min(1).max(MANUAL_HOLD_MAX_MIN), z.literal('nextStep')], { error: `holdMin must be 1 to ${MANUAL_HOLD_MAX_MIN} minutes or "nextStep"` })
  .optional();
export type ManualHold = number | 'nextStep';

export type CommandName = keyof typeof COMMAND_PARAMS;
export const COMMAND_NAMES = Object.keys(COMMAND_PARAMS) as CommandName[];
export type CommandParams<C extends CommandName> = z.infer<(typeof COMMAND_PARAMS)[C]>;

export const commandMessage = z.object({
  mid: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/),
  ts: z.number().int(),
  cmd: z.enum(COMMAND_NAMES as [CommandName, ...CommandName[]]),
  params: z.record(z.string(), z.unknown()),
  expiresAt: z.number().int(),
});
export type CommandMessage = z.infer<typeof commandMessage>;

/** Task states of a command sent to a terminal. */
export const TaskState = { pending: 'pending', succeeded: 'succeeded', failed: 'failed', timedOut: 'timedOut' } as const;
export type TaskStateValue = (typeof TaskState)[keyof typeof TaskState];
export const DEFAULT_COMMAND_TTL_MS = 60_000;
