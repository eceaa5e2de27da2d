import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRole, createUser } from './support/accounts.js';
import { describeEachEngine } from './support/each-engine.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { addTerminal, caller, type Caller } from './terminals-fixtures.js';

describeEachEngine('terminal boxes', (engine) => {
  let t: TestApp;
  let api: Caller;
  beforeAll(async () => {
    t = await createTestApp(engine);
    api = caller(t, await t.login());
  });
  afterAll(() => t?.close());

  const addBox = async (code: string, deptId = 2) => {
    const res = await api.post('/terminal/box/add', { name: `Box ${code}`, code, deptId, lng: 121.47, lat: 31.23 });
    expect(res.code, res.msg).toBe(200);
    return res.data.boxId as number;
  };

  it('adds, reads, edits and lists boxes with filters and paging', async () => {
    const a = await addBox('BOX-A');
    await addBox('BOX-B', 3);
    expect(await api.get(`/terminal/box/info/${a}`)).toMatchObject({ code: 200, data: { code: 'BOX-A', deptName: '运维一部', terminalCount: 0 } });
    const edited = await api.put('/terminal/box/update', { boxId: a, name: 'North cabinet', code: 'BOX-A', deptId: 2, area: 'North' });
    expect(edited.data).toMatchObject({ name: 'North cabinet', area: 'North' });
    expect((await api.get('/terminal/box/list?name=north')).data.count).toBe(1);
    expect((await api.get('/terminal/box/list?deptId=3')).data.list[0].code).toBe('BOX-B');
    expect((await api.get('/terminal/box/list?pageSize=1&pageIndex=2')).data).toMatchObject({ count: 2, list: [{ code: 'BOX-B' }] });
    expect(await api.post('/terminal/box/add', { name: 'x', code: 'BOX-A', deptId: 2 })).toMatchObject({ code: 400, msg: expect.stringMatching(/BOX-A.*already in use/) });
    expect((await api.post('/terminal/box/add', { name: 'x', code: 'has space', deptId: 2 })).msg).toMatch(/code must hold only/);
    expect((await api.post('/terminal/box/add', { code: 'BOX-C', deptId: 2 })).msg).toMatch(/name/);
  });

  it('mounts and unmounts terminals, and refuses to delete a box that holds terminals', async () => {
    const box = await addBox('BOX-M');
    const [t1, t2, t3] = [await addTerminal(api), await addTerminal(api), await addTerminal(api)];
    const unmountedBefore = (await api.get('/terminal/box/unMount/list?pageSize=100')).data.count;
    expect((await api.post('/terminal/box/mount', { boxId: box, terminalIds: [t1.terminalId, t2.terminalId] })).code).toBe(200);
    const mounted = (await api.get(`/terminal/box/mount/list?boxId=${box}`)).data;
    expect(mounted.list.map((r: { terminalId: number; boxName: string }) => [r.terminalId, r.boxName])).toEqual([[t1.terminalId, 'Box BOX-M'], [t2.terminalId, 'Box BOX-M']]);
    expect((await api.get('/terminal/box/unMount/list?pageSize=100')).data.count).toBe(unmountedBefore - 2);
    expect((await api.get(`/terminal/box/info/${box}`)).data.terminalCount).toBe(2);
    expect((await api.get(`/terminal/list?boxId=${box}`)).data.count).toBe(2);

    expect(await api.del(`/terminal/box/del/${box}`)).toMatchObject({ code: 400, msg: expect.stringMatching(/still holds terminals/) });
    expect((await api.post('/terminal/box/mount', { boxId: box, terminalIds: [t3.terminalId, 999_999] })).code).toBe(404);
    expect((await api.post('/terminal/box/mount', { boxId: 999_999, terminalIds: [t3.terminalId] })).code).toBe(404);
    expect((await api.post('/terminal/box/mount', { boxId: box, terminalIds: [] })).msg).toMatch(/terminalIds must not be empty/);

    expect((await api.post('/terminal/box/unmount', { terminalIds: [t1.terminalId, t2.terminalId] })).code).toBe(200);
    expect((await api.get(`/terminal/box/mount/list?boxId=${box}`)).data.count).toBe(0);
    expect((await api.del(`/terminal/box/del/${box}`)).code).toBe(200);
    expect((await api.get(`/terminal/box/info/${box}`)).code).toBe(404);
  });

  it('limits boxes to the data scope', async () => {
    const db = t.database.db;
    await createUser(db, 'boxer', 3, [await createRole(db, 'box-scope3', { dataScope: '3', permissions: ['terminal:box:query', 'terminal:box:mount'] })]);
    const scoped = caller(t, await t.login('boxer'));
    const list = (await scoped.get('/terminal/box/list')).data.list;
    expect(list.map((b: { deptId: number }) => b.deptId)).toEqual([3]);
    const other = (await api.get('/terminal/box/list?deptId=2')).data.list[0].boxId;
    expect((await scoped.get(`/terminal/box/info/${other}`)).code).toBe(404);
    expect((await scoped.get(`/terminal/box/mount/list?boxId=${other}`)).code).toBe(404);
  });
});
