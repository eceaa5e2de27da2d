import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.js';
import { describeEachEngine } from './support/each-engine.js';
import { bearer, createTestApp, TEST_SECRET, type TestApp } from './support/test-app.js';

describeEachEngine('auth API', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  it('serves the public settings and a captcha without a token', async () => {
    const config = (await t.app.inject('/api/v1/app-config')).json();
    expect(config.code).toBe(200);
    expect(config.data).toMatchObject({ siteTitle: '路灯监控管理系统', captcha: false, version: '1.2.4.250926' });
    const captcha = (await t.app.inject('/api/v1/getCaptcha')).json();
    expect(captcha.code).toBe(200);
    expect(captcha.data).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(captcha.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('signs the administrator in and reports every permission', async () => {
    const token = await t.login();
    const info = (await t.app.inject({ url: '/api/v1/getinfo', headers: bearer(token) })).json();
    expect(info.code).toBe(200);
    expect(info.data).toMatchObject({ userName: 'admin', roles: ['admin'], permissions: ['*:*:*'], deptId: 1 });
    expect(info.data.uniqueId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives a role-limited user only the permissions of its menus', async () => {
    const info = (await t.app.inject({ url: '/api/v1/getinfo', headers: bearer(await t.login('operator')) })).json();
    expect(info.data.roles).toEqual(['editor']);
    expect(info.data.permissions).toContain('terminal:terminal:add');
    expect(info.data.permissions).not.toContain('system:sysuser:add');
    expect(info.data.permissions).not.toContain('*:*:*');
  });

  it.each([
    ['wrong password', 'admin', 'wrong-one', 'Wrong username or password'],
    ['unknown user', 'nobody', '123456', 'Wrong username or password'],
  ])('refuses a %s with 400', async (_case, username, password, msg) => {
    const res = await post('/api/login', { username, password: t.encrypt(password), code: '', uuid: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg });
  });

  it('answers a refusal in the language the caller asks for', async () => {
    const body = { username: 'admin', password: t.encrypt('wrong-one'), code: '', uuid: '' };
    expect((await post('/api/login', body, { 'accept-language': 'zh-CN,zh;q=0.9' })).json().msg).toBe('用户名或密码错误');
    expect((await post('/api/login', body, { 'accept-language': 'en-US' })).json().msg).toBe('Wrong username or password');
    const anon = await t.app.inject({ url: '/api/v1/getinfo', headers: { 'accept-language': 'zh-CN' } });
    expect(anon.json()).toMatchObject({ code: 401, msg: '未登录或令牌无效' });
  });

  it('refuses a disabled user with 400 and a clear message', async () => {
    await t.database.db.update(users).set({ status: '1' }).where(eq(users.username, 'visitor'));
    const res = await post('/api/login', { username: 'visitor', password: t.encrypt('123456') });
    expect(res.json()).toMatchObject({ code: 400, msg: expect.stringContaining('disabled') });
    await t.database.db.update(users).set({ status: '2' }).where(eq(users.username, 'visitor'));
  });

  it('answers 401 without a token, 401 for a forged one and 6401 for an expired one', async () => {
    const none = await t.app.inject('/api/v1/getinfo');
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe(401);
    const forged = createSigner({ key: 'another-secret-another-secret-another' })({ sub: 1, name: 'admin', jti: 'x' });
    expect((await t.app.inject({ url: '/api/v1/getinfo', headers: bearer(forged) })).json().code).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/getinfo', headers: { authorization: 'Basic abc' } })).json().code).toBe(401);
    const past = Date.now() - 3 * 3600_000;
    const expired = createSigner({ key: TEST_SECRET, expiresIn: 1000, clockTimestamp: past })({ sub: 1, name: 'admin', jti: 'old' });
    const res = await t.app.inject({ url: '/api/v1/getinfo', headers: bearer(expired) });
    expect(res.json().code).toBe(6401);
  });

  it('refreshes a token, and the old one stops working', async () => {
    const token = await t.login();
    const refreshed = (await post('/refreshtoken', {}, bearer(token))).json();
    expect(refreshed.code).toBe(200);
    expect(refreshed.data.token).not.toBe(token);
    expect((await t.app.inject({ url: '/api/v1/getinfo', headers: bearer(refreshed.data.token) })).json().code).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/getinfo', headers: bearer(token) })).json().code).toBe(401);
    expect((await post('/api/v1/refreshtoken', {})).json().code).toBe(401);
  });

  it('logs out by revoking the token', async () => {
    const token = await t.login();
    const info = (await t.app.inject({ url: '/api/v1/getinfo', headers: bearer(token) })).json();
    expect((await post('/api/v1/logout', { userId: info.data.userId }, bearer(token))).json().code).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/getinfo', headers: bearer(token) })).json().code).toBe(401);
  });

  it.each(['/api/v1/user/checkpwd', '/user/checkpwd'])('checks the password at %s', async (url) => {
    const token = await t.login();
    expect((await post(url, { password: t.encrypt('123456') }, bearer(token))).json()).toMatchObject({ code: 200 });
    expect((await post(url, { password: t.encrypt('nope') }, bearer(token))).json()).toMatchObject({ code: 400, msg: 'Wrong password' });
    expect((await post(url, { password: t.encrypt('123456') })).json().code).toBe(401);
  });

  it('records sign-in attempts in the login log', async () => {
    const rows = await t.database.db.execute<{ status: string; msg: string }>(`select status, msg from sys_login_log where username = 'admin'`);
    const list = (rows as unknown as { rows: { status: string; msg: string }[] }).rows;
    expect(list.some((r) => r.status === '2' && r.msg === 'signed in')).toBe(true);
    expect(list.some((r) => r.status === '1')).toBe(true);
  });
});
