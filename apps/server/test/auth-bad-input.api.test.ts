import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnOneEngine } from './support/each-engine.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

const huge = 'x'.repeat(200_000);

describeOnOneEngine('auth API bad input', (engine) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    token = await t.login();
  });
  afterAll(() => t?.close());

  const loginCases: Array<[string, unknown, RegExp]> = [
    ['an empty object', {}, /username/],
    ['a missing password', { username: 'admin' }, /password/],
    ['a numeric username', { username: 123, password: 'QUJD' }, /username must be a string/],
    ['a null password', { username: 'admin', password: null }, /password must be a string/],
    ['an array body', [1, 2], /JSON object/],
    ['a huge username', { username: huge, password: 'QUJD' }, /username is too long/],
    ['a huge password', { username: 'admin', password: huge }, /password is too long/],
    ['a non-base64 password', { username: 'admin', password: '%%%not base64%%%' }, /base64/],
    ['a ciphertext of the wrong length', { username: 'admin', password: 'QUJDREVG' }, /not valid ciphertext/],
    ['a ciphertext under the wrong key', { username: 'admin', password: 'AAAAAAAAAAAAAAAAAAAAAA==' }, /could not be decrypted/],
    ['an object as code', { username: 'admin', password: 'QUJD', code: { a: 1 } }, /code must be a string/],
  ];

  it.each(loginCases)('login with %s answers 400', async (_case, payload, msg) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: payload as object });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: expect.stringMatching(msg) });
  });

  const raw = (url: string, body: string, type = 'application/json', auth = true) =>
    t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': type, ...(auth ? bearer(token) : {}) } });

  it.each(['/api/login', '/api/v1/user/checkpwd', '/user/checkpwd', '/api/v1/logout'])('%s rejects malformed JSON with 400', async (url) => {
    const res = await raw(url, '{"username": "adm');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: 'request body is not valid JSON' });
  });

  it('rejects a body over the size limit with 400', async () => {
    const res = await raw('/api/login', JSON.stringify({ username: 'a', password: 'x'.repeat(2_000_000) }));
    expect(res.json()).toMatchObject({ code: 400, msg: 'request body is too large' });
  });

  it('rejects an unsupported content type with 400', async () => {
    const res = await raw('/api/login', 'username=admin', 'application/x-www-form-urlencoded');
    expect(res.json()).toMatchObject({ code: 400, msg: 'unsupported content type' });
  });

  it.each([
    [{}, /password/],
    [{ password: 42 }, /password must be a string/],
    [{ password: huge }, /too long/],
    [{ password: 'QUJDREVG' }, /not valid ciphertext/],
  ])('checkpwd rejects %j with 400', async (payload, msg) => {
    for (const url of ['/api/v1/user/checkpwd', '/user/checkpwd']) {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
      expect(res.json()).toMatchObject({ code: 400, msg: expect.stringMatching(msg) });
    }
  });

  it('logout rejects a non-numeric userId with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/logout', payload: { userId: 'abc' }, headers: bearer(token) });
    expect(res.json()).toMatchObject({ code: 400, msg: expect.stringMatching(/userId/) });
  });

  it('refreshtoken rejects a garbage token with 401, never 500', async () => {
    for (const header of ['Bearer ' + huge.slice(0, 5000), 'Bearer a.b.c', 'Bearer']) {
      const res = await t.app.inject({ method: 'POST', url: '/refreshtoken', headers: { authorization: header } });
      expect(res.json().code).toBe(401);
    }
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject('/api/v1/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404 });
  });
});
