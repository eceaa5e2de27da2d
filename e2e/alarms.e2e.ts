import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Fleet } from '@sl/simulator';
import { PasswordCipher } from '../apps/server/src/auth/password-cipher.js';
import { clickWhenOpen } from './support/antd.js';
import { type MenuNode, api, menusFor, signIn, signInTo } from './support/browser.js';
import type { RunningProduct } from './support/server.js';
import { startProductAndBrowser } from './support/session.js';
import { docShot } from './support/doc-shot.js';

// A dispatcher (admin, desktop) and a maintenance user (a phone, 390 × 844) walk one simulator alarm
// 1 → 2 → 3 → 4 → 5; a fault that clears itself ends at 6; a refused move shows its message in both languages.

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8cf00000301010018dd8db40000000049454e44ae426082', 'hex');
const cipher = new PasswordCipher('sl-console-2024!');
const PHONE = '13800000077';
/** The crew's password: new passwords must pass the password policy (the demo's 123456 would not). */
const CREW_PASSWORD = 'e2e-crew-pass-1';

const alarmStatus = async (page: Page, alarmId: number) => (await api<{ status: number }>(page, 'GET', `/api/v1/alarm/info/${alarmId}`)).data.status;
const errorText = (page: Page) => page.locator('.ant-message-error').last().innerText();

describe('alarm workflow in two browsers', () => {
  let product: RunningProduct;
  let browser: Browser;
  let desk: BrowserContext;
  let phone: BrowserContext;
  let d: Page;
  let m: Page;
  let sim: Fleet | undefined;
  const sn = `ALE2E${Date.now().toString(36).slice(-4).toUpperCase()}`;
  let terminalId: number;

  beforeAll(async () => {
    ({ product, browser } = await startProductAndBrowser());
    desk = await browser.newContext({ baseURL: product.baseUrl, viewport: { width: 1440, height: 900 } });
    phone = await browser.newContext({ baseURL: product.baseUrl, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
    d = await desk.newPage();
    m = await phone.newPage();
    await signInTo(d, '/profile/index');

    const menus = (await api<MenuNode[]>(d, 'GET', '/api/v1/menu')).data;
    const role = await api<{ roleId: number }>(d, 'POST', '/api/v1/addRole', {
      roleName: '维修员', roleKey: 'e2e-crew', menuIds: menusFor(menus, ['dispatch:workorder:query', 'alarm:alarm:query']),
    });
    expect(role.code).toBe(200);
    expect((await api(d, 'PUT', '/api/v1/roledatascope', { roleId: role.data.roleId, dataScope: '4', deptIds: [2] })).code).toBe(200);
    const user = await api(d, 'POST', '/api/v1/sysUser', { username: 'e2efixer', password: cipher.encrypt(CREW_PASSWORD), nickName: '维修员小王', phone: PHONE, deptId: 2, roleIds: [role.data.roleId] });
    expect(user.code).toBe(200);
    // The same role in department 3 (运维二部): none of department 2's alarms or orders.
    const other = await api(d, 'POST', '/api/v1/sysUser', { username: 'e2efixerb', password: cipher.encrypt(CREW_PASSWORD), nickName: '维修员小李', phone: '13800000078', deptId: 3, roleIds: [role.data.roleId] });
    expect(other.code).toBe(200);

    const added = await api<{ terminalId: number; secret: string }>(d, 'POST', '/api/v1/terminal/add', { sn, name: `告警测试灯 ${sn}`, family: 'rdcsm', model: 2, deptId: 2, lng: 121.5102, lat: 31.2465 });
    expect(added.code).toBe(200);
    terminalId = added.data.terminalId;
    sim = new Fleet([{ family: 'rdcsm', sn, secret: added.data.secret, model: 2, loops: 1, phases: 1, heartbeatS: 60, lng: 121.5102, lat: 31.2465 }], { url: product.mqttUrl });
    await sim.start();
    await sim.waitConnected();

    await m.goto('/login');
    await signIn(m, 'e2efixer', CREW_PASSWORD);
    await m.waitForURL((url) => !url.pathname.startsWith('/login'));
  });

  afterAll(async () => {
    await sim?.stop();
    await browser?.close();
    await product?.stop();
  });

  const findAlarm = async (kind: string) => {
    const list = await api<{ list: Array<{ alarmId: number; kind: string; status: number }> }>(d, 'POST', '/api/v1/alarm/list', { sn, kind });
    return list.data.list[0];
  };

  it('walks a simulator alarm 1 → 2 → 3 → 4 → 5 with the text and the timeline', async () => {
    sim!.terminal(sn)!.injectFault('lampFailure');
    await expect.poll(() => findAlarm('lampFailure'), { timeout: 15_000 }).toBeDefined();
    const alarmId = (await findAlarm('lampFailure')).alarmId;

    // Dispatcher: the list, filtered by the terminal, shows the alarm at 1; dispatch it to the crew.
    await d.goto('/bjsz/list');
    await d.getByTestId('search-sn').fill(sn);
    await d.getByTestId('btn-search').click();
    const row = d.locator(`tr[data-row-key="${alarmId}"]`);
    await row.getByTestId('alarm-status-1').waitFor();
    // At 1440 px the alarm time is shown whole (issue 28 item 12): on one line, not cut, and in view without
    // scrolling sideways, left of the fixed actions column.
    const times = await row.locator('td').evaluateAll((cells) => {
      const actions = cells.at(-1)!.getBoundingClientRect();
      const scroller = cells[0].closest('.ant-table-content, .ant-table-body')!;
      return cells
        .filter((c) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(c.textContent ?? ''))
        .map((c) => {
          const box = c.getBoundingClientRect();
          const text = document.createRange();
          text.selectNodeContents(c);
          const lines = new Set([...text.getClientRects()].map((r) => Math.round(r.top))).size;
          return { cut: c.scrollWidth > c.clientWidth + 1, wraps: lines > 1, hidden: box.right > actions.left + 1 || scroller.scrollWidth > scroller.clientWidth + 1 };
        });
    });
    expect(times.length).toBeGreaterThan(0);
    expect(times.filter((c) => c.cut || c.wraps || c.hidden)).toEqual([]);
    await docShot(d, 'alarms-list-zh-CN.png');
    await row.locator('.ant-checkbox-input').check();
    await d.getByTestId('btn-dispatch').click();
    await d.getByTestId('dispatch-assignee').click();
    await d.locator('.ant-select-item-option', { hasText: '维修员小王' }).click();
    await d.getByTestId('dispatch-instruction').fill('更换驱动电源');
    await d.getByTestId('dialog-save').click();
    await row.getByTestId('alarm-status-2').waitFor({ timeout: 10_000 });

    // Maintenance, on the phone: my orders, pick up, report progress, complete with a photo.
    await m.goto('/dispatch/workorder');
    const card = m.locator('[data-testid^=order-card-]').first();
    await card.waitFor();
    const orderId = Number((await card.getAttribute('data-testid'))!.replace('order-card-', ''));
    expect(await card.innerText()).toContain(sn);
    expect(await card.getByTestId(`order-navigate-${alarmId}`).getAttribute('href')).toContain('121.5102,31.2465');
    await docShot(m, 'alarms-my-orders-390-zh-CN.png');
    await m.getByTestId(`order-pickUp-${orderId}`).click();
    await card.getByTestId('order-status-2').waitFor();
    expect(await alarmStatus(d, alarmId)).toBe(3);
    await m.getByTestId(`order-progress-${orderId}`).click();
    await m.getByTestId('note-input').fill('已到现场');
    await clickWhenOpen(m.getByTestId('note-ok'));
    await expect.poll(() => alarmStatus(d, alarmId)).toBe(4);
    await m.getByTestId(`order-complete-${orderId}`).click();
    await m.getByTestId('complete-note').fill('驱动已更换，灯具恢复');
    await m.locator('.ant-modal input[type=file]').setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: PNG });
    await m.locator('.ant-modal .ant-image').waitFor();
    await docShot(m, 'alarms-complete-390-zh-CN.png');
    await clickWhenOpen(m.getByTestId('complete-ok'));
    await card.getByTestId('order-status-3').waitFor();
    expect(await alarmStatus(d, alarmId)).toBe(5);

    // Dispatcher: the text to the assignee in the SMS log, and the whole timeline in the detail.
    await d.goto('/dispatch/sms');
    const sms = d.getByTestId('sms-table').locator('tr', { hasText: PHONE }).first();
    await sms.waitFor();
    expect(await sms.innerText()).toContain(`工单${orderId}`);
    expect(await sms.innerText()).toContain('已发送');
    await docShot(d, 'alarms-sms-log-zh-CN.png');
    await d.goto('/bjsz/list');
    await d.getByTestId('search-sn').fill(sn);
    await d.getByTestId('btn-search').click();
    await d.getByTestId(`alarm-open-${alarmId}`).click();
    const timeline = d.getByTestId('alarm-timeline');
    await timeline.getByTestId('timeline-complete').waitFor();
    for (const event of ['raise', 'dispatch', 'pickUp', 'progress', 'complete']) expect(await timeline.getByTestId(`timeline-${event}`).count()).toBe(1);
    expect(await timeline.innerText()).toContain('e2efixer');
    await d.getByTestId('detail-status').getByTestId('alarm-status-5').waitFor();
    // The crew's completion time and photo reach the dispatcher under the alarm's work orders (issue 28 item 13).
    const order = d.getByTestId(`alarm-order-${orderId}`);
    expect(await order.getByTestId(`order-completed-at-${orderId}`).innerText()).toMatch(/^完成时间 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const photo = order.getByTestId(`order-photos-${orderId}`).locator('img');
    expect(await photo.count()).toBe(1);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await docShot(d, 'alarms-detail-zh-CN.png');
  });

  it('a fault that clears itself ends at 6', async () => {
    sim!.terminal(sn)!.injectFault('voltageHigh');
    await expect.poll(() => findAlarm('voltageHigh'), { timeout: 15_000 }).toMatchObject({ status: 1 });
    sim!.terminal(sn)!.clearFault('voltageHigh');
    await expect.poll(async () => (await findAlarm('voltageHigh')).status, { timeout: 15_000 }).toBe(6);
    await d.goto('/bjsz/list');
    await d.getByTestId('search-sn').fill(sn);
    await d.getByTestId('btn-search').click();
    await d.locator(`tr[data-row-key="${(await findAlarm('voltageHigh')).alarmId}"]`).getByTestId('alarm-status-6').waitFor();
  });

  it('a refused move shows its message in zh-CN and en-US on the phone', async () => {
    const alarm = await api<{ alarmId: number }>(d, 'POST', '/api/v1/alarm/add', { terminalId, kind: 'relayFailure', message: '巡检发现继电器不动作' });
    const users = await api<Array<{ userId: number; nickName: string }>>(d, 'POST', '/api/v1/dispatch/workorder/assignees', { alarmIds: [alarm.data.alarmId] });
    const fixer = users.data.find((u) => u.nickName === '维修员小王')!;
    const order = await api<{ orderId: number }>(d, 'POST', '/api/v1/dispatch/workorder/add', { alarmIds: [alarm.data.alarmId], assigneeId: fixer.userId });
    await m.goto('/dispatch/workorder');
    const pickUp = m.getByTestId(`order-pickUp-${order.data.orderId}`);
    await pickUp.waitFor();
    // The dispatcher takes the order back while the phone still shows it.
    expect((await api(d, 'POST', '/api/v1/dispatch/workorder/recall', { orderId: order.data.orderId, note: '改派他人' })).code).toBe(200);
    await pickUp.click();
    await expect.poll(() => errorText(m)).toBe(`工单 ${order.data.orderId} 当前为“已撤回”，不能接单`);
    await docShot(m, 'alarms-refused-390-zh-CN.png');
    // On a phone the refusal covers the language switch, and a click that lands on it (hovering it) keeps it open:
    // the switch is pressed once the message has gone.
    await m.locator('.ant-message-notice').waitFor({ state: 'detached' });
    await m.locator('[data-testid=lang-switch] [data-locale="en-US"]').click();
    await pickUp.click();
    await expect.poll(() => errorText(m)).toBe(`Work order ${order.data.orderId} is "Recalled" and cannot be picked up`);
    await docShot(m, 'alarms-refused-390-en-US.png');
    expect(await alarmStatus(d, alarm.data.alarmId)).toBe(1);
  });

  it('a maintenance user of another department sees none of these alarms or orders, in the console and through the API', async () => {
    const ctx = await browser.newContext({ baseURL: product.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const b = await ctx.newPage();
    await b.goto('/login');
    await signIn(b, 'e2efixerb', CREW_PASSWORD);
    await b.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect((await api<{ count: number }>(b, 'POST', '/api/v1/alarm/list', { sn })).data.count).toBe(0);
    expect((await api<{ count: number }>(b, 'POST', '/api/v1/dispatch/workorder/list', {})).data.count).toBe(0);
    const ours = await api<{ alarmId: number }>(d, 'POST', '/api/v1/alarm/add', { terminalId, kind: 'doorOpen', message: '部门二的告警' });
    expect(ours.code).toBe(200);
    expect((await api(b, 'GET', `/api/v1/alarm/info/${ours.data.alarmId}`)).code).toBe(404);
    expect((await api<{ count: number }>(b, 'POST', '/api/v1/alarm/list', { sn })).data.count).toBe(0);
    await b.goto('/dispatch/workorder');
    await b.getByTestId('order-scope').getByText('全部工单').click();
    await b.getByTestId('order-list').getByText('暂无工单').waitFor();
    expect(await b.locator('[data-testid^=order-card-]').count()).toBe(0);
    // Department 3 has demo lamps of its own, which may raise alarms; none of them is this lamp.
    await b.goto('/bjsz/list');
    await b.getByTestId('search-sn').fill(sn);
    await b.getByTestId('btn-search').click();
    await b.getByTestId('data-table').locator('.ant-table-placeholder').waitFor();
    await ctx.close();
  });

  it('none of the alarm and dispatch pages is "coming soon", in zh-CN and en-US', async () => {
    const pages: Array<[string, string]> = [['/bjsz/list', 'list'], ['/bjsz/set', 'settings'], ['/bjsz/log', 'log'], ['/dispatch/workorder', 'orders'], ['/dispatch/sms', 'sms-log']];
    for (const lang of ['zh-CN', 'en-US'] as const) {
      await d.goto('/bjsz/list');
      await d.locator(`[data-testid=lang-switch] [data-locale="${lang}"]`).click();
      for (const [path, name] of pages) {
        await d.goto(path);
        await d.locator('.ant-card').first().waitFor();
        await d.waitForLoadState('networkidle');
        expect(await d.getByTestId('coming-soon').count(), path).toBe(0);
        if (!(lang === 'zh-CN' && ['list', 'sms-log'].includes(name))) await docShot(d, `alarms-${name}-${lang}.png`);
        if (name === 'settings') {
          // The dialog with thresholds, the day-burning window and the severity overrides.
          await d.getByTestId('alarm-set-edit-rdcsm').click();
          const dayStart = d.getByTestId('alarm-set-day-start');
          await dayStart.waitFor();
          await d.waitForFunction(() => !document.querySelector('[class*="ant-zoom-"]')); // the opening animation has ended
          await docShot(d, `alarms-settings-dialog-${lang}.png`);
          await d.keyboard.press('Escape');
          await dayStart.waitFor({ state: 'detached' });
        }
      }
    }
  });
});
