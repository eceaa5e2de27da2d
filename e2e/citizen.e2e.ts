import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { api, signInTo } from './support/browser.js';
import type { RunningProduct } from './support/server.js';
import { startProductAndBrowser } from './support/session.js';

// A citizen on a phone (390 px) scans a demo pole's QR code, reports it dark with a photo; the operator's alarm
// list shows the alarm by push, the operator dispatches it, and the citizen's status page follows. A sixth report
// from one address within a minute is refused with a message. Each phone has its own address (X-Forwarded-For
// through TRUST_PROXY=1), as two citizens on two networks.

/** A photo of a dark lamp: 64 × 48, dark grey. */
function lampPhoto(): Buffer {
  const png = new PNG({ width: 64, height: 48 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([40, 40, 48, 255], i);
  return PNG.sync.write(png);
}
const OPEN = [1, 2, 3, 4, 7];

interface SheetPole { terminalId: number; poleNo: string; path: string; code: string }

describe('citizen fault report from a pole QR code', () => {
  let product: RunningProduct;
  let browser: Browser;
  let desk: BrowserContext;
  let d: Page;
  let pole: SheetPole;
  const phoneContext = (address: string) =>
    browser.newContext({ baseURL: product.baseUrl, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true, locale: 'en-US', extraHTTPHeaders: { 'x-forwarded-for': address } });

  beforeAll(async () => {
    ({ product, browser } = await startProductAndBrowser({ TRUST_PROXY: '1' }));
    desk = await browser.newContext({ baseURL: product.baseUrl, viewport: { width: 1440, height: 900 }, extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.1' } });
    d = await desk.newPage();
    await signInTo(d, '/profile/index');
    const sheet = await api<SheetPole[]>(d, 'GET', '/api/v1/citizen/qr-sheet');
    expect(sheet.code).toBe(200);
    // A demo pole whose lamp has no open alarm, so the report raises a citizen alarm of its own.
    for (const p of sheet.data) {
      const alarms = await api<{ list: Array<{ status: number }> }>(d, 'POST', '/api/v1/alarm/list', { terminalId: p.terminalId, pageSize: 100 });
      if (!alarms.data.list.some((a) => OPEN.includes(a.status))) {
        pole = p;
        break;
      }
    }
    expect(pole).toBeDefined();
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('prints the area sheet with the pole number, its QR code and short URL', async () => {
    await d.goto('/bjsz/citizen');
    const cell = d.getByTestId('citizen-sheet-pole').first();
    await cell.waitFor();
    await expect.poll(() => cell.getByTestId('citizen-qr').count()).toBe(1);
    expect(await cell.getByTestId('citizen-sheet-url').innerText()).toMatch(/\/r\/[a-z2-9]{8}$/);
  });

  it('reports dark with a photo, the alarm reaches the console by push, is dispatched, and the status page follows', async () => {
    await d.goto('/bjsz/list');
    await d.getByTestId('data-table').waitFor();

    const phone = await phoneContext('198.51.100.20');
    const m = await phone.newPage();
    await m.goto(pole.path);
    expect(await m.getByTestId('citizen-pole-no').innerText()).toBe(pole.poleNo);
    await m.locator('label:has([data-testid="citizen-problem-dark"])').click();
    await m.getByTestId('citizen-photo').setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: lampPhoto() });
    await m.getByTestId('citizen-send').click();
    await m.locator('[data-testid="citizen-thanks"], [data-testid="citizen-error"]').first().waitFor({ timeout: 30_000 });
    expect(await m.getByTestId('citizen-error').count(), await m.locator('body').innerText()).toBe(0);

    const found = await api<{ list: Array<{ alarmId: number; kind: string }> }>(d, 'POST', '/api/v1/alarm/list', { terminalId: pole.terminalId, kind: 'citizenReport' });
    const alarmId = found.data.list[0].alarmId;
    // The list was open before the report and is not reloaded: the push brings the row.
    const row = d.locator(`tr[data-row-key="${alarmId}"]`);
    await row.getByTestId('alarm-status-1').waitFor({ timeout: 20_000 });

    await m.getByTestId('citizen-follow').click();
    await m.locator('[data-testid="citizen-state"][data-state="received"]').waitFor();

    await row.locator('.ant-checkbox-input').check();
    await d.getByTestId('btn-dispatch').click();
    await d.getByTestId('dispatch-assignee').click();
    await d.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await d.getByTestId('dialog-save').click();
    await row.getByTestId('alarm-status-2').waitFor({ timeout: 15_000 });

    await m.locator('[data-testid="citizen-state"][data-state="dispatched"]').waitFor({ timeout: 30_000 });
    expect(await m.locator('body').innerText()).not.toContain('198.51.100');
    await phone.close();
  });

  it('refuses the sixth report from one address within a minute with a message', async () => {
    const phone = await phoneContext('198.51.100.21');
    const m = await phone.newPage();
    await m.goto(pole.path);
    await m.getByTestId('citizen-pole-no').waitFor();
    const statuses = await m.evaluate(async (url) => {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ problem: 'flickering' }) });
        codes.push(res.status);
      }
      return codes;
    }, `/api/v1/citizen/poles/${pole.code}/reports`);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    await m.locator('label:has([data-testid="citizen-problem-dark"])').click();
    await m.getByTestId('citizen-send').click();
    const error = m.getByTestId('citizen-error');
    await error.waitFor();
    expect(await error.innerText()).toMatch(/too many reports|太频繁/);
    await phone.close();
  });
});
