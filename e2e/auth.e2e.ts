import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { hasCjk, signIn } from './support/browser.js';
import { useProductSession } from './support/session.js';

describe('sign-in and the console frame in Chromium', () => {
  const session = useProductSession();
  let context: BrowserContext;
  let page: Page;
  beforeEach(() => ({ context, page } = session));

  it('sends a signed-out visitor to the login page and lands the admin on the digital map', async () => {
    await page.goto('/');
    await page.waitForURL(/\/login/);
    // The login page fits the screen: it does not scroll (issue 28 item 17).
    await page.locator('.login-card').waitFor();
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(0);
    await signIn(page);
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.title()).toBe('数字地图 - 路灯监控管理系统');
    const sidebar = await page.getByTestId('sidebar').innerText();
    for (const area of ['数字地图', '终端管理', '告警管理', '系统管理']) expect(sidebar).toContain(area);
  });

  it('returns to the asked page after signing in', async () => {
    await page.goto('/system/sysuser?tab=2');
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/system/sysuser?tab=2');
    await signIn(page);
    await page.waitForURL(/\/system\/sysuser\?tab=2$/);
    await expect.poll(() => page.title()).toBe('用户管理 - 路灯监控管理系统');
  });

  it('shows the 404 page for a made-up path', async () => {
    await page.goto('/login');
    await signIn(page);
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/no/such/page');
    await page.waitForURL(/\/404$/);
    await page.getByTestId('page-404').waitFor({ state: 'visible' });
    expect(await page.getByTestId('page-404').innerText()).toContain('404');
  });

  it('refuses a wrong password with the server message and stays on the login page', async () => {
    await page.goto('/login');
    await signIn(page, 'admin', 'wrong-password');
    await page.getByText('用户名或密码错误').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('switches every label of the frame to English and remembers the choice', async () => {
    await page.goto('/login');
    await signIn(page);
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('lang-switch').first().click();
    await page.getByText('English', { exact: true }).last().click();
    await expect.poll(() => page.title()).toBe('Digital map - Street Light Monitoring System');
    const frameText = async () =>
      [await page.getByTestId('sidebar').innerText(), await page.getByTestId('breadcrumb').innerText(), await page.getByTestId('page-title').innerText()].join('\n');
    await expect.poll(async () => hasCjk(await frameText())).toBe(false);
    expect(await page.getByTestId('sidebar').innerText()).toMatch(/Terminal/);
    await page.reload();
    await expect.poll(() => page.title()).toBe('Digital map - Street Light Monitoring System');
  });

  it('logs out and guards the pages again', async () => {
    await page.goto('/login');
    await signIn(page);
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    // Signing out ends on /login itself; the guard may first send the cleared page to /login?redirect=…, and a
    // navigation of ours before the last one of the page's would be cut short by it (net::ERR_ABORTED).
    await page.waitForURL(/\/login$/);
    await page.getByTestId('login-submit').waitFor();
    expect((await context.cookies()).find((c) => c.name === 'Admin-Token')).toBeUndefined();
    await page.goto('/dashboard');
    await page.waitForURL(/\/login\?redirect=/);
  });

  it('collapses the sidebar and remembers it in the sidebarStatus cookie', async () => {
    await page.goto('/login');
    await signIn(page);
    await page.waitForURL(/\/dashboard$/);
    const widthOf = async () => (await page.getByTestId('sidebar').boundingBox())!.width;
    expect(await widthOf()).toBe(212);
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
    await expect.poll(widthOf).toBeLessThan(100);
    await page.reload();
    await expect.poll(widthOf).toBeLessThan(100);
  });
});
