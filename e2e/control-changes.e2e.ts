import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pick, row } from './support/antd.js';
import { api, signInTo } from './support/browser.js';
import { useProductSession } from './support/session.js';
import { docShot } from './support/doc-shot.js';
import { openInApp } from './support/in-app.js';

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
const PROGRAM = [{ at: 'sunset', action: 'on', level: 100 }, { at: 'sunrise', action: 'off' }];

async function demoLamps(page: Page, n: number): Promise<Array<{ terminalId: number; sn: string }>> {
  const res = await api<{ list: Array<{ terminalId: number; sn: string }> }>(page, 'GET', `/api/v1/query/terminals?pageSize=${n}&family=rdcsm`);
  return res.data.list;
}
const demoTerminals = async (page: Page, n: number) => (await demoLamps(page, n)).map((t) => t.terminalId);

/** Plan edit and delete, emergency cancel, each behind its confirm dialog, in both languages. */
describe('control changes in Chromium: edit and delete a plan, cancel an emergency plan', () => {
  const session = useProductSession();
  let page: Page;
  beforeEach(async () => {
    ({ page } = session);
    await signInTo(page, '/profile/index');
  });

  it('renames a plan, deletes it after confirming, and cancels an active override from its card', async () => {
    const targets = await demoTerminals(page, 3);
    const policy = await api<{ id: number }>(page, 'POST', '/api/v1/policy/addData', { name: 'E2E 变更策略', family: 'rdcsm', model: 2, steps: PROGRAM });
    const plan = await api<{ id: number }>(page, 'POST', '/api/v1/plan/add', { name: 'E2E 待修改', policyId: policy.data.id, groupMode: 1, targetIds: targets, startDate: today(), endDate: today() });
    expect(plan.code).toBe(200);

    await openInApp(page, '/plan/list');
    await row(page, 'E2E 待修改').getByTestId('row-edit').click();
    await page.locator('[data-testid="form-dialog-form"][data-state="open"]').waitFor();
    expect(await page.getByTestId('field-name').inputValue()).toBe('E2E 待修改');
    await page.getByTestId('field-name').fill('E2E 已修改');
    await page.getByTestId('dialog-save').click();
    await row(page, 'E2E 已修改').waitFor();
    expect((await api<{ name: string; targetIds: number[] }>(page, 'GET', `/api/v1/plan/info/${plan.data.id}`)).data).toMatchObject({ name: 'E2E 已修改', targetIds: targets });

    const e = await api<{ id: number }>(page, 'POST', '/api/v1/plan/emergency/add', { name: 'E2E 暴雨', action: 'on', level: 100, groupMode: 1, targetIds: targets, durationMin: 60 });
    expect(e.code).toBe(200);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      await page.locator(`[data-testid=lang-switch] [data-locale="${lang}"]`).click();
      await openInApp(page, '/plan/list');
      await row(page, 'E2E 已修改').waitFor();
      await docShot(page, `control-plan-actions-${lang}.png`);
      await openInApp(page, '/plan/emergency');
      await page.getByTestId('active-overrides').getByTestId('row-cancel').waitFor();
      await docShot(page, `control-emergency-cancel-${lang}.png`);
    }

    await page.getByTestId('active-overrides').getByTestId('row-cancel').click();
    await page.locator('.ant-modal-confirm-title', { hasText: '取消应急计划？' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('.ant-modal-root [class*="-appear"], .ant-modal-root [class*="-enter"]'));
    await docShot(page, 'control-emergency-confirm-zh-CN.png');
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('no-active').waitFor();
    await row(page, 'E2E 暴雨').getByText('已取消').waitFor();
    expect((await api<{ state: string }>(page, 'GET', `/api/v1/plan/emergency/info/${e.data.id}`)).data.state).toBe('cancelled');

    await openInApp(page, '/plan/list');
    await row(page, 'E2E 已修改').getByTestId('row-delete').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('data-table').getByText('E2E 已修改').count(), { timeout: 30_000 }).toBe(0);
    expect((await api(page, 'GET', `/api/v1/plan/info/${plan.data.id}`)).code).toBe(404);
  });

  it('prices the night in the policy editor with an electricity set, and names the maintenance unit when dispatching', async () => {
    const periods = [{ from: '00:00', to: '08:00', price: 0.3 }, { from: '08:00', to: '22:00', price: 1 }, { from: '22:00', to: '24:00', price: 0.5 }];
    expect((await api(page, 'POST', '/api/v1/electricity/set/add', { name: '峰谷电价', periods })).code).toBe(200);
    const [lamp] = await demoLamps(page, 1);
    expect((await api(page, 'POST', '/api/v1/maintenance/set/add', { name: '东区维保', unit: '东区照明公司', contact: '李工', phone: '13800000000', intervalDays: 90, terminalIds: [lamp.terminalId] })).code).toBe(200);
    const alarm = await api<{ alarmId: number }>(page, 'POST', '/api/v1/alarm/add', { terminalId: lamp.terminalId, kind: 'dayBurning' });
    expect(alarm.code).toBe(200);
    for (const lang of ['zh-CN', 'en-US'] as const) {
      await openInApp(page, '/policy/list');
      await page.locator(`[data-testid=lang-switch] [data-locale="${lang}"]`).click();
      await page.getByTestId('btn-add').click();
      await page.locator('[data-testid="form-dialog-form"][data-state="open"]').waitFor();
      await pick(page, 'preview-tariff', '峰谷电价');
      await expect.poll(() => page.getByTestId('preview-cost').textContent()).toMatch(/kWh.*CNY/);
      await page.getByTestId('preview-cost').scrollIntoViewIfNeeded();
      await docShot(page, `control-policy-cost-${lang}.png`);
      await page.getByTestId('dialog-cancel').click();

      await openInApp(page, '/bjsz/list');
      await page.getByTestId('search-sn').fill(lamp.sn);
      await page.getByTestId('btn-search').click();
      const alarmRow = page.locator(`tr[data-row-key="${alarm.data.alarmId}"]`);
      await alarmRow.locator('.ant-checkbox-input').check();
      await page.getByTestId('btn-dispatch').click();
      await expect.poll(() => page.getByTestId('dispatch-units').textContent()).toContain('东区照明公司');
      await page.locator('[data-testid="form-dialog-form"][data-state="open"]').waitFor();
      await docShot(page, `control-dispatch-unit-${lang}.png`);
      await page.getByTestId('dialog-cancel').click();
    }
  });
});
