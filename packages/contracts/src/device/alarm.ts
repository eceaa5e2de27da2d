import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { id } from '../api/fields.js';
import { AlarmStatus, DEVICE_FAMILIES } from '../enums.js';
import type { TerminalRef } from './heartbeat-api.js';
import { queryId, queryText, queryTime } from './terminal-fields.js';

const ALARM_STATUSES = Object.values(AlarmStatus);

/** `POST /alarm/list`: paging and filters in the body. */
export const alarmQuery = pageQuery.extend({
  status: z.coerce
    .number({ error: 'status must be a number' })
    .int()
    .refine((v) => (ALARM_STATUSES as number[]).includes(v), `status must be one of ${ALARM_STATUSES.join(', ')}`)
    .optional(),
  kind: queryText('kind', 32),
  terminalId: queryId('terminalId'),
  sn: queryText('sn', 32),
  from: queryTime('from'),
  to: queryTime('to'),
  family: z.enum(DEVICE_FAMILIES, { error: 'family must be rdcsm or rdc4m' }).optional(),
  deptId: queryId('deptId'),
  /** `1` only read by the caller, `0` only unread. */
  read: z.enum(['0', '1'], { error: 'read must be "0" (unread) or "1" (read)' }).optional(),
});
export type AlarmQuery = z.infer<typeof alarmQuery>;

export interface Alarm extends TerminalRef {
  alarmId: number;
  deptId: number | null;
  /** A device event of protocol §4 or `communicationLost`. */
  kind: string;
  /** 1 critical, 2 major, 3 minor: the family's alarm setting when the alarm was raised, else the catalogue's. */
  severity: number;
  status: number;
  message: string;
  value: number | null;
  loop: number | null;
  phase: string | null;
  raisedAt: string;
  clearedAt: string | null;
  /** Whether the caller has read it. */
  read: boolean;
}

/** `POST /alarm/add`: a manually entered alarm (a citizen's call, a patrol's finding). */
export const alarmAddBody = z.object({
  terminalId: id('terminalId'),
  kind: z.string({ error: 'kind must be a string' }).trim().min(1, 'kind is required').max(32),
  loop: z.coerce.number().int().min(1).max(64).nullable().default(null),
  message: z.string({ error: 'message must be a string' }).trim().max(255, 'message must be at most 255 characters').default(''),
});
/** `PUT /alarm/update`: the description of an alarm (the status moves only through the workflow). */
export const alarmUpdateBody = z.object({ alarmId: id('alarmId'), message: z.string().trim().min(1, 'message is required').max(255) });

/** `GET /alarm/info`: the alarm, the readings around it, its log timeline and its work orders. */
export interface AlarmDetail extends Alarm {
  lng: number | null;
  lat: number | null;
  address: string;
  /** The last heartbeat at or before the alarm was raised. */
  reading: Record<string, unknown> | null;
}

export const alarmIdParam = z.object({ alarmId: id('alarmId') });
export const alarmIdQuery = z.object({ id: id('id') });
export const alarmReadBody = z.object({ alarmId: id('alarmId') });
export const alarmReadBatchBody = z.object({
  alarmIds: z.array(id('alarmIds'), { error: 'alarmIds must be an array of numbers' }).min(1, 'alarmIds must not be empty').max(500),
});

/**
 * `GET /alarm/number`, for the console's bell: the caller's open alarms in scope (status 1-4, not cleared: what
 * awaits handling, whoever read it), by kind, most first; and the unread ones, with the latest of them.
 */
export interface AlarmCounter {
  open: number;
  openByKind: Array<{ kind: string; count: number }>;
  unread: number;
  latest: Alarm[];
}
export const ALARM_BELL_LATEST = 5;
