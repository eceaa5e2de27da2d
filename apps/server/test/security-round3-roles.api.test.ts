import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_PERMISSION, type PickerTreeNode } from '@sl/contracts';
import { alarms, energyNotices, menus, roleDepts, roleMenus, roles, users } from '../src/db/schema/index.js';
import { DEMO_REPAIRER_PHONE } from '../src/seed/seed.js';
import { createRole, createUser } from './support/accounts.js';
import { describeEachEngine } from './support/each-engine.js';
import { insertTerminal } from './support/gateway.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

// Seeded departments: 1 centre → 2 ops one → 5 east team; 1 → 3 ops two; 1 → 4 monitoring (the visitor's).
// The demo repairer (with a phone) sits in department 2; the visitor role (scope 5, the Dashboard menu) is held in 4.
const SYSROLE = ['system:sysrole:query', 'system:sysrole:edit', 'system:sysrole:remove'];
const NONE = 999_999;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describeEachEngine('security round 3: menus, roles and scope leaks (issue 24, items 1, 2 and 4)', (engine) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const tokens = new Map<string, string>();

  async function call(user: string, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    if (!tokens.has(user)) tokens.set(user, await t.login(user));
    return (await t.app.inject({ method, url, headers: { ...bearer(tokens.get(user)!), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) })).json();
  }

  beforeAll(async () => {
    // Grants change in the database directly below, as another instance would change them: nothing cached.
    t = await createTestApp(engine, { ACCOUNT_CACHE_MS: '0' });
    const db = t.database.db;
    const menuWhere = async (where: ReturnType<typeof eq>) => (await db.select().from(menus).where(where))[0].menuId;
    ids.dashboard = await menuWhere(eq(menus.menuName, 'Dashboard'));
    ids.terminalQuery = await menuWhere(eq(menus.permission, 'terminal:terminal:query'));
    const withDashboard = async (roleId: number) => {
      await db.insert(roleMenus).values({ roleId, menuId: ids.dashboard });
      return roleId;
    };

    ids.menuEditorRole = await createRole(db, 'menu-editor', {
      dataScope: '4',
      permissions: ['system:sysmenu:query', 'system:sysmenu:add', 'system:sysmenu:edit', 'terminal:terminal:query'],
    });
    await createUser(db, 'menu-editor', 3, [ids.menuEditorRole]);

    ids.visitorRole = (await db.select().from(roles).where(eq(roles.roleKey, 'visitor')))[0].roleId;
    await createUser(db, 'role-editor4', 3, [await withDashboard(await createRole(db, 'role-editor4', { dataScope: '4', permissions: SYSROLE }))]);
    await createUser(db, 'role-editor5', 3, [await withDashboard(await createRole(db, 'role-editor5', { dataScope: '5', permissions: SYSROLE }))]);
    ids.localRole = await withDashboard(await createRole(db, 'local', { dataScope: '5' }));
    await createUser(db, 'local-member', 3, [ids.localRole]);

    const dispatch = ['alarm:alarm:query', 'alarm:alarm:dispatch'];
    await createUser(db, 'dispatcher5', 5, [await createRole(db, 'dispatcher5', { dataScope: '3', permissions: dispatch })]);
    await createUser(db, 'dispatcher2', 2, [await createRole(db, 'dispatcher2', { dataScope: '4', permissions: dispatch })]);
    ids.fixer5 = await createUser(db, 'fixer5', 5, []);
    await db.update(users).set({ phone: '13800000055' }).where(eq(users.userId, ids.fixer5));
    ids.repairer = (await db.select().from(users).where(eq(users.phone, DEMO_REPAIRER_PHONE)))[0].userId;
    ids.repairer5 = (await db.select().from(users).where(eq(users.username, 'repairer5')))[0].userId;
    const terminal = await insertTerminal(db, { family: 'rdcsm', deptId: 5, name: 'east lamp' });
    [{ alarmId: ids.alarm5 }] = await db.insert(alarms).values({ terminalId: terminal.terminalId, deptId: 5, kind: 'doorOpen', message: 'door' }).returning();
    await insertTerminal(db, { family: 'rdcsm', deptId: 3, name: 'west lamp' });

    await createUser(db, 'scope3-in-3', 3, [await createRole(db, 'scope3-in-3', { dataScope: '3' })]);
    await createUser(db, 'scope4-in-2', 2, [await createRole(db, 'scope4-in-2', { dataScope: '4' })]);

    const { query, remove } = NOTICE_PERMISSION;
    await createUser(db, 'notice-member', 2, [await createRole(db, 'notice-member', { dataScope: '5', permissions: [query, remove] })]);
    await createUser(db, 'notice-lead', 2, [await createRole(db, 'notice-lead', { dataScope: '3', permissions: [query, remove] })]);
  });
  afterAll(() => t?.close());

  describe('item 1: menu permission strings follow the delegation rule', () => {
    const menuRow = async (menuId: number) => (await t.database.db.select().from(menus).where(eq(menus.menuId, menuId)))[0];
    const editable = async (menuId: number) => {
      const { menuId: id, parentId, menuName, title, icon, path, component, menuType, permission, sort, visible } = await menuRow(menuId);
      return { menuId: id, parentId, menuName, title, icon, path, component, menuType, permission, sort, visible };
    };

    it('a menu editor cannot put *:*:* on a menu it holds, and gains nothing by trying', async () => {
      const before = await menuRow(ids.terminalQuery);
      const res = await call('menu-editor', 'PUT', '/api/v1/menu', { ...(await editable(ids.terminalQuery)), permission: '*:*:*' });
      expect(res).toMatchObject({ code: 403, msg: "Only the administrator may add a menu or change a menu's permission string" });
      const zh = await call('menu-editor', 'PUT', '/api/v1/menu', { ...(await editable(ids.terminalQuery)), permission: '*:*:*' }, { 'accept-language': 'zh-CN' });
      expect(zh).toMatchObject({ code: 403, msg: '只有系统管理员可以添加菜单或修改菜单的权限标识' });
      expect(await menuRow(ids.terminalQuery)).toEqual(before);

      const info = (await call('menu-editor', 'GET', '/api/v1/getinfo')).data;
      expect(info.permissions).toContain('terminal:terminal:query');
      expect(info.permissions).not.toContain('*:*:*');
      expect((await call('menu-editor', 'GET', '/api/v1/sysOperLogList')).code).toBe(403);
    });

    it('nor change any permission string or add a menu; other fields of a menu it may still edit', async () => {
      const before = await menuRow(ids.terminalQuery);
      expect(await call('menu-editor', 'PUT', '/api/v1/menu', { ...(await editable(ids.terminalQuery)), permission: 'system:sysoperlog:query' })).toMatchObject({ code: 403 });
      expect(await menuRow(ids.terminalQuery)).toEqual(before);
      const added = await call('menu-editor', 'POST', '/api/v1/menu', { parentId: 0, menuName: 'Planted', title: 'planted', path: '/planted', menuType: 'M' });
      expect(added).toMatchObject({ code: 403, msg: /Only the administrator may add a menu/ });
      expect(await t.database.db.select().from(menus).where(eq(menus.menuName, 'Planted'))).toEqual([]);

      expect((await call('menu-editor', 'PUT', '/api/v1/menu', { ...(await editable(ids.terminalQuery)), title: '查询!' })).code).toBe(200);
      expect((await menuRow(ids.terminalQuery)).title).toBe('查询!');
      expect((await call('menu-editor', 'PUT', '/api/v1/menu', { ...(await editable(ids.terminalQuery)), title: before.title })).code).toBe(200);
    });

    it('a wildcard belongs to the administrator role alone, even when the administrator hands it out', async () => {
      const db = t.database.db;
      const held = await call('admin', 'PUT', '/api/v1/menu', { ...(await editable(ids.terminalQuery)), permission: '*:*:*' });
      // The first role holding it is named (the demo operator role holds the terminal menus too).
      expect(held).toMatchObject({ code: 403, msg: expect.stringMatching(new RegExp(`^A permission string with a wildcard \\(\\*\\) may belong to the administrator role only: menu ${ids.terminalQuery} is held by the role "`)) });
      expect((await menuRow(ids.terminalQuery)).permission).toBe('terminal:terminal:query');

      const wild = await call('admin', 'POST', '/api/v1/menu', { parentId: 0, menuName: 'WildButton', title: 'wild', menuType: 'F', permission: 'system:*:query' });
      expect(wild.code).toBe(200);
      const wildId = wild.data.menuId as number;
      const grant = `Only the administrator role may hold a permission string with a wildcard (*) (menus: ${wildId})`;
      expect(await call('admin', 'POST', '/api/v1/addRole', { roleName: 'wild', roleKey: 'wild', menuIds: [ids.dashboard, wildId] })).toMatchObject({ code: 403, msg: grant });
      expect(await db.select().from(roles).where(eq(roles.roleKey, 'wild'))).toEqual([]);
      const editorRole = { roleId: ids.menuEditorRole, roleName: 'menu-editor', roleKey: 'menu-editor', status: '2' };
      const menusBefore = await db.select().from(roleMenus).where(eq(roleMenus.roleId, ids.menuEditorRole)).orderBy(asc(roleMenus.menuId));
      expect(await call('admin', 'PUT', '/api/v1/role', { ...editorRole, menuIds: [...menusBefore.map((m) => m.menuId), wildId] })).toMatchObject({ code: 403, msg: grant });
      expect(await db.select().from(roleMenus).where(eq(roleMenus.roleId, ids.menuEditorRole)).orderBy(asc(roleMenus.menuId))).toEqual(menusBefore);

      // A wildcard that reached another role before this rule (written straight to the database) grants nothing.
      await db.insert(roleMenus).values({ roleId: ids.menuEditorRole, menuId: wildId });
      const star = await call('admin', 'POST', '/api/v1/menu', { parentId: 0, menuName: 'StarButton', title: 'star', menuType: 'F', permission: '*:*:*' });
      await db.insert(roleMenus).values({ roleId: ids.menuEditorRole, menuId: star.data.menuId });
      const info = (await call('menu-editor', 'GET', '/api/v1/getinfo')).data;
      expect(info.permissions.filter((p: string) => p.includes('*'))).toEqual([]);
      expect((await call('menu-editor', 'GET', '/api/v1/sysOperLogList')).code).toBe(403);
      expect((await call('menu-editor', 'POST', '/api/v1/addRole', { roleName: 'x', roleKey: 'x-menu-editor', menuIds: [] })).code).toBe(403);
      await db.delete(roleMenus).where(and(eq(roleMenus.roleId, ids.menuEditorRole), eq(roleMenus.menuId, wildId)));
      await db.delete(roleMenus).where(and(eq(roleMenus.roleId, ids.menuEditorRole), eq(roleMenus.menuId, star.data.menuId)));
    });
  });

  describe('item 2: a role held outside the editor\'s scope is, to that editor, a role that does not exist', () => {
    async function roleRows() {
      const db = t.database.db;
      return {
        roles: await db.select().from(roles).orderBy(asc(roles.roleId)),
        roleMenus: await db.select().from(roleMenus).orderBy(asc(roleMenus.roleId), asc(roleMenus.menuId)),
        roleDepts: await db.select().from(roleDepts).orderBy(asc(roleDepts.roleId), asc(roleDepts.deptId)),
      };
    }
    const changes = (roleId: number, roleKey: string) => [
      (user: string) => call(user, 'PUT', '/api/v1/role', { roleId, roleName: 'taken over', roleKey, status: '2', menuIds: [ids.dashboard] }),
      (user: string) => call(user, 'PUT', '/api/v1/role', { roleId, status: '1' }),
      (user: string) => call(user, 'PUT', '/api/v1/roledatascope', { roleId, dataScope: '5' }),
      (user: string) => call(user, 'DELETE', `/api/v1/delRole/${roleId}`),
    ];

    /** Every change answers exactly as for a role that does not exist, and writes nothing. */
    async function answersAsMissing(user: string, roleId: number, roleKey: string) {
      const before = await roleRows();
      const missing = changes(NONE, roleKey);
      for (const [i, change] of changes(roleId, roleKey).entries()) {
        const out = await change(user);
        const absent = await missing[i](user);
        expect(absent.code, `change ${i} of a missing role`).toBe(404);
        expect({ code: out.code, msg: String(out.msg).replaceAll(String(roleId), String(NONE)) }, `change ${i}`).toEqual({ code: absent.code, msg: absent.msg });
      }
      expect(await roleRows()).toEqual(before);
    }

    it('scope 4 in department 3 cannot edit, disable, re-scope or delete the visitor role held in department 4', async () => {
      await answersAsMissing('role-editor4', ids.visitorRole, 'visitor');
      expect((await t.login('visitor')).length).toBeGreaterThan(20);
    });

    it('scope 5 covers no other user: not even a role held in its own department', async () => {
      await answersAsMissing('role-editor5', ids.localRole, 'local');
    });

    it('a role held only within the scope is still changed as before', async () => {
      const body = { roleId: ids.localRole, roleName: 'local, renamed', roleKey: 'local', status: '2', menuIds: [ids.dashboard] };
      expect((await call('role-editor4', 'PUT', '/api/v1/role', body)).code).toBe(200);
      expect((await call('admin', 'GET', `/api/v1/role/${ids.localRole}`)).data.roleName).toBe('local, renamed');
      expect((await call('role-editor4', 'PUT', '/api/v1/role', { ...body, roleName: 'local' })).code).toBe(200);
    });
  });

  describe('item 4: pickers and notices keep to the scope', () => {
    const deptIdsOf = (nodes: PickerTreeNode[] | undefined): number[] =>
      (nodes ?? []).flatMap((n) => (n.deptId === undefined ? [] : [n.deptId, ...deptIdsOf(n.children)])).sort();

    it('GET /api/v1/query/terminals/tree lists only the departments in the caller\'s scope', async () => {
      expect(await call('visitor', 'GET', '/api/v1/query/terminals/tree')).toMatchObject({ code: 200, data: [] });
      expect(deptIdsOf((await call('scope3-in-3', 'GET', '/api/v1/query/terminals/tree')).data)).toEqual([3]);
      expect(deptIdsOf((await call('scope4-in-2', 'GET', '/api/v1/query/terminals/tree')).data)).toEqual([2, 5]);
      expect(deptIdsOf((await call('admin', 'GET', '/api/v1/query/terminals/tree')).data)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5]));
    });

    it('the work-order assignee list names only users in the caller\'s scope, and only they can be assigned', async () => {
      const assignees = async (user: string) =>
        ((await call(user, 'POST', '/api/v1/dispatch/workorder/assignees', { alarmIds: [ids.alarm5] })).data as Array<{ userId: number }>).map((u) => u.userId);
      expect(await assignees('dispatcher5')).toEqual(expect.arrayContaining([ids.fixer5, ids.repairer5]));
      expect(await assignees('dispatcher5')).not.toContain(ids.repairer);
      expect(await assignees('dispatcher2')).toEqual(expect.arrayContaining([ids.repairer, ids.fixer5]));
      const order = await call('dispatcher5', 'POST', '/api/v1/dispatch/workorder/add', { alarmIds: [ids.alarm5], assigneeId: ids.repairer, priority: 1, instruction: 'fix it' });
      expect(order).toMatchObject({ code: 400, msg: expect.stringContaining(String(ids.repairer)) });
    });

    it('a notice to a department is deleted only by users whose scope covers that department', async () => {
      const db = t.database.db;
      const notice = async (deptId: number) =>
        (await db.insert(energyNotices).values({ uniqueId: 'u', deptId, sendTitle: 'outage', sendContent: 'saturday' }).returning())[0].id;
      const [to2, to3] = [await notice(2), await notice(3)];
      const exists = async (id: number) => (await db.select().from(energyNotices).where(eq(energyNotices.id, id))).length === 1;

      expect((await call('notice-member', 'GET', `/api/v1/energy/notice/info?id=${to2}`)).code).toBe(200);
      expect(await call('notice-member', 'DELETE', `/api/v1/energy/notice/del/${to2}`)).toMatchObject({
        code: 403,
        msg: `Notice ${to2} was sent to your department, but only a user whose data scope covers that department may delete it`,
      });
      expect(await call('notice-member', 'DELETE', `/api/v1/energy/notice/del/${to2},${to3}`)).toMatchObject({ code: 404, msg: `Notice ${to3} does not exist or is outside your data scope` });
      expect(await exists(to2)).toBe(true);
      expect(await call('notice-lead', 'DELETE', `/api/v1/energy/notice/del/${to2}`)).toMatchObject({ code: 200 });
      expect(await exists(to2)).toBe(false);
      expect(await exists(to3)).toBe(true);
    });
  });
});
