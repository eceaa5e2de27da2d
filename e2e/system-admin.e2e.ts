import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openFormDialog, pick, row, treeNode } from './support/antd.js';
import { signInTo } from './support/browser.js';
import { useProductSession } from './support/session.js';
import { openInApp } from './support/in-app.js';

// One product for the file: the QR sign-in runs after the administration tests and binds only the operator.
const session = useProductSession({ acceptDownloads: true });

describe('system administration in Chromium', () => {
  let context: BrowserContext;
  let page: Page;
  beforeEach(() => ({ context, page } = session));

  const signInAs = async (username = 'admin', password = '123456') => {
    // The landing map is not what these tests read: a light page instead (signInTo).
    await signInTo(page, '/profile/index', username, password);
  };
  const open = async (route: string) => {
    await openInApp(page, route);
    await page.getByTestId('data-table').waitFor();
  };

  it('creates a department, a role with some menus and a user who then sees only those menus and buttons', async () => {
    await signInAs();
    await open('/system/dept');
    await page.getByTestId('btn-add').click();
    await page.getByTestId('field-deptName').fill('E2E巡检部');
    await pick(page, 'field-parentId', '路灯管理中心');
    await page.getByTestId('dialog-save').click();
    await row(page, 'E2E巡检部').waitFor();

    await open('/system/role');
    await page.getByTestId('btn-add').click();
    await page.getByTestId('field-roleName').fill('E2E巡检员');
    await page.getByTestId('field-roleKey').fill('e2e_inspector');
    await (await treeNode(page, 'menu-tree', '数字地图')).locator('.ant-tree-checkbox').click();
    const users = await treeNode(page, 'menu-tree', '用户管理');
    await users.locator('.ant-tree-switcher').click();
    await (await treeNode(page, 'menu-tree', '查询')).locator('.ant-tree-checkbox').click();
    await page.getByTestId('dialog-save').click();
    await row(page, 'E2E巡检员').waitFor();

    await open('/system/sysuser');
    await page.getByTestId('btn-add').click();
    await page.getByTestId('field-username').fill('e2e_user');
    await page.getByTestId('field-nickName').fill('巡检员甲');
    await page.getByTestId('field-password').fill('e2e-pass-1');
    await pick(page, 'field-deptId', 'E2E巡检部');
    await pick(page, 'field-roleIds', 'E2E巡检员');
    await page.getByTestId('dialog-save').click();
    await row(page, 'e2e_user').waitFor();

    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
    await signInAs('e2e_user', 'e2e-pass-1');
    const sidebar = await page.getByTestId('sidebar').innerText();
    expect(sidebar).toContain('数字地图');
    expect(sidebar).toContain('系统管理');
    for (const hidden of ['终端管理', '告警管理', '角色管理']) expect(sidebar).not.toContain(hidden);

    await open('/system/sysuser');
    await row(page, 'e2e_user').waitFor();
    for (const button of ['btn-add', 'btn-export', 'btn-import', 'row-edit', 'row-delete']) {
      expect(await page.getByTestId(button).count(), button).toBe(0);
    }
    // Typed into the address bar: a page outside the user's menus.
    await page.goto('/system/role');
    await page.waitForURL(/\/404$/);
  });

  it('exports the user list as an .xlsx whose rows match the table', async () => {
    await signInAs();
    await open('/system/sysuser');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('btn-export').click()]);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sl-export-')), 'users.xlsx');
    await download.saveAs(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const names = wb.worksheets[0].getSheetValues().slice(2).map((r) => String((r as unknown[])[1])); // column A: user name
    expect(names).toEqual(expect.arrayContaining(['admin', 'operator', 'visitor']));
    const shown = await page.getByTestId('data-table').locator('tbody tr.ant-table-row').count();
    expect(names.length).toBe(shown);
  });

  it('adds and edits an enterprise and a configuration row through their dialogs', async () => {
    await signInAs();
    await open('/system/enterprise');
    await page.getByTestId('btn-add').click();
    await page.getByTestId('field-name').fill('E2E照明工程公司');
    await page.getByTestId('field-code').fill('E2E-LIGHT');
    await page.getByTestId('dialog-save').click();
    await row(page, 'E2E-LIGHT').waitFor();
    await row(page, 'E2E-LIGHT').getByTestId('row-edit').click();
    await expect.poll(() => page.getByTestId('field-name').inputValue()).toBe('E2E照明工程公司');
    await page.getByTestId('field-name').fill('E2E照明工程有限公司');
    await page.getByTestId('dialog-save').click();
    await row(page, 'E2E照明工程有限公司').waitFor();

    await open('/system/config');
    await page.getByTestId('btn-add').click();
    await page.getByTestId('field-configName').fill('E2E参数');
    await page.getByTestId('field-configKey').fill('e2e.sample.key');
    await page.getByTestId('field-configValue').fill('42');
    await page.getByTestId('dialog-save').click();
    await row(page, 'e2e.sample.key').waitFor();
  });

  it("asks for the administrator's own password (身份验证) before resetting another user's password", async () => {
    await signInAs();
    await open('/system/sysuser');
    await row(page, 'operator').getByTestId('row-reset-pwd').click();
    const check = page.locator('.ant-modal:visible', { has: page.getByTestId('password-check-input') });
    await check.waitFor();
    expect(await page.locator('.ant-modal-title:visible').first().innerText()).toBe('身份验证');
    expect(await page.getByTestId('password-check-account').innerText()).toBe('admin');
    await page.getByTestId('password-check-input').press('Enter');
    await check.getByText('请输入密码').waitFor();

    await page.getByTestId('password-check-input').fill('  not-my-password ');
    await page.getByTestId('password-check-input').press('Enter');
    await page.locator('.ant-notification-notice', { hasText: '密码错误' }).waitFor();
    expect(await check.isVisible()).toBe(true);
    expect(await page.getByTestId('field-password').count()).toBe(0);

    await page.getByTestId('password-check-input').fill(' 123456 ');
    await page.getByTestId('password-check-confirm').click();
    await page.getByTestId('field-password').waitFor();
    await check.waitFor({ state: 'hidden' });
  });

  it('rejects bad input in the forms with a clear message in both languages', async () => {
    await signInAs();
    await open('/system/dept');
    await openFormDialog(page, 'btn-add');
    await page.getByTestId('dialog-save').click();
    const zh = await page.locator('.ant-form-item-explain-error').first().innerText();
    expect(zh).toMatch(/[\u4e00-\u9fff]/);
    await page.getByTestId('field-deptName').fill('x');
    await page.getByTestId('field-phone').fill('call me');
    await page.getByTestId('dialog-save').click();
    await expect.poll(() => page.locator('.ant-form-item-explain-error').first().innerText()).toMatch(/[\u4e00-\u9fff]/);

    await context.addCookies([{ name: 'language', value: 'en-US', url: session.product.baseUrl }]);
    await page.reload();
    await openFormDialog(page, 'btn-add');
    await page.getByTestId('dialog-save').click();
    const en = await page.locator('.ant-form-item-explain-error').first().innerText();
    expect(en).toMatch(/required/i);
    expect(en).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it("names the password policy's broken rule in the new-user form before sending, as the server words it (issue 24)", async () => {
    await context.addCookies([{ name: 'language', value: 'en-US', url: session.product.baseUrl }]);
    await signInAs();
    await open('/system/sysuser');
    await openFormDialog(page, 'btn-add');
    const error = () => page.locator('.ant-form-item-explain-error').first().innerText();
    await page.getByTestId('field-username').fill('e2e_weakling');
    await page.getByTestId('field-password').fill('12345678');
    await expect.poll(error).toBe('Password policy: the new password is a common one that is easily guessed; choose another');
    await page.getByTestId('field-password').fill('E2E_Weakling');
    await expect.poll(error).toBe('Password policy: the new password must not be the username');
    await page.getByTestId('field-username').fill('e2e_sturdy');
    await expect.poll(() => page.locator('.ant-form-item-explain-error').count()).toBe(0);
  });
});

describe('QR sign-in with the stand-in messaging app in Chromium', () => {
  beforeEach(() => session.page.setViewportSize({ width: 1280, height: 860 }));

  /** What a phone does after scanning: open the stand-in page and confirm; it lands back on /wxcode-redirect. */
  const openStandin = async (page: Page) => {
    await page.goto('/login');
    await page.getByTestId('qr-login-switch').click();
    await page.getByTestId('qr-code').waitFor();
    await page.getByTestId('qr-open-link').click();
    await page.waitForURL(/\/wx-standin\?state=/);
    await page.getByTestId('wx-standin-hint').waitFor();
  };
  const confirmStandin = async (page: Page, password?: string) => {
    if (password !== undefined) await page.getByTestId('wx-standin-password').fill(password);
    await page.getByTestId('wx-standin-confirm').click();
    await page.waitForURL(/\/wxcode-redirect|\/dashboard/);
  };

  it("binds the app identity to a user with a phone on first use, then signs in by QR with that user's password", async () => {
    const { context, page, product } = session;
    await openStandin(page);
    expect(await page.getByTestId('wx-standin-hint').innerText()).toMatch(/密码/);
    await confirmStandin(page);
    await page.getByTestId('wx-bind-form').waitFor();
    await page.getByTestId('wx-bind-username').fill('operator');
    await page.getByTestId('wx-bind-password').fill('123456');
    await page.getByTestId('wx-bind-phone').fill('13912345678');
    await page.getByTestId('wx-bind-submit').click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('user-menu').waitFor();

    const token = (await context.cookies()).find((c) => c.name === 'Admin-Token')!.value;
    const profile = await (await fetch(`${product.baseUrl}/api/v1/user/profile`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(profile.data).toMatchObject({ username: 'operator', phone: '13912345678' });

    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
    await openStandin(page);
    await page.getByTestId('wx-standin-confirm').click();
    expect(await page.getByTestId('wx-standin-error').innerText()).toMatch(/密码/);
    await confirmStandin(page, '123456');
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByTestId('wx-bind-form').count()).toBe(0);
  });
});
