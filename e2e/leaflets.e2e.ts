import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PasswordCipher } from '../apps/server/src/auth/password-cipher.js';
import { clickWhenOpen, openFormDialog } from './support/antd.js';
import { type MenuNode, api, menusFor, signIn } from './support/browser.js';
import type { RunningProduct } from './support/server.js';
import { startProductAndBrowser } from './support/session.js';
import { docShot } from './support/doc-shot.js';
import { openInApp } from './support/in-app.js';

// A supervisor (admin, desktop) sends a dispatch leaflet; its receiver, on a 390 × 844 phone,
// acknowledges and completes it; a user of another department sees none of it. Once per language.

const cipher = new PasswordCipher('sl-console-2024!');
/** The crew's password: new passwords must pass the password policy (the demo's 123456 would not). */
const CREW_PASSWORD = 'e2e-crew-pass-1';
const LABELS = {
  'zh-CN': {
    acknowledged: '已确认', completed: '已完成', noneMine: '没有派给您的传单', all: '全部传单', none: '暂无派发传单',
    title: '巡查北路灯杆', instruction: '检查北路所有灯杆的检修门是否锁好，拍照记录。', note: '12 根灯杆已检查，2 扇门已锁好',
  },
  'en-US': {
    acknowledged: 'Acknowledged', completed: 'Completed', noneMine: 'No leaflets sent to you', all: 'All leaflets', none: 'No dispatch leaflets',
    title: 'North Road pole check', instruction: 'Check that every pole door on North Road is locked; take photos.', note: '12 poles checked, 2 doors locked',
  },
} as const;
type Lang = keyof typeof LABELS;

const phoneOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };

describe('dispatch leaflets in two browsers', () => {
  let product: RunningProduct;
  let browser: Browser;
  let desk: BrowserContext;
  let phone: BrowserContext;
  let d: Page;
  let m: Page;
  let crewId: number;

  async function signedIn(context: BrowserContext, username?: string, password?: string) {
    const page = await context.newPage();
    await page.goto('/login?redirect=/profile/index');
    await signIn(page, username, password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    return page;
  }

  async function openIn(page: Page, lang: Lang) {
    await openInApp(page, '/dispatch/leaflet');
    await page.locator(`[data-testid=lang-switch] [data-locale="${lang}"]`).click();
    await page.getByTestId('leaflet-scope').waitFor();
    expect(await page.getByTestId('coming-soon').count()).toBe(0);
  }

  beforeAll(async () => {
    ({ product, browser } = await startProductAndBrowser());
    desk = await browser.newContext({ baseURL: product.baseUrl, viewport: { width: 1440, height: 900 } });
    phone = await browser.newContext({ baseURL: product.baseUrl, ...phoneOptions });
    d = await signedIn(desk);
    const menus = (await api<MenuNode[]>(d, 'GET', '/api/v1/menu')).data;
    const role = await api<{ roleId: number }>(d, 'POST', '/api/v1/addRole', { roleName: '巡检员', roleKey: 'e2e-leaflet-crew', menuIds: menusFor(menus, ['dispatch:leaflet:query']) });
    expect(role.code).toBe(200);
    expect((await api(d, 'PUT', '/api/v1/roledatascope', { roleId: role.data.roleId, dataScope: '3' })).code).toBe(200);
    const crew = await api<{ userId: number }>(d, 'POST', '/api/v1/sysUser', { username: 'e2eleaf', password: cipher.encrypt(CREW_PASSWORD), nickName: '巡检员小赵', phone: '13800000091', deptId: 2, roleIds: [role.data.roleId] });
    expect(crew.code).toBe(200);
    const other = await api(d, 'POST', '/api/v1/sysUser', { username: 'e2eleafb', password: cipher.encrypt(CREW_PASSWORD), nickName: '巡检员小钱', phone: '13800000092', deptId: 3, roleIds: [role.data.roleId] });
    expect(other.code).toBe(200);
    const found = await api<Array<{ userId: number; nickName: string }>>(d, 'GET', '/api/v1/dispatch/leaflet/receivers?keyword=e2eleaf');
    crewId = found.data.find((u) => u.nickName === '巡检员小赵')!.userId;
    m = await signedIn(phone, 'e2eleaf', CREW_PASSWORD);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  for (const lang of ['zh-CN', 'en-US'] as const) {
    it(`${lang}: the supervisor sends a leaflet, the receiver acknowledges and completes it on a phone, another department sees none`, async () => {
      const title = `E2E ${LABELS[lang].title}`;
      // 1. The supervisor writes the leaflet: instruction, receiver, due time, one terminal from the picker.
      await openIn(d, lang);
      await openFormDialog(d, 'btn-add');
      await d.getByTestId('field-title').fill(title);
      await d.getByTestId('field-instruction').fill(LABELS[lang].instruction);
      await d.getByTestId('field-receivers').click();
      await d.keyboard.type('e2eleaf');
      await d.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '巡检员小赵' }).first().click();
      await d.keyboard.press('Escape');
      const picker = d.getByTestId('terminal-picker');
      await picker.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      await picker.locator('.ant-table-tbody tr.ant-table-row .ant-checkbox-input').first().check();
      await expect.poll(() => d.getByTestId('picker-count').innerText()).toMatch(/1/);
      await docShot(d, `leaflets-dialog-${lang}.png`);
      await d.getByTestId('dialog-save').click();
      await d.getByTestId('data-table').getByText(title).waitFor();
      const sent = await api<{ list: Array<{ id: number; status: number }> }>(d, 'POST', '/api/v1/dispatch/leaflet/list', { title });
      const id = sent.data.list[0].id;
      expect(sent.data.list[0].status).toBe(1);

      // 2. The receiver, on a phone, acknowledges, then completes with a note.
      await openIn(m, lang);
      const card = m.getByTestId(`leaflet-card-${id}`);
      await card.waitFor();
      await m.getByTestId(`leaflet-acknowledge-${id}`).click();
      await card.getByTestId('leaflet-status').getByText(LABELS[lang].acknowledged).waitFor();
      await docShot(m, `leaflets-mine-390-${lang}.png`);
      await m.getByTestId(`leaflet-complete-${id}`).click();
      await m.getByTestId('leaflet-note').fill(LABELS[lang].note);
      await clickWhenOpen(m.getByTestId('leaflet-complete-ok'));
      await card.getByTestId('leaflet-status').getByText(LABELS[lang].completed).waitFor();
      await docShot(m, `leaflets-completed-390-${lang}.png`);

      // 3. The supervisor sees the receipt and the leaflet completed.
      await d.reload();
      await d.getByTestId(`receiver-${id}-${crewId}`).getByText(LABELS[lang].completed, { exact: false }).waitFor();
      await d.getByTestId('data-table').locator(`tr[data-row-key="${id}"]`).getByTestId('leaflet-status').getByText(LABELS[lang].completed).waitFor();
      await docShot(d, `leaflets-list-${lang}.png`);

      // 4. A user of department 3 sees none of department 2's leaflets, in the console and through the API.
      const ctx = await browser.newContext({ baseURL: product.baseUrl, ...phoneOptions });
      const b = await signedIn(ctx, 'e2eleafb', CREW_PASSWORD);
      expect((await api<{ count: number }>(b, 'POST', '/api/v1/dispatch/myDispatchList', {})).data.count).toBe(0);
      expect((await api<{ count: number }>(b, 'POST', '/api/v1/dispatch/leaflet/list', {})).data.count).toBe(0);
      expect((await api(b, 'POST', '/api/v1/policy/getData', { id })).code).toBe(404);
      await openIn(b, lang);
      await b.getByTestId('leaflet-list').getByText(LABELS[lang].noneMine).waitFor();
      await b.getByTestId('leaflet-scope').getByText(LABELS[lang].all).click();
      await b.getByTestId('data-table').getByText(LABELS[lang].none).waitFor();
      expect(await b.getByTestId('data-table').locator('tr.ant-table-row').count()).toBe(0);
      await docShot(b, `leaflets-other-department-390-${lang}.png`);
      await ctx.close();
    });
  }
});
