import { afterAll, beforeAll, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { operLogs } from '../src/db/schema/index.js';
import { describeEachEngine } from './support/each-engine.js';
import { exampleBody } from './support/example-body.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

describeEachEngine('operation and sign-in log API', (engine) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = bearer(await t.login());
    await t.login('visitor');
    await t.login('admin', 'wrong-password').catch(() => undefined);
    await t.app.inject({ method: 'POST', url: '/api/v1/config', payload: { configName: 'log me', configKey: 'log.me' }, headers: admin });
    await t.app.inject({ method: 'POST', url: '/api/v1/config', payload: { configName: 'dup', configKey: 'log.me' }, headers: admin });
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'DELETE', url: string, headers = admin) => t.app.inject({ method, url: `/api/v1${url}`, headers });

  it('lists sign-ins newest first, filtered and paged', async () => {
    const all = (await call('GET', '/sysLoginLogList')).json().data;
    expect(all).toMatchObject({ count: 3, pageIndex: 1, pageSize: 20 });
    expect(all.list.map((l: { username: string; status: string }) => [l.username, l.status])).toEqual([['admin', '1'], ['visitor', '2'], ['admin', '2']]);
    expect((await call('GET', '/sysLoginLogList?status=1')).json().data.list[0].msg).toBe('Wrong username or password');
    expect((await call('GET', '/sysLoginLogList?username=visit')).json().data.count).toBe(1);
    const page = (await call('GET', '/sysLoginLogList?pageIndex=2&pageSize=2')).json().data;
    expect(page.list).toHaveLength(1);
    expect((await call('GET', '/sysLoginLogList?beginTime=2999-01-01')).json().data.count).toBe(0);
  });

  it('lists operations with their outcome', async () => {
    const ops = (await call('GET', '/sysOperLogList?title=Add a parameter')).json().data;
    expect(ops.count).toBe(2);
    expect(ops.list[0]).toMatchObject({ username: 'admin', method: 'POST', url: '/api/v1/config', resultCode: 400 });
    expect((await call('GET', '/sysOperLogList?title=Add a parameter&status=2')).json().data.list[0].resultCode).toBe(200);
  });

  it('deletes logs and answers 404 when none of the ids exists', async () => {
    const [first] = (await call('GET', '/sysLoginLogList?username=visitor')).json().data.list;
    expect((await call('DELETE', `/sysLoginLog/${first.id}`)).json()).toMatchObject({ code: 200, data: { deleted: 1 } });
    expect((await call('GET', '/sysLoginLogList?username=visitor')).json().data.count).toBe(0);
    expect((await call('DELETE', `/sysLoginLog/${first.id}`)).json().code).toBe(404);
    const ops = (await call('GET', '/sysOperLogList?title=Add a parameter')).json().data.list;
    const ids = ops.map((o: { id: number }) => o.id).join(',');
    expect((await call('DELETE', `/sysOperLog/${ids},99999`)).json().data).toEqual({ deleted: 2 });
    expect((await call('DELETE', '/sysOperLog/99999')).json()).toMatchObject({ code: 404, msg: 'Operation log 99999 does not exist' });
  });

  it.each(['/sysLoginLogList?status=3', '/sysOperLogList?beginTime=yesterday', '/sysOperLogList?pageSize=0', '/sysOperLogList?username=' + 'x'.repeat(65)])(
    'answers 400 for %s',
    async (url) => expect((await call('GET', url)).json().code).toBe(400),
  );

  it('answers 400 for bad ids', async () => expect((await call('DELETE', '/sysLoginLog/a,b')).json().code).toBe(400));

  it('needs the permissions and a token', async () => {
    const visitor = bearer(await t.login('visitor'));
    for (const url of ['/sysOperLogList', '/sysLoginLogList']) expect((await call('GET', url, visitor)).json().code).toBe(403);
    for (const url of ['/sysOperLog/1', '/sysLoginLog/1']) {
      expect((await call('DELETE', url, visitor)).json().code).toBe(403);
      expect((await call('DELETE', url, {})).json().code).toBe(401);
    }
  });
});

describeEachEngine('operation log records changes only', (engine) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = bearer(await t.login());
  });
  afterAll(() => t?.close());

  const opCount = async () => (await t.database.db.select({ n: count() }).from(operLogs))[0].n;

  it('leaves the count unchanged for every read, whatever its method, and adds one row for a change', async () => {
    const reads = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && !r.config.public && ((r.method === 'GET' && !r.url.includes(':')) || r.config.readOnly),
    );
    expect(reads.filter((r) => r.method === 'POST').length).toBeGreaterThanOrEqual(4);
    const before = await opCount();
    for (const r of reads) {
      const payload = r.method === 'POST' ? (exampleBody(r.schema?.body) ?? {}) : undefined;
      if (payload && 'password' in payload) payload.password = t.encrypt('123456');
      const res = await t.app.inject({ method: r.method as 'GET', url: r.url, headers: admin, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${r.method} ${r.url}`).toBeLessThan(500);
    }
    expect(await opCount()).toBe(before);

    await t.app.inject({ method: 'POST', url: '/api/v1/config', payload: { configName: 'one change', configKey: 'one.change' }, headers: admin });
    expect(await opCount()).toBe(before + 1);
  }, 120_000);
});
