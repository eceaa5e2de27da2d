import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ALARM_KINDS, COMMAND_NAMES } from '@sl/contracts';
import { Fleet } from '@sl/simulator';
import { api, hasCjk, signInTo } from './support/browser.js';
import { useProductSession } from './support/session.js';
import { shown } from './support/wait.js';
import { docShot } from './support/doc-shot.js';
import { openInApp } from './support/in-app.js';

// Issue 27: command names, task outcomes and alarm descriptions are stored as codes and worded in the reader's
// language: the command records and the alarm list show no protocol or alarm code in a Chinese session.

/** Protocol command names (`light.close`) and alarm kind codes (`voltageLow`), and the English words of a generated description. */
const CODES = [...COMMAND_NAMES.filter((c) => c.includes('.')), ...ALARM_KINDS.map((k) => k.kind)];
const ENGLISH_DETAIL = /\b(loop|phase|value|no device gateway|could not publish)\b/;
const withCode = (s: string) => CODES.some((c) => new RegExp(`\\b${c.replace('.', '\\.')}\\b`).test(s));
const codesIn = (texts: string[]) => texts.filter((s) => withCode(s) || ENGLISH_DETAIL.test(s));

describe('stored messages in the console language', () => {
  const session = useProductSession();
  let sim: Fleet | undefined;
  afterAll(() => sim?.stop());

  const signInAs = async (lang: 'zh-CN' | 'en-US') => {
    const { context, page } = session;
    if (lang === 'en-US') await context.addCookies([{ name: 'language', value: lang, url: session.product.baseUrl }]);
    await signInTo(page, '/profile/index');
    return page;
  };

  /** Sends three commands to a demo cabinet and waits until the terminal answered each. */
  const sendCommands = async (page: Page) => {
    await expect.poll(async () => (await api<{ online: number }>(page, 'GET', '/api/v1/terminal/tab')).data?.online, { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0);
    const lamp = (await api<{ list: Array<{ terminalId: number }> }>(page, 'GET', '/api/v1/terminal/list?sn=DEMO-SM-001')).data.list[0];
    for (const path of ['light/close', 'clock/query']) expect((await api(page, 'POST', `/api/v1/rdcsm/test/${path}`, { terminalId: lamp.terminalId })).code).toBe(200);
    expect((await api(page, 'POST', `/api/v1/terminal/heart/send/${lamp.terminalId}`)).code).toBe(200);
    const open = async () => (await api<{ list: Array<{ state: string }> }>(page, 'GET', `/api/v1/rdcsm/50/operation/list?terminalId=${lamp.terminalId}&pageSize=50`)).data.list;
    await expect.poll(async () => (await open()).filter((t) => t.state === 'pending').length, { timeout: 30_000, interval: 1000 }).toBe(0);
  };

  /** A simulated cabinet reports low voltage and a leakage: the gateway raises both alarms with their values. */
  const raiseAlarms = async (page: Page) => {
    const sn = `SW${Date.now().toString(36).slice(-5).toUpperCase()}`;
    const added = await api<{ terminalId: number; secret: string }>(page, 'POST', '/api/v1/terminal/add', { sn, name: `词语测试柜 ${sn}`, family: 'rdcsm', model: 1, deptId: 2, lng: 121.51, lat: 31.25 });
    expect(added.code).toBe(200);
    sim = new Fleet([{ family: 'rdcsm', sn, secret: added.data.secret, model: 1, loops: 1, phases: 3, heartbeatS: 60, lng: 121.51, lat: 31.25 }], { url: session.product.mqttUrl });
    await sim.start();
    await sim.waitConnected();
    sim.terminal(sn)!.injectFault('voltageLow');
    sim.terminal(sn)!.injectFault('leakage');
    const count = async () => (await api<{ count: number }>(page, 'POST', '/api/v1/alarm/list', { sn })).data.count;
    await expect.poll(count, { timeout: 30_000, interval: 1000 }).toBeGreaterThanOrEqual(2);
  };

  const commandCells = async (page: Page) => {
    await openInApp(page, '/log/operation');
    await shown(page.getByTestId('data-table').first());
    await page.getByTestId('task-cmd').first().waitFor();
    return page.getByTestId('task-cmd').allInnerTexts();
  };
  const alarmCells = async (page: Page) => {
    await openInApp(page, '/bjsz/list');
    await page.getByTestId('alarm-message').first().waitFor();
    return (await page.getByTestId('alarm-message').allInnerTexts()).filter((s) => s.trim());
  };

  /** Opens the low-voltage alarm's detail and answers its description as shown. */
  const voltageDetail = async (page: Page, lang: string) => {
    const voltage = (await api<{ list: Array<{ alarmId: number }> }>(page, 'POST', '/api/v1/alarm/list', { kind: 'voltageLow' })).data.list[0];
    await page.getByTestId(`alarm-open-${voltage.alarmId}`).click();
    const text = await page.getByTestId('detail-message').innerText();
    await docShot(page, `stored-words-alarm-detail-${lang}.png`);
    return text;
  };

  it('shows the command records and the alarm list without a code in a Chinese session', async () => {
    const page = await signInAs('zh-CN');
    await sendCommands(page);
    const cmds = await commandCells(page);
    expect(cmds).toEqual(expect.arrayContaining(['关灯', '查询时钟', '请求心跳']));
    expect(codesIn(cmds)).toEqual([]);
    const rows = await page.locator('[data-testid="data-table"] tbody tr').allInnerTexts();
    expect(codesIn(rows)).toEqual([]);
    await docShot(page, 'stored-words-commands-zh-CN.png');

    await raiseAlarms(page);
    const messages = await alarmCells(page);
    expect(messages.length).toBeGreaterThan(0);
    expect(codesIn(messages)).toEqual([]);
    expect(messages.filter(hasCjk).length).toBeGreaterThan(0);
    await docShot(page, 'stored-words-alarms-zh-CN.png');
    expect(await voltageDetail(page, 'zh-CN')).toMatch(/^电压过低（[A-C] 相），数值 \d/);
  });

  it('shows the same records in English in an English session', async () => {
    const page = await signInAs('en-US');
    const cmds = await commandCells(page);
    expect(cmds).toEqual(expect.arrayContaining(['Lights off', 'Query clock', 'Request heartbeat']));
    expect(cmds.filter(hasCjk)).toEqual([]);
    await docShot(page, 'stored-words-commands-en-US.png');

    const messages = await alarmCells(page);
    expect(messages.filter(withCode)).toEqual([]);
    expect(messages.filter(hasCjk)).toEqual([]);
    await docShot(page, 'stored-words-alarms-en-US.png');
    expect(await voltageDetail(page, 'en-US')).toMatch(/^Supply voltage too low \(phase [A-C]\) value \d/);
  });
});
