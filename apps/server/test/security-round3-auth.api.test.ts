import ExcelJS from 'exceljs';
import { PASSWORD_POLICY_KEYS } from '@sl/contracts';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { DEFAULT_THROTTLE } from '../src/auth/login-throttle.js';
import { demoPasswordNotice } from '../src/seed/demo-passwords.js';
import { createRole, createUser } from './support/accounts.js';
import { describeEachEngine } from './support/each-engine.js';
import { multipartBody } from './support/multipart.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

/** Issue 24: item 6 (concurrent guesses passed the throttle) and item 11 (weak new passwords were accepted). */
const STRONG = 'Lamp-Post-4711';
const BURST = 50;

describeEachEngine('security round 3: guessing bursts and the password policy (issue 24)', (engine) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let roleId: number;
  let seq = 0;
  beforeAll(async () => {
    // The production limits: 5 per account and address, 20 per account, 50 per address.
    t = await createTestApp(engine, {}, { throttle: DEFAULT_THROTTLE });
    admin = bearer(await t.login());
    roleId = await createRole(t.database.db, 'round3-plain', { dataScope: '5' });
  });
  afterAll(() => t?.close());

  /** A fresh account (no counters shared between tests), and a fresh client address. */
  const fresh = async () => {
    const username = `r3-${engine}-${++seq}`;
    return { username, userId: await createUser(t.database.db, username, 2, [roleId], STRONG), address: `10.24.${seq}.1` };
  };
  const signIn = (app: TestApp['app'], username: string, password: string, address: string) =>
    app.inject({ method: 'POST', url: '/api/login', remoteAddress: address, payload: { username, password: t.encrypt(password) } }).then((r) => r.json());
  /** Counts the password comparisons of an app, by password. */
  const comparisons = (app: TestApp['app']) => {
    const spy = vi.spyOn(app.services.passwords, 'matches');
    return {
      of: (plain?: string) => spy.mock.calls.filter(([p]) => plain === undefined || p === plain).length,
      restore: () => spy.mockRestore(),
    };
  };
  const codes = (answers: Array<{ code: number }>) => answers.reduce<Record<number, number>>((n, a) => ({ ...n, [a.code]: (n[a.code] ?? 0) + 1 }), {});

  it(`compares at most 5 of ${BURST} concurrent wrong sign-ins from one address, and then refuses the right password`, async () => {
    const { username, address } = await fresh();
    const counted = comparisons(t.app);
    try {
      const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => signIn(t.app, username, `guess-${i}`, address)));
      expect(counted.of()).toBe(5);
      expect(codes(answers)).toEqual({ 400: 5, 429: BURST - 5 });
      expect(await signIn(t.app, username, STRONG, address)).toMatchObject({ code: 429, msg: expect.stringMatching(/Too many failed sign-in attempts/) });
      expect(counted.of(STRONG)).toBe(0);
    } finally {
      counted.restore();
    }
  });

  it('compares at most 5 wrong passwords when the right one is in the burst, and no more after it', async () => {
    const { username, address } = await fresh();
    const counted = comparisons(t.app);
    const wrong = () => counted.of() - counted.of(STRONG);
    try {
      const passwords = Array.from({ length: BURST }, (_, i) => (i === BURST / 2 ? STRONG : `guess-${i}`));
      await Promise.all(passwords.map((p) => signIn(t.app, username, p, address)));
      // The right password, while it is compared, holds a place: the burst's wrong ones may have got 4 or 5.
      expect(wrong()).toBeLessThanOrEqual(5);
      for (let i = 0; i < 5; i++) await signIn(t.app, username, `later-${i}`, address);
      expect(wrong()).toBe(5);
      expect((await signIn(t.app, username, STRONG, address)).code).toBe(429);
    } finally {
      counted.restore();
    }
  });

  it('holds across instances on one database: a burst split over two apps compares 5', async () => {
    const { username, address } = await fresh();
    const second = await buildApp({ config: t.config, database: t.database, throttle: DEFAULT_THROTTLE });
    const [one, two] = [comparisons(t.app), comparisons(second)];
    try {
      const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => signIn(i % 2 ? second : t.app, username, `guess-${i}`, address)));
      expect(one.of() + two.of()).toBe(5);
      expect(codes(answers)).toEqual({ 400: 5, 429: BURST - 5 });
    } finally {
      one.restore();
      two.restore();
      await second.close();
    }
  });

  it(`caps a burst spread over ${BURST} addresses at the per-account limit of 20`, async () => {
    const { username } = await fresh();
    const counted = comparisons(t.app);
    try {
      const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => signIn(t.app, username, `guess-${i}`, `10.25.${seq}.${i + 1}`)));
      expect(counted.of()).toBe(20);
      expect(codes(answers)).toEqual({ 400: 20, 429: BURST - 20 });
    } finally {
      counted.restore();
    }
  });

  it.each(['/api/v1/user/checkpwd', '/user/checkpwd'])(`compares at most 5 of ${BURST} concurrent %s calls, and then refuses the right password`, async (url) => {
    const { username, address } = await fresh();
    const h = bearer(await t.login(username, STRONG));
    const counted = comparisons(t.app);
    const check = (password: string) =>
      t.app.inject({ method: 'POST', url, remoteAddress: address, headers: h, payload: { password: t.encrypt(password) } }).then((r) => r.json());
    try {
      const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => check(`guess-${i}`)));
      expect(counted.of()).toBe(5);
      expect(codes(answers)).toEqual({ 400: 5, 429: BURST - 5 });
      expect(await check(STRONG)).toMatchObject({ code: 429, msg: expect.stringMatching(/Too many wrong passwords/) });
      expect(counted.of(STRONG)).toBe(0);
    } finally {
      counted.restore();
    }
  });

  it('does not count a right password: a user who signs in again and again is never locked', async () => {
    const { username, address } = await fresh();
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await signIn(t.app, username, STRONG, address));
    expect(codes(answers)).toEqual({ 200: 12 });
  });

  // Item 11: the password policy.
  const send = (method: 'POST' | 'PUT', url: string, payload: object, headers: Record<string, string> = admin) =>
    t.app.inject({ method, url, payload, headers }).then((r) => r.json());
  const newUser = (username: string, password: string) => ({ username, nickName: username, password: t.encrypt(password), deptId: 2, roleIds: [roleId] });
  const setPolicy = async (key: string, value: string) => {
    const list = (await t.app.inject({ url: `/api/v1/configList?configKey=${key}`, headers: admin })).json().data.list;
    return send('PUT', '/api/v1/config', { ...list[0], configValue: value });
  };

  it.each([
    ['six spaces', '      ', /at least 8 characters/],
    ['one character repeated', '        ', /must not be one character repeated/],
    ['123456', '123456', /at least 8 characters/],
    ['a common password', 'password', /common one that is easily guessed/],
    ['a common password in capitals', 'QWERTY123', /common one/],
    ['the username', 'r3-weakling', /must not be the username/],
  ])('refuses %s as the password of a new user, naming the rule, and creates nobody', async (_case, password, msg) => {
    expect(await send('POST', '/api/v1/sysUser', newUser('r3-weakling', password))).toMatchObject({ code: 400, msg: expect.stringMatching(msg) });
    expect((await t.app.inject({ url: '/api/v1/sysUserList?username=r3-weakling', headers: admin })).json().data.count).toBe(0);
  });

  it('answers the rule in Chinese to a Chinese console', async () => {
    const zh = { ...admin, 'accept-language': 'zh-CN' };
    expect(await send('POST', '/api/v1/sysUser', newUser('r3-zh', '12345678'), zh)).toMatchObject({ code: 400, msg: '密码策略：新密码是常见密码，容易被猜中，请换一个' });
    expect(await send('POST', '/api/v1/sysUser', newUser('r3-zh', 'short'), zh)).toMatchObject({ code: 400, msg: '密码长度必须为 6 到 64 个字符' });
    expect(await send('POST', '/api/v1/sysUser', newUser('r3-zh', 'short12'), zh)).toMatchObject({ code: 400, msg: '密码策略：新密码至少需要 8 个字符' });
  });

  it("refuses a weak password at an administrator's reset and at the user's own change, leaving the old one", async () => {
    const { username, userId, address } = await fresh();
    expect(await send('PUT', '/api/v1/user/pwd/reset', { userId, password: t.encrypt('11111111') })).toMatchObject({ code: 400, msg: expect.stringMatching(/one character repeated/) });
    expect(await send('PUT', '/api/v1/user/pwd/reset', { userId, password: t.encrypt(username) })).toMatchObject({ code: 400, msg: expect.stringMatching(/the username/) });
    const own = bearer(await t.login(username, STRONG));
    const change = (newPassword: string) => send('PUT', '/api/v1/user/pwd', { oldPassword: t.encrypt(STRONG), newPassword: t.encrypt(newPassword) }, own);
    expect(await change('123456789')).toMatchObject({ code: 400, msg: expect.stringMatching(/common one/) });
    expect(await change(username.toUpperCase())).toMatchObject({ code: 400, msg: expect.stringMatching(/the username/) });
    expect((await signIn(t.app, username, STRONG, address)).code).toBe(200);
    expect((await change('Night-Shift-2025')).code).toBe(200);
  });

  it('refuses an import with a weak password row, naming the row and the rule, and imports nothing', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('users');
    ws.addRow(['username', 'nickName', 'password', 'phone', 'email', 'deptId', 'roleKeys', 'status']);
    ws.addRow(['r3imp1', 'One', STRONG, '', '', 2, 'editor', '2']);
    ws.addRow(['r3imp2', 'Two', 'abc12345', '', '', 2, 'editor', '2']);
    const { body, contentType } = multipartBody('file', 'users.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    const res = (await t.app.inject({ method: 'POST', url: '/api/v1/sysUser/import', payload: body, headers: { ...admin, 'content-type': contentType } })).json();
    expect(res).toMatchObject({ code: 400, data: { imported: 0, errors: [{ row: 3, messages: [expect.stringMatching(/Password policy: .*common one/)] }] } });
    expect((await t.app.inject({ url: '/api/v1/sysUserList?username=r3imp', headers: admin })).json().data.count).toBe(0);
  });

  it('follows the settings the administrator changes, refuses an unreadable setting, and tells the console', async () => {
    try {
      expect((await setPolicy(PASSWORD_POLICY_KEYS.minLength, '12')).code).toBe(200);
      expect(await send('POST', '/api/v1/sysUser', newUser('r3-long', 'Lamp-Post-1'))).toMatchObject({ code: 400, msg: expect.stringMatching(/at least 12 characters/) });
      expect((await send('POST', '/api/v1/sysUser', newUser('r3-long', 'Lamp-Post-12'))).code).toBe(200);
      expect((await setPolicy(PASSWORD_POLICY_KEYS.rejectCommon, 'false')).code).toBe(200);
      expect((await t.app.inject('/api/v1/app-config')).json().data.passwordPolicy).toEqual({ minLength: 12, rejectRepeated: true, rejectCommon: false, rejectUsername: true });
      expect((await send('POST', '/api/v1/sysUser', newUser('r3-common', '123456789012'))).code).toBe(200);
      expect(await setPolicy(PASSWORD_POLICY_KEYS.minLength, 'twelve')).toMatchObject({ code: 400, msg: `The value of the parameter "${PASSWORD_POLICY_KEYS.minLength}" must be a whole number from 6 to 64` });
      expect(await setPolicy(PASSWORD_POLICY_KEYS.rejectUsername, 'maybe')).toMatchObject({ code: 400, msg: expect.stringMatching(/must be true \(on\) or false \(off\)/) });
    } finally {
      await setPolicy(PASSWORD_POLICY_KEYS.minLength, '8');
      await setPolicy(PASSWORD_POLICY_KEYS.rejectCommon, 'true');
    }
    expect((await t.app.inject('/api/v1/app-config')).json().data.passwordPolicy).toEqual({ minLength: 8, rejectRepeated: true, rejectCommon: true, rejectUsername: true });
  });

  it("exempts the demo's own accounts in demo mode only, and the start-up says so", async () => {
    // The seed wrote the demo password, which the policy refuses for any new password; it still signs in.
    expect((await t.login('operator', '123456')).length).toBeGreaterThan(20);
    const demo = await demoPasswordNotice(t.database.db, { DEMO: true }, t.app.services.passwords);
    expect(demo.join('\n')).toMatch(/demo mode exempts the demo accounts \(admin, operator, visitor, repairer, repairer1, repairer3, repairer4, repairer5\)/);
    const production = await demoPasswordNotice(t.database.db, { DEMO: false }, t.app.services.passwords);
    expect(production.join('\n')).toMatch(/WARNING: admin, operator, visitor, repairer, repairer1, repairer3, repairer4, repairer5 still sign in with the demo password 123456, which is exempt from the password policy in demo mode only/);
  });
});
