import { z } from 'zod';
import { bigId, requiredText } from '../api/fields.js';

/** A day or a yearly day: `2027-02-06` once, `12-25` every year. */
const dayField = (field: string) =>
  z.string({ error: `${field} must be a date` }).regex(/^(\d{4}-)?(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, `${field} must be a date YYYY-MM-DD, or MM-DD for every year`);

/** A range of days, both ends included: dated (`2027-02-05`…`2027-02-11`) or yearly (`12-24`…`01-02` wraps over new year). */
export const calendarDates = z
  .object({ from: dayField('from'), to: dayField('to') })
  .refine((d) => d.from.length === d.to.length, { message: 'from and to must both be dated (YYYY-MM-DD) or both yearly (MM-DD)' })
  .refine((d) => d.from.length === 5 || d.from <= d.to, { message: 'from must not be after to' });

/**
 * A calendar rule (TALQ Calendar): on the days it matches, its program replaces the plan's. Every condition given must
 * hold: one of its date ranges, one of its weekdays (ISO 1 Monday … 7 Sunday), and the weekday's occurrence in the month
 * (`weekOfMonth`: 1-5, or -1 the last, e.g. "last Friday of the month" is weekdays [5] with -1). No condition: every day.
 */
export const calendarRule = z.object({
  name: requiredText('name', 64),
  policyId: bigId('policyId'),
  dates: z.array(calendarDates, { error: 'dates must be an array of {from, to}' }).max(50, 'dates must hold at most 50 ranges').optional(),
  weekdays: z.array(z.number().int().min(1, 'weekdays are 1 (Monday) to 7 (Sunday)').max(7, 'weekdays are 1 (Monday) to 7 (Sunday)')).min(1).max(7).optional(),
  weekOfMonth: z.union([z.literal(-1), z.number().int().min(1).max(5)], { error: 'weekOfMonth must be 1 to 5, or -1 for the last' }).optional(),
});
export type CalendarRule = z.infer<typeof calendarRule>;

/** The rules in priority order, highest first: the first that matches a day wins; none: the plan's own program (the default). */
export const calendarRules = z.array(calendarRule, { error: 'rules must be an array' }).max(100, 'rules must hold at most 100 rules');

/** When a calendar day starts: at local midnight, or at local noon (noon-to-noon: a whole night belongs to one day). */
export const dayStartField = z.enum(['midnight', 'noon'], { error: 'dayStart must be midnight or noon' });
export type DayStart = z.infer<typeof dayStartField>;

const isoWeekdayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const daysInMonth = (date: string) => new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)).getUTCDate();

function inRange(date: string, r: { from: string; to: string }): boolean {
  if (r.from.length === 10) return r.from <= date && date <= r.to;
  const md = date.slice(5);
  return r.from <= r.to ? r.from <= md && md <= r.to : md >= r.from || md <= r.to;
}

/** Whether a rule holds on the local calendar date `date` (YYYY-MM-DD). */
export function ruleMatches(rule: Omit<CalendarRule, 'name' | 'policyId'>, date: string): boolean {
  if (rule.dates?.length && !rule.dates.some((r) => inRange(date, r))) return false;
  if (rule.weekdays?.length && !rule.weekdays.includes(isoWeekdayOf(date))) return false;
  if (rule.weekOfMonth !== undefined) {
    const day = Number(date.slice(8, 10));
    const nth = rule.weekOfMonth === -1 ? day + 7 > daysInMonth(date) : Math.ceil(day / 7) === rule.weekOfMonth;
    if (!nth) return false;
  }
  return true;
}

/** The index of the rule that wins on `date` (the first that matches), or -1: the plan's own program runs. */
export function winningRule(rules: ReadonlyArray<Omit<CalendarRule, 'name' | 'policyId'>>, date: string): number {
  return rules.findIndex((r) => ruleMatches(r, date));
}

/**
 * The calendar date an instant belongs to, given its local date and minutes after local midnight: a noon-to-noon day
 * starts at 12:00, so the small hours belong to the day before (the night of the 24th is the 24th's until noon on the 25th).
 */
export function calendarDateOf(localDate: string, localMinute: number, dayStart: DayStart): string {
  if (dayStart === 'midnight' || localMinute >= 720) return localDate;
  const d = new Date(`${localDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
