import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { MenuNode } from '@sl/contracts';
import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, signIn } from './support/browser.js';
import { useProduct } from './support/session.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Every page row of the signed-in user's menu (pages others add later are covered without touching this test). */
function menuPages(tree: MenuNode[], parent = ''): string[] {
  return tree.flatMap((node) => {
    if (/^https?:/.test(node.path) || node.menuType === 'F') return [];
    const path = node.path.startsWith('/') ? node.path : `${parent}/${node.path}`;
    const here = node.menuType === 'C' && node.component !== 'Layout' ? [path] : [];
    return [...here, ...menuPages(node.children ?? [], path)];
  });
}

/** axe-core's critical and serious violations, plus the page's count of shown h1 and main landmarks. */
async function audit(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(async () => {
    const w = window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } };
    const { violations } = await w.axe.run(document, { resultTypes: ['violations'] });
    const shown = (sel: string) => [...document.querySelectorAll(sel)].filter((e) => e.checkVisibility()).length;
    return {
      violations: violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`),
      h1: shown('h1'),
      main: shown('main, [role="main"]'),
    };
  });
  return [
    ...found.violations.map((v) => `${where} ${v}`),
    ...(found.h1 === 1 ? [] : [`${where} has ${found.h1} level-one headings`]),
    ...(found.main === 1 ? [] : [`${where} has ${found.main} main landmarks`]),
  ];
}

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
        for (const path of pages) {
          await page.goto(path);
          await page.locator('main h1').waitFor({ state: 'attached' });
          await page.waitForLoadState('networkidle');
          failures.push(...(await audit(page, path)));
        }
        console.log(`axe-core (${locale}): ${pages.length + 1} pages, ${failures.length} critical or serious findings`);
        expect(failures).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});
