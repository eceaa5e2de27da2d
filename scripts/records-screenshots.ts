// The records screenshots of docs/records.md: starts the demo product, fills a box and runs a heartbeat test, then
// shows the heartbeat-test and box pages in both languages. `npx tsx scripts/records-screenshots.ts [outDir]`
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { api, launchBrowser, signIn } from '../e2e/support/browser.js';
import { startProduct } from '../e2e/support/server.js';

const [outDir = 'docs/screenshots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const product = await startProduct();
const browser = await launchBrowser();
try {
  const setup = await (await browser.newContext({ baseURL: product.baseUrl })).newPage();
  await setup.goto('/login');
  await signIn(setup);
  await setup.waitForURL(/\/dashboard$/);
  for (let i = 0; i < 60 && (await api<{ online: number }>(setup, 'GET', '/api/v1/terminal/tab')).data.online < 30; i++) await setup.waitForTimeout(1000);
  const box = await api<{ boxId: number }>(setup, 'POST', '/api/v1/terminal/box/add', { name: '人民广场 1 号配电箱', code: 'RMGC-01', deptId: 2, area: '黄浦区', address: '人民大道 200 号' });
  await api(setup, 'POST', '/api/v1/terminal/box/add', { name: '南京东路 3 号杆箱', code: 'NJDL-03', deptId: 3, area: '黄浦区', address: '南京东路 300 号' });
  const terminals = (await api<{ list: Array<{ terminalId: number }> }>(setup, 'GET', '/api/v1/terminal/list?pageSize=4')).data.list;
  await api(setup, 'POST', '/api/v1/terminal/box/mount', { boxId: box.data.boxId, terminalIds: terminals.map((t) => t.terminalId) });
  await api(setup, 'POST', '/api/v1/terminal/heart/send/all', {});
  for (let i = 0; i < 90 && (await api<{ running: boolean }>(setup, 'GET', '/api/v1/terminal/heart/run')).data.running; i++) await setup.waitForTimeout(1000);

  for (const lang of ['zh-CN', 'en-US'] as const) {
    const context = await browser.newContext({ baseURL: product.baseUrl, viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: 'language', value: lang, url: product.baseUrl }]);
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page);
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/terminal/heart');
    await page.getByTestId('heart-run').waitFor();
    await page.getByTestId('task-state').first().waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(outDir, `records-heart-${lang}.png`) });
    await page.goto('/terminal/box');
    await page.getByTestId('data-table').locator('tr', { hasText: 'RMGC-01' }).getByTestId('row-terminals').click();
    await page.getByTestId('box-mounted').locator('[data-testid="terminal-link"]').first().waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(outDir, `records-box-${lang}.png`) });
    await context.close();
  }
} finally {
  await browser.close();
  await product.stop();
}
