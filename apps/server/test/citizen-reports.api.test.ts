import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { alarms, captchas, citizenReports } from '../src/db/schema/index.js';
import { describeEachEngine, describeOnOneEngine } from './support/each-engine.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';
import { addTerminal, caller } from './terminals-fixtures.js';

/** A JPEG whose comment stands for what a phone writes into its photos (EXIF position and the like). */
function phonePhoto(width: number, height: number) {
  const data = Buffer.alloc(width * height * 4, 0);
  for (let i = 0; i < data.length; i += 4) data.set([200, 40, 40, 255], i);
  return Buffer.from(jpeg.encode({ width, height, data, comments: ['GPS 31.2304N 121.4737E'] }, 90).data);
}

/** A captcha's id and answer, read where the server keeps it. */
async function solvedCaptcha(t: TestApp) {
  const c = await t.app.inject({ method: 'GET', url: '/api/v1/getCaptcha' }).then((r) => r.json());
  const [row] = await t.database.db.select().from(captchas).where(eq(captchas.id, c.id));
  return { uuid: c.id as string, code: row?.answer ?? '' };
}

async function signInWithCaptcha(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: t.encrypt('123456'), ...(await solvedCaptcha(t)) } });
  return res.json().data.token;
}

interface Setup {
  t: TestApp;
  token: string;
  terminalId: number;
  code: string;
}

async function setUp(engine: 'pglite' | 'postgres', env: Record<string, string> = {}): Promise<Setup> {
  const t = await createTestApp(engine, env);
  const token = env.CAPTCHA === 'true' ? await signInWithCaptcha(t) : await t.login();
  const api = caller(t, token);
  const area = `Citizen street ${Date.now()}`;
  const { terminalId } = await addTerminal(api, { area, address: 'No. 8 Citizen Street' } as never);
  const sheet = await api.get(`/citizen/qr-sheet?area=${encodeURIComponent(area)}`);
  expect(sheet.code).toBe(200);
  return { t, token, terminalId, code: sheet.data[0].code };
}

const report = (s: Setup, body: object, address = '203.0.113.7', lang = 'en-US', code = s.code) =>
  s.t.app.inject({ method: 'POST', url: `/api/v1/citizen/poles/${code}/reports`, remoteAddress: address, headers: { 'accept-language': lang }, payload: body }).then((r) => ({ status: r.statusCode, body: r.json() }));
const statusOf = (s: Setup, token: string) => s.t.app.inject({ method: 'GET', url: `/api/v1/citizen/reports/${token}` }).then((r) => r.json());
const alarmsOf = (s: Setup) => s.t.database.db.select().from(alarms).where(eq(alarms.terminalId, s.terminalId));
const reportsOf = (s: Setup) => s.t.database.db.select().from(citizenReports).where(eq(citizenReports.terminalId, s.terminalId));

describeEachEngine('citizen fault reports', (engine) => {
  let s: Setup;
  beforeAll(async () => (s = await setUp(engine)));
  afterAll(() => s.t.close());

  it('prints the area sheet with one code per pole, the same on every print, and shows the public page only the pole', async () => {
    const api = caller(s.t, s.token);
    const again = await api.get('/citizen/qr-sheet');
    const row = again.data.find((p: { terminalId: number }) => p.terminalId === s.terminalId);
    expect(row).toMatchObject({ code: s.code, path: `/r/${s.code}`, address: 'No. 8 Citizen Street' });
    const pole = await s.t.app.inject({ method: 'GET', url: `/api/v1/citizen/poles/${s.code}` }).then((r) => r.json());
    expect(pole.code).toBe(200);
    expect(Object.keys(pole.data).sort()).toEqual(['address', 'code', 'lat', 'lng', 'poleNo']);
  });

  it('turns a report with a photo into a citizen alarm on the lamp, joins later reports to it, and keeps no metadata of the photo', async () => {
    const photo = phonePhoto(2000, 100);
    const first = await report(s, { problem: 'dark', phone: '13800000000', photo: `data:image/jpeg;base64,${photo.toString('base64')}` });
    expect(first.status).toBe(200);
    expect(first.body.data.statusPath).toBe(`/r/status/${first.body.data.token}`);
    const second = await report(s, { problem: 'flickering' }, '198.51.100.4');
    expect(second.status).toBe(200);

    const open = await alarmsOf(s);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ kind: 'citizenReport', source: 'citizen', status: 1 });
    const rows = await reportsOf(s);
    expect(rows.map((r) => r.alarmId)).toEqual([open[0].alarmId, open[0].alarmId]);

    const stored = rows.find((r) => r.photo)!;
    const bytes = await readFile(path.join(s.t.config.DATA_DIR, 'uploads', stored.photo.replace('/uploads/', '')));
    expect(bytes.includes(Buffer.from('GPS 31.2304N'))).toBe(false);
    const decoded = jpeg.decode(bytes);
    expect([decoded.width, decoded.height]).toEqual([1600, 80]);
  });

  it('shows the reporter the status without personal data, and follows the alarm to its dispatch', async () => {
    const sent = await report(s, { problem: 'damaged', phone: '13900000000' }, '192.0.2.10');
    const before = await statusOf(s, sent.body.data.token);
    expect(before.data).toMatchObject({ state: 'received', problem: 'damaged', address: 'No. 8 Citizen Street' });
    expect(JSON.stringify(before.data)).not.toContain('139');
    const [alarm] = await alarmsOf(s);
    await s.t.database.db.transaction((tx) => s.t.app.services.alarmDomain.workflow.move(tx as never, [alarm.alarmId], 'dispatch', { userId: 1, name: 'admin' }));
    expect((await statusOf(s, sent.body.data.token)).data.state).toBe('dispatched');
  });

  it('refuses the sixth report from one address within a minute, in the reporter language, and stores exactly five of concurrent ones', async () => {
    const address = '203.0.113.99';
    const answers = await Promise.all(Array.from({ length: 8 }, () => report(s, { problem: 'onByDay' }, address, 'zh-CN')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => a.status)).toEqual([429, 429, 429]);
    expect(refused[0].body.msg).toBe('您提交得太频繁了，请 1 分钟后再试');
    const rows = await reportsOf(s);
    expect(rows.filter((r) => r.address === address)).toHaveLength(5);
    expect((await report(s, { problem: 'onByDay' }, '203.0.113.100')).status).toBe(200);
  });

  it('joins a report to the lamp open device alarm instead of raising another', async () => {
    const api = caller(s.t, s.token);
    const { terminalId } = await addTerminal(api, { area: 'Joined street' } as never);
    const added = await api.post('/alarm/add', { terminalId, kind: 'lampFailure', message: 'by hand' });
    expect(added.code).toBe(200);
    const sheet = await api.get('/citizen/qr-sheet?area=Joined%20street');
    const answer = await report(s, { problem: 'dark' }, '192.0.2.50', 'en-US', sheet.data[0].code);
    expect(answer.status).toBe(200);
    const rows = await s.t.database.db.select().from(alarms).where(eq(alarms.terminalId, terminalId));
    expect(rows.map((r) => r.kind)).toEqual(['lampFailure']);
    const [stored] = await s.t.database.db.select().from(citizenReports).where(eq(citizenReports.token, answer.body.data.token));
    expect(stored.alarmId).toBe(rows[0].alarmId);
  });
});

describeOnOneEngine('citizen fault reports: bad input', (engine) => {
  let s: Setup;
  beforeAll(async () => (s = await setUp(engine, { CAPTCHA: 'true' })));
  afterAll(() => s.t.close());

  it('answers 400 or 404 with a message and stores nothing', async () => {
    const captcha = () => solvedCaptcha(s.t);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;xxxxxxxx', 'latin1').toString('base64');
    const cases: Array<[object, number, string, string?]> = [
      [{ problem: 'noise' }, 400, 'problem'],
      [{ problem: 'dark', phone: 'call me' }, 400, 'phone'],
      [{ problem: 'dark', code: 'zzzz', uuid: 'nope' }, 400, 'verification code'],
      [{ problem: 'dark', ...(await captcha()), photo: gif }, 400, 'JPEG or PNG'],
      [{ problem: 'dark', ...(await captcha()), photo: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]).toString('base64') }, 400, 'cannot be read'],
      [{ problem: 'dark', ...(await captcha()), photo: '***' }, 400, 'cannot be read'],
      [{ problem: 'dark' }, 404, 'not found', 'abcdefgh'],
      [{ problem: 'dark' }, 400, 'code', 'NOT-A-CODE'],
    ];
    for (const [body, status, words, code] of cases) {
      const answer = await report(s, body, '192.0.2.77', 'en-US', code ?? s.code);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.msg, JSON.stringify(body)).toContain(words);
    }
    expect(await reportsOf(s)).toHaveLength(0);
    expect(await alarmsOf(s)).toHaveLength(0);
    const ok = await report(s, { problem: 'dark', ...(await captcha()) }, '192.0.2.78');
    expect(ok.status).toBe(200);
    const unknown = await s.t.app.inject({ method: 'GET', url: `/api/v1/citizen/reports/${'x'.repeat(24)}` });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps the QR sheet to signed-in users with the permission', async () => {
    const anonymous = await s.t.app.inject({ method: 'GET', url: '/api/v1/citizen/qr-sheet' });
    expect(anonymous.statusCode).toBe(401);
    const areas = await s.t.app.inject({ method: 'GET', url: '/api/v1/citizen/areas', headers: bearer(s.token) }).then((r) => r.json());
    expect(areas.code).toBe(200);
  });
});
