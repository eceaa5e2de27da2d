import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * A timestamptz as the API writes it (`Date#toISOString`), from PostgreSQL's text of it. In a UTC session (both
 * engines' default here) the text is `2026-12-07 17:26:25.7381+00` and is rewritten in place: a list page of 50
 * terminals has 200 timestamps, and parsing each into a Date and printing it again was a sixth of the page's server
 * CPU. Any other text (another session zone, a year past 9999, a Date from a driver) goes through Date.
 */
export function isoTimestamp(value: unknown): string {
  if (typeof value === 'string' && value.length >= 22 && value.length <= 29 && value.endsWith('+00') && value[10] === ' ' && value[4] === '-') {
    const ms = value.length === 22 ? '000' : (value.slice(20, value.length - 3) + '00').slice(0, 3);
    return `${value.slice(0, 10)}T${value.slice(11, 19)}.${ms}Z`;
  }
  return new Date(value as string | Date).toISOString();
}

/** A timestamptz column selected as its ISO text (isoTimestamp) instead of a Date. */
export const isoOf = (column: SQLWrapper) => sql<string>`${column}`.mapWith(isoTimestamp);
