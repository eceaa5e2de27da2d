import type { MenuNode } from '@sl/contracts';
import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { COLOUR_RULES, auditEachPage, axeSource, audit, menuPages } from './support/axe.js';
import { api, signIn } from './support/browser.js';
import { useProduct } from './support/session.js';

/** The relative luminance of an element's computed background (0 black, 1 white). */
const backgroundLuminance = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const [r, g, b] = getComputedStyle(el).backgroundColor.match(/\d+(\.\d+)?/g)!.slice(0, 3).map(Number);
    const c = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
  });

const rootTheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

// One product for both languages, each in its own browser context (the audit only reads; the setting is the browser's).
const shared = useProduct();

describe.concurrent('the dark theme (issue 28 item 20)', () => {
  describe.each(['zh-CN', 'en-US'] as const)('in a %s session', (locale) => {
    it('is switched on in the settings panel, kept over a reload and a sign-out, darkens the shell, charts and map, and passes axe-core colour rules on the sign-in page and every menu page', { timeout: 900_000 }, async ({ expect }) => {
      const { browser, product } = shared;
      const context = await browser.newContext({ baseURL: product.baseUrl, viewport: { width: 1400, height: 900 }, bypassCSP: true });
      try {
        const page = await context.newPage();
        await context.addCookies([{ name: 'language', value: locale, url: product.baseUrl }]);
        await context.addInitScript({ content: axeSource });
        await page.goto('/login');
        await page.getByTestId('login-submit').waitFor();
        expect(await rootTheme(page)).toBe('light');
        await signIn(page);
        await page.waitForURL(/\/dashboard$/);

        await page.getByTestId('settings-button').click();
        await page.getByTestId('setting-colorScheme').locator('[data-color-scheme="dark"]').click();
        await expect.poll(() => rootTheme(page)).toBe('dark');
        await page.keyboard.press('Escape');
        await page.reload();
        await page.locator('main h1').waitFor({ state: 'attached' });
        expect(await rootTheme(page)).toBe('dark');
        expect(await backgroundLuminance(page, '.app-top-bar')).toBeLessThan(0.05);
        // The dashboard's charts and map wait for the fleet's data: a loaded machine only makes that slower.
        await expect.poll(() => page.locator('[data-chart-theme]').count(), { timeout: 120_000 }).toBeGreaterThan(0);
        expect(new Set(await page.locator('[data-chart-theme]').evaluateAll((els) => els.map((e) => e.getAttribute('data-chart-theme'))))).toEqual(new Set(['dark']));
        await expect.poll(() => page.getByTestId('fleet-map').getAttribute('data-scheme'), { timeout: 120_000 }).toBe('dark');

        const pages = menuPages((await api<MenuNode[]>(page, 'GET', '/api/v1/menurole')).data);
        expect(pages.length).toBeGreaterThan(20);
        const failures = await auditEachPage(page, pages, COLOUR_RULES);

        await context.clearCookies({ name: 'Admin-Token' });
        await page.goto('/login');
        await page.getByTestId('login-submit').waitFor();
        expect(await rootTheme(page)).toBe('dark');
        expect(await backgroundLuminance(page, '.login-card')).toBeLessThan(0.05);
        failures.push(...(await audit(page, '/login', COLOUR_RULES)));
        console.log(`axe-core, dark theme (${locale}): ${pages.length + 1} pages, ${failures.length} critical or serious findings`);
        expect(failures).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});
