import { formatMessage, type Locale, type MessageKey, type MessageParams } from '@sl/contracts';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { clickWhenOpen, openFormDialog, row } from './support/antd.js';
import { api, hasCjk, signIn } from './support/browser.js';
import { useProductSession } from './support/session.js';
import { openInApp } from './support/in-app.js';

/** Runs the action and returns the `msg` of the first reply from a URL ending with the path. */
async function replyTo(page: Page, path: string, action: () => Promise<void>): Promise<string> {
  const [response] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(path)), action()]);
  return ((await response.json()) as { msg: string }).msg;
}

// One product for both languages: each makes its own enterprise code, and the refused deletion changes nothing.
const session = useProductSession();

describe.each<Locale>(['zh-CN', 'en-US'])('server messages in a %s session', (locale) => {
  const expectShown = async (page: Page, msg: string, key: MessageKey, params?: MessageParams) => {
    expect(msg).toBe(formatMessage(key, locale, params));
    expect(hasCjk(msg)).toBe(locale === 'zh-CN');
    await page.locator('.ant-notification-notice, .ant-message-notice', { hasText: msg }).first().waitFor();
  };

  it('fails a sign-in, duplicates an enterprise and deletes oneself, each answered in the session language', async () => {
    const { context, page, product } = session;
    await context.addCookies([{ name: 'language', value: locale, url: product.baseUrl }]);

    await page.goto('/login');
    const refused = await replyTo(page, '/api/login', () => signIn(page, 'admin', 'not-the-password'));
    await expectShown(page, refused, 'auth.badCredentials');

    await page.getByTestId('login-password').fill('123456');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/dashboard$/);

    const code = `MSG-${locale}`;
    expect((await api(page, 'POST', '/api/v1/enterpriseAdd', { name: `Original ${locale}`, code })).code).toBe(200);
    await openInApp(page, '/system/enterprise');
    await page.getByTestId('data-table').waitFor();
    await openFormDialog(page, 'btn-add');
    await page.getByTestId('field-name').fill(`Copy ${locale}`);
    await page.getByTestId('field-code').fill(code);
    const duplicate = await replyTo(page, '/api/v1/enterpriseAdd', () => page.getByTestId('dialog-save').click());
    await expectShown(page, duplicate, 'system.enterpriseCodeTaken', { code, name: `Original ${locale}` });

    await openInApp(page, '/system/sysuser');
    await row(page, 'admin').getByTestId('row-delete').click();
    // The confirmation zooms in from the row's button: a click while it moves can press on the OK button and
    // release beside it, which clicks nothing and sends no request.
    const self = await replyTo(page, '/api/v1/sysUser/1', () => clickWhenOpen(page.getByTestId('confirm-ok')));
    await expectShown(page, self, 'system.deleteSelf');
    expect((await api<{ list: { username: string }[] }>(page, 'GET', '/api/v1/sysUserList?username=admin')).data.list.map((u) => u.username)).toContain('admin');
  });
});
