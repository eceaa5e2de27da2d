import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { notifyLogs } from '../src/db/schema/index.js';
import { describeEachEngine } from './support/each-engine.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { addTerminal, caller, type Caller } from './terminals-fixtures.js';

interface Received {
  url: URL;
  body: { msgtype: string; markdown: { content?: string; title?: string; text?: string } };
}

/** A group robot's endpoint as the test plays it: keeps each call, answers `{errcode, errmsg}` like WeCom and DingTalk. */
async function startRobot(failWith = 0) {
  let errcode = failWith;
  const calls: Received[] = [];
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      calls.push({ url: new URL(req.url ?? '/', 'http://robot'), body: JSON.parse(raw) });
      waiters.splice(0).forEach((wake) => wake());
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ errcode, errmsg: errcode ? 'invalid webhook url' : 'ok' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const waitFor = async (count: number) => {
    while (calls.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return calls;
  };
  return { base, calls, waitFor, heal: () => (errcode = 0), close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const SECRET = 'SEC0123456789abcdef0123456789abcdef';

describeEachEngine('alarm notices by e-mail, WeCom and DingTalk', (engine) => {
  let t: TestApp;
  let api: Caller;
  let sink: SmtpSink;
  let wecom: Awaited<ReturnType<typeof startRobot>>;
  let dingtalk: Awaited<ReturnType<typeof startRobot>>;
  let broken: Awaited<ReturnType<typeof startRobot>>;

  beforeAll(async () => {
    [sink, wecom, dingtalk, broken] = await Promise.all([startSmtpSink(), startRobot(), startRobot(), startRobot(310000)]);
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    api = caller(t, await t.login());
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([sink.close(), wecom.close(), dingtalk.close(), broken.close()]);
  });

  it('refuses channels with a bad target or severity, with a message naming the field', async () => {
    const bad = [
      { kind: 'email', target: 'not an address', deptId: 2 },
      { kind: 'wecom', target: 'ftp://robot', deptId: 2 },
      { kind: 'dingtalk', target: `${dingtalk.base}/robot/send`, severities: [4], deptId: 2 },
      { kind: 'sms', target: 'x', deptId: 2 },
    ];
    for (const body of bad) {
      const res = await api.post('/alarm/notify/add', body);
      expect(res.code, JSON.stringify(body)).toBe(400);
      expect(res.msg).toMatch(/target|severit|kind/);
    }
    expect((await api.get('/alarm/notify/list')).data).toEqual([]);
  });

  it('sends a new alarm to the channels of its department and above whose severities include it, each in its language', async () => {
    const add = async (body: object) => {
      const res = await api.post('/alarm/notify/add', body);
      expect(res.code, res.msg).toBe(200);
      return res.data;
    };
    await add({ kind: 'email', name: 'duty desk', target: 'duty@example.com, chief@example.com', severities: [2, 3], locale: 'en-US', deptId: 1 });
    await add({ kind: 'wecom', target: `${wecom.base}/cgi-bin/webhook/send?key=k-1`, severities: [2], locale: 'zh-CN', deptId: 2 });
    const ding = await add({ kind: 'dingtalk', target: `${dingtalk.base}/robot/send?access_token=t-1`, secret: SECRET, severities: [1, 2], locale: 'en-US', deptId: 2 });
    expect(ding).toMatchObject({ signed: true });
    expect(ding).not.toHaveProperty('secret');
    await add({ kind: 'wecom', target: `${broken.base}/cgi-bin/webhook/send?key=gone`, severities: [2], deptId: 2 });
    // Not sent: a severity the alarm does not have, and a department beside the alarm's.
    await add({ kind: 'email', target: 'critical-only@example.com', severities: [1], deptId: 2 });
    await add({ kind: 'email', target: 'other-dept@example.com', severities: [1, 2, 3], deptId: 3 });

    const { terminalId } = await addTerminal(api, { name: 'Notice lamp 7', deptId: 2 });
    const raised = await api.post('/alarm/add', { terminalId, kind: 'lampFailure', message: 'seen dark' });
    expect(raised.code).toBe(200);

    const [mail] = await sink.waitFor(1);
    expect(mail.subject).toContain('Lamp failure');
    expect(mail.subject).toContain('Notice lamp 7');
    expect(mail.text).toContain('Severity: Major');
    expect(sink.recipients[0].sort()).toEqual(['chief@example.com', 'duty@example.com']);

    const [wx] = await wecom.waitFor(1);
    expect(wx.url.searchParams.get('key')).toBe('k-1');
    expect(wx.body.msgtype).toBe('markdown');
    expect(wx.body.markdown.content).toContain('灯具故障');
    expect(wx.body.markdown.content).toContain('级别: 重要');

    const [dt] = await dingtalk.waitFor(1);
    expect(dt.url.searchParams.get('access_token')).toBe('t-1');
    const timestamp = dt.url.searchParams.get('sign') && dt.url.searchParams.get('timestamp');
    const expected = createHmac('sha256', SECRET).update(`${timestamp}\n${SECRET}`).digest('base64');
    expect(dt.url.searchParams.get('sign')).toBe(expected);
    expect(dt.body.markdown.title).toContain('Lamp failure');
    expect(dt.body.markdown.text).toContain('Notice lamp 7');

    await broken.waitFor(1);
    await expect.poll(async () => (await t.database.db.select().from(notifyLogs).where(eq(notifyLogs.alarmId, raised.data.alarmId))).length).toBe(4);
    const logs = await t.database.db.select().from(notifyLogs).where(eq(notifyLogs.alarmId, raised.data.alarmId));
    expect(logs.map((l) => `${l.kind}:${l.state}`).sort()).toEqual(['dingtalk:sent', 'email:sent', 'wecom:retrying', 'wecom:sent']);
    expect(logs.find((l) => l.state === 'retrying')!.error).toContain('310000');
    expect(sink.messages).toHaveLength(1);
  });

  it('keeps the secret when a channel is changed without one, and answers 404 for an unknown channel', async () => {
    const [ding] = (await api.get('/alarm/notify/list?deptId=2')).data.filter((c: { kind: string }) => c.kind === 'dingtalk');
    const res = await api.put('/alarm/notify/update', { channelId: ding.channelId, kind: 'dingtalk', target: ding.target, severities: [1], locale: 'zh-CN', deptId: 2 });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ signed: true, severities: [1], locale: 'zh-CN' });
    expect((await api.put('/alarm/notify/update', { channelId: 999_999, kind: 'email', target: 'a@b.cn' })).code).toBe(404);
  });

  it('retries a failed notice with the same words until it is sent, once across instances, and gives up after 5 attempts', async () => {
    const [flaky, dead] = await Promise.all([startRobot(310000), startRobot(310000)]);
    const second = await buildApp({ config: t.config, database: t.database });
    try {
      for (const robot of [flaky, dead]) expect((await api.post('/alarm/notify/add', { kind: 'wecom', target: `${robot.base}/cgi-bin/webhook/send?key=k`, severities: [2], locale: 'en-US', deptId: 4 })).code).toBe(200);
      const { terminalId } = await addTerminal(api, { name: 'Retry lamp 9', deptId: 4 });
      const raised = await api.post('/alarm/add', { terminalId, kind: 'lampFailure', message: 'seen dark' });
      await Promise.all([flaky.waitFor(1), dead.waitFor(1)]);
      const rows = async () => (await t.database.db.select().from(notifyLogs).where(eq(notifyLogs.alarmId, raised.data.alarmId))).filter((l) => l.kind === 'wecom').sort((a, b) => a.logId - b.logId);
      await expect.poll(async () => (await rows()).map((l) => `${l.state}:${l.attempts}`), { timeout: 15_000 }).toEqual(['retrying:1', 'retrying:1']);
      const at = (await rows())[0].createdAt.getTime();
      const instances = [t.app.services.notify, second.services.notify];

      expect(await instances[0].retryDue(new Date(at + 10_000))).toBe(0); // the first retry is due 30 s after
      flaky.heal();
      // Four runs at once on two instances (the earlier test's broken channel is due too): each delivery tried once.
      await Promise.all([0, 1, 0, 1].map((i) => instances[i].retryDue(new Date(at + 31_000))));
      expect([flaky.calls.length, dead.calls.length]).toEqual([2, 2]);
      expect(flaky.calls[1].body).toEqual(flaky.calls[0].body);
      expect((await rows()).map((l) => `${l.state}:${l.attempts}`)).toEqual(['sent:2', 'retrying:2']);

      for (const minutes of [10, 20, 30]) await instances[minutes === 20 ? 1 : 0].retryDue(new Date(at + minutes * 60_000));
      const [sent, failed] = await rows();
      expect(sent).toMatchObject({ state: 'sent', attempts: 2, error: '' });
      expect(failed).toMatchObject({ state: 'failed', attempts: 5, nextAttemptAt: null });
      expect(failed.error).toContain('310000');
      expect(dead.calls).toHaveLength(5);
      expect(await instances[0].retryDue(new Date(at + 120 * 60_000))).toBe(0);
    } finally {
      await second.close();
      await Promise.all([flaky.close(), dead.close()]);
    }
  });
});
