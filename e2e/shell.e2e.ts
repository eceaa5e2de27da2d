import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { signIn } from './support/browser.js';
import { useProductSession } from './support/session.js';
import { tabShown } from './support/in-app.js';
import { accessibleShade } from '../apps/web/src/shared/theme/accessible-colour.js';

const rgbOf = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('the console frame in Chromium', () => {
  const session = useProductSession();
  let context: BrowserContext;
  let page: Page;
  beforeEach(() => ({ context, page } = session));

  const signInAs = async (lang?: 'en-US') => {
    if (lang) await context.addCookies([{ name: 'language', value: lang, url: session.product.baseUrl }]);
    await page.goto('/login');
    await signIn(page);
    await page.waitForURL(/\/dashboard$/);
  };
  /** Client-side navigation through the sidebar (a page.goto would reload and forget the tabs). */
  const openMenu = async (name: string, path: string, folder = 'System') => {
    const item = page.getByTestId('sidebar').locator(`[data-menu="${name}"]`);
    if (!(await item.isVisible())) await page.getByTestId('sidebar').locator(`[data-menu="${folder}"]`).click();
    await item.click();
    await page.waitForURL((url) => url.pathname === path);
    await tabShown(page, path);
  };
  const tabs = () => page.getByTestId('tab').evaluateAll((els) => els.map((el) => el.getAttribute('data-path')));
  const tab = (path: string) => page.locator(`[data-testid="tab"][data-path="${path}"]`);
  const menuItems = () => page.getByTestId('context-menu').getByRole('menuitem');
  const rightClickTab = async (path: string) => {
    await tab(path).click({ button: 'right' });
    await page.getByTestId('context-menu').waitFor();
  };
  const tabMenu = async (path: string, item: string) => {
    await rightClickTab(path);
    await menuItems().filter({ hasText: new RegExp(`^${item}$`) }).click();
  };
  const visible = (testId: string) => page.locator(`[data-testid="${testId}"]:visible`);
  const openSettings = async () => {
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-panel').waitFor();
  };

  it('ticks the clock every second in the YYYY-MM-DD HH:mm:ss format', async () => {
    await signInAs();
    const first = await page.getByTestId('clock').innerText();
    expect(first).toMatch(TIME);
    await expect.poll(() => page.getByTestId('clock').innerText()).not.toBe(first);
    expect(await page.getByTestId('clock').innerText()).toMatch(TIME);
  });

  it('lists visited pages after the pinned digital map, and its menu closes one, the others and all', async () => {
    await signInAs();
    await openMenu('SysUser', '/system/sysuser');
    await openMenu('Role', '/system/role');
    await openMenu('Dept', '/system/dept');
    await expect.poll(tabs).toEqual(['/dashboard', '/system/sysuser', '/system/role', '/system/dept']);
    expect(await page.getByTestId('tab-bar').innerText()).toMatch(/数字地图\s*用户管理\s*角色管理\s*部门管理/);
    expect(await tab('/dashboard').getByTestId('tab-close').count()).toBe(0);
    // Scrolled sideways in a narrow bar, the pinned tab stays in view on top of the others (issue 28 item 17).
    const pinnedInView = await page.getByTestId('tab-bar').evaluate(async (bar) => {
      bar.style.width = '220px';
      bar.scrollLeft = bar.scrollWidth;
      await new Promise(requestAnimationFrame);
      const pinned = bar.querySelector('[data-path="/dashboard"]')!.getBoundingClientRect();
      const b = bar.getBoundingClientRect();
      const top = document.elementFromPoint(pinned.left + pinned.width / 2, pinned.top + pinned.height / 2);
      const seen = bar.scrollLeft > 0 && pinned.left >= b.left && pinned.right <= b.right && !!top?.closest('[data-path="/dashboard"]');
      bar.style.width = '';
      bar.scrollLeft = 0;
      return seen;
    });
    expect(pinnedInView).toBe(true);

    await tab('/system/dept').getByTestId('tab-close').click();
    await page.waitForURL(/\/system\/role$/);
    await expect.poll(tabs).toEqual(['/dashboard', '/system/sysuser', '/system/role']);

    await rightClickTab('/dashboard');
    const close = menuItems().filter({ hasText: /^关闭$/ });
    await expect.poll(() => close.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');

    await tabMenu('/system/sysuser', '关闭其他');
    await page.waitForURL(/\/system\/sysuser$/);
    expect(await tabs()).toEqual(['/dashboard', '/system/sysuser']);
    await expect.poll(() => page.getByTestId('search-roleName').count()).toBe(0);
    await tabMenu('/system/sysuser', '关闭所有');
    await page.waitForURL(/\/dashboard$/);
    expect(await tabs()).toEqual(['/dashboard']);
  });

  it('keeps a hidden page as it was, and refresh mounts it afresh', async () => {
    await signInAs();
    await openMenu('SysUser', '/system/sysuser');
    await visible('search-username').fill('kept while hidden');
    await tab('/dashboard').click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => visible('search-username').count()).toBe(0);
    expect(await page.getByTestId('search-username').count()).toBe(1);
    await tab('/system/sysuser').click();
    await expect.poll(() => visible('search-username').inputValue()).toBe('kept while hidden');

    await tabMenu('/system/sysuser', '刷新');
    await page.waitForURL(/\/system\/sysuser$/);
    await expect.poll(() => visible('search-username').inputValue()).toBe('');
    expect(await page.getByTestId('search-username').count()).toBe(1);
  });

  it('titles the tabs and their menu in English', async () => {
    await signInAs('en-US');
    await openMenu('SysUser', '/system/sysuser');
    await expect.poll(() => page.getByTestId('tab-bar').innerText()).toMatch(/Digital map\s*Users/);
    await rightClickTab('/system/sysuser');
    await menuItems().first().waitFor();
    expect(await menuItems().allInnerTexts()).toEqual(['Refresh', 'Close', 'Close others', 'Close all']);
  });

  it('applies a chosen theme colour to primary buttons and remembers it', async () => {
    await signInAs();
    await openMenu('SysUser', '/system/sysuser');
    const primary = visible('btn-search');
    const background = () => primary.evaluate((el) => getComputedStyle(el).backgroundColor);
    // The theme colour's WCAG AA shade (white text on it at 4.5:1): #1890ff -> #1476d1, #f5222d -> #e6202a.
    await expect.poll(background).toBe(rgbOf(accessibleShade('#1890ff')));
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-settings').click();
    await page.getByTestId('settings-panel').waitFor();
    expect(await page.getByTestId('theme-swatch').count()).toBe(8);
    await page.locator('[data-testid="theme-swatch"][data-color="#f5222d"]').click();
    await expect.poll(background).toBe(rgbOf(accessibleShade('#f5222d')));
    await page.reload();
    await expect.poll(background).toBe(rgbOf(accessibleShade('#f5222d')));
  });

  it('hides the tab bar, the logo and fixes the header by switch, writes the size cookie, and resets', async () => {
    await signInAs();
    await openSettings();
    await page.getByTestId('setting-tagsView').click();
    await expect.poll(() => page.getByTestId('tab-bar').count()).toBe(0);
    await page.getByTestId('setting-sidebarLogo').click();
    await expect.poll(() => page.getByTestId('sidebar-logo').count()).toBe(0);
    await page.getByTestId('setting-fixedHeader').click();
    await expect.poll(() => page.getByTestId('app-header').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');

    const sizeCookie = async () => (await context.cookies()).find((c) => c.name === 'size')?.value;
    await page.locator('[data-size="small"]').click();
    await expect.poll(sizeCookie).toBe('small');
    await page.locator('[data-size="large"]').click();
    await expect.poll(sizeCookie).toBe('large');
    await expect.poll(() => visible('settings-reset').evaluate((el) => el.classList.contains('ant-btn-lg'))).toBe(true);

    await page.getByTestId('settings-reset').click();
    await expect.poll(sizeCookie).toBe('middle');
    await page.getByTestId('tab-bar').waitFor();
    await page.getByTestId('sidebar-logo').waitFor();
    expect(await page.getByTestId('app-header').evaluate((el) => getComputedStyle(el).position)).not.toBe('sticky');
  });

  it('toggles speech broadcast (off by default) and the notice pop-up (on by default) from the user menu', async () => {
    await signInAs();
    const prefs = () => page.evaluate(() => JSON.parse(localStorage.getItem('shell-prefs') ?? '{}').state);
    await page.getByTestId('user-menu').click();
    expect(await page.getByTestId('menu-speech').getAttribute('data-checked')).toBe('false');
    expect(await page.getByTestId('menu-notice-popup').getAttribute('data-checked')).toBe('true');
    await page.getByTestId('menu-speech').click();
    await expect.poll(prefs).toEqual({ speechEnabled: true, noticePopup: true });
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-notice-popup').click();
    await expect.poll(prefs).toEqual({ speechEnabled: true, noticePopup: false });
  });

  it('shows the error-log button only after a client error, lists the errors and clears them', async () => {
    await signInAs();
    expect(await page.getByTestId('error-log-button').count()).toBe(0);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('thrown by the shell test');
      });
      void Promise.reject(new Error('rejected by the shell test'));
    });
    await page.getByTestId('error-log-button').click();
    const list = page.getByTestId('error-log-list');
    await expect.poll(() => list.innerText()).toContain('thrown by the shell test');
    expect(await list.innerText()).toContain('rejected by the shell test');
    expect(await list.innerText()).toContain('/dashboard');
    await page.getByTestId('error-log-clear').click();
    await expect.poll(() => page.getByTestId('error-log-button').count()).toBe(0);
  });

  it('warns when full screen is unsupported', async () => {
    await page.addInitScript(() => Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false }));
    await signInAs();
    await page.getByTestId('fullscreen-toggle').click();
    await page.locator('.ant-message').getByText('您的浏览器不支持全屏').waitFor();
  });

  it('turns the sidebar into an overlay drawer at 800 px that closes on navigation and on its mask', async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    await signInAs();
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    await page.getByTestId('sidebar-toggle').click();
    const sidebar = page.getByTestId('sidebar');
    await sidebar.waitFor({ state: 'visible' });
    expect(await sidebar.getAttribute('data-mode')).toBe('drawer');
    await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
    expect((await page.locator('.app-main').boundingBox())!.x).toBe(0);

    await openMenu('SysUser', '/system/sysuser');
    await sidebar.waitFor({ state: 'hidden' });

    await page.getByTestId('sidebar-toggle').click();
    await sidebar.waitFor({ state: 'visible' });
    await page.locator('.app-sider-drawer .ant-drawer-mask').click({ position: { x: 700, y: 400 } });
    await sidebar.waitFor({ state: 'hidden' });
  });

  for (const lang of ['zh-CN', 'en-US'] as const) {
    it(`fits the top bar on a 390 px phone in ${lang}: nothing in it overlaps`, async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signInAs(lang === 'en-US' ? 'en-US' : undefined);
      // Every visible control of the bar, with its box; none may cover another or leave the screen.
      const controls = page.locator('.app-top-bar button:visible, .app-top-bar .app-breadcrumb:visible, .app-top-bar .app-clock:visible');
      // The bar's buttons arrive with their chunks after the sign-in: toggle, bell, notices, settings, two languages, user.
      await expect.poll(() => controls.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(7);
      await page.waitForLoadState('networkidle');
      const boxes = await controls.evaluateAll((els) =>
        els.map((el) => ({ name: el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.className, ...el.getBoundingClientRect().toJSON() as DOMRect })),
      );
      for (const a of boxes) {
        expect(a.right, a.name).toBeLessThanOrEqual(390);
        for (const b of boxes) {
          if (a === b) continue;
          const apart = a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
          const nested = a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom;
          expect(apart || nested, `${a.name} overlaps ${b.name}`).toBe(true);
        }
      }
    });
  }
});
