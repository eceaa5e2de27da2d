import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { loginLogs } from '../src/db/schema/index.js';
import { describeEachEngine } from './support/each-engine.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

const migration = readFileSync(path.resolve(import.meta.dirname, '../drizzle/0014_demo_week.sql'), 'utf8');
/** The statement of migration 0014 that gives the rows written before it their keys. */
const keyExistingRows = migration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE "sys_login_log"'))!;

describeEachEngine('sign-in log in the reader language', (engine) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.login('admin', 'wrong-password').catch(() => undefined);
    const token = await t.login();
    admin = bearer(token);
    await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(await t.login('visitor')) });
  });
  afterAll(() => t?.close());

  const messages = async (language: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/sysLoginLogList', headers: { ...admin, 'accept-language': language } });
    return (res.json().data.list as Array<{ username: string; msg: string }>).map((l) => `${l.username}: ${l.msg}`).reverse();
  };

  it('shows each outcome in the language of whoever reads the list', async () => {
    expect(await messages('zh-CN,zh;q=0.9')).toEqual(['admin: 用户名或密码错误', 'admin: 登录成功', 'visitor: 登录成功', 'visitor: 退出登录']);
    expect(await messages('en-US')).toEqual(['admin: Wrong username or password', 'admin: signed in', 'visitor: signed in', 'visitor: signed out']);
    const [stored] = await t.database.db.select().from(loginLogs).where(eq(loginLogs.msgKey, 'auth.badCredentials'));
    expect(stored.msg).toBe('Wrong username or password');
  });

  it('gives the rows written before the migration their keys, and leaves an unknown text as written', async () => {
    const db = t.database.db;
    await db.delete(loginLogs);
    await db.insert(loginLogs).values([
      { username: 'old', status: '2', msg: 'signed in' },
      { username: 'old', status: '1', msg: 'Wrong or expired captcha' },
      { username: 'old', status: '2', msg: 'bound the messaging app and signed in' },
      { username: 'old', status: '1', msg: 'something from a newer server' },
    ]);
    await db.execute(sql.raw(keyExistingRows));
    expect(await messages('zh-CN')).toEqual(['old: 登录成功', 'old: 验证码错误或已过期', 'old: 绑定消息应用并登录成功', 'old: something from a newer server']);
    expect(await messages('en-US')).toEqual(['old: signed in', 'old: Wrong or expired captcha', 'old: bound the messaging app and signed in', 'old: something from a newer server']);
  });
});
