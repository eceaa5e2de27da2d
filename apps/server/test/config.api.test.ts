import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from './support/each-engine.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

describeEachEngine('configuration API', (engine) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = bearer(await t.login());
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload, headers });
  const builtIn = async () => (await call('GET', '/configList?configKey=sys.app.name.en')).json().data.list[0];

  it('adds, reads, filters, edits and deletes a parameter', async () => {
    const created = (await call('POST', '/config', { configName: '地图中心', configKey: 'map.center', configValue: '116.4,39.9', remark: 'lng,lat' })).json();
    expect(created).toMatchObject({ code: 200, data: { configKey: 'map.center', configType: 'N', isFrontend: '0' } });
    const id = created.data.configId;
    expect((await call('GET', `/config/${id}`)).json().data).toMatchObject({ configName: '地图中心', configValue: '116.4,39.9' });
    await call('POST', '/config', { configName: '地图缩放', configKey: 'map.zoom', configValue: '12', isFrontend: '1' });

    expect((await call('GET', '/configList?configKey=map.')).json().data.count).toBe(2);
    expect((await call('GET', '/configList?configName=缩放')).json().data.list.map((c: { configKey: string }) => c.configKey)).toEqual(['map.zoom']);
    const builtIns = (await call('GET', '/configList?configType=Y&pageSize=2&pageIndex=1')).json().data;
    // The application's name and page size, and the password policy's four settings.
    expect(builtIns).toMatchObject({ count: 7, pageIndex: 1, pageSize: 2 });
    expect(builtIns.list).toHaveLength(2);

    expect((await call('PUT', '/config', { configId: id, configName: '地图中心', configKey: 'map.centre', configValue: '0,0' })).json().code).toBe(200);
    expect((await call('GET', '/configKey/map.centre')).json().data).toEqual({ configKey: 'map.centre', configValue: '0,0' });
    expect((await call('DELETE', `/config/${id}`)).json().code).toBe(200);
    expect((await call('GET', `/config/${id}`)).json()).toMatchObject({ code: 404, msg: `Parameter ${id} does not exist` });
  });

  it('lets every signed-in user read front-end parameters only', async () => {
    await call('POST', '/config', { configName: '密钥', configKey: 'secret.thing', configValue: 's3cret' });
    const visitor = bearer(await t.login('visitor'));
    expect((await call('GET', '/configKey/sys.app.name', undefined, visitor)).json().data).toEqual({ configKey: 'sys.app.name', configValue: '路灯监控管理系统' });
    expect((await call('GET', '/configKey/secret.thing', undefined, visitor)).json().code).toBe(404);
    expect((await call('GET', '/configKey/secret.thing')).json().data.configValue).toBe('s3cret');
    expect((await call('GET', '/configKey/no.such.key')).json()).toMatchObject({ code: 404, msg: 'Parameter no.such.key does not exist' });
    expect((await call('GET', '/configKey/sys.app.name', undefined, {})).json().code).toBe(401);
  });

  it('protects built-in parameters and refuses duplicate keys', async () => {
    const row = await builtIn();
    expect((await call('DELETE', `/config/${row.configId}`)).json()).toMatchObject({ code: 400, msg: 'Built-in parameters cannot be deleted: sys.app.name.en' });
    const renamed = await call('PUT', '/config', { ...row, configKey: 'other.key' });
    expect(renamed.json().msg).toMatch(/cannot be changed/);
    expect((await call('PUT', '/config', { ...row, configValue: 'Lights' })).json().code).toBe(200);
    expect((await builtIn()).configValue).toBe('Lights');
    expect((await call('POST', '/config', { configName: 'x', configKey: 'sys.app.name' })).json()).toMatchObject({ code: 400, msg: 'The parameter key "sys.app.name" is already in use' });
    const other = (await call('POST', '/config', { configName: 'x', configKey: 'dup.one' })).json().data;
    expect((await call('PUT', '/config', { ...other, configKey: 'sys.app.name' })).json().code).toBe(400);
  });

  it.each([
    ['a missing name', { configKey: 'a.b' }, /configName/],
    ['a missing key', { configName: 'x' }, /configKey/],
    ['a key with a slash', { configName: 'x', configKey: 'a/b' }, /configKey must hold only letters, digits/],
    ['a too-long value', { configName: 'x', configKey: 'a.c', configValue: 'v'.repeat(1025) }, /configValue must be at most 1024/],
    ['a bad type', { configName: 'x', configKey: 'a.d', configType: 'X' }, /configType/],
    ['a numeric name', { configName: 7, configKey: 'a.e' }, /configName must be a string/],
  ])('refuses %s with 400', async (_case, body, msg) => {
    const res = await call('POST', '/config', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(msg);
  });

  it('answers 404 when editing or deleting what does not exist', async () => {
    expect((await call('PUT', '/config', { configId: 99999, configName: 'x', configKey: 'x.y' })).json().code).toBe(404);
    expect((await call('DELETE', '/config/99999')).json()).toMatchObject({ code: 404, msg: 'Parameter 99999 does not exist' });
    expect((await call('GET', '/config/0')).json().code).toBe(400);
  });

  it('needs the permissions and a token', async () => {
    const visitor = bearer(await t.login('visitor'));
    for (const [method, url, body] of [
      ['GET', '/configList'], ['GET', '/config/1'], ['POST', '/config', { configName: 'v', configKey: 'v.v' }],
      ['PUT', '/config', { configId: 1, configName: 'v', configKey: 'v.v' }], ['DELETE', '/config/1'],
    ] as const) {
      expect((await call(method, url, body, visitor)).json().code, `${method} ${url}`).toBe(403);
      expect((await call(method, url, body, {})).json().code, `${method} ${url}`).toBe(401);
    }
  });
});
