import { wordAlarm, type Locale } from '@sl/contracts';

/** The key an alarm's generated description is stored with: it is worded from the alarm's kind, loop, phase and value. */
export const ALARM_DESCRIPTION = 'stored.alarmDescription';

interface DescribedAlarm {
  kind: string;
  message: string;
  messageKey?: string | null;
  loop?: number | null;
  phase?: string | null;
  value?: number | null;
}

/** An alarm's description in the reader's language; manual text and alarms raised before the key was stored read as stored. */
export const alarmMessage = (row: DescribedAlarm, locale: Locale): string => (row.messageKey === ALARM_DESCRIPTION ? wordAlarm(row, locale) : row.message);

/** The alarm as the reader sees it: its description worded, the key left out. */
export function wordedAlarm<T extends DescribedAlarm>({ messageKey, ...row }: T, locale: Locale): Omit<T, 'messageKey'> {
  return { ...row, message: alarmMessage({ ...row, messageKey }, locale) };
}
