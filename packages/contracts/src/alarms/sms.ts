import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { id } from '../api/fields.js';
import { queryText, queryTime } from '../device/terminal-fields.js';

export const SMS_STATES = ['pending', 'sent', 'failed'] as const;
export type SmsState = (typeof SMS_STATES)[number];

/** `POST /api/v2/sms/log/list`. */
export const smsLogQuery = pageQuery.extend({
  state: z.enum(SMS_STATES, { error: 'state must be pending, sent or failed' }).optional(),
  phone: queryText('phone', 20),
  from: queryTime('from'),
  to: queryTime('to'),
});
export type SmsLogQuery = z.infer<typeof smsLogQuery>;

/** `POST /api/v2/sms/send/alarm`: text the alarm to users (their phone numbers). */
export const smsSendAlarmBody = z.object({
  alarmId: id('alarmId'),
  userIds: z.array(id('userIds'), { error: 'userIds must be an array of numbers' }).min(1, 'userIds must not be empty').max(50),
});

export interface SmsLogRow {
  smsId: number;
  phone: string;
  userId: number | null;
  userName: string;
  template: string;
  content: string;
  provider: string;
  state: SmsState;
  attempts: number;
  lastError: string;
  alarmId: number | null;
  orderId: number | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
}
