import type { LocalCalendar } from '@sl/contracts';

const MINUTE = 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `timeZone` at `epochMs`, as if it were UTC (the zone's offset added). */
function wallClock(epochMs: number, timeZone: string): number {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(new Date(epochMs)).map((p) => [p.type, p.value]));
  return Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
}

/** Minutes the zone is ahead of UTC at `epochMs` (daylight saving included). */
export function zoneOffsetMin(timeZone: string, epochMs: number): number {
  return Math.round((wallClock(Math.floor(epochMs / 1000) * 1000, timeZone) - Math.floor(epochMs / 1000) * 1000) / MINUTE);
}

/** Epoch ms of `date` (YYYY-MM-DD) at `minute` minutes after local midnight in `timeZone`. */
export function zonedTime(date: string, minute: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const naive = Date.UTC(y, m - 1, d) + minute * MINUTE;
  // Two passes settle the offset on both sides of a daylight-saving change.
  let t = naive - zoneOffsetMin(timeZone, naive) * MINUTE;
  t = naive - zoneOffsetMin(timeZone, t) * MINUTE;
  return t;
}

/** The local date (YYYY-MM-DD) of `epochMs` in `timeZone`. */
export function zonedDate(epochMs: number, timeZone: string): string {
  return new Date(wallClock(epochMs, timeZone)).toISOString().slice(0, 10);
}

export { addDays, isoWeekday } from '@sl/contracts';

const calendars = new Map<string, LocalCalendar>();

/** The local calendar of an IANA zone, daylight saving included, as program evaluation reads it. */
export function zoneCalendar(timeZone: string): LocalCalendar {
  let c = calendars.get(timeZone);
  if (!c) {
    c = { at: (date, minute) => zonedTime(date, minute, timeZone), dateOf: (ms) => zonedDate(ms, timeZone) };
    calendars.set(timeZone, c);
  }
  return c;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
