import { z } from 'zod';
import { manualHoldField } from './commands.js';
import { idArray, queryTime } from './terminal-fields.js';
import type { PushMessage } from '../push.js';
import type { Terminal } from './terminal.js';
import type { HeartbeatRecord } from './terminal-views.js';

/** A terminal row of the console's list: the terminal and what its latest heartbeat said of the lamp. */
export interface TerminalListItem extends Terminal {
  /** Lamp (or any cabinet loop) on at the latest heartbeat; null before the first one. */
  lampOn: boolean | null;
  dim: number | null;
  readingAt: string | null;
}

/** How many points a history series holds at most; any range is cut into this many buckets in SQL. */
export const HISTORY_DEFAULT_POINTS = 300;
export const HISTORY_MAX_POINTS = 1000;
/** The longest range one history call covers. */
export const HISTORY_MAX_DAYS = 366;

export const terminalHistoryQuery = z.object({
  from: queryTime('from'),
  to: queryTime('to'),
  points: z.coerce
    .number({ error: 'points must be a number' })
    .int('points must be an integer')
    .min(10, 'points must be 10 to 1000')
    .max(HISTORY_MAX_POINTS, 'points must be 10 to 1000')
    .default(HISTORY_DEFAULT_POINTS),
});
export type TerminalHistoryQuery = z.input<typeof terminalHistoryQuery>;

/** One bucket of a downsampled heartbeat history: means of the readings inside it (energy: the meter's last value). */
export interface HistoryPoint
  extends Pick<HeartbeatRecord, 'voltageA' | 'voltageB' | 'voltageC' | 'currentA' | 'currentB' | 'currentC' | 'powerFactor' | 'energyKwh' | 'leakageMa' | 'dim'> {
  /** Bucket start, ISO 8601. */
  t: string;
  /** Total active power, kW. */
  powerKw: number | null;
  /** Share of the bucket's heartbeats with the lamp on, 0 to 1. */
  onShare: number | null;
  samples: number;
}

export interface TerminalHistory {
  terminalId: number;
  from: string;
  to: string;
  bucketS: number;
  points: HistoryPoint[];
}

/** Quick commands of the list's batch bar and the detail page. */
export const BATCH_ACTIONS = ['on', 'off', 'auto', 'dim'] as const;
export type BatchAction = (typeof BATCH_ACTIONS)[number];

export const batchCommandBody = z
  .object({
    terminalIds: idArray('terminalIds'),
    action: z.enum(BATCH_ACTIONS, { error: 'action must be on, off, auto or dim' }),
    level: z.number({ error: 'level must be a number' }).int('level must be an integer').min(0, 'level must be 0 to 100').max(100, 'level must be 0 to 100').optional(),
    /** How long on, off or dim holds before the program returns: minutes, or `nextStep`; two hours when absent. */
    holdMin: manualHoldField,
  })
  .refine((b) => b.action !== 'dim' || b.level !== undefined, { message: 'level is required to dim', path: ['level'] });
export type BatchCommandBody = z.input<typeof batchCommandBody>;

/** What a batch send answers: one task per terminal, in the order asked; outcomes arrive on `50rdcsm`, progress on `msg`. */
export interface BatchSent {
  batchId: string;
  tasks: Array<{ terminalId: number; taskId: number }>;
}

/** A push on the `msg` channel to the user who started a batch: how many of its tasks have settled. */
export interface BatchProgressPush extends PushMessage {
  code: 200;
  event: 'batchProgress';
  batchId: string;
  total: number;
  succeeded: number;
  failed: number;
  timedOut: number;
}
