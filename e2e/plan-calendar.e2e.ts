import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { row } from './support/antd.js';
import { api, signInTo } from './support/browser.js';
import { useProductSession } from './support/session.js';
import { docShot } from './support/doc-shot.js';
import { openInApp } from './support/in-app.js';

const ZONE = 'Asia/Shanghai';
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: ZONE });
const WEEKDAY = [{ at: 'sunset', action: 'on', level: 100 }, { at: '23:00', action: 'off' }];
const HOLIDAY = [{ at: 'sunset', action: 'on', level: 100 }, { at: 'sunrise', action: 'off' }];

/** Calendars with rules (issue 30): the plan calendar says which rule wins a day, in both languages; the dialog keeps the rules. */
describe('plan calendar rules in Chromium', () => {
  const session = useProductSession();
  let page: Page;
  beforeEach(async () => {
    ({ page } = session);
    await signInTo(page, '/profile/index');
  });

  it('marks the holiday rule on its day only, in both languages, and an edit in the dialog keeps the rule', async () => {
    const terminals = await api<{ list: Array<{ terminalId: number }> }>(page, 'GET', '/api/v1/query/terminals?pageSize=2&family=rdcsm');
    const targets = terminals.data.list.map((t) => t.terminalId);
    const weekday = await api<{ id: number }>(page, 'POST', '/api/v1/policy/addData', { name: 'E2E 平日', family: 'rdcsm', model: 2, steps: WEEKDAY });
    const holiday = await api<{ id: number }>(page, 'POST', '/api/v1/policy/addData', { name: 'E2E 节日', family: 'rdcsm', model: 2, steps: HOLIDAY });
    // Today as a yearly day, so the rule's day is in the month the calendar opens on; the plan also covers tomorrow.
    const ruleDay = dayIn(0);
    const rules = [{ name: 'E2E 节日规则', policyId: holiday.data.id, dates: [{ from: ruleDay.slice(5), to: ruleDay.slice(5) }] }];
    const plan = await api<{ id: number }>(page, 'POST', '/api/v1/plan/add', { name: 'E2E 日历计划', policyId: weekday.data.id, groupMode: 1, targetIds: targets, startDate: dayIn(-1), endDate: dayIn(1), rules });
    expect(plan.code).toBe(200);

    for (const [lang, tab, wins, plain] of [['en-US', 'Calendar', 'Rule in force: E2E 节日规则 (priority 1)', "the plan's policy E2E 平日 runs"], ['zh-CN', '计划日历', '生效规则：E2E 节日规则（优先级 1）', '运行计划的策略 E2E 平日']] as const) {
      await page.locator(`[data-testid=lang-switch] [data-locale="${lang}"]`).click();
      await openInApp(page, '/plan/list');
      await page.getByRole('tab', { name: tab, exact: true }).click();
      const ruled = page.locator('[data-testid="calendar-plan"][data-rule="E2E 节日规则"]');
      await ruled.first().waitFor();
      expect(await ruled.count()).toBe(1);
      expect(await ruled.getAttribute('title')).toContain(wins);
      // The other days of the plan run its own policy.
      const others = page.locator('[data-testid="calendar-plan"][data-rule=""]', { hasText: 'E2E 日历计划' });
      expect(await others.count()).toBeGreaterThanOrEqual(1);
      expect(await others.first().getAttribute('title')).toContain(plain);
      await docShot(page, `plan-calendar-rules-${lang}.png`);
    }

    await page.getByRole('tab', { name: '计划列表', exact: true }).click();
    await row(page, 'E2E 日历计划').getByTestId('row-edit').click();
    await page.locator('[data-testid="form-dialog-form"][data-state="open"]').waitFor();
    expect(await page.getByTestId('rule-name').inputValue()).toBe('E2E 节日规则');
    expect(await page.getByTestId('rule-dates').inputValue()).toBe(ruleDay.slice(5));
    await page.getByTestId('dialog-save').click();
    await page.locator('[data-testid="form-dialog-form"][data-state="open"]').waitFor({ state: 'hidden' });
    const saved = await api<{ rules: unknown[]; dayStart: string }>(page, 'GET', `/api/v1/plan/info/${plan.data.id}`);
    expect(saved.data).toMatchObject({ rules: [{ name: 'E2E 节日规则', policyId: holiday.data.id, dates: [{ from: ruleDay.slice(5), to: ruleDay.slice(5) }] }], dayStart: 'midnight' });
  });
});
