import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from './support/each-engine.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

describeEachEngine('roles, departments and menus API', (engine) => {
  let t: TestApp;
  let h: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    h = bearer(await t.login());
  });
  afterAll(() => t?.close());
  const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: h }).then((r) => r.json());

  it('creates a role with menus, edits it, switches status and sets a custom data scope', async () => {
    const menu = (await send('GET', '/api/v1/menuTreeselect')).data;
    const dashboard = menu.find((m: { menuName: string }) => m.menuName === 'Dashboard').menuId;
    const created = await send('POST', '/api/v1/addRole', { roleName: '巡检员', roleKey: 'inspector', menuIds: [dashboard] });
    expect(created).toMatchObject({ code: 200, data: { roleKey: 'inspector', menuIds: [dashboard] } });
    const id = created.data.roleId;
    expect((await send('POST', '/api/v1/addRole', { roleName: 'x', roleKey: 'inspector' })).msg).toMatch(/already in use/);
    expect((await send('PUT', '/api/v1/role', { roleId: id, roleName: '巡检', roleKey: 'inspector', roleSort: 5, status: '2', menuIds: [] })).code).toBe(200);
    expect((await send('PUT', '/api/v1/role', { roleId: id, status: '1' })).code).toBe(200);
    expect((await send('GET', `/api/v1/role/${id}`)).data).toMatchObject({ roleName: '巡检', status: '1', menuIds: [] });
    expect((await send('PUT', '/api/v1/roledatascope', { roleId: id, dataScope: '2', deptIds: [] })).msg).toMatch(/at least one department/);
    expect((await send('PUT', '/api/v1/roledatascope', { roleId: id, dataScope: '2', deptIds: [3, 4] })).code).toBe(200);
    expect((await send('GET', `/api/v1/role/${id}`)).data).toMatchObject({ dataScope: '2', deptIds: [3, 4] });
    expect((await send('GET', '/api/v1/rolelist?roleKey=insp')).data).toMatchObject({ count: 1 });
    expect((await send('DELETE', `/api/v1/delRole/${id}`)).code).toBe(200);
  });

  it('refuses to delete a role in use and to disable or delete the administrator role', async () => {
    expect((await send('DELETE', '/api/v1/delRole/2')).msg).toMatch(/assigned to 1 user/);
    expect((await send('DELETE', '/api/v1/delRole/1')).msg).toMatch(/administrator role cannot be deleted/);
    expect((await send('PUT', '/api/v1/role', { roleId: 1, status: '1' })).msg).toMatch(/cannot be disabled/);
  });

  it.each([
    [{ roleName: '', roleKey: 'k' }, /roleName is required/],
    [{ roleName: 'n', roleKey: '1bad' }, /roleKey must start with a letter/],
    [{ roleName: 'n', roleKey: 'k', menuIds: [99999] }, /menu that does not exist/],
    [{ roleName: 'n', roleKey: 'k', menuIds: 'all' }, /menuIds must be an array/],
  ])('rejects role %j with 400', async (payload, msg) => {
    expect(await send('POST', '/api/v1/addRole', payload)).toMatchObject({ code: 400, msg: expect.stringMatching(msg) });
  });

  it('explains a malformed role update', async () => {
    expect(await send('PUT', '/api/v1/role', { roleId: 2, status: '9' })).toMatchObject({ code: 400, msg: expect.stringMatching(/status/) });
  });

  it('keeps department paths right through add, move and delete', async () => {
    const a = (await send('POST', '/api/v1/dept', { parentId: 1, deptName: '新区', sort: 40 })).data;
    expect(a.deptPath).toBe(`/0/1/${a.deptId}`);
    const b = (await send('POST', '/api/v1/dept', { parentId: a.deptId, deptName: '新区一组' })).data;
    expect(b.deptPath).toBe(`/0/1/${a.deptId}/${b.deptId}`);
    expect((await send('PUT', '/api/v1/dept', { deptId: a.deptId, parentId: 3, deptName: '新区' })).code).toBe(200);
    expect((await send('GET', `/api/v1/dept/${b.deptId}`)).data.deptPath).toBe(`/0/1/3/${a.deptId}/${b.deptId}`);
    expect((await send('PUT', '/api/v1/dept', { deptId: a.deptId, parentId: b.deptId, deptName: '新区' })).msg).toMatch(/under itself/);
    expect((await send('DELETE', `/api/v1/dept/${a.deptId}`)).msg).toMatch(/sub-department/);
    expect((await send('DELETE', '/api/v1/dept/4')).msg).toMatch(/has 2 user\(s\)/);
    expect((await send('PUT', '/api/v1/dept/sort', [{ deptId: b.deptId, sort: 7 }])).code).toBe(200);
    expect((await send('DELETE', `/api/v1/dept/${b.deptId}`)).code).toBe(200);
    expect((await send('DELETE', `/api/v1/dept/${a.deptId}`)).code).toBe(200);
    expect((await send('GET', '/api/v1/deptList?deptName=新区')).data).toEqual([]);
  });

  it.each([
    [{ deptName: '' }, /deptName is required/],
    [{ deptName: 'x', parentId: 999 }, /Parent department 999/],
    [{ deptName: 'x', email: 'nope' }, /email/],
    [{ deptName: 'x', sort: -1 }, /sort/],
  ])('rejects department %j with 400', async (payload, msg) => {
    expect(await send('POST', '/api/v1/dept', payload)).toMatchObject({ code: 400, msg: expect.stringMatching(msg) });
  });

  it('manages menus, and a new page shows up in the menu at the next sign-in', async () => {
    const page = await send('POST', '/api/v1/menu', { parentId: 0, menuName: 'Reports', title: '报表', path: '/reports', menuType: 'C', component: 'reports/index', sort: 9999 });
    expect(page.code).toBe(200);
    const button = await send('POST', '/api/v1/menu', { parentId: page.data.menuId, menuName: 'ReportsExport', title: '导出', menuType: 'F', permission: 'reports:export' });
    expect(button.code).toBe(200);
    const tree = (await t.app.inject({ url: '/api/v1/menurole', headers: bearer(await t.login()) })).json().data;
    expect(tree.at(-1)).toMatchObject({ menuName: 'Reports', path: '/reports' });
    expect((await send('DELETE', `/api/v1/menu/${page.data.menuId}`)).msg).toMatch(/child item/);
    expect((await send('POST', '/api/v1/menu', { menuName: 'Broken', title: 'x', menuType: 'C', path: '/x' })).msg).toMatch(/component is required/);
    expect((await send('POST', '/api/v1/menu', { menuName: 'Reports', title: 'x', menuType: 'M', path: '/y' })).msg).toMatch(/already in use/);
    expect((await send('DELETE', `/api/v1/menu/${button.data.menuId}`)).code).toBe(200);
    expect((await send('DELETE', `/api/v1/menu/${page.data.menuId}`)).code).toBe(200);
  });
});
