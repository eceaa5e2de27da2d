import { describe, expect, it } from 'vitest';
import { calendarDateOf, calendarRule, calendarRules, ruleMatches, winningRule } from './calendar.js';

/** Every date of a year, the plain way. */
const datesOf = (year: number) => {
  const out: string[] = [];
  for (let d = new Date(Date.UTC(year, 0, 1)); d.getUTCFullYear() === year; d.setUTCDate(d.getUTCDate() + 1)) out.push(d.toISOString().slice(0, 10));
  return out;
};

describe('calendar rules', () => {
  it('matches a yearly day, a dated range and a range over new year', () => {
    expect(datesOf(2026).filter((d) => ruleMatches({ dates: [{ from: '12-25', to: '12-25' }] }, d))).toEqual(['2026-12-25']);
    const festival = { dates: [{ from: '2026-02-16', to: '2026-02-22' }, { from: '2027-02-05', to: '2027-02-11' }] };
    expect(datesOf(2027).filter((d) => ruleMatches(festival, d))).toHaveLength(7);
    expect(datesOf(2026).filter((d) => ruleMatches(festival, d))).toEqual(['2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19', '2026-02-20', '2026-02-21', '2026-02-22']);
    expect(datesOf(2026).filter((d) => ruleMatches({ dates: [{ from: '12-30', to: '01-02' }] }, d))).toEqual(['2026-01-01', '2026-01-02', '2026-12-30', '2026-12-31']);
  });

  it('finds the last Friday and the second Monday of every month', () => {
    const lastFridays = datesOf(2026).filter((d) => ruleMatches({ weekdays: [5], weekOfMonth: -1 }, d));
    expect(lastFridays).toEqual(['2026-01-30', '2026-02-27', '2026-03-27', '2026-04-24', '2026-05-29', '2026-06-26', '2026-07-31', '2026-08-28', '2026-09-25', '2026-10-30', '2026-11-27', '2026-12-25']);
    for (const d of lastFridays) expect(new Date(`${d}T00:00:00Z`).getUTCDay()).toBe(5);
    expect(datesOf(2026).filter((d) => ruleMatches({ weekdays: [1], weekOfMonth: 2 }, d)).slice(0, 3)).toEqual(['2026-01-12', '2026-02-09', '2026-03-09']);
  });

  it('lets the first matching rule win, and none fall back to the plan', () => {
    const rules = [{ dates: [{ from: '12-25', to: '12-25' }] }, { weekdays: [6, 7] }];
    expect(winningRule(rules, '2026-12-25')).toBe(0); // a Friday
    expect(winningRule(rules, '2027-12-25')).toBe(0); // a Saturday: the holiday still wins
    expect(winningRule(rules, '2026-12-26')).toBe(1);
    expect(winningRule(rules, '2026-12-24')).toBe(-1);
  });

  it('puts the small hours in the day before on a noon-to-noon calendar', () => {
    expect(calendarDateOf('2026-12-25', 180, 'noon')).toBe('2026-12-24');
    expect(calendarDateOf('2026-12-25', 720, 'noon')).toBe('2026-12-25');
    expect(calendarDateOf('2026-01-01', 0, 'noon')).toBe('2025-12-31');
    expect(calendarDateOf('2026-12-25', 180, 'midnight')).toBe('2026-12-25');
  });

  it('refuses bad rules with the field named', () => {
    expect(calendarRule.safeParse({ name: 'x', policyId: 1, dates: [{ from: '2026-12-25', to: '12-26' }] }).error?.issues[0].message).toMatch(/both be dated/);
    expect(calendarRule.safeParse({ name: 'x', policyId: 1, dates: [{ from: '2026-12-26', to: '2026-12-25' }] }).error?.issues[0].message).toMatch(/after/);
    expect(calendarRule.safeParse({ name: 'x', policyId: 1, dates: [{ from: '13-01', to: '13-02' }] }).error?.issues[0].message).toMatch(/from must be a date/);
    expect(calendarRule.safeParse({ name: 'x', policyId: 1, weekdays: [8] }).error?.issues[0].message).toMatch(/weekdays/);
    expect(calendarRule.safeParse({ name: 'x', policyId: 1, weekOfMonth: 0 }).success).toBe(false);
    expect(calendarRules.safeParse([{ name: 'x', policyId: 1, weekdays: [5], weekOfMonth: -1 }]).success).toBe(true);
  });
});
