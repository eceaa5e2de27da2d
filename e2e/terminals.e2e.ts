import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { Fleet } from '@sl/simulator';
import { terminalSettingsLocales } from '../apps/web/src/features/terminal-settings/locales.js';
import { terminalsLocales } from '../apps/web/src/features/terminals/locales.js';
import { clickWhenOpen, openFormDialog, pick, row } from './support/antd.js';
import { api, hasCjk, signIn, signInTo } from './support/browser.js';
import { openInApp } from './support/in-app.js';
import type { RunningProduct } from './support/server.js';
import { useProductSession } from './support/session.js';

// testids: terminals-page, data-table, search-keyword, btn-add, secret-dialog, terminal-secret, secret-copy, row-detail,
// online-tag (data-state), lamp-tag (data-lamp), batch-bar, batch-on|off|auto|dim, batch-progress (data-settled, data-total),
// batch-failure, terminal-detail, live-readings (data-lamp), cmd-open|close|..., followed-task (data-state), history-chart,
// settings-tabs, terminal-picker, setting-form-<kind>, setting-send, current-<field>.

const HEARTBEAT_S = 10;

/** The input of an antd InputNumber or Input, whichever element carries the test id. */
const field = (scope: Page | ReturnType<Page['getByTestId']>, testId: string) => scope.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

/** Confirms the antd confirmation of a command, after the password check when one is asked. */
async function confirmSend(page: Page, password?: string) {
  if (password) {
    await page.getByTestId('password-check-input').fill(password);
    await clickWhenOpen(page.getByTestId('password-check-confirm'));
  }
  await clickWhenOpen(page.getByTestId('confirm-ok').last());
  // Gone before the next command: on a busy machine a confirmation still closing would be taken for the next one's.
  // A click that landed while the confirmation was still settling is lost (seen once with two browser files at a
  // time): a confirmation still open and not sending after 2 s is clicked again, as a user would.
  const clickedAt = Date.now();
  await expect
    .poll(async () => {
      const ok = page.getByTestId('confirm-ok');
      const settled = Date.now() - clickedAt >= 2_000;
      if (settled && (await ok.count()) > 0 && !(await ok.last().evaluate((el) => el.classList.contains('ant-btn-loading')).catch(() => true))) {
        await ok.last().click({ timeout: 1_000 }).catch(() => undefined);
      }
      return ok.count();
    }, { timeout: 15_000, interval: 250 })
    .toBe(0);
}

describe('terminal operations in Chromium', () => {
  // Short command time-out and offline detection so a silent terminal is seen within seconds; 10 s
  // still leaves a busy machine room for an answered command to come back before it expires.
  const session = useProductSession({}, { COMMAND_TTL_MS: '10000', SWEEP_INTERVAL_MS: '500', OFFLINE_AFTER_MISSED: '2' });
  let product: RunningProduct;
  let context: BrowserContext;
  let page: Page;
  let sim: Fleet | undefined;
  let settingsSim: Fleet | undefined;
  const sn = `E2E${Date.now().toString(36).slice(-5).toUpperCase()}`;
  let lampId = 0;

  afterAll(async () => {
    await sim?.stop();
    await settingsSim?.stop();
  });
  beforeEach(() => ({ product, context, page } = session));

  /** The session's language, which the console reads at its next load (the cookie its language switch writes). */
  const setLanguage = (lang: 'zh-CN' | 'en-US') => context.addCookies([{ name: 'language', value: lang, url: product.baseUrl }]);
  /** Signs in from the sign-in page, in `lang`, straight to `to` (signInTo); later pages open in-app. */
  const signInAs = async (lang: 'zh-CN' | 'en-US', username: string, to: string) => {
    await setLanguage(lang);
    await signInTo(page, to, username);
  };

  it('zh-CN, administrator: filters, adds a terminal with its one-time secret, edits and deletes it', async () => {
    await signInAs('zh-CN', 'admin', '/terminal/list');
    await page.getByTestId('terminals-page').waitFor();
    await expect.poll(() => page.locator('.ant-pagination-total-text').innerText()).toContain('30');
    expect(hasCjk(await page.getByTestId('data-table').locator('thead').innerText())).toBe(true);
    expect(await page.getByTestId('online-tag').count()).toBe(20);

    await page.getByTestId('search-keyword').fill('DEMO-SM-001');
    await page.getByTestId('btn-search').click();
    await expect.poll(() => page.getByTestId('data-table').locator('tbody tr.ant-table-row').count()).toBe(1);
    await page.getByTestId('btn-reset').click();
    await pick(page, 'search-model', '集中控制器');
    await page.getByTestId('btn-search').click();
    await expect.poll(async () => (await page.getByTestId('data-table').locator('tbody').innerText()).includes('单灯控制器')).toBe(false);

    const name = `测试终端 ${sn}`;
    await openFormDialog(page, 'btn-add');
    await page.getByTestId('dialog-save').click();
    await page.getByText('请输入终端编号').or(page.locator('.ant-form-item-explain-error').first()).first().waitFor();
    await page.getByTestId('field-sn').fill(`${sn}X`);
    await page.getByTestId('field-name').fill(name);
    await pick(page, 'field-deptId', '运维一部');
    await page.getByTestId('dialog-save').click();
    const secret = page.getByTestId('terminal-secret');
    await secret.waitFor();
    expect((await secret.innerText()).length).toBeGreaterThanOrEqual(16);
    await page.getByTestId('secret-close').click();

    await page.getByTestId('search-keyword').fill(`${sn}X`);
    await page.getByTestId('btn-reset').click();
    await page.getByTestId('search-keyword').fill(`${sn}X`);
    await page.getByTestId('btn-search').click();
    await row(page, name).waitFor();
    await row(page, name).getByTestId('row-edit').click();
    await page.locator('[data-testid="form-dialog-form"][data-state="open"]').waitFor();
    await page.getByTestId('field-name').fill(`${name} 改`);
    await page.getByTestId('dialog-save').click();
    await row(page, `${name} 改`).waitFor();
    await row(page, `${name} 改`).getByTestId('row-delete').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('data-table').locator('tbody tr.ant-table-row').count()).toBe(0);
  });

  it('en-US, administrator: switches a simulated lamp off from its detail page, then a silent lamp times out and shows offline', { timeout: 240_000 }, async () => {
    await signInAs('en-US', 'admin', '/terminal/list');
    const added = await api<{ terminalId: number; secret: string }>(page, 'POST', '/api/v1/terminal/add', { sn, name: `Lamp ${sn}`, family: 'rdcsm', model: 2, deptId: 2, lng: 121.5, lat: 31.2 });
    expect(added.code).toBe(200);
    lampId = added.data.terminalId;
    sim = new Fleet([{ family: 'rdcsm', sn, secret: added.data.secret, model: 2, loops: 1, phases: 1, heartbeatS: HEARTBEAT_S, lng: 121.5, lat: 31.2 }], { url: product.mqttUrl });
    await sim.start();
    await sim.waitConnected();
    const lamp = sim.terminal(sn)!;
    // A ten-second heartbeat, so the offline sweep (two missed heartbeats) sees the silence soon.
    expect((await api(page, 'POST', '/api/v1/send/set/heart/info', { terminalId: lampId, intervalS: HEARTBEAT_S })).code).toBe(200);

    await page.getByTestId('search-keyword').fill(sn);
    await page.getByTestId('btn-search').click();
    await row(page, `Lamp ${sn}`).getByTestId('row-detail').click();
    await page.waitForURL(new RegExp(`/terminal/detail/${lampId}$`));
    await page.getByTestId('live-readings').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('terminal-detail').innerText()).toContain('Live readings');
    expect(hasCjk(await page.getByTestId('command-panel').innerText())).toBe(false);

    await page.getByTestId('cmd-open').click();
    await confirmSend(page);
    await page.locator('[data-testid=live-readings][data-lamp=on]').waitFor({ timeout: 10_000 });
    expect(lamp.state.loops[0]).toBe(true);

    // The switch off: the real simulator turns off over MQTT and the page shows it without a reload.
    // The issue asks for 2 s; a test does not time things, it prints the figure (waiting longer on a busy machine).
    await page.getByTestId('cmd-close').click();
    await confirmSend(page);
    const sentAt = Date.now();
    await page.locator('[data-testid=live-readings][data-lamp=off]').waitFor({ timeout: 15_000 });
    console.log(`switch-off shown on the detail page ${Date.now() - sentAt} ms after confirming the command`);
    expect(lamp.state.loops[0]).toBe(false);
    await page.locator('[data-testid=followed-task][data-state=succeeded]').first().waitFor();
    await page.getByTestId('history-chart').waitFor({ timeout: 10_000 });

    // The terminal stops answering: its next command ends timed out and the list shows it offline.
    lamp.injectFault('silent');
    await page.getByTestId('cmd-open').click();
    await confirmSend(page);
    const task = page.getByTestId('followed-task').first();
    await expect.poll(() => task.getAttribute('data-state'), { timeout: 30_000 }).toBe('timedOut');
    expect(await task.innerText()).toContain('Timed out');
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.getByTestId('search-keyword').fill(sn);
    await page.getByTestId('btn-search').click();
    await expect
      .poll(async () => {
        await page.getByTestId('btn-search').click();
        return row(page, `Lamp ${sn}`).getByTestId('online-tag').getAttribute('data-state');
      }, { timeout: 60_000, interval: 2_000 })
      .toBe('2');
    expect(await row(page, `Lamp ${sn}`).getByTestId('online-tag').innerText()).toBe('Offline');
  });

  it('zh-CN, administrator: a batch over the demo fleet fills its progress and lists the silent lamp with its reason', async () => {
    await signInAs('zh-CN', 'admin', '/terminal/list');
    await page.getByTestId('terminals-page').waitFor();
    await expect.poll(() => page.locator('.ant-pagination-total-text').innerText()).toContain('31');
    const selectPage = () => page.getByTestId('data-table').locator('thead .ant-checkbox-input').check();
    await selectPage();
    // Page 2 follows page 1 by cursor (keyset paging) and holds what page 2 by number holds.
    type Listed = { list: Array<{ terminalId: number; sn: string }> };
    const [first, second] = [await api<Listed>(page, 'GET', '/api/v1/terminal/list?pageIndex=1&pageSize=20&status=6'), await api<Listed>(page, 'GET', '/api/v1/terminal/list?pageIndex=2&pageSize=20&status=6')];
    const asked = page.waitForRequest((r) => r.url().includes('/api/v1/terminal/list') && r.url().includes('pageIndex=2'));
    await page.locator('.ant-pagination-item-2').click();
    expect(new URL((await asked).url()).searchParams.get('afterId')).toBe(String(first.data.list.at(-1)!.terminalId));
    await expect.poll(() => page.getByTestId('data-table').locator('tbody tr.ant-table-row').count()).toBe(11);
    const shown = await page.getByTestId('data-table').locator('tbody').innerText();
    expect(second.data.list.every((t) => shown.includes(t.sn))).toBe(true);
    await selectPage();
    await expect.poll(() => page.getByTestId('batch-bar').innerText()).toContain('已选 31 台');

    await page.getByTestId('batch-off').click();
    await confirmSend(page, '123456');
    const progress = page.getByTestId('batch-progress');
    await progress.waitFor();
    expect(await progress.getAttribute('data-total')).toBe('31');
    await expect.poll(() => progress.getAttribute('data-settled'), { timeout: 40_000 }).toBe('31');
    // The silent lamp times out; a demo terminal may fail too (random faults are off in e2e products, the tolerance stays).
    const count = async (id: string) => Number((await page.getByTestId(id).innerText()).replace(/\D/g, ''));
    const [succeeded, failed, timedOut] = [await count('batch-succeeded'), await count('batch-failed'), await count('batch-timed-out')];
    expect(succeeded + failed + timedOut).toBe(31);
    expect(succeeded).toBeGreaterThanOrEqual(25);
    const failures = page.getByTestId('batch-failure');
    expect(await failures.count()).toBe(failed + timedOut);
    const silent = failures.filter({ hasText: sn });
    expect(await silent.innerText()).toContain('超时');
    expect(await silent.innerText()).toContain('终端未在规定时间内应答');
  });

  for (const lang of ['en-US', 'zh-CN'] as const) {
  it(`${lang}, a department-scoped operator: sees and commands only the terminals of department 2 and below`, async () => {
    await signInAs(lang, 'operator', '/terminal/list');
    await page.getByTestId('terminals-page').waitFor();
    const all = await api<{ count: number; list: Array<{ terminalId: number; deptId: number }> }>(page, 'GET', '/api/v1/terminal/list?pageSize=100');
    expect(all.data.list.every((t) => t.deptId === 2 || t.deptId === 5)).toBe(true);
    await expect.poll(() => page.locator('.ant-pagination-total-text').innerText()).toContain(String(all.data.count));
    expect(all.data.count).toBeLessThan(31);
    // Another department's terminal answers as missing, in the API and on the detail page.
    const outside = await api<{ list: Array<{ terminalId: number; deptId: number }> }>(page, 'GET', '/api/v1/terminal/list?deptId=3');
    expect(outside.data.list).toHaveLength(0);
    const visible = new Set(all.data.list.map((t) => t.terminalId));
    const foreign = Array.from({ length: 30 }, (_, i) => i + 1).find((id) => !visible.has(id))!;
    expect((await api(page, 'POST', '/api/v1/terminal/batch/command', { terminalIds: [foreign], action: 'off' })).code).toBe(404);
    await openInApp(page, `/terminal/detail/${foreign}`);
    await page.getByTestId('detail-not-found').waitFor();
    expect(hasCjk(await page.getByTestId('detail-not-found').innerText())).toBe(lang === 'zh-CN');

    const own = all.data.list.find((t) => t.terminalId !== lampId)!;
    await openInApp(page, `/terminal/detail/${own.terminalId}`);
    await page.getByTestId('command-panel').waitFor();
    await page.getByTestId('cmd-clockQuery').click();
    await confirmSend(page);
    await page.locator('[data-testid=followed-task][data-state=succeeded]').first().waitFor({ timeout: 20_000 });
  });
  }

  it('en-US, the seeded operator: edits a terminal of its department and saves the form (issue 28 item 1)', async () => {
    await signInAs('en-US', 'operator', '/terminal/list');
    await page.getByTestId('terminals-page').waitFor();
    // DEMO-SM-007 belongs to 运维一部, the operator's department.
    await page.getByTestId('search-keyword').fill('DEMO-SM-007');
    await page.getByTestId('btn-search').click();
    await expect.poll(() => page.getByTestId('data-table').locator('tbody tr.ant-table-row').count()).toBe(1);
    await page.getByTestId('data-table').locator('tbody tr.ant-table-row').getByTestId('row-edit').click();
    await page.locator('[data-testid="form-dialog-form"][data-state="open"]').waitFor();
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/v1/terminal'));
    await page.getByTestId('dialog-save').click();
    expect(await (await saved).json()).toMatchObject({ code: 200 });
    await expect.poll(() => page.locator('[data-testid="form-dialog-form"]').count()).toBe(0);
  });

  // Every seeded role saves a form in the browser: the administrator throughout these files, the operator above; the
  // visitor's only page is the map and the repairer works its orders with the order card's buttons
  // (apps/server/test/seeded-roles-save.api.test.ts), so each saves the form every role has, its profile.
  for (const [username, lang, lands] of [['visitor', 'zh-CN', /\/dashboard$/], ['repairer', 'en-US', /\/dispatch\/workorder$/]] as const) {
  it(`${lang}, the seeded ${username}: lands on its first page and saves its profile form (issue 28 items 1, 3)`, async () => {
    await setLanguage(lang);
    await page.goto('/login');
    await signIn(page, username);
    await page.waitForURL(lands);
    await openInApp(page, '/profile/index');
    await page.getByTestId('profile-form').waitFor();
    // The form is filled from the account once loaded; typing before that would be overwritten.
    await expect.poll(() => field(page, 'field-nickName').inputValue()).not.toBe('');
    const about = page.locator('textarea[data-testid="field-introduction"], [data-testid="field-introduction"] textarea').first();
    const text = `${username} on shift ${Date.now()}`;
    await about.fill(text);
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/profile'));
    await page.getByTestId('profile-save').click();
    expect(await (await saved).json()).toMatchObject({ code: 200 });
    await page.reload();
    await page.getByTestId('profile-form').waitFor();
    await expect.poll(() => about.inputValue()).toBe(text);
  });
  }

  // Eight sends, each confirmed and followed to the terminal's answer: 30 s on an idle machine, over 60 s under CI's load.
  it('en-US and zh-CN: remote settings send each kind with the live task state and list the execution records', { timeout: 300_000 }, async () => {
    await signInAs('en-US', 'admin', '/terminal/set');
    // A terminal of its own, as the demo fleet's lamps are shared with the other tests of this file.
    const cabinetSn = `S${sn}`;
    const added = await api<{ terminalId: number; secret: string }>(page, 'POST', '/api/v1/terminal/add', { sn: cabinetSn, name: `Cabinet ${cabinetSn}`, family: 'rdcsm', model: 1, loops: 4, deptId: 2 });
    expect(added.code).toBe(200);
    settingsSim = new Fleet([{ family: 'rdcsm', sn: cabinetSn, secret: added.data.secret, model: 1, loops: 4, phases: 3, heartbeatS: 60, lng: 121.4, lat: 31.2 }], { url: product.mqttUrl });
    await settingsSim.start();
    await settingsSim.waitConnected();
    await page.getByTestId('settings-tabs').waitFor();
    await page.getByTestId('terminal-picker').click();
    await page.keyboard.type(cabinetSn);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: cabinetSn }).first().click();
    await page.getByTestId('setting-form-alarm').waitFor();
    await field(page, 'setting-voltageHigh').fill('250');
    await field(page, 'setting-voltageLow').fill('190');
    await page.getByTestId('setting-send').click();
    await confirmSend(page);
    await page.locator('[data-testid=setting-form-alarm] [data-testid=followed-task][data-state=succeeded]').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('current-voltageHigh').innerText(), { timeout: 10_000 }).toBe('250');
    await expect.poll(() => page.getByTestId('setting-records').locator('tbody tr.ant-table-row').count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // A malformed value is refused in the form, before anything is sent.
    await page.getByRole('tab', { name: 'Electricity parameters', exact: true }).click();
    const elc = page.getByTestId('setting-form-elc');
    await field(elc, 'setting-meterAddress').fill('not hex');
    await elc.getByTestId('setting-send').click();
    await elc.locator('.ant-form-item-explain-error').waitFor();
    await field(elc, 'setting-meterAddress').fill('0A1B');
    await field(elc, 'setting-ctRatio').fill('200');
    await elc.getByTestId('setting-send').click();
    await confirmSend(page);
    await elc.locator('[data-testid=followed-task][data-state=succeeded]').waitFor({ timeout: 20_000 });
    await expect.poll(() => elc.getByTestId('current-ctRatio').innerText(), { timeout: 10_000 }).toBe('200');

    // Every other kind, each followed to the terminal's answer; switching ones ask for the password first.
    const kinds: Array<[tab: string, form: string, fill: () => Promise<void>, password?: string]> = [
      ['Read electricity parameters', 'elec', async () => undefined],
      ['Leakage', 'leakage', () => field(page.getByTestId('setting-form-leakage'), 'setting-thresholdMa').fill('30')],
      ['Door lock', 'lock', () => page.getByTestId('setting-form-lock').getByTestId('setting-locked').click()],
      ['Manual / automatic', 'manauto', () => pick(page, 'setting-mode', 'Manual'), '123456'],
      ['Over-current', 'over-current', async () => {
        await field(page.getByTestId('setting-form-over-current'), 'setting-thresholdA').fill('40');
        await field(page.getByTestId('setting-form-over-current'), 'setting-loop').fill('1');
      }],
      ['Relays', 'relay', async () => {
        await field(page.getByTestId('setting-form-relay'), 'setting-loop').fill('2');
        await page.getByTestId('setting-form-relay').getByTestId('setting-on').click();
      }, '123456'],
    ];
    for (const [tab, form, fill, password] of kinds) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      const scope = page.getByTestId(`setting-form-${form}`);
      await scope.waitFor();
      await fill();
      await scope.getByTestId('setting-send').click();
      await confirmSend(page, password);
      await scope.locator('[data-testid=followed-task][data-state=succeeded]').waitFor({ timeout: 20_000 });
    }
    expect(settingsSim!.terminal(cabinetSn)!.state.loops[1]).toBe(true);

    // The leakage form in Chinese, with its unit.
    await setLanguage('zh-CN');
    await page.goto('/terminal/set');
    await page.getByRole('tab', { name: '漏电设置' }).click();
    expect(await page.getByTestId('settings-tabs').innerText()).toContain('执行记录');
  });

  it('zh-CN and en-US, a department-scoped operator: every remote settings kind on a cabinet of their department, none on another department\'s terminal', { timeout: 360_000 }, async () => {
    await signInAs('en-US', 'operator', '/profile/index');
    // The operator adds a cabinet to their own department and brings it up on the simulator.
    const scopedSn = `O${sn}`;
    const added = await api<{ terminalId: number; secret: string }>(page, 'POST', '/api/v1/terminal/add', { sn: scopedSn, name: `Cabinet ${scopedSn}`, family: 'rdcsm', model: 1, loops: 4, deptId: 2 });
    expect(added.code).toBe(200);
    const scopedSim = new Fleet([{ family: 'rdcsm', sn: scopedSn, secret: added.data.secret, model: 1, loops: 4, phases: 3, heartbeatS: 60, lng: 121.45, lat: 31.21 }], { url: product.mqttUrl });
    await scopedSim.start();
    try {
      await scopedSim.waitConnected();
      // Another department's terminal: absent from the picker, refused by every setting call.
      const mine = await api<{ list: Array<{ terminalId: number; sn: string }> }>(page, 'GET', '/api/v1/terminal/list?pageSize=100');
      const visible = new Set(mine.data.list.map((t) => t.terminalId));
      const foreign = Array.from({ length: 30 }, (_, i) => i + 1).find((id) => !visible.has(id))!;
      for (const url of ['/api/v1/rdcsm/send/set/leakage', '/api/v1/rdcsm/send/set/lock', '/api/v1/rdcsm/send/set/relay']) {
        expect((await api(page, 'POST', url, { terminalId: foreign, thresholdMa: 30, locked: true, loop: 1, on: true })).code).toBe(404);
      }

      for (const lang of ['zh-CN', 'en-US'] as const) {
        const text = (key: string) => (terminalSettingsLocales[lang][key] ?? terminalsLocales[lang][key]) as string;
        await setLanguage(lang);
        await page.goto('/terminal/set');
        await page.getByTestId('settings-tabs').waitFor();
        await page.getByTestId('terminal-picker').click();
        await page.keyboard.type('DEMO');
        const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
        await options.first().waitFor();
        const offered = await options.allInnerTexts();
        expect(offered.every((o) => mine.data.list.some((t) => o.includes(t.sn)))).toBe(true);
        await page.keyboard.press('Escape');
        await page.getByTestId('terminal-picker').click();
        await page.keyboard.type(scopedSn);
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: scopedSn }).first().click();

        const kinds: Array<[kind: string, fill: (form: ReturnType<Page['getByTestId']>) => Promise<unknown>, switches?: boolean]> = [
          ['alarm', async (form) => {
            await field(form, 'setting-voltageHigh').fill(lang === 'zh-CN' ? '245' : '248');
            await field(form, 'setting-voltageLow').fill('185');
          }],
          ['elc', (form) => field(form, 'setting-ctRatio').fill(lang === 'zh-CN' ? '150' : '160')],
          ['elec', async () => undefined],
          ['leakage', (form) => field(form, 'setting-thresholdMa').fill('35')],
          ['lock', (form) => form.getByTestId('setting-locked').click()],
          ['manauto', async () => {
            await page.getByTestId('setting-mode').click();
            await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text('terminal.controlMode.manual') }).click();
          }, true],
          ['over/current', async (form) => {
            await field(form, 'setting-thresholdA').fill('45');
            await field(form, 'setting-loop').fill('1');
          }],
          ['relay', async (form) => {
            await field(form, 'setting-loop').fill('3');
            await form.getByTestId('setting-on').click();
          }, true],
        ];
        for (const [kind, fill, switches] of kinds) {
          await page.getByRole('tab', { name: text(`setting.kind.${kind}`), exact: true }).click();
          const form = page.getByTestId(`setting-form-${kind.replace('/', '-')}`);
          await form.waitFor();
          expect(hasCjk(await form.innerText())).toBe(lang === 'zh-CN');
          await fill(form);
          await form.getByTestId('setting-send').click();
          await confirmSend(page, switches ? '123456' : undefined);
          await form.locator('[data-testid=followed-task][data-state=succeeded]').first().waitFor({ timeout: 20_000 });
        }
        // The terminal's confirmed values show beside the form.
        await page.getByRole('tab', { name: text('setting.kind.alarm'), exact: true }).click();
        await expect.poll(() => page.getByTestId('setting-form-alarm').getByTestId('current-voltageHigh').innerText(), { timeout: 10_000 }).toBe(lang === 'zh-CN' ? '245' : '248');
        const relay = scopedSim.terminal(scopedSn)!.state.loops[2];
        expect(relay).toBe(true);
      }
    } finally {
      await scopedSim.stop();
    }
  });
});
