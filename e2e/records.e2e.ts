import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openFormDialog, pick, row } from './support/antd.js';
import { api, signInTo } from './support/browser.js';
import { createScopedUser, searchPick } from './support/records.js';
import { useProductSession } from './support/session.js';
import { openInApp } from './support/in-app.js';
import { shown } from './support/wait.js';
import { demoTerminals } from '../apps/server/src/seed/seed-demo-terminals.js';

// testids: heart-run (data-done, data-total, data-running), btn-heart-all, row-terminals, box-unmounted, box-mounted,
// btn-mount, btn-unmount, box-terminal-count, btn-replace, field-terminalId, field-replacementId, field-reason, terminal-link,
// row-detail, log-detail, query-error, coming-soon.

/** Every page of issue 11, with a column header in each language. */
const PAGES = [
  { path: '/terminal/box', zh: '箱体名称', en: 'Box name' },
  { path: '/terminal/inventory', zh: '库存状态', en: 'Stock status' },
  { path: '/terminal/repair', zh: '故障终端', en: 'Failed terminal' },
  { path: '/terminal/heart', zh: '执行状态', en: 'State' },
  ...['unline', 'gmt', 'heart', 'init', 'leakage', 'lock', 'status', 'timing'].map((k) => ({ path: `/log/${k}`, zh: '日志内容', en: 'Message' })),
  { path: '/log/operation', zh: '指令', en: 'Command' },
  { path: '/log/report', zh: '事件', en: 'Event' },
];
/** The demo terminals of department 3 (运维二部), which has no sub-departments, as the demo seed places them. */
const DEPT3_SNS = demoTerminals().filter((d) => d.deptId === 3).map((d) => d.sn);

describe('fleet records and device logs in Chromium', () => {
  const session = useProductSession();
  let context: BrowserContext;
  let page: Page;
  beforeEach(() => ({ context, page } = session));

  const signInAs = async (username = 'admin', password = '123456', lang?: 'en-US') => {
    if (lang) await context.addCookies([{ name: 'language', value: lang, url: session.product.baseUrl }]);
    // The landing map is not what these tests read: a light page instead (signInTo).
    await signInTo(page, '/profile/index', username, password);
  };
  /** A page by a route change inside the app (a sidebar click's), once its table shows. */
  const open = async (path: string) => {
    await openInApp(page, path);
    await shown(page.getByTestId('data-table').first());
  };
  const tableSns = async () => (await page.getByTestId('data-table').first().locator('[data-testid="terminal-link"] + div').allInnerTexts()).map((s) => s.trim());

  it('requests heartbeats from all demo terminals and watches the progress reach 30 of 30', async () => {
    await signInAs();
    // The demo fleet connects at start; wait until every demo terminal is online so all 30 can answer.
    await expect.poll(async () => (await api<{ online: number }>(page, 'GET', '/api/v1/terminal/tab')).data?.online, { timeout: 60_000, interval: 1000 }).toBe(30);
    await open('/terminal/heart');
    const run = page.getByTestId('heart-run');
    await page.getByTestId('btn-heart-all').click();
    await run.waitFor();
    expect(await run.getAttribute('data-total')).toBe('30');
    await expect.poll(() => run.getAttribute('data-done'), { timeout: 30_000 }).toBe('30');
    await expect.poll(() => run.getAttribute('data-running')).toBe('false');
    expect(await page.getByTestId('heart-run-text').innerText()).toContain('已完成 30 / 30');
    // The test log lists the requests with their outcome.
    await expect.poll(async () => page.getByTestId('task-state').count()).toBeGreaterThan(0);
    await page.getByTestId('row-detail').first().click();
    expect(await page.getByTestId('log-detail').innerText()).toContain('heartbeat.request');
  });

  it('adds a box, mounts a terminal in it and unmounts it', async () => {
    await signInAs();
    await open('/terminal/box');
    await openFormDialog(page, 'btn-add');
    await page.getByTestId('dialog-save').click();
    await page.getByText('请填写箱体名称').waitFor();
    await page.getByTestId('field-name').fill('E2E 配电箱');
    await page.getByTestId('field-code').fill('E2E-BOX-1');
    await pick(page, 'field-deptId', '运维一部');
    await page.getByTestId('dialog-save').click();
    const box = row(page, 'E2E-BOX-1');
    await box.waitFor();
    expect(await box.getByTestId('box-terminal-count').innerText()).toBe('0');

    await box.getByTestId('row-terminals').click();
    await page.getByRole('tab', { name: '未挂载' }).click();
    const unmounted = page.getByTestId('box-unmounted');
    await unmounted.getByTestId('search-sn').fill('DEMO-SM-003');
    await unmounted.getByTestId('btn-search').click();
    const candidate = unmounted.locator('tr', { hasText: 'DEMO-SM-003' });
    await candidate.waitFor();
    await candidate.locator('.ant-checkbox-input').check();
    await unmounted.getByTestId('btn-mount').click();
    await page.getByText('已将 1 台终端挂载到“E2E 配电箱”').waitFor();
    await expect.poll(() => unmounted.locator('tr', { hasText: 'DEMO-SM-003' }).count()).toBe(0);

    await page.getByRole('tab', { name: '已挂载' }).click();
    const mounted = page.getByTestId('box-mounted');
    const inBox = mounted.locator('tr', { hasText: 'DEMO-SM-003' });
    await inBox.waitFor();
    expect(await inBox.innerText()).toContain('E2E 配电箱');
    expect(await box.getByTestId('box-terminal-count').innerText()).toBe('1');
    await inBox.locator('.ant-checkbox-input').check();
    await mounted.getByTestId('btn-unmount').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByText('已卸载 1 台终端').waitFor();
    await expect.poll(() => mounted.locator('tr', { hasText: 'DEMO-SM-003' }).count()).toBe(0);
    expect(await box.getByTestId('box-terminal-count').innerText()).toBe('0');
  });

  it('replaces a terminal through the repairs page, keeping both histories and the replacement record', async () => {
    await signInAs('admin', '123456', 'en-US');
    const spare = await api<{ terminalId: number }>(page, 'POST', '/api/v1/terminal/add', { sn: 'E2E-SPARE-01', name: 'E2E spare cabinet', family: 'rdcsm', model: 1, status: 2, deptId: 1 });
    expect(spare.code).toBe(200);
    const failed = (await api<{ list: Array<{ terminalId: number }> }>(page, 'GET', '/api/v1/terminal/list?sn=DEMO-SM-001')).data.list[0];

    await open('/terminal/repair');
    await openFormDialog(page, 'btn-replace');
    await page.getByTestId('dialog-save').click();
    await page.locator('.ant-form-item-explain-error').first().waitFor();
    await searchPick(page, 'field-terminalId', 'DEMO-SM-001');
    await searchPick(page, 'field-replacementId', 'E2E-SPARE');
    await page.getByTestId('field-reason').fill('Lamp controller burnt out');
    await page.getByTestId('dialog-save').click();
    await page.getByText('Terminal replaced').waitFor();

    const record = row(page, 'E2E-SPARE-01');
    await record.waitFor();
    expect(await record.innerText()).toContain('DEMO-SM-001');
    expect(await record.innerText()).toContain('Lamp controller burnt out');
    // Found again by the failed terminal's serial number.
    await page.getByTestId('search-keyword').fill('DEMO-SM-001');
    await page.getByTestId('btn-search').click();
    await expect.poll(() => page.getByTestId('data-table').locator('tbody tr.ant-table-row').count()).toBe(1);

    // Each terminal keeps its own status history.
    const history = async (id: number) => (await api<Array<{ fromStatus: number; toStatus: number; reason: string }>>(page, 'GET', `/api/v1/terminal/status/log/${id}`)).data;
    expect((await history(failed.terminalId))[0]).toMatchObject({ fromStatus: 3, toStatus: 4, reason: expect.stringContaining('Lamp controller burnt out') });
    expect((await history(spare.data.terminalId))[0]).toMatchObject({ fromStatus: 2, toStatus: 3, reason: expect.stringContaining('DEMO-SM-001') });
    // Both terminal names lead to their detail pages.
    await row(page, 'E2E-SPARE-01').getByRole('link', { name: 'E2E spare cabinet' }).click();
    await page.waitForURL(new RegExp(`/terminal/detail/${spare.data.terminalId}$`));
  });

  for (const lang of ['zh-CN', 'en-US'] as const) {
    it(`shows every records and log page to the administrator in ${lang}, none "coming soon"`, async () => {
      await signInAs('admin', '123456', lang === 'en-US' ? 'en-US' : undefined);
      for (const p of PAGES) {
        await open(p.path);
        expect(await page.getByTestId('coming-soon').count(), p.path).toBe(0);
        await page.getByTestId('data-table').first().locator('th', { hasText: lang === 'zh-CN' ? p.zh : p.en }).first().waitFor();
        expect(await page.getByTestId('query-error').count(), p.path).toBe(0);
      }
      await open('/log/heart');
      await expect.poll(async () => (await tableSns()).length).toBeGreaterThan(0);
      await page.getByTestId('row-detail').first().click();
      const detail = await page.getByTestId('log-detail').innerText();
      expect(detail).toContain(lang === 'zh-CN' ? '日志内容' : 'Message');
      // The message is the console's language, not the gateway's stored English.
      expect(detail).toMatch(lang === 'zh-CN' ? /请求心跳|指令 \S+ 执行(成功|失败)/ : /Heartbeat requested by|Command \S+ (succeeded|failed)/);
    });
  }

  for (const lang of ['zh-CN', 'en-US'] as const) {
    it(`shows a user scoped to one department only that department's records in ${lang}`, async () => {
      await signInAs();
      const username = `e2e_dept3_${lang === 'zh-CN' ? 'zh' : 'en'}`;
      await createScopedUser(page, { username, password: 'e2e-pass-1', deptId: 3, menus: ['Terminal', 'Log'] });
      await api(page, 'POST', '/api/v1/terminal/box/add', { name: `Box of ops two ${lang}`, code: `E2E-D3-${lang}`, deptId: 3 });
      await api(page, 'POST', '/api/v1/terminal/box/add', { name: `Box of ops one ${lang}`, code: `E2E-D2-${lang}`, deptId: 2 });
      await context.clearCookies();
      await signInAs(username, 'e2e-pass-1', lang === 'en-US' ? 'en-US' : undefined);

      for (const p of PAGES) {
        await open(p.path);
        expect(await page.getByTestId('coming-soon').count(), p.path).toBe(0);
        await page.getByTestId('data-table').first().locator('th', { hasText: lang === 'zh-CN' ? p.zh : p.en }).first().waitFor();
      }
      await open('/terminal/box');
      await row(page, `E2E-D3-${lang}`).waitFor();
      expect(await page.getByTestId('data-table').innerText()).not.toContain(`E2E-D2-${lang}`);

      await open('/terminal/heart');
      await page.getByTestId('btn-heart-all').click();
      const run = page.getByTestId('heart-run');
      await expect.poll(() => run.getAttribute('data-total'), { timeout: 10_000 }).toBe(String(DEPT3_SNS.length));
      await expect.poll(() => run.getAttribute('data-running'), { timeout: 90_000 }).toBe('false');
      await expect.poll(async () => (await tableSns()).length).toBeGreaterThan(0);
      for (const sn of await tableSns()) expect(DEPT3_SNS).toContain(sn);
      // The device heart log holds every request, of all departments; the user sees only those of its own.
      await open('/log/heart');
      await expect.poll(async () => (await tableSns()).length).toBeGreaterThan(0);
      for (const sn of await tableSns()) expect(DEPT3_SNS).toContain(sn);
    });
  }

  it('hides every records action from a user who may only look', async () => {
    await signInAs();
    const pages = ['TerminalBox', 'TerminalInventory', 'TerminalRepair', 'HeartTest'];
    await createScopedUser(page, { username: 'e2e_looker', password: 'e2e-pass-1', deptId: 2, exact: true, menus: ['Terminal', ...pages, ...pages.map((p) => `${p}Query`)] });
    await api(page, 'POST', '/api/v1/terminal/box/add', { name: 'Looker box', code: 'E2E-LOOK', deptId: 2 });
    await context.clearCookies();
    await signInAs('e2e_looker', 'e2e-pass-1', 'en-US');

    await open('/terminal/box');
    const box = row(page, 'E2E-LOOK');
    await box.waitFor();
    for (const id of ['btn-add', 'btn-delete-selected', 'row-edit', 'row-delete']) expect(await page.getByTestId(id).count(), id).toBe(0);
    await box.getByRole('button', { name: 'Terminals' }).click();
    await page.getByTestId('box-mounted').getByTestId('data-table').waitFor();
    expect(await page.getByTestId('btn-unmount').count()).toBe(0);
    await page.getByRole('tab', { name: 'Not in a box' }).click();
    await page.getByTestId('box-unmounted').locator('[data-testid="terminal-link"]').first().waitFor();
    expect(await page.getByTestId('btn-mount').count()).toBe(0);
    expect(await page.getByTestId('box-unmounted').locator('.ant-checkbox-input').count()).toBe(0);

    await open('/terminal/inventory');
    expect(await page.getByTestId('btn-delete-selected').count()).toBe(0);
    await open('/terminal/repair');
    expect(await page.getByTestId('btn-replace').count()).toBe(0);
    await open('/terminal/heart');
    expect(await page.getByTestId('btn-heart-all').count()).toBe(0);
    expect(await page.getByTestId('btn-heart-one').count()).toBe(0);
    // The server refuses what the console hides.
    expect((await api(page, 'POST', '/api/v1/terminal/heart/send/all', {})).code).toBe(403);
  });
});
