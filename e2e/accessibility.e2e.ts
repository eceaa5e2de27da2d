import type { MenuNode } from '@sl/contracts';
import { describe, it } from 'vitest';
import { auditEachPage, axeSource, audit, menuPages } from './support/axe.js';
import { api, signIn } from './support/browser.js';
import { useProduct } from './support/session.js';

// One product for both languages: the audit only reads. The two languages run side by side, each in its own
// browser context, so one waits for its page's network to settle while the other renders or audits.
const shared = useProduct();

describe.concurrent('accessibility (axe-core)', () => {
  describe.each(['zh-CN', 'en-US'] as const)('in a %s session', (locale) => {
    it('finds no critical or serious violation on the sign-in page and every page of the menu, each with one h1 and one main landmark', { timeout: 900_000 }, async ({ expect }) => {
      const { browser, product } = shared;
      const context = await browser.newContext({ baseURL: product.baseUrl, viewport: { width: 1400, height: 900 }, bypassCSP: true });
      try {
        const page = await context.newPage();
        await context.addCookies([{ name: 'language', value: locale, url: product.baseUrl }]);
        await context.addInitScript({ content: axeSource });
        await page.goto('/login');
        await page.getByTestId('login-submit').waitFor();
        const failures = await audit(page, '/login');

        await signIn(page);
        await page.waitForURL(/\/dashboard$/);
        const pages = menuPages((await api<MenuNode[]>(page, 'GET', '/api/v1/menurole')).data);
        expect(pages.length).toBeGreaterThan(20);
        failures.push(...(await auditEachPage(page, pages)));
        console.log(`axe-core (${locale}): ${pages.length + 1} pages, ${failures.length} critical or serious findings`);
        expect(failures).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});
