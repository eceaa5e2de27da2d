import { sql, type SQL } from 'drizzle-orm';
import { zoneOffsetMin } from '@sl/contracts';

const HOUR_MS = 3_600_000;

/**
 * How far past a UTC hour the zone's hours start at an instant, in ms (0 up to an hour): Asia/Kolkata (+5:30) at half
 * past, Asia/Kathmandu (+5:45) at a quarter past, America/St_Johns (-3:30) at half past, a whole-hour zone on it.
 */
export const hourShiftMs = (timeZone: string, ms: number) => ((((-zoneOffsetMin(timeZone, ms) % 60) + 60) % 60) * 60_000);

/** The start of the zone's local hour holding the instant `ms`. */
export function zoneHourStart(timeZone: string, ms: number): number {
  const shift = hourShiftMs(timeZone, ms);
  return Math.floor((ms - shift) / HOUR_MS) * HOUR_MS + shift;
}

/**
 * The hourly rollups' buckets are the local hours of the rollups' zone, so each of its midnights is an hour's edge,
 * never inside an hour (docs/energy.md). Over [from, to) answers an SQL expression: the start of the zone's hour
 * holding `ts` (a timestamptz). Most zones keep one shift all year (a DST change is a whole hour): then it is
 * `date_trunc('hour', ts - shift) + shift`, UTC hours for a whole-hour zone; a zone whose shift changes within the
 * range (Australia/Lord_Howe's half-hour DST) takes each instant's own offset.
 */
export function zoneHourSql(timeZone: string, from: number, to: number): (ts: SQL) => SQL {
  const shift = hourShiftMs(timeZone, from);
  let constant = true;
  for (let t = from; t <= to + HOUR_MS && constant; t += HOUR_MS) constant = hourShiftMs(timeZone, t) === shift;
  if (!constant) return (ts) => sql`(${ts} - ((${ts} at time zone ${timeZone}) - date_trunc('hour', ${ts} at time zone ${timeZone})))`;
  if (shift === 0) return (ts) => sql`date_trunc('hour', ${ts})`;
  const interval = sql.raw(`interval '${shift / 60_000} minutes'`);
  return (ts) => sql`(date_trunc('hour', ${ts} - ${interval}) + ${interval})`;
}
