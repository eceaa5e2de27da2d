import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { id } from '../api/fields.js';
import { AlarmStatus } from '../enums.js';
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
});
export type AlarmQuery = z.infer<typeof alarmQuery>;

export interface Alarm extends TerminalRef {
  alarmId: number;
  deptId: number | null;
  /** A device event of protocol §4 or `communicationLost`. */
  kind: string;
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

export const alarmIdParam = z.object({ alarmId: id('alarmId') });
export const alarmIdQuery = z.object({ id: id('id') });
export const alarmReadBody = z.object({ alarmId: id('alarmId') });
export const alarmReadBatchBody = z.object({
  alarmIds: z.array(id('alarmIds'), { error: 'alarmIds must be an array of numbers' }).min(1, 'alarmIds must not be empty').max(500),
});

/** `GET /alarm/number`: the caller's unread alarms in scope, for the console's bell. */
export interface AlarmCounter {
  unread: number;
  latest: Alarm[];
}
export const ALARM_BELL_LATEST = 5;
