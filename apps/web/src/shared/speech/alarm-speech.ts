import { i18n } from '../i18n';

export interface AlarmSpeechState {
  enabled: boolean;
  /** Open alarms, awaiting handling. */
  count: number;
  /** Which they are, in words ("Lamp failure: 2, Leakage: 1"); empty when unknown. */
  which?: string;
}

/**
 * What to announce for the alarm count, in the UI language. The voice settings stay those of spec §4
 * (lang zh-CN): the spec fixes them, the zh-CN voices of the browsers read such short English sentences
 * well, and a user who chose English understands the sentence.
 */
export const alarmSpeechText = (count: number, which = ''): string =>
  count > 0 ? (which ? i18n.t('speech.alarmsPendingWhich', { count, which }) : i18n.t('speech.alarmsPending', { count })) : i18n.t('speech.noAlarms');

/**
 * The announcement due when the state moves from `before` to `after`, or null (spec §4):
 * switching the broadcast on announces the count of open alarms and which ("no alarms" when there are
 * none); while it is on, a change of the count to a nonzero value announces the new count and which.
 */
export function alarmAnnouncement(before: AlarmSpeechState, after: AlarmSpeechState): string | null {
  if (!after.enabled) return null;
  if (!before.enabled) return alarmSpeechText(after.count, after.which);
  return after.count !== before.count && after.count > 0 ? alarmSpeechText(after.count, after.which) : null;
}
