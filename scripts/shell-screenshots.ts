// Screenshots of the console frame: `npx tsx scripts/shell-screenshots.ts [baseUrl] [outDir]`.
// Desktop with visited tabs and the settings panel open, and the mobile sidebar drawer, in both languages.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, signIn } from '../e2e/support/browser.js';

const [baseUrl = 'http://127.0.0.1:8080', outDir = 'docs/screenshots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), undefined, { timeout: 15_000 }).catch(() => undefined);
  await page.waitForTimeout(600);
};

const openMenu = async (page: Page, name: string) => {
  const item = page.getByTestId('sidebar').locator(`[data-menu="${name}"]`);
  if (!(await item.isVisible())) await page.getByTestId('sidebar').locator('[data-menu="System"]').click();
  await item.click();
  await settle(page);
};

const browser = await launchBrowser();
for (const lang of ['zh-CN', 'en-US'] as const) {
  const desktop = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  await desktop.addCookies([{ name: 'language', value: lang, url: baseUrl }]);
  const page = await desktop.newPage();
  await page.goto('/login');
  await signIn(page);
  await page.waitForURL(/\/dashboard/);
  for (const name of ['Dept', 'Role', 'SysUser']) await openMenu(page, name);
  await page.screenshot({ path: path.join(outDir, `shell-tabs-${lang}.png`) });
  await page.getByTestId('tab').nth(2).click({ button: 'right' });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(outDir, `shell-tab-menu-${lang}.png`) });
  await page.keyboard.press('Escape');
  await page.getByTestId('settings-button').click();
  await page.getByTestId('settings-panel').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(outDir, `shell-settings-${lang}.png`) });
  await page.keyboard.press('Escape');
  await page.waitForTimeout(400);
  await page.getByTestId('notice-button').click();
  await page.getByTestId('notice-item').first().waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(outDir, `shell-notices-${lang}.png`) });
  await page.keyboard.press('Escape');
  await page.waitForTimeout(400);
  await page.getByTestId('alarm-bell').click();
  await page.getByTestId('alarm-popover').waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(outDir, `shell-alarms-${lang}.png`) });
  await page.keyboard.press('Escape');
  await page.goto('/notice/list');
  await settle(page);
  await page.screenshot({ path: path.join(outDir, `shell-notice-list-${lang}.png`) });

  const mobile = await browser.newContext({ baseURL: baseUrl, viewport: { width: 800, height: 900 }, storageState: await desktop.storageState() });
  const phone = await mobile.newPage();
  await phone.goto('/system/sysuser');
  await settle(phone);
  await phone.getByTestId('sidebar-toggle').click();
  await phone.getByTestId('sidebar').waitFor();
  await phone.waitForTimeout(500);
  await phone.screenshot({ path: path.join(outDir, `shell-mobile-drawer-${lang}.png`) });
  console.log(`${lang}: 7 screenshots in ${outDir}`);
  await mobile.close();
  await desktop.close();
}
await browser.close();
