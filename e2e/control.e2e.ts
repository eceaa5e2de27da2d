import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pick } from './support/antd.js';
import { api, signInTo } from './support/browser.js';
import { useProductSession } from './support/session.js';
import { openInApp } from './support/in-app.js';

// testids: btn-add, field-template, field-name, dialog-save, program-timeline, preview-night, terminal-picker,
// field-policy, field-range, plan-downloads, active-overrides, no-active.

interface Beat { terminalId: number; on: boolean | null; dim: number | null; ts: string }
const DEMO = 30;
const PROGRAM = [
  { at: 'sunset', offsetMin: -10, action: 'on', level: 100 },
  { at: '23:00', action: 'dim', level: 50 },
  { at: 'sunrise', offsetMin: 10, action: 'off' },
];

/** The latest heartbeat of every demo terminal stored after `since`. */
async function beatsSince(page: Page, since: number): Promise<Map<number, Beat>> {
  const latest = new Map<number, Beat>();
  for (const family of ['rdcsm', 'rdc4m']) {
    const res = await api<{ list: Beat[] }>(page, 'GET', `/api/v1/heart/data/list/${family}?from=${since}&pageSize=500`);
    for (const b of res.data.list) if (!latest.has(b.terminalId) || latest.get(b.terminalId)!.ts < b.ts) latest.set(b.terminalId, b);
  }
  return latest;
}

/** Asks every terminal for a heartbeat now and returns the answer of each (the demo's random faults are off, so all answer). */
async function freshBeats(page: Page): Promise<Beat[]> {
  const since = Date.now();
  expect((await api(page, 'POST', '/api/v1/terminal/heart/send/all', {})).code).toBe(200);
  let beats = new Map<number, Beat>();
  await expect.poll(async () => (beats = await beatsSince(page, since)).size, { timeout: 30_000, interval: 500 }).toBe(DEMO);
  return [...beats.values()];
}

describe('control in Chromium: a policy from a template, a plan for the demo fleet, an emergency override', () => {
  // The product runs without the demo's random faults (PRODUCT_ENV): a lamp silenced by one would miss the plan.
  const session = useProductSession();
  let page: Page;
  beforeEach(async () => {
    ({ page } = session);
    await signInTo(page, '/profile/index');
  });

  // The override's expiry (tasks closed, terminals back on their program at that moment) is checked with injected
  // clocks in apps/server/test/control-emergency-expiry.test.ts; here the console shows it active, then ended.
  it('binds the program on every simulated terminal, overrides it with every lamp at full power, and cancelling ends it', async () => {
    // 1. The policy, started from the "午夜调光" template, with its night drawn on the timeline.
    await openInApp(page, '/policy/list');
    await page.getByTestId('btn-add').click();
    await page.locator('[data-testid="form-dialog-form"][data-state="open"]').waitFor();
    await pick(page, 'field-template', '午夜调光');
    await page.getByTestId('field-name').fill('E2E 午夜调光');
    await page.getByTestId('program-timeline').waitFor();
    await expect.poll(() => page.getByTestId('preview-night').textContent()).toMatch(/h/);
    await page.getByTestId('dialog-save').click();
    await page.getByTestId('data-table').getByText('E2E 午夜调光').waitFor();
    const policies = await api<{ list: Array<{ id: number; name: string; steps: unknown }> }>(page, 'POST', '/api/v1/policy/pageList', { name: 'E2E' });
    const policy = policies.data.list[0];
    expect(policy.steps).toEqual(PROGRAM);

    // 2. A plan for the whole demo fleet, chosen page by page in the server-side picker.
    await openInApp(page, '/plan/list');
    await page.getByTestId('btn-add').click();
    await page.locator('[data-testid="form-dialog-form"][data-state="open"]').waitFor();
    await page.getByTestId('field-name').fill('E2E 演示计划');
    await pick(page, 'field-policy', 'E2E 午夜调光 (rdcsm)');
    const picker = page.getByTestId('terminal-picker');
    for (let p = 1; p <= DEMO / 10; p++) {
      await expect.poll(() => picker.locator('.ant-pagination-item-active').textContent()).toBe(String(p));
      await expect.poll(() => picker.locator('.ant-spin-spinning').count()).toBe(0);
      // The page's own rows, none chosen yet: while the next page loads the table may still show the last one's, all
      // chosen, and checking its header then does nothing.
      await expect.poll(() => picker.locator('.ant-table-thead .ant-checkbox-input').isChecked()).toBe(false);
      await picker.locator('.ant-table-thead .ant-checkbox-input').check();
      await expect.poll(() => page.getByTestId('picker-count').textContent()).toContain(String(p * 10));
      if (p < DEMO / 10) await picker.locator('.ant-pagination-next').click();
    }
    await expect.poll(() => page.getByTestId('picker-count').textContent()).toContain(String(DEMO));
    await page.getByTestId('dialog-save').click();
    await page.getByTestId('data-table').getByText('E2E 演示计划').waitFor();

    // 3. Every simulated terminal replies that it bound the program.
    const planOf = async () => (await api<{ list: Array<{ id: number; downloads: { succeeded: number; total: number } }> }>(page, 'POST', '/api/v1/plan/list', {})).data.list[0];
    await expect.poll(async () => (await planOf()).downloads, { timeout: 30_000, interval: 1000 }).toEqual({ total: DEMO, pending: 0, succeeded: DEMO, failed: 0 });
    await page.reload();
    await expect.poll(() => page.getByTestId('plan-downloads').first().textContent()).toMatch(new RegExp(`${DEMO}\\D+${DEMO}`));

    // 4. Emergency "all on": every lamp on at full power.
    const ids = (await api<{ list: Array<{ terminalId: number }> }>(page, 'GET', '/api/v1/query/terminals?pageSize=100')).data.list.map((t) => t.terminalId);
    const e = await api<{ id: number }>(page, 'POST', '/api/v1/plan/emergency/add', { name: 'E2E 暴雨全开', action: 'on', level: 100, groupMode: 1, targetIds: ids, durationMin: 60 });
    expect(e.code).toBe(200);
    await openInApp(page, '/plan/emergency');
    await page.getByTestId('active-overrides').getByText('E2E 暴雨全开').waitFor();
    const overridden = async () => (await api<{ overridden: number }>(page, 'GET', '/api/v1/queryManautoData')).data.overridden;
    await expect.poll(overridden, { timeout: 30_000, interval: 1000 }).toBe(DEMO);
    for (const b of await freshBeats(page)) expect([b.terminalId, b.on, b.dim === null ? 100 : b.dim]).toEqual([b.terminalId, true, 100]);

    // 5. Ended early, the override leaves every terminal and the page shows none active.
    expect((await api(page, 'POST', `/api/v1/plan/emergency/cancel/${e.data.id}`)).code).toBe(200);
    await expect.poll(overridden, { timeout: 30_000, interval: 1000 }).toBe(0);
    await page.reload();
    await page.getByTestId('no-active').waitFor();
    expect((await api<{ state: string }>(page, 'GET', `/api/v1/plan/emergency/info/${e.data.id}`)).data.state).toBe('cancelled');
    // Every terminal confirms the withdrawal.
    const tasks = async () => (await api<{ list: Array<{ state: string; cmd: string }> }>(page, 'GET', `/api/v1/policy/task?source=emergency&sourceId=${e.data.id}&pageSize=100`)).data.list;
    await expect.poll(async () => (await tasks()).filter((t) => t.cmd === 'override.clear' && t.state === 'succeeded').length, { timeout: 30_000, interval: 1000 }).toBe(DEMO);
  });
});
