import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from './support/each-engine.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

describeEachEngine('enterprise API', (engine) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = bearer(await t.login());
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload, headers });
  const add = async (body: object) => (await call('POST', '/enterpriseAdd', body)).json();

  it('adds, reads, filters, edits and deletes an enterprise', async () => {
    const created = await add({ name: '东城照明', code: 'east-01', region: '东城区', phone: '010-8888 1234', contact: '王工' });
    expect(created).toMatchObject({ code: 200, data: { name: '东城照明', code: 'east-01', status: '2', remark: '' } });
    const id = created.data.enterpriseId;
    expect((await call('GET', `/enterpriseInfo/${id}`)).json().data).toMatchObject({ region: '东城区', contact: '王工' });

    await add({ name: '西城照明', code: 'west_01', region: '西城区', status: '1' });
    const byRegion = (await call('GET', '/enterpriseList?region=东城')).json().data;
    expect(byRegion).toMatchObject({ count: 1, pageIndex: 1, pageSize: 20, list: [{ code: 'east-01' }] });
    expect((await call('GET', '/enterpriseList?status=1')).json().data.list.map((e: { code: string }) => e.code)).toEqual(['west_01']);
    expect((await call('GET', '/enterpriseList?code=WEST')).json().data.count).toBe(1);
    expect((await call('GET', '/enterpriseList?name=照明')).json().data.count).toBe(2);

    const all = (await call('GET', '/enterpriseAll')).json().data;
    expect(all).toEqual([{ enterpriseId: id, name: '东城照明', code: 'east-01' }]);

    const updated = await call('PUT', '/enterpriseUpdate', { enterpriseId: id, name: '东城照明公司', code: 'east-01', status: '1' });
    expect(updated.json()).toMatchObject({ code: 200 });
    expect((await call('GET', `/enterpriseInfo/${id}`)).json().data).toMatchObject({ name: '东城照明公司', status: '1', region: '' });
    expect((await call('GET', '/enterpriseAll')).json().data).toEqual([]);

    expect((await call('DELETE', `/enterpriseDel/${id}`)).json().code).toBe(200);
    expect((await call('GET', `/enterpriseInfo/${id}`)).json()).toMatchObject({ code: 404, msg: `Enterprise ${id} does not exist` });
  });

  it('pages the list', async () => {
    for (const n of [1, 2, 3]) await add({ name: `分页企业${n}`, code: `page-${n}` });
    const page = (await call('GET', '/enterpriseList?name=分页企业&pageIndex=2&pageSize=2')).json().data;
    expect(page).toMatchObject({ count: 3, pageIndex: 2, pageSize: 2 });
    expect(page.list.map((e: { code: string }) => e.code)).toEqual(['page-3']);
  });

  it('refuses a duplicate code on add and on update', async () => {
    const first = await add({ name: 'A', code: 'dup-a' });
    const second = await add({ name: 'B', code: 'dup-b' });
    expect(await add({ name: 'C', code: 'dup-a' })).toMatchObject({ code: 400, msg: 'The enterprise code "dup-a" is already in use by "A"' });
    const res = await call('PUT', '/enterpriseUpdate', { enterpriseId: second.data.enterpriseId, name: 'B', code: 'dup-a' });
    expect(res.statusCode).toBe(400);
    expect((await call('PUT', '/enterpriseUpdate', { enterpriseId: first.data.enterpriseId, name: 'A2', code: 'dup-a' })).json().code).toBe(200);
  });

  it.each([
    ['a missing name', { code: 'x1' }, /name/],
    ['a missing code', { name: 'x' }, /code/],
    ['a numeric name', { name: 5, code: 'x2' }, /name must be a string/],
    ['a code with spaces', { name: 'x', code: 'a b' }, /code must hold only letters, digits/],
    ['a too-long name', { name: 'x'.repeat(129), code: 'x3' }, /name must be at most 128 characters/],
    ['a bad phone', { name: 'x', code: 'x4', phone: 'call me' }, /phone/],
    ['a bad status', { name: 'x', code: 'x5', status: '9' }, /status/],
  ])('refuses %s with 400', async (_case, body, msg) => {
    const res = await call('POST', '/enterpriseAdd', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(msg);
  });

  it('answers 400 for bad ids and 404 for missing rows', async () => {
    expect((await call('GET', '/enterpriseInfo/abc')).json()).toMatchObject({ code: 400, msg: expect.stringMatching(/id/) });
    expect((await call('DELETE', '/enterpriseDel/1,x')).json().code).toBe(400);
    expect((await call('PUT', '/enterpriseUpdate', { name: 'x', code: 'x' })).json().msg).toMatch(/enterpriseId/);
    expect((await call('PUT', '/enterpriseUpdate', { enterpriseId: 99999, name: 'x', code: 'nobody' })).json().code).toBe(404);
    const kept = await add({ name: 'kept', code: 'kept' });
    const res = await call('DELETE', `/enterpriseDel/${kept.data.enterpriseId},99998`);
    expect(res.json()).toMatchObject({ code: 404, msg: 'Enterprise 99998 does not exist' });
    expect((await call('GET', `/enterpriseInfo/${kept.data.enterpriseId}`)).json().code).toBe(200);
  });

  it('needs the permissions and a token', async () => {
    const visitor = bearer(await t.login('visitor'));
    for (const [method, url, body] of [
      ['GET', '/enterpriseList'], ['GET', '/enterpriseInfo/1'], ['POST', '/enterpriseAdd', { name: 'v', code: 'v' }],
      ['PUT', '/enterpriseUpdate', { enterpriseId: 1, name: 'v', code: 'v' }], ['DELETE', '/enterpriseDel/1'],
    ] as const) {
      expect((await call(method, url, body, visitor)).json().code, `${method} ${url}`).toBe(403);
      expect((await call(method, url, body, {})).json().code, `${method} ${url}`).toBe(401);
    }
    expect((await call('GET', '/enterpriseAll', undefined, visitor)).json().code).toBe(200);
  });
});
