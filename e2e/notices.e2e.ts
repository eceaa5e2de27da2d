import { beforeEach, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import type { Page, Request } from 'playwright-core';
import { NOTICE_APPEND_DELAY_MS } from '@sl/contracts';
import { clickWhenOpen } from './support/antd.js';
import { api, signInTo } from './support/browser.js';
import { useProductSession } from './support/session.js';
import { openInApp } from './support/in-app.js';

// testids: notice-button, notice-badge (data-count), notice-drawer, notice-feed (data-count, data-total),
// notice-item, notice-feed-end, notice-popup-read, alarm-bell, alarm-badge (data-count), alarm-popover-link.

const badgeCount = async (page: Page, testId: string) => Number(await page.getByTestId(testId).getAttribute('data-count'));

describe('notices and the alarm bell in Chromium', () => {
  const session = useProductSession();
  let page: Page;
  let noticeSocket: Promise<unknown>;
  beforeEach(async () => {
    ({ page } = session);
    noticeSocket = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/api/v1/ws/notice/') });
    // Only the pop-up test waits for it: a test that ends before the channel opens must not leave its rejection unhandled.
    noticeSocket.catch(() => undefined);
    // Speech is recorded instead of spoken, with the count the bell showed when it was spoken.
    await page.addInitScript(() => {
      const w = window as unknown as { spoken: unknown[] };
      w.spoken = [];
      const shown = () => Number(document.querySelector('[data-testid="alarm-badge"]')?.getAttribute('data-count') ?? Number.NaN);
      Object.defineProperty(window, 'speechSynthesis', {
        configurable: true,
        value: { speak: (u: SpeechSynthesisUtterance) => w.spoken.push({ text: u.text, lang: u.lang, rate: u.rate, volume: u.volume, shown: shown() }), cancel: () => undefined, getVoices: () => [] },
      });
    });
    await signInTo(page, '/profile/index');
  });

  const firstDeptId = async () => (await api<Array<{ deptId: number }>>(page, 'GET', '/api/v1/dept')).data[0].deptId;

  it('loads the drawer 5 at a time, 2 s apart, and stops at the total', async () => {
    // The pop-up toggle off: six notices would otherwise pop up over the page.
    await page.getByTestId('user-menu').click();
    await clickWhenOpen(page.getByTestId('menu-notice-popup'));
    await page.getByTestId('user-menu').click();
    await expect.poll(() => page.getByTestId('menu-notice-popup').getAttribute('data-checked')).toBe('false');
    const deptId = await firstDeptId();
    // Browser-side start times of the first request for each page of the drawer's list.
    const firstAsked = new Map<number, Request>();
    page.on('request', (r) => {
      if (!new URL(r.url()).pathname.endsWith('/energy/notice/list')) return;
      const pageIndex = Number((r.postDataJSON() as { pageIndex?: number } | null)?.pageIndex ?? 1);
      if (!firstAsked.has(pageIndex)) firstAsked.set(pageIndex, r);
    });
    const askedAt = (n: number) => firstAsked.get(n)!.timing().startTime;
    for (let i = 1; i <= 6; i++) {
      expect((await api(page, 'POST', '/api/v1/energy/notice/add', { deptIds: [deptId], sendTitle: `E2E 巡检通知 ${i}`, sendContent: '请检查箱变。' })).code).toBe(200);
    }
    await page.getByTestId('notice-button').click();
    const feed = page.getByTestId('notice-feed');
    await expect.poll(() => feed.getAttribute('data-count')).toBe('5');
    const total = Number(await feed.getAttribute('data-total'));
    expect(total).toBeGreaterThan(10);
    expect(await page.getByTestId('notice-item').count()).toBe(5);
    await page.getByTestId('notice-item').last().scrollIntoViewIfNeeded();
    await feed.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => feed.getAttribute('data-count'), { timeout: 15_000 }).toBe('10');
    for (let loaded = 10; loaded < total; loaded = Number(await feed.getAttribute('data-count'))) {
      await feed.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await expect.poll(async () => Number(await feed.getAttribute('data-count')), { timeout: 15_000 }).toBeGreaterThan(loaded);
    }
    await page.getByTestId('notice-feed-end').waitFor();
    expect(await page.getByTestId('notice-item').count()).toBe(total);
    // Each next page is asked for at least 2 s after the one before (a lower bound: a busy machine only widens the gaps).
    const pages = Math.ceil(total / 5);
    for (let n = 2; n <= pages; n++) expect(askedAt(n) - askedAt(n - 1), `page ${n}`).toBeGreaterThanOrEqual(NOTICE_APPEND_DELAY_MS - 50);
    expect(await page.locator('.notice-popup').count()).toBe(0);

    await page.getByTestId('notice-refresh').click();
    await expect.poll(() => feed.getAttribute('data-count')).toBe('5');
  });

  it('pops up a notice sent through the API, counts it in the badge, and marks it read with the user name', async () => {
    await page.getByTestId('notice-badge').waitFor();
    // A push sent before the notice channel is up would only reach the badge at its next refresh.
    await noticeSocket;
    await page.waitForLoadState('networkidle');
    // The badge's own first fetch may still be on its way: the server's count is what it must reach.
    const before = (await api<{ unread: number }>(page, 'GET', '/api/v1/energy/notice/unread')).data.unread;
    const deptId = await firstDeptId();
    const title = `E2E 停电通知 ${Date.now()}`;
    await api(page, 'POST', '/api/v1/energy/notice/add', { deptIds: [deptId], sendTitle: title, sendContent: '明晚 22:00 检修，暂停供电。', level: 3 });

    const popup = page.locator('.notice-popup').filter({ hasText: title });
    await popup.waitFor();
    await expect.poll(() => badgeCount(page, 'notice-badge')).toBe(before + 1);

    const update = page.waitForRequest((r) => r.url().endsWith('/api/v1/energy/notice/update'));
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/energy/notice/update'));
    await popup.getByTestId('notice-popup-read').click();
    const sent = (await update).postDataJSON();
    const info = await api<{ nickName: string; userName: string }>(page, 'GET', '/api/v1/getinfo');
    const name = info.data.nickName || info.data.userName;
    expect(sent).toMatchObject({ recvStatus: 1, recvName: name });
    const stored = (await (await answered).json()).data;
    expect(stored).toMatchObject({ recvStatus: 1, recvName: name });
    await popup.waitFor({ state: 'detached' });
    await expect.poll(() => badgeCount(page, 'notice-badge')).toBe(before);
  });

  it('replies to a notice from the list page, refusing an empty reply', async () => {
    await openInApp(page, '/notice/list');
    await page.getByTestId('data-table').waitFor();
    const row = page.locator('tr', { has: page.getByTestId('notice-reply') }).first();
    const title = await row.locator('.notice-cell-title').innerText();
    await row.getByTestId('notice-reply').click();
    await page.locator('.ant-modal-footer .ant-btn-primary:visible').click();
    await page.getByText('请输入回复内容').waitFor();
    await page.getByTestId('notice-reply-input').fill('已安排夜班巡查。');
    await page.locator('.ant-modal-footer .ant-btn-primary:visible').click();
    const replied = page.locator('tr', { hasText: title }).first();
    await expect.poll(() => replied.getByTestId('notice-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('2');
    expect(await replied.innerText()).toContain('已安排夜班巡查。');
    expect(await page.getByTestId('error-log-button').count()).toBe(0);
  });

  it('updates the bell from an alarm push and announces the count when speech is on', async () => {
    type Utterance = { text: string; lang: string; rate: number; volume: number; shown: number };
    const spoken = () => page.evaluate(() => (window as unknown as { spoken: Utterance[] }).spoken);
    // The count of open alarms, then which they are ("：漏电 1 条…").
    const says = (text: string | undefined, n: number) => (n > 0 ? !!text?.startsWith(`当前有 ${n} 条告警待处理：`) : text === '当前没有告警');
    // The demo's own lamps can raise alarms (random faults are off in e2e products, but a busy machine can make them
    // miss heartbeats), and each change of the count is announced while speech is on: the test holds what was said to
    // the count the bell showed when it was said, rather than counting on a quiet fleet.
    const expectAnnouncements = async (atLeast: number) => {
      const [first, ...later] = await spoken();
      // Switching speech on announces the count the bell shows once loaded: at least the server's count before
      // (open alarms only grow here), so never a "no alarms" said before the count had come.
      expect(first).toMatchObject({ lang: 'zh-CN', rate: 1.5, volume: 1 });
      expect(says(first.text, first.shown), first.text).toBe(true);
      expect(first.shown).toBeGreaterThanOrEqual(atLeast);
      // Every later one announces a change of the count to a nonzero value.
      later.forEach((u, i) => {
        const previous = i === 0 ? first : later[i - 1];
        expect(u, `utterance ${i + 2}`).toMatchObject({ lang: 'zh-CN', rate: 1.5, volume: 1 });
        expect(says(u.text, u.shown), `utterance ${i + 2}: ${u.text}`).toBe(true);
        expect(u.shown, `utterance ${i + 2}`).toBeGreaterThan(0);
        expect(u.shown, `utterance ${i + 2}`).not.toBe(previous.shown);
      });
    };

    const open = async () => (await api<{ open: number }>(page, 'GET', '/api/v1/alarm/number')).data.open;

    await page.getByTestId('alarm-badge').waitFor();
    // Speech is off by default.
    expect(await spoken()).toEqual([]);
    const atStart = await open();
    await page.getByTestId('user-menu').click();
    await clickWhenOpen(page.getByTestId('menu-speech'));
    await expect.poll(async () => (await spoken()).length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expectAnnouncements(atStart);

    // A terminal registered through the API raises a leakage fault over MQTT, as protocol.md has it.
    const deptId = await firstDeptId();
    const sn = `E2E${Date.now().toString(36)}`;
    const added = await api<{ secret: string }>(page, 'POST', '/api/v1/terminal/add', { sn, name: 'E2E 箱变', family: 'rdcsm', model: 2, deptId });
    expect(added.code).toBe(200);
    const id = `rdcsm:${sn}`;
    const terminal = await mqtt.connectAsync(session.product.mqttUrl, { clientId: id, username: id, password: added.data.secret, clean: false, reconnectPeriod: 0 });
    try {
      await terminal.subscribeAsync(`sl/rdcsm/${sn}/down/#`, { qos: 1 });
      await terminal.publishAsync(`sl/rdcsm/${sn}/up/event`, JSON.stringify({ mid: '1', ts: Date.now(), event: 'leakage', state: 'raised', value: 42.5 }), { qos: 1 });
      // Once the server lists this terminal's alarm, its count of open alarms includes it: the bell must reach that
      // count (or a higher one, should a demo lamp add to it) and announce the count it then shows.
      const listed = async () => (await api<{ count: number }>(page, 'POST', '/api/v1/alarm/list', { sn, kind: 'leakage' })).data.count;
      await expect.poll(listed, { timeout: 10_000 }).toBe(1);
      const counted = await open();
      // The bell and the last announcement, read together in one step of the page.
      const bellAndLastWords = async () => {
        const { shown, text } = await page.evaluate(() => ({
          shown: Number(document.querySelector('[data-testid="alarm-badge"]')?.getAttribute('data-count')),
          text: (window as unknown as { spoken: Utterance[] }).spoken.at(-1)?.text,
        }));
        return shown >= counted && says(text, shown) ? 'announced' : `the bell shows ${shown} (at least ${counted} due), last said: ${text}`;
      };
      await expect.poll(bellAndLastWords, { timeout: 10_000 }).toBe('announced');
      await expectAnnouncements(atStart);
    } finally {
      await terminal.endAsync();
    }
  });

  it('shows the count of open alarms on the bell with a popover linking to the alarm list', async () => {
    await page.getByTestId('alarm-bell').click();
    await page.getByTestId('alarm-popover').waitFor();
    expect(await badgeCount(page, 'alarm-badge')).toBeGreaterThanOrEqual(0);
    await page.getByTestId('alarm-popover-link').click();
    await page.waitForURL(/\/bjsz\/list$/);
  });
});
