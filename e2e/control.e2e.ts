import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pick } from './support/antd.js';
import { api, signIn } from './support/browser.js';
import { useProductSession } from './support/session.js';

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

/**
 * Asks every terminal for a heartbeat now and returns the answers. The demo fleet injects random faults,
 * one of which keeps a terminal silent for one to five minutes, so all but a few must answer.
 */
async function freshBeats(page: Page): Promise<Beat[]> {
  const since = Date.now();
  expect((await api(page, 'POST', '/api/v1/terminal/heart/send/all', {})).code).toBe(200);
  let beats = new Map<number, Beat>();
  await expect.poll(async () => (beats = await beatsSince(page, since)).size, { timeout: 30_000, interval: 1000 }).toBeGreaterThanOrEqual(DEMO - 3);
  await new Promise((r) => setTimeout(r, 3000));
  return [...(await beatsSince(page, since)).values()];
}

describe('control in Chromium: a policy from a template, a plan for the demo fleet, an emergency override', () => {
  // Without the demo's random faults: a lamp silenced by one would miss the plan until it speaks again.
  const session = useProductSession({}, { DEMO_FAULT_RATE: '0' });
  let page: Page;
  beforeEach(async () => {
    ({ page } = session);
    await page.goto('/login');
    await signIn(page);
    await page.waitForURL(/\/dashboard$/);
  });

  it('binds the program on every simulated terminal, overrides it for two minutes, then the terminals return to it', async () => {
    // 1. The policy, started from the "午夜调光" template, with its night drawn on the timeline.
    await page.goto('/policy/list');
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
    await page.goto('/plan/list');
    await page.getByTestId('btn-add').click();
    await page.locator('[data-testid="form-dialog-form"][data-state="open"]').waitFor();
    await page.getByTestId('field-name').fill('E2E 演示计划');
    await pick(page, 'field-policy', 'E2E 午夜调光 (rdcsm)');
    const picker = page.getByTestId('terminal-picker');
    for (let p = 1; p <= DEMO / 10; p++) {
      await expect.poll(() => picker.locator('.ant-pagination-item-active').textContent()).toBe(String(p));
      await expect.poll(() => picker.locator('.ant-spin-spinning').count()).toBe(0);
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

    // 4. Emergency "all on" for two minutes: every lamp on at full power.
    const ids = (await api<{ list: Array<{ terminalId: number }> }>(page, 'GET', '/api/v1/query/terminals?pageSize=100')).data.list.map((t) => t.terminalId);
    const e = await api<{ id: number; expireAt: string }>(page, 'POST', '/api/v1/plan/emergency/add', { name: 'E2E 暴雨全开', action: 'on', level: 100, groupMode: 1, targetIds: ids, durationMin: 2 });
    expect(e.code).toBe(200);
    await page.goto('/plan/emergency');
    await page.getByTestId('active-overrides').getByText('E2E 暴雨全开').waitFor();
    await expect.poll(async () => (await api<{ overridden: number }>(page, 'GET', '/api/v1/queryManautoData')).data.overridden, { timeout: 30_000, interval: 1000 }).toBe(DEMO);
    for (const b of await freshBeats(page)) expect([b.terminalId, b.on, b.dim === null ? 100 : b.dim]).toEqual([b.terminalId, true, 100]);

    // 5. After expiry each terminal is back on its program, by itself: what the program says for now at the demo place.
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(e.data.expireAt) - Date.now()) + 61_000));
    await page.reload();
    await page.getByTestId('no-active').waitFor();
    const now = new Date();
    const preview = await api<{ segments: Array<{ from: number; to: number; level: number }> }>(page, 'POST', '/api/v1/policy/preview', { steps: PROGRAM, lat: 31.23, lng: 121.47, date: new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10), timeZone: 'Asia/Shanghai' });
    const minute = Math.floor(((now.getTime() + 8 * 3_600_000) % 86_400_000) / 60_000);
    const expected = preview.data.segments.find((s) => s.from <= minute && minute < s.to)!.level;
    for (const b of await freshBeats(page)) {
      expect([b.terminalId, b.on]).toEqual([b.terminalId, expected > 0]);
      if (expected > 0 && b.dim !== null) expect([b.terminalId, b.dim]).toEqual([b.terminalId, expected]);
    }
  }, 360_000);
});
