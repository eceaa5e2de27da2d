import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { clickWhenOpen, openFormDialog, row } from './support/antd.js';
import { api, signInTo } from './support/browser.js';
import { useProductSession } from './support/session.js';
import { docShot } from './support/doc-shot.js';
import { openInApp } from './support/in-app.js';

/** The rough edges a new user hits in the first hour (issue 16), each checked where it showed. */
describe('first-hour polish in Chromium at 1400 px', () => {
  const session = useProductSession({ viewport: { width: 1400, height: 900 } });
  let context: BrowserContext;
  let page: Page;
  beforeEach(() => ({ context, page } = session));

  const signInIn = async (locale: 'zh-CN' | 'en-US', to = '/profile/index') => {
    await context.addCookies([{ name: 'language', value: locale, url: session.product.baseUrl }]);
    await signInTo(page, to);
    await page.getByTestId('sidebar').waitFor();
  };
  const sidebar = (p: Page) => p.getByTestId('sidebar');
  /** Opens each folder of the sidebar in turn (the menu keeps one open) and collects what is shown. */
  const eachFolder = async (look: () => Promise<string[]>) => {
    const folders = sidebar(page).locator('.ant-menu-root > .ant-menu-submenu');
    const seen: string[] = [];
    for (let i = 0; i < (await folders.count()); i++) {
      const folder = folders.nth(i);
      const isOpen = async () => (await folder.getAttribute('class'))!.includes('ant-menu-submenu-open');
      if (!(await isOpen())) await folder.locator('> .ant-menu-submenu-title').click();
      await expect.poll(isOpen).toBe(true);
      await folder.locator('.ant-menu-sub .ant-menu-title-content').first().waitFor();
      seen.push(...(await look()));
    }
    return [...new Set(seen)];
  };
  const clippedLabels = () =>
    sidebar(page).locator('.ant-menu-title-content').evaluateAll((els) =>
      els.filter((e) => e.getBoundingClientRect().height > 0 && e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent ?? ''),
    );

  it('shows every English sidebar label whole, and the Chinese sidebar names 操作日志 once', async () => {
    await signInIn('en-US');
    expect(await eachFolder(clippedLabels)).toEqual([]);
    await page.getByTestId('user-menu').click();
    await clickWhenOpen(page.getByTestId('logout'));
    await page.waitForURL(/\/login/);

    await signInIn('zh-CN');
    const labels = await eachFolder(() => sidebar(page).locator('.ant-menu-title-content').allInnerTexts());
    expect(labels.filter((l) => l === '操作日志')).toHaveLength(1);
    expect(labels).toContain('操作记录');
    expect(await eachFolder(clippedLabels)).toEqual([]);
  });

  it('puts an edited menu title in the sidebar; the menu dialog shows each message once and marks required fields', async () => {
    await signInIn('zh-CN');
    await openInApp(page, '/system/menu');
    await page.getByTestId('data-table').waitFor();
    await openFormDialog(page, 'btn-add');
    await page.getByTestId('dialog-save').click();
    const dialog = page.locator('[data-testid="form-dialog-form"]');
    await dialog.locator('.ant-form-item-explain-error').first().waitFor();
    const errors = await dialog.locator('.ant-form-item-explain-error').allInnerTexts();
    expect(errors.length).toBeGreaterThanOrEqual(3);
    expect(new Set(errors).size).toBe(errors.length);
    for (const item of await dialog.locator('.ant-form-item-has-error').all()) {
      expect(await item.locator('.ant-form-item-explain-error').count()).toBe(1);
      expect(await item.locator('.ant-form-item-required').count()).toBe(1);
    }
    await page.getByTestId('dialog-cancel').click();

    await page.getByTestId('search-title').fill('用户管理');
    await page.getByTestId('btn-search').click();
    await row(page, '用户管理').getByTestId('row-edit').click();
    await page.locator('[data-testid="form-dialog-form"][data-state="open"]').waitFor();
    await expect.poll(() => page.getByTestId('field-title').inputValue()).toBe('用户管理');
    await page.getByTestId('field-title').fill('账号管理');
    await page.getByTestId('dialog-save').click();
    await sidebar(page).locator('[data-menu="SysUser"]', { hasText: '账号管理' }).waitFor({ state: 'attached' });
    expect(await sidebar(page).locator('[data-menu="SysUser"]').innerText()).toBe('账号管理');
  });

  it('pops up a notice sent to the top department once, however many departments it reaches', async () => {
    const noticeSocket = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/api/v1/ws/notice/') });
    await signInIn('zh-CN');
    await page.getByTestId('notice-badge').waitFor();
    // A push sent before the notice channel is up would only reach the badge at its next refresh.
    await noticeSocket;
    await page.waitForLoadState('networkidle');
    const unread = async () => Number(await page.getByTestId('notice-badge').getAttribute('data-count'));
    const before = await unread();
    type Dept = { deptId: number; children?: Dept[] };
    const ids = (list: Dept[]): number[] => list.flatMap((d) => [d.deptId, ...ids(d.children ?? [])]);
    const depts = ids((await api<Dept[]>(page, 'GET', '/api/v1/dept')).data);
    expect(depts.length).toBeGreaterThan(1);
    const title = `E2E 全局通知 ${Date.now()}`;
    expect((await api(page, 'POST', '/api/v1/energy/notice/add', { deptIds: depts, sendTitle: title, sendContent: '今晚全域巡检。' })).code).toBe(200);
    // The demo's own notices may reach the badge meanwhile: the sending's rows are counted from the list.
    const unreadOfSending = async () => (await api<{ count: number }>(page, 'POST', '/api/v1/energy/notice/list', { title, recvStatus: 0 })).data.count;
    expect(await unreadOfSending()).toBe(depts.length);
    await expect.poll(unread).toBeGreaterThanOrEqual(before + depts.length);
    expect(await page.locator('.notice-popup').filter({ hasText: title }).count()).toBe(1);
    await page.locator('.notice-popup').filter({ hasText: title }).getByTestId('notice-popup-read').click();
    await expect.poll(unreadOfSending).toBe(0);
  });

  it('shows notice titles whole with the reply column in view, and the users creation time uncut', async () => {
    await signInIn('en-US');
    await openInApp(page, '/notice/list');
    await page.getByTestId('data-table').locator('tbody tr.ant-table-row').first().waitFor();
    const cut = await page.locator('.notice-cell-title').evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).length);
    expect(cut).toBe(0);
    const reply = page.getByTestId('data-table').locator('thead th', { hasText: 'Reply' }).first();
    const box = (await reply.boundingBox())!;
    const actions = (await page.getByTestId('data-table').locator('thead th', { hasText: 'Actions' }).first().boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(actions.x + 1);

    await openInApp(page, '/system/sysuser');
    await row(page, 'admin').waitFor();
    // A time that wraps is laid out on more than one line: count the distinct line tops of its text.
    const lines = await page.getByTestId('data-table').locator('tbody tr.ant-table-row td').evaluateAll((cells) =>
      cells
        .filter((c) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(c.textContent ?? ''))
        .map((c) => {
          const range = document.createRange();
          range.selectNodeContents(c);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        }),
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((n) => n === 1)).toBe(true);
  });

  it.each(['zh-CN', 'en-US'] as const)('looks black-theme by default in %s (dark blue menu); light-theme and the theme colours still apply', async (locale) => {
    await signInIn(locale, '/dashboard');
    const background = () => sidebar(page).evaluate((el) => getComputedStyle(el).backgroundColor);
    const selected = () => sidebar(page).locator('.ant-menu-item-selected').first().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await sidebar(page).getAttribute('data-theme')).toBe('black-theme');
    expect(await background()).toBe('rgb(0, 21, 41)');
    await page.locator('[data-testid=fleet-map][data-state=ready]').waitFor();
    await docShot(page, `polish-black-theme-${locale}.png`);

    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-panel').waitFor();
    const before = await selected();
    await page.locator('[data-testid="theme-swatch"][data-color="#11a983"]').click();
    await expect.poll(selected).not.toBe(before);
    await page.locator('[data-side-theme="light-theme"]').click();
    await expect.poll(background).toBe('rgb(255, 255, 255)');
    await page.getByTestId('settings-reset').click();
    await expect.poll(background).toBe('rgb(0, 21, 41)');
  });

  it('names the seeded roles in English in an English session', async () => {
    await signInIn('en-US');
    await openInApp(page, '/system/role');
    await page.getByTestId('data-table').locator('tbody tr.ant-table-row').first().waitFor();
    const table = await page.getByTestId('data-table').locator('tbody').innerText();
    expect(table).toContain('Administrator');
    expect(table).not.toMatch(/系统管理员|运维人员|访客/);
  });
});
