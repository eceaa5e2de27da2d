// Screenshots of the pages issue 28 changed, light and dark, in both languages:
// `npx tsx scripts/theme-screenshots.ts [outDir] [baseUrl]`: a running product at baseUrl, else its own (the server
// bundle on a throwaway data folder).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { api, launchBrowser, signIn } from '../e2e/support/browser.js';
import { startProduct } from '../e2e/support/server.js';

const [outDir = 'docs/screenshots', running] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), undefined, { timeout: 60_000 }).catch(() => undefined);
  await page.waitForTimeout(800);
};

/** Opens `where` until it shows no error message: a loaded machine can time a request out (10 s, spec §9). */
async function openPage(page: Page, where: string) {
  for (let attempt = 1; ; attempt++) {
    await page.goto(where);
    await settle(page);
    if (attempt === 4 || !(await page.locator('.ant-message-error').count())) return;
  }
}

/** Each shot: a name, the page to open, and what to do there before the picture. */
const shots: Array<[name: string, path: string | ((page: Page) => Promise<string>), act?: (page: Page) => Promise<void>]> = [
  ['dashboard', '/dashboard', async (page) => {
    await page.waitForSelector('[data-testid=fleet-map][data-state=ready]', { timeout: 180_000 });
    await page.waitForSelector('[data-testid=chart-online]', { timeout: 60_000 });
  }],
  ['terminals', '/terminal/list'],
  ['terminal-detail', async (page) => `/terminal/detail/${(await api<{ list: Array<{ terminalId: number }> }>(page, 'GET', '/api/v1/terminal/list?pageSize=1')).data.list[0].terminalId}`],
  ['terminal-form', '/terminal/list', async (page) => {
    await page.getByTestId('row-edit').first().click();
    await page.getByTestId('field-lng').waitFor();
  }],
  ['remote-settings', '/terminal/set'],
  ['alarms', '/bjsz/list'],
  ['work-orders', '/dispatch/workorder'],
  ['operation-log', '/log/operation'],
  ['settings', '/system/sysuser', async (page) => {
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-panel').waitFor();
  }],
];

// SHOTS=dashboard,alarms retakes only those (the sign-in page is taken when it is named or nothing is).
const only = process.env.SHOTS?.split(',');
const product = running ? { baseUrl: running, stop: async () => undefined } : await startProduct({ DEMO_HISTORY_DAYS: '1' });
const browser = await launchBrowser();
try {
  for (const scheme of ['light', 'dark'] as const) {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const context = await browser.newContext({ baseURL: product.baseUrl, viewport: { width: 1440, height: 900 } });
      await context.addCookies([{ name: 'language', value: lang, url: product.baseUrl }]);
      await context.addInitScript(`localStorage.setItem('layout-settings', ${JSON.stringify(JSON.stringify({ state: { colorScheme: scheme }, version: 0 }))})`);
      const page = await context.newPage();
      await openPage(page, '/login');
      if (!only || only.includes('login')) await page.screenshot({ path: path.join(outDir, `issue28-login-${scheme}-${lang}.png`) });
      await signIn(page);
      await page.waitForURL(/\/dashboard/);
      for (const [name, where, act] of shots.filter(([name]) => !only || only.includes(name))) {
        await openPage(page, typeof where === 'string' ? where : await where(page));
        if (act) {
          await act(page);
          await page.waitForTimeout(600);
        }
        await page.screenshot({ path: path.join(outDir, `issue28-${name}-${scheme}-${lang}.png`) });
      }
      console.log(`${scheme} ${lang}: screenshots in ${outDir}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await product.stop();
}
