import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { userOauth, users } from '../src/db/schema/index.js';
import { describeEachEngine } from './support/each-engine.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

describeEachEngine('QR sign-in with the stand-in messaging app', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/wx/pc/${url}`, payload });

  /** What the console and the phone do: show a QR code, confirm on the stand-in page, exchange the code. */
  async function confirm(openId: string, password?: string) {
    const qr = (await t.app.inject('/api/wx/pc/qrcode')).json().data;
    const page = new URL(qr.authorizeUrl);
    expect(page.pathname).toBe('/wx-standin');
    const state = page.searchParams.get('state')!;
    const payload = { state, openId, ...(password === undefined ? {} : { password: t.encrypt(password) }) };
    return { qr, state, res: (await t.app.inject({ method: 'POST', url: '/api/wx/standin/confirm', payload })).json() };
  }

  async function scan(openId: string, password?: string) {
    const { qr, state, res } = await confirm(openId, password);
    expect(res.code).toBe(200);
    const back = new URL(res.data.redirect, 'http://console');
    expect(back.pathname).toBe('/wxcode-redirect');
    expect(back.searchParams.get('state')).toBe(state);
    return { appid: qr.appid as string, code: back.searchParams.get('code')! };
  }

  it('binds a messaging-app user to admin, then signs in by QR alone', async () => {
    const { appid, code } = await scan('wx-admin');
    const exchanged = await post('accesstoken/code', { appid, code, grant_type: 'authorization_code' });
    expect(exchanged.json()).toMatchObject({ code: 200, data: { openId: 'wx-admin', expiresIn: 7200 } });
    const { accessToken, openId } = exchanged.json().data;

    expect((await post('accesstoken/code', { appid, code, grant_type: 'authorization_code' })).json()).toMatchObject({ code: 400, msg: 'The code is invalid, expired or already used' });
    expect((await post('login/oauth', { accessToken, openId })).json().data).toEqual({ bound: false });

    const wrong = await post('binduser', { accessToken, openId, phone: '13800000000', userId: 1, password: t.encrypt('nope-nope') });
    expect(wrong.json()).toMatchObject({ code: 400, msg: 'Wrong username or password' });
    expect((await post('login/oauth', { accessToken, openId })).json().data).toEqual({ bound: false });

    const bound = await post('binduser', { accessToken, openId, phone: '13800000000', userId: 1, password: t.encrypt('123456') });
    expect(bound.json()).toMatchObject({ code: 200, data: { bound: true, token: expect.any(String), expire: expect.any(String) } });
    const db = t.database.db;
    expect(await db.select({ userId: userOauth.userId, phone: userOauth.phone, provider: userOauth.provider }).from(userOauth)).toEqual([
      { userId: 1, phone: '13800000000', provider: 'standin' },
    ]);
    expect((await db.select({ phone: users.phone }).from(users).where(eq(users.userId, 1)))[0].phone).toBe('13800000000');

    const login = (await post('login/oauth', { accessToken, openId })).json().data;
    expect(login).toMatchObject({ bound: true });
    const info = (await t.app.inject({ url: '/api/v1/getinfo', headers: bearer(login.token) })).json();
    expect(info.data).toMatchObject({ userName: 'admin', permissions: ['*:*:*'] });

    const logs = (await t.app.inject({ url: '/api/v1/sysLoginLogList?username=admin', headers: bearer(login.token) })).json().data.list;
    expect(logs.slice(0, 3).map((l: { msg: string }) => l.msg)).toEqual(['signed in by QR code', 'bound the messaging app and signed in', 'Wrong username or password']);
  });

  it("confirms a bound open id only with its user's password", async () => {
    const { appid, code } = await scan('wx-bound');
    const first = (await post('accesstoken/code', { appid, code, grant_type: 'authorization_code' })).json().data;
    const bound = await post('binduser', { accessToken: first.accessToken, openId: first.openId, username: 'visitor', password: t.encrypt('123456') });
    expect(bound.json().code).toBe(200);

    expect((await confirm('wx-bound')).res).toMatchObject({ code: 400, msg: expect.stringMatching(/enter that user's password/) });
    expect((await confirm('wx-bound', 'wrong-one')).res).toMatchObject({ code: 400, msg: 'Wrong password' });
    const again = await scan('wx-bound', '123456');
    const { accessToken, openId } = (await post('accesstoken/code', { appid, code: again.code, grant_type: 'authorization_code' })).json().data;
    const login = (await post('login/oauth', { accessToken, openId })).json().data;
    expect((await t.app.inject({ url: '/api/v1/getinfo', headers: bearer(login.token) })).json().data.userName).toBe('visitor');
  });

  it('binds by username, as people know it, instead of the numeric userId', async () => {
    const { appid, code } = await scan('wx-operator');
    const { accessToken, openId } = (await post('accesstoken/code', { appid, code, grant_type: 'authorization_code' })).json().data;
    const bound = await post('binduser', { accessToken, openId, phone: '13700000000', username: 'operator', password: t.encrypt('123456') });
    expect(bound.json()).toMatchObject({ code: 200, data: { bound: true } });
    const info = (await t.app.inject({ url: '/api/v1/getinfo', headers: bearer(bound.json().data.token) })).json();
    expect(info.data.userName).toBe('operator');
  });

  it('refuses a token that belongs to another open id, or a forged one', async () => {
    const { appid, code } = await scan('wx-someone');
    const { accessToken } = (await post('accesstoken/code', { appid, code, grant_type: 'authorization_code' })).json().data;
    const msg = 'The messaging-app authorisation is invalid or expired';
    expect((await post('login/oauth', { accessToken, openId: 'wx-admin' })).json()).toMatchObject({ code: 400, msg });
    expect((await post('login/oauth', { accessToken: 'forged', openId: 'wx-someone' })).json()).toMatchObject({ code: 400, msg });
    const bind = await post('binduser', { accessToken: 'forged', openId: 'wx-someone', userId: 1, password: t.encrypt('123456') });
    expect(bind.json()).toMatchObject({ code: 400, msg });
  });

  it('refuses a bind to a user that does not exist', async () => {
    const { appid, code } = await scan('wx-ghost');
    const { accessToken, openId } = (await post('accesstoken/code', { appid, code, grant_type: 'authorization_code' })).json().data;
    const res = await post('binduser', { accessToken, openId, userId: 9999, password: t.encrypt('123456') });
    expect(res.json()).toMatchObject({ code: 400, msg: 'Wrong username or password' });
  });

  it.each([
    ['accesstoken/code', { appid: 'sl-standin', code: 'abc', grant_type: 'password' }, /grant_type must be "authorization_code"/],
    ['accesstoken/code', { appid: 'other-app', code: 'abc', grant_type: 'authorization_code' }, /appid "other-app" is not the configured/],
    ['accesstoken/code', { appid: 'sl-standin', grant_type: 'authorization_code' }, /code/],
    ['login/oauth', { accessToken: 'x' }, /openId/],
    ['login/oauth', { accessToken: 'x', openId: 'o'.repeat(129) }, /openId must be at most 128/],
    ['login/oauth', { accessToken: 5, openId: 'x' }, /accessToken must be a string/],
    ['binduser', { accessToken: 'x', openId: 'x', password: 'QUJD' }, /username or userId is required/],
    ['binduser', { accessToken: 'x', openId: 'x', userId: 1 }, /password/],
    ['binduser', { accessToken: 'x', openId: 'x', userId: 1, password: 'QUJD', phone: 'not a phone' }, /phone/],
  ])('POST %s with bad input answers 400', async (url, body, msg) => {
    const res = await post(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(msg);
  });

  it.each([
    [{ openId: 'x' }, /state/],
    [{ state: '<script>', openId: 'x' }, /state holds characters/],
    [{ state: 'abc' }, /openId/],
    [{ state: 'abc', openId: 'x', password: 'not base64!' }, /base64/],
  ])('validates the stand-in confirmation %j', async (payload, msg) => {
    expect((await t.app.inject({ method: 'POST', url: '/api/wx/standin/confirm', payload })).json()).toMatchObject({ code: 400, msg: expect.stringMatching(msg) });
  });
});

describeEachEngine('QR sign-in outside demo mode without credentials', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { DEMO: 'false' });
  });
  afterAll(() => t?.close());

  it('is switched off', async () => {
    expect((await t.app.inject('/api/wx/pc/qrcode')).json()).toMatchObject({ code: 400, msg: expect.stringMatching(/not configured/) });
    expect((await t.app.inject({ method: 'POST', url: '/api/wx/standin/confirm', payload: { state: 'abc', openId: 'x' } })).json().code).toBe(404);
  });
});
