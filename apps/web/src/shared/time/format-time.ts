import dayjs from 'dayjs';
import { TIME_FORMAT } from '@sl/contracts';
import { i18n } from '../i18n';
import './dayjs-locale';

export type TimeValue = number | string | Date | null | undefined;

/** Normalise a timestamp; a 10-digit number (or numeric string) counts as seconds (spec §5). */
export function toDate(value: TimeValue): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value;
  const numeric = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isNaN(numeric)) return new Date(String(Math.trunc(numeric)).length === 10 ? numeric * 1000 : numeric);
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.toDate() : null;
}

export function formatTime(value: TimeValue, fmt: string = TIME_FORMAT): string {
  const date = toDate(value);
  return date ? dayjs(date).format(fmt) : '';
}

/** "just now" under 30 s, then minutes, hours, "1 day", otherwise the formatted date. */
export function relativeTime(value: TimeValue, now: number = Date.now(), fmt: string = TIME_FORMAT): string {
  const date = toDate(value);
  if (!date) return '';
  const seconds = (now - date.getTime()) / 1000;
  if (seconds < 30) return i18n.t('time.justNow');
  if (seconds < 3600) return i18n.t('time.minutesAgo', { n: Math.ceil(seconds / 60) });
  if (seconds < 86_400) return i18n.t('time.hoursAgo', { n: Math.ceil(seconds / 3600) });
  if (seconds < 172_800) return i18n.t('time.oneDayAgo');
  return formatTime(date, fmt);
}
