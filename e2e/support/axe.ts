import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { MenuNode } from '@sl/contracts';
import type { Page } from 'playwright-core';
import { apiCalls, openInApp } from './in-app.js';

/** axe-core's script, for `context.addInitScript({ content: axeSource })`. */
export const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Every page row of the signed-in user's menu (pages others add later are covered without touching the tests). */
export function menuPages(tree: MenuNode[], parent = ''): string[] {
  return tree.flatMap((node) => {
    if (/^https?:/.test(node.path) || node.menuType === 'F') return [];
    const path = node.path.startsWith('/') ? node.path : `${parent}/${node.path}`;
    const here = node.menuType === 'C' && node.component !== 'Layout' ? [path] : [];
    return [...here, ...menuPages(node.children ?? [], path)];
  });
}

/**
 * axe-core's rules that read colours. The dark theme changes colour tokens and nothing else, so its walk runs these;
 * every other rule reads the same DOM and CSS structure in both schemes and runs in the light walk
 * (accessibility.e2e.ts) over the same pages in the same languages.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** axe-core's critical and serious violations (of `rules`, else of every rule), plus the page's count of shown h1 and main landmarks. */
export async function audit(page: Page, where: string, rules?: string[]): Promise<string[]> {
  const found = await page.evaluate(async (rules) => {
    // Let what is moving arrive (a submenu opening after a route change, a button fading to its enabled colours
    // once its list loaded), then read every colour at its end state with transitions off: a loaded machine
    // stretches antd's 0.2 s motions.
    const moving = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.all(moving.map((a) => a.finished.catch(() => undefined)));
    const still = Object.assign(document.createElement('style'), { textContent: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
    document.head.append(still);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const w = window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } };
    const { violations } = await w.axe.run(document, { resultTypes: ['violations'], ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}) });
    still.remove();
    const shown = (sel: string) => [...document.querySelectorAll(sel)].filter((e) => e.checkVisibility()).length;
    return {
      violations: violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`),
      h1: shown('h1'),
      main: shown('main, [role="main"]'),
    };
  }, rules);
  return [
    ...found.violations.map((v) => `${where} ${v}`),
    ...(found.h1 === 1 ? [] : [`${where} has ${found.h1} level-one headings`]),
    ...(found.main === 1 ? [] : [`${where} has ${found.main} main landmarks`]),
  ];
}

/**
 * Audits each page (of `rules`, else of every rule), reached by a route change inside the signed-in app as a user's
 * sidebar click would, once its data has arrived. What axe reads is the page a load would show: the walk closes the
 * tab each page leaves, so only the pinned home page stays mounted, hidden.
 */
export async function auditEachPage(page: Page, paths: string[], rules?: string[]): Promise<string[]> {
  const calls = apiCalls(page);
  const failures: string[] = [];
  for (const path of paths) {
    await openInApp(page, path);
    await calls.settled();
    failures.push(...(await audit(page, path, rules)));
  }
  return failures;
}
