import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { bigId } from '../api/fields.js';
import { queryId, queryText, queryTime } from '../device/terminal-fields.js';

/** `POST /alarm/log/list`: the alarm log (every status change), newest first. */
export const alarmLogQuery = pageQuery.extend({
  alarmId: queryId('alarmId'),
  orderId: queryId('orderId'),
  event: queryText('event', 24),
  from: queryTime('from'),
  to: queryTime('to'),
});
export type AlarmLogQuery = z.infer<typeof alarmLogQuery>;
export const alarmLogDelBody = z.object({
  logIds: z.array(bigId('logIds'), { error: 'logIds must be an array of numbers' }).min(1, 'logIds must not be empty').max(500, 'logIds must hold at most 500 ids'),
});

export interface AlarmLogRow {
  logId: number;
  alarmId: number;
  orderId: number | null;
  event: string;
  fromStatus: number | null;
  toStatus: number;
  note: string;
  userId: number | null;
  userName: string;
  at: string;
  kind: string;
  terminalName: string;
}
