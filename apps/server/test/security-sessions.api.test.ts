import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { createDecoder, createSigner } from 'fast-jwt';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import type { ThrottleLimits } from '../src/auth/login-throttle.js';
import { authThrottle, users } from '../src/db/schema/index.js';
import { createRole, createUser } from './support/accounts.js';
import { describeEachEngine } from './support/each-engine.js';
import { bearer, createTestApp, TEST_SECRET, type TestApp } from './support/test-app.js';

/** Issue 15, findings 4, 5, 6, 8, 9 and the log-out item of 11. */
const quarter = 15 * 60_000;
const STRICT: ThrottleLimits = {
  pair: { limit: 3, windowMs: quarter, lockMs: quarter },
  account: { limit: 5, windowMs: quarter, lockMs: quarter },
  address: { limit: 10, windowMs: quarter, lockMs: quarter },
};
const HOUR = 3600;
const decode = createDecoder();

describeEachEngine('sessions and password attempts (issue 15)', (engine) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let roleId: number;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(engine, { TOKEN_TTL: String(HOUR), SESSION_LIFETIME: String(4 * HOUR) }, { throttle: STRICT });
    admin = bearer(await t.login());
    roleId = await createRole(t.database.db, 'sessions-plain', { dataScope: '5' });
  });
  afterAll(() => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fresh user of department 2 with password 123456, so that no test shares counters or sessions. */
  const newUser = async () => {
    const username = `sess-${engine}-${++seq}`;
    return { username, userId: await createUser(t.database.db, username, 2, [roleId]) };
  };
  const signIn = (username: string, password: string, remoteAddress = '127.0.0.1') =>
    t.app
      .inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { username, password: t.encrypt(password) } })
      .then((r) => r.json());
  const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) }).then((r) => r.json());
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object, remoteAddress?: string) =>
    t.app.inject({ method, url, headers, payload, remoteAddress }).then((r) => r.json());
  const refresh = (token: string) => send('POST', '/api/v1/refreshtoken', bearer(token), {});
  const tokenVersion = async (userId: number) => (await t.database.db.select().from(users).where(eq(users.userId, userId)))[0].tokenVersion;
  const forge = (claims: Record<string, unknown>) => createSigner({ key: TEST_SECRET })({ jti: randomUUID(), ...claims });

  it('ends every other session on a password change; the answer carries the token this session goes on with', async () => {
    const { username } = await newUser();
    const other = await t.login(username);
    const mine = await t.login(username);
    const changed = await send('PUT', '/api/v1/user/pwd', bearer(mine), { oldPassword: t.encrypt('123456'), newPassword: t.encrypt('changed-1') });
    expect(changed).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    for (const old of [other, mine]) {
      expect(await get('/api/v1/getinfo', old)).toMatchObject({ code: 401 });
      expect(await get('/api/v1/menuTreeselect', old)).toMatchObject({ code: 401 });
      expect((await refresh(old)).code).toBe(401);
    }
    expect((await get('/api/v1/getinfo', changed.data.token)).code).toBe(200);
    expect((await refresh(changed.data.token)).code).toBe(200);
  });

  it("ends the user's sessions on an administrator's password reset", async () => {
    const { username, userId } = await newUser();
    const token = await t.login(username);
    expect((await get('/api/v1/user/profile', token)).code).toBe(200);
    expect((await send('PUT', '/api/v1/user/pwd/reset', admin, { userId, password: t.encrypt('reset-by-admin') })).code).toBe(200);
    expect(await get('/api/v1/user/profile', token)).toMatchObject({ code: 401 });
    expect((await refresh(token)).code).toBe(401);
    expect((await t.login(username, 'reset-by-admin')).length).toBeGreaterThan(20);
  });

  it('ends a session SESSION_LIFETIME after sign-in, however often its token was refreshed', async () => {
    const { username } = await newUser();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const signedInAt = Math.floor(Date.now() / 1000);
    let token = await t.login(username);
    // Refreshed every 50 minutes, well inside TOKEN_TTL (1 h): fine for the first 4 h, then over.
    for (let i = 1; i <= 4; i++) {
      vi.setSystemTime(Date.now() + 50 * 60_000);
      const res = await refresh(token);
      expect(res.code).toBe(200);
      token = res.data.token;
      const claims = decode(token) as { auth_time: number; exp: number };
      expect(claims.auth_time).toBe(signedInAt);
      expect(claims.exp).toBeLessThanOrEqual(signedInAt + 4 * HOUR);
    }
    vi.setSystemTime(Date.now() + 50 * 60_000);
    expect((await refresh(token)).code).toBe(6401);
    expect((await get('/api/v1/getinfo', token)).code).toBe(6401);
  });

  it('refuses to refresh a token whose session began before SESSION_LIFETIME, even if it has not expired', async () => {
    const { username, userId } = await newUser();
    const now = Math.floor(Date.now() / 1000);
    const stale = forge({ sub: userId, name: username, ver: await tokenVersion(userId), auth_time: now - 5 * HOUR, iat: now - 60, exp: now + HOUR });
    expect((await refresh(stale)).code).toBe(6401);
  });

  it('does not refresh an expired token', async () => {
    const { username, userId } = await newUser();
    const now = Math.floor(Date.now() / 1000);
    const expired = forge({ sub: userId, name: username, ver: await tokenVersion(userId), auth_time: now - 2 * HOUR, iat: now - 2 * HOUR, exp: now - HOUR });
    expect((await refresh(expired)).code).toBe(6401);
  });

  const everyRoute = (token: string) => [
    get('/api/v1/menuTreeselect', token),
    get('/api/v1/dict/databytype/sys_normal_disable', token),
    get('/api/v1/user/profile', token),
    get('/api/v1/roleOptions', token),
    get('/api/v1/enterpriseAll', token),
    send('PUT', '/api/v1/sysUser/profile', bearer(token), { nickName: 'still here', phone: '', email: '', sex: '0', introduction: '' }),
  ];

  it.each([
    ['disabled', (userId: number) => send('PUT', '/api/v1/sysUser/status', admin, { userId, status: '1' })],
    ['deleted', (userId: number) => send('DELETE', `/api/v1/sysUser/${userId}`, admin)],
  ])("refuses a %s user's token on every route and on refresh", async (_case, change) => {
    const { username, userId } = await newUser();
    const token = await t.login(username);
    const spare = await t.login(username);
    for (const res of await Promise.all(everyRoute(token))) expect(res.code).toBe(200);
    expect((await change(userId)).code).toBe(200);
    for (const res of await Promise.all(everyRoute(token))) expect(res).toMatchObject({ code: 401 });
    expect((await refresh(spare)).code).toBe(401);
  });

  it('keeps a disabled and re-enabled user\'s old tokens dead', async () => {
    const { username, userId } = await newUser();
    const token = await t.login(username);
    expect((await send('PUT', '/api/v1/sysUser/status', admin, { userId, status: '1' })).code).toBe(200);
    expect((await send('PUT', '/api/v1/sysUser/status', admin, { userId, status: '2' })).code).toBe(200);
    expect((await get('/api/v1/user/profile', token)).code).toBe(401);
    expect((await get('/api/v1/user/profile', await t.login(username))).code).toBe(200);
  });

  it.each(['/api/v1/user/checkpwd', '/user/checkpwd'])('locks %s after repeated wrong passwords, the right one included, until the lock ends', async (url) => {
    const { username } = await newUser();
    const h = bearer(await t.login(username));
    const address = '10.8.0.1';
    for (let i = 0; i < 3; i++) expect((await send('POST', url, h, { password: t.encrypt(`guess-${i}`) }, address)).code).toBe(400);
    const locked = await send('POST', url, h, { password: t.encrypt('123456') }, address);
    expect(locked).toMatchObject({ code: 429, msg: expect.stringMatching(/Too many wrong passwords/) });
    // The same guesses also lock sign-in to this account from this address.
    expect((await signIn(username, '123456', address)).code).toBe(429);
    await t.database.db.update(authThrottle).set({ lockedUntil: new Date(Date.now() - 1000) }).where(like(authThrottle.key, `%${username}%`));
    expect((await send('POST', url, h, { password: t.encrypt('123456') }, address)).code).toBe(200);
  });

  it('locks the old-password check of a password change the same way', async () => {
    const { username } = await newUser();
    const h = bearer(await t.login(username));
    const address = '10.8.1.1';
    const change = (oldPassword: string) =>
      send('PUT', '/api/v1/user/pwd', h, { oldPassword: t.encrypt(oldPassword), newPassword: t.encrypt('brand-new-1') }, address);
    for (let i = 0; i < 3; i++) expect((await change(`guess-${i}`)).msg).toBe('The old password is wrong');
    expect((await change('123456')).code).toBe(429);
    expect((await signIn(username, '123456', '10.8.1.2')).code).toBe(200);
  });

  it('limits guesses at one account spread over many addresses', async () => {
    const { username } = await newUser();
    for (let i = 1; i <= 5; i++) expect((await signIn(username, 'wrong', `10.8.2.${i}`)).code).toBe(400);
    expect((await signIn(username, '123456', '10.8.2.99')).code).toBe(429);
  });

  it("does not lock other accounts out because of one address's failures on one account", async () => {
    const [a, b] = [await newUser(), await newUser()];
    const address = '10.8.3.1';
    for (let i = 0; i < 3; i++) expect((await signIn(a.username, 'wrong', address)).code).toBe(400);
    expect((await signIn(a.username, '123456', address)).code).toBe(429);
    expect((await signIn(b.username, '123456', address)).code).toBe(200);
    expect((await signIn(a.username, '123456', '10.8.3.2')).code).toBe(200);
  });

  it('locks an address that guesses at many accounts', async () => {
    const address = '10.8.4.1';
    for (let i = 0; i < 10; i++) expect((await signIn(`nobody-${engine}-${i}`, 'wrong', address)).code).toBe(400);
    const { username } = await newUser();
    expect((await signIn(username, '123456', address)).code).toBe(429);
    expect((await signIn(username, '123456', '10.8.4.2')).code).toBe(200);
  });

  it('keeps the lock in the database: a new instance on the same database refuses too', async () => {
    const { username } = await newUser();
    const address = '10.8.5.1';
    for (let i = 0; i < 3; i++) await signIn(username, 'wrong', address);
    const second = await buildApp({ config: t.config, database: t.database, throttle: STRICT });
    try {
      const res = await second.inject({ method: 'POST', url: '/api/login', remoteAddress: address, payload: { username, password: t.encrypt('123456') } });
      expect(res.json().code).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('signs out with no body at all, and the token is dead', async () => {
    const token = await t.login();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(token) });
    expect(res.json().code).toBe(200);
    expect((await get('/api/v1/getinfo', token)).code).toBe(401);
  });

  it.each([
    ['behind a trusted proxy, counts each forwarded client address', '127.0.0.1', 200],
    ['without TRUST_PROXY, ignores X-Forwarded-For', undefined, 429],
  ])('%s', async (_case, trustProxy, second) => {
    const proxied = await createTestApp(engine, trustProxy ? { TRUST_PROXY: trustProxy } : {}, { throttle: STRICT });
    try {
      const attempt = (password: string, client: string) =>
        proxied.app
          .inject({ method: 'POST', url: '/api/login', headers: { 'x-forwarded-for': client }, payload: { username: 'operator', password: proxied.encrypt(password) } })
          .then((r) => r.json().code);
      for (let i = 0; i < 3; i++) expect(await attempt('wrong', '203.0.113.1')).toBe(400);
      expect(await attempt('123456', '203.0.113.1')).toBe(429);
      expect(await attempt('123456', '203.0.113.2')).toBe(second);
    } finally {
      await proxied.close();
    }
  });
});
