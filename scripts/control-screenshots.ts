// Takes docs/screenshots/control-*.png in both languages from a fresh demo product: `npx tsx scripts/control-screenshots.ts`.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { api, launchBrowser, signIn } from '../e2e/support/browser.js';
import { startProduct } from '../e2e/support/server.js';

const outDir = 'docs/screenshots';
mkdirSync(outDir, { recursive: true });
const product = await startProduct();
const browser = await launchBrowser();

const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), undefined, { timeout: 15_000 }).catch(() => undefined);
  await page.waitForTimeout(800);
};

async function seed(page: Page) {
  const templates = await api<Array<{ id: number; name: string; steps: unknown; model: number }>>(page, 'GET', '/api/v1/query/template?family=rdcsm');
  const tpl = templates.data.find((t) => t.name === '午夜调光')!;
  const policy = await api<{ id: number }>(page, 'POST', '/api/v1/policy/addData', { name: '主干道午夜调光', family: 'rdcsm', model: 2, templateId: tpl.id, steps: tpl.steps });
  await api(page, 'POST', '/api/v1/policy/addData', { name: '配电柜半夜关半', family: 'rdc4m', model: 1, steps: [{ at: 'dusk', action: 'on' }, { at: '23:30', action: 'off', loops: [2, 4] }, { at: 'dawn', action: 'off' }] });
  const ids = (await api<{ list: Array<{ terminalId: number }> }>(page, 'GET', '/api/v1/query/terminals?pageSize=100')).data.list.map((t) => t.terminalId);
  await api(page, 'POST', '/api/v1/area/set/add', { name: '人民广场片区', terminalIds: ids.slice(0, 12) });
  await api(page, 'POST', '/api/v1/area/set/add', { name: '南京路片区', terminalIds: ids.slice(12) });
  await api(page, 'POST', '/api/v1/strategy/set/add', { name: '默认：午夜调光', policyId: policy.data.id, isDefault: true });
  await api(page, 'POST', '/api/v1/electricity/set/add', { name: '上海一般工商业分时电价', currency: 'CNY', periods: [{ from: '00:00', to: '06:00', price: 0.32 }, { from: '06:00', to: '08:00', price: 0.67 }, { from: '08:00', to: '11:00', price: 1.12 }, { from: '11:00', to: '18:00', price: 0.67 }, { from: '18:00', to: '21:00', price: 1.12 }, { from: '21:00', to: '22:00', price: 0.67 }, { from: '22:00', to: '24:00', price: 0.32 }] });
  await api(page, 'POST', '/api/v1/maintenance/set/add', { name: '黄浦维保', unit: '上海市政照明维护有限公司', contact: '李工', phone: '13800001234', intervalDays: 90, terminalIds: ids.slice(0, 15) });
  const today = new Date().toISOString().slice(0, 10);
  const end = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  await api(page, 'POST', '/api/v1/plan/add', { name: '十一月计划', policyId: policy.data.id, groupMode: 1, targetIds: ids, startDate: today, endDate: end });
  await api(page, 'POST', '/api/v1/plan/emergency/add', { name: '暴雨全开', action: 'on', level: 100, groupMode: 1, targetIds: ids, durationMin: 120 });
  await api(page, 'POST', '/api/v1/plan/emergency/add', { name: '节日亮化', action: 'dim', level: 80, groupMode: 1, targetIds: ids.slice(0, 10), durationMin: 60 * 24, startAt: Date.now() + 86_400_000 });
  await page.waitForTimeout(3000);
}

for (const lang of ['zh-CN', 'en-US']) {
  const context = await browser.newContext({ baseURL: product.baseUrl, viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: 'language', value: lang, url: product.baseUrl }]);
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page);
  await page.waitForURL(/\/dashboard/);
  if (lang === 'zh-CN') await seed(page);
  const shot = async (name: string) => page.screenshot({ path: path.join(outDir, `control-${name}-${lang}.png`) });
  for (const [route, name] of [['/policy/template', 'templates'], ['/policy/strategy', 'strategy'], ['/policy/area', 'areas'], ['/policy/electricity', 'electricity'], ['/policy/maintenance', 'maintenance'], ['/plan/emergency', 'emergency']]) {
    await page.goto(route);
    await settle(page);
    await shot(name);
  }
  await page.goto('/policy/list');
  await settle(page);
  await page.locator('[data-testid=row-edit]:visible').first().click();
  await page.locator('[data-testid="form-dialog-form"][data-state="open"]').waitFor();
  await page.getByTestId('program-timeline').waitFor();
  await settle(page);
  await page.getByTestId('preview-night').scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await shot('policy-editor');
  await page.goto('/plan/list');
  await settle(page);
  await shot('plans');
  await page.locator('.ant-tabs-tab:visible').nth(1).click();
  await settle(page);
  await shot('plan-calendar');
  await page.locator('.ant-tabs-tab:visible').nth(0).click();
  await page.locator('[data-testid=btn-add]:visible').click();
  await page.locator('[data-testid="form-dialog-form"][data-state="open"]').waitFor();
  await settle(page);
  await page.getByTestId('terminal-picker').scrollIntoViewIfNeeded();
  await shot('terminal-picker');
  await context.close();
}
await browser.close();
await product.stop();
console.log('control screenshots written');
