// Takes the README/docs screenshots from a running console: `npx tsx scripts/screenshots.ts [baseUrl] [outDir] [path...]`.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, signIn } from '../e2e/support/browser.js';

const [baseUrl = 'http://127.0.0.1:8080', outDir = 'docs/screenshots', ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ['/dashboard'];
mkdirSync(outDir, { recursive: true });

const browser = await launchBrowser();
for (const [lang, label] of [['zh-CN', '中文'], ['en-US', 'English']] as const) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: 'language', value: lang, url: baseUrl }]);
  const page = await context.newPage();
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(outDir, `login-${lang}.png`) });
  await signIn(page);
  await page.waitForURL(/\/dashboard/);
  for (const p of pages) {
    await page.goto(p);
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), undefined, { timeout: 15_000 }).catch(() => undefined);
    // The digital map draws on WebGL after its data reaches the worker: wait until it says it is drawn.
    if (await page.locator('[data-testid=fleet-map]').count()) await page.waitForSelector('[data-testid=fleet-map][data-state=ready]', { timeout: 60_000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(outDir, `${p.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${lang}.png`) });
  }
  console.log(`${label}: ${pages.length + 1} screenshots in ${outDir}`);
  await context.close();
}
await browser.close();
