import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from './support/each-engine.js';
import { createRole, createUser } from './support/accounts.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

// Seeded departments: 1 centre → 2 ops one → 5 east team; 1 → 3 ops two; 1 → 4 monitoring.
describeEachEngine('data scope', (engine) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    for (const [name, dept] of [['in1', 1], ['in2', 2], ['in5', 5], ['in3', 3]] as const) ids[name] = await createUser(db, name, dept, []);
    const scoped = async (key: string, dataScope: string, deptIds: number[] = []) =>
      createRole(db, key, { dataScope, permissions: ['system:sysuser:query', 'system:sysuser:edit', 'system:sysuser:remove'], deptIds });
    ids.viewer3 = await createUser(db, 'viewer3', 2, [await scoped('scope3', '3')]);
    ids.viewer4 = await createUser(db, 'viewer4', 2, [await scoped('scope4', '4')]);
    ids.viewer5 = await createUser(db, 'viewer5', 2, [await scoped('scope5', '5')]);
    ids.viewer2 = await createUser(db, 'viewer2', 4, [await scoped('scope2', '2', [3])]);
  });
  afterAll(() => t?.close());

  const visible = async (viewer: string) => {
    const res = (await t.app.inject({ url: '/api/v1/sysUserList?pageSize=500', headers: bearer(await t.login(viewer)) })).json();
    expect(res.code).toBe(200);
    expect(res.data.count).toBe(res.data.list.length);
    return res.data.list.map((u: { username: string }) => u.username).sort();
  };

  it('scope 3 sees only its own department', async () => {
    expect(await visible('viewer3')).toEqual(['in2', 'operator', 'repairer', 'viewer3', 'viewer4', 'viewer5']);
  });

  it('scope 4 sees its department and those below', async () => {
    expect(await visible('viewer4')).toEqual(['in2', 'in5', 'operator', 'repairer', 'repairer5', 'viewer3', 'viewer4', 'viewer5']);
  });

  it('scope 5 sees only its own row', async () => {
    expect(await visible('viewer5')).toEqual(['viewer5']);
  });

  it('scope 2 sees the chosen departments', async () => {
    expect(await visible('viewer2')).toEqual(['in3', 'repairer3']);
  });

  it('scope 1 (administrator) sees everyone', async () => {
    expect((await visible('admin')).length).toBe(16);
  });

  it('applies to single reads and writes: rows outside the scope are not found', async () => {
    const token = await t.login('viewer3');
    expect((await t.app.inject({ url: `/api/v1/sysUser/${ids.in2}`, headers: bearer(token) })).json().code).toBe(200);
    const outside = await t.app.inject({ url: `/api/v1/sysUser/${ids.in5}`, headers: bearer(token) });
    expect(outside.json()).toMatchObject({ code: 404, msg: expect.stringMatching(/outside your data scope/) });
    const disable = await t.app.inject({ method: 'PUT', url: '/api/v1/sysUser/status', payload: { userId: ids.in3, status: '1' }, headers: bearer(token) });
    expect(disable.json().code).toBe(404);
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/v1/sysUser/${ids.in2},${ids.in5}`, headers: bearer(token) });
    expect(remove.json().code).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/sysUser/${ids.in2}`, headers: bearer(await t.login('admin')) })).json().code).toBe(200);
  });

  it('limits the department tree the same way', async () => {
    const tree = (await t.app.inject({ url: '/api/v1/dept', headers: bearer(await t.login('viewer4')) })).json().data;
    expect(tree.map((d: { deptId: number }) => d.deptId)).toEqual([2]);
    expect(tree[0].children.map((d: { deptId: number }) => d.deptId)).toEqual([5]);
  });
});
