/** The local calendar a program's clock times and weekdays are read in. */
export interface LocalCalendar {
  /** Epoch ms of `minute` minutes after local midnight of `date` (YYYY-MM-DD). */
  at(date: string, minute: number): number;
  /** The local date (YYYY-MM-DD) of an instant. */
  dateOf(ms: number): string;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A calendar at a fixed offset from UTC (what a terminal told `tzOffsetMin` keeps). */
export function fixedOffsetCalendar(offsetMin: number): LocalCalendar {
  const off = offsetMin * MINUTE;
  return {
    at: (date, minute) => Date.parse(`${date}T00:00:00Z`) + minute * MINUTE - off,
    dateOf: (ms) => new Date(ms + off).toISOString().slice(0, 10),
  };
}

/** ISO weekday, 1 Monday … 7 Sunday, of a date. */
export function isoWeekday(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The date `days` after `date`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}
