import '../../../shared/testing/jsdom-polyfills';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanCalendarDay } from '@sl/contracts';
import { i18n } from '../../../shared/i18n';
import { calendarQuery } from '../api/plans-api';
import { PlanCalendar } from './plan-calendar';

const month = dayjs().startOf('month');
const date = month.add(9, 'day').format('YYYY-MM-DD');
const plan = (id: number) => ({ id, name: `Winter plan with a long name ${id}`, policyId: 1, policyName: 'Dusk to dawn, 50 % after midnight', steps: 3, rule: null });
/** A month of antd's Calendar renders in seconds on a loaded two-core machine: no speed is asserted here. */
const RENDER_TIMEOUT = 60_000;
const DAYS: PlanCalendarDay[] = [{ date, plans: [1, 2, 3, 4, 5].map(plan) }];

/** Issue 28 item 16: a day cell holds its plans without a scrollbar: two one-line tags and a "+n" line. */
describe('plan calendar cells', () => {
  beforeEach(() => act(() => i18n.changeLanguage('en-US')));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows two plans in one line each and counts the rest', () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'ok', data: DAYS }))));
    const client = new QueryClient();
    const key = calendarQuery(month.format('YYYY-MM-DD'), month.endOf('month').format('YYYY-MM-DD')).queryKey;
    client.setQueryData(key, DAYS);
    render(<QueryClientProvider client={client}><PlanCalendar /></QueryClientProvider>);
    const tags = screen.getAllByTestId('calendar-plan');
    expect(tags).toHaveLength(2);
    for (const tag of tags) expect([tag.style.whiteSpace, tag.style.textOverflow, tag.style.overflow, tag.style.maxWidth]).toEqual(['nowrap', 'ellipsis', 'hidden', '100%']);
    const more = screen.getByTestId('calendar-more');
    expect(more.textContent).toBe('+3 more');
    expect(more.getAttribute('title')).toContain('Winter plan with a long name 5');
  }, RENDER_TIMEOUT);

  it('says which calendar rule wins a day, in both languages, and the plain days run the plan\'s policy', async () => {
    const holiday = month.add(24, 'day').format('YYYY-MM-DD');
    const ruled: PlanCalendarDay[] = [
      { date, plans: [{ id: 7, name: 'December', policyId: 1, policyName: 'weekday', steps: 2, rule: null }] },
      { date: holiday, plans: [{ id: 7, name: 'December', policyId: 2, policyName: 'holiday', steps: 3, rule: { index: 0, name: 'Christmas' } }] },
    ];
    for (const [lang, wins, plain] of [['en-US', 'Rule in force: Christmas (priority 1), policy holiday', "the plan's policy weekday runs"], ['zh-CN', '生效规则：Christmas（优先级 1），策略 holiday', '运行计划的策略 weekday']] as const) {
      await act(() => i18n.changeLanguage(lang));
      const client = new QueryClient();
      client.setQueryData(calendarQuery(month.format('YYYY-MM-DD'), month.endOf('month').format('YYYY-MM-DD')).queryKey, ruled);
      render(<QueryClientProvider client={client}><PlanCalendar /></QueryClientProvider>);
      const tags = screen.getAllByTestId('calendar-plan');
      const rule = tags.find((tag) => tag.dataset.rule === 'Christmas')!;
      expect(rule.textContent).toContain('Christmas · December · holiday');
      expect(rule.getAttribute('title')).toContain(wins);
      const other = tags.find((tag) => tag.dataset.rule === '')!;
      expect(other.textContent).toBe('December · weekday');
      expect(other.getAttribute('title')).toContain(plain);
      cleanup();
    }
  }, RENDER_TIMEOUT);
});
