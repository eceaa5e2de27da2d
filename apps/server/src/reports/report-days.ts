import { REPORT_DEFAULT_DAYS } from '@sl/contracts';
import { addDays, zonedDate } from '../control/compiler/zone-time.js';
import { monthBefore } from './monthly-report.js';

/** A report asked without days covers the REPORT_DEFAULT_DAYS local days before today in `timeZone`. */
export function withReportDays<Q extends { from?: string; to?: string }>(q: Q, timeZone: string, now = Date.now()): Q & { from: string; to: string } {
  if (q.from && q.to) return { ...q, from: q.from, to: q.to };
  const to = addDays(zonedDate(now, timeZone), -1);
  return { ...q, from: addDays(to, 1 - REPORT_DEFAULT_DAYS), to };
}

/** The month before this one in `timeZone`, as YYYY-MM. */
export function lastMonth(timeZone: string, now = Date.now()): string {
  return monthBefore(zonedDate(now, timeZone));
}
