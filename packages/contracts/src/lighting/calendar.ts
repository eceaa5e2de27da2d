/** The local calendar a program's clock times and weekdays are read in. */
export interface LocalCalendar {
  /** Epoch ms of `minute` minutes after local midnight of `date` (YYYY-MM-DD). */
  at(date: string, minute: number): number;
  /** The local date (YYYY-MM-DD) of an instant. */
  dateOf(ms: number): string;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

// Programs are evaluated every minute for every terminal: dates and their UTC midnights are remembered.
const midnights = new Map<string, number>();
const dates = new Map<number, string>();

/** Epoch ms of a date's midnight in UTC. */
export function utcMidnight(date: string): number {
  let ms = midnights.get(date);
  if (ms === undefined) {
    if (midnights.size > 20_000) midnights.clear();
    midnights.set(date, (ms = Date.parse(`${date}T00:00:00Z`)));
  }
  return ms;
}

/** The date (YYYY-MM-DD) of a UTC day number (days since 1970-01-01). */
export function dateOfDay(day: number): string {
  let date = dates.get(day);
  if (date === undefined) {
    if (dates.size > 20_000) dates.clear();
    dates.set(day, (date = new Date(day * DAY).toISOString().slice(0, 10)));
  }
  return date;
}

/** A calendar at a fixed offset from UTC (what a terminal told `tzOffsetMin` keeps). */
export function fixedOffsetCalendar(offsetMin: number): LocalCalendar {
  const off = offsetMin * MINUTE;
  return {
    at: (date, minute) => utcMidnight(date) + minute * MINUTE - off,
    dateOf: (ms) => dateOfDay(Math.floor((ms + off) / DAY)),
  };
}

/** ISO weekday, 1 Monday … 7 Sunday, of a date. */
export function isoWeekday(date: string): number {
  return ((Math.round(utcMidnight(date) / DAY) + 3) % 7 + 7) % 7 + 1;
}

/** The date `days` after `date`. */
export function addDays(date: string, days: number): string {
  return dateOfDay(Math.round(utcMidnight(date) / DAY) + days);
}
