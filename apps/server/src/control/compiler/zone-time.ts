import { zoneCalendar, zoneOffsetMin } from '@sl/contracts';

const MINUTE = 60_000;

export { zoneCalendar, zoneOffsetMin };

/** The wall clock of `timeZone` at `epochMs`, as if it were UTC (the zone's offset added). */
const wallClock = (epochMs: number, timeZone: string) => Math.floor(epochMs / 1000) * 1000 + zoneOffsetMin(timeZone, epochMs) * MINUTE;

/**
 * Epoch ms of `date` (YYYY-MM-DD) at `minute` minutes after local midnight in `timeZone`; a time skipped by
 * daylight saving is the first instant after the gap, a repeated one its first occurrence.
 */
export function zonedTime(date: string, minute: number, timeZone: string): number {
  return zoneCalendar(timeZone).at(date, minute);
}

/** The local date (YYYY-MM-DD) of `epochMs` in `timeZone`. */
export function zonedDate(epochMs: number, timeZone: string): string {
  return new Date(wallClock(epochMs, timeZone)).toISOString().slice(0, 10);
}

export { addDays, isoWeekday } from '@sl/contracts';

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
