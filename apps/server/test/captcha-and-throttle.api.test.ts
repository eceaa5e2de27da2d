import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { captchas } from '../src/db/schema/index.js';
import { describeEachEngine } from './support/each-engine.js';
import { createTestApp, type TestApp } from './support/test-app.js';

describeEachEngine('captcha and repeated failures', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { CAPTCHA: 'true' });
  });
  afterAll(() => t?.close());

  const newCaptcha = async () => {
    const { id } = (await t.app.inject('/api/v1/getCaptcha')).json();
    const [row] = await t.database.db.select().from(captchas).where(eq(captchas.id, id));
    return { id, answer: row.answer };
  };
  const login = (code: string, uuid: string, password = '123456') =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: t.encrypt(password), code, uuid } });

  it('requires the right captcha, once', async () => {
    const { id, answer } = await newCaptcha();
    expect((await login('', '')).json()).toMatchObject({ code: 400, msg: 'Wrong or expired captcha' });
    expect((await login(answer.toUpperCase(), id)).json().code).toBe(200);
    expect((await login(answer, id)).json()).toMatchObject({ code: 400, msg: 'Wrong or expired captcha' });
  });

  it('rejects a wrong answer and spends the captcha', async () => {
    const { id, answer } = await newCaptcha();
    expect((await login('zzzz', id)).json().code).toBe(400);
    expect((await login(answer, id)).json().code).toBe(400);
  });

  it('refuses an address after repeated failures, even with the right password', async () => {
    const rule = { limit: 3, windowMs: 60_000, lockMs: 60_000 };
    const strict = await createTestApp(engine, { CAPTCHA: 'false' }, { throttle: { pair: rule, account: rule, address: rule } });
    try {
      const attempt = (password: string) =>
        strict.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: strict.encrypt(password) } });
      for (let i = 0; i < 3; i++) expect((await attempt('bad')).json().code).toBe(400);
      const refused = (await attempt('123456')).json();
      expect(refused.code).toBe(429);
      expect(refused.msg).toMatch(/Too many failed sign-in attempts/);
    } finally {
      await strict.close();
    }
  });
});
