import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, menus, roleDepts, roleMenus, roles, userOauth, userRoles, users } from '../src/db/schema/index.js';
import { createRole, createUser } from './support/accounts.js';
import { describeEachEngine } from './support/each-engine.js';
import { multipartBody } from './support/multipart.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

// Seeded departments: 1 centre → 2 ops one → 5 east team; 1 → 3 ops two; 1 → 4 monitoring (the visitor's).
// `scoped3` and `scoped4` sit in department 3 with every sysuser/sysdept/sysrole permission and data scope 3 or 4;
// department 3 gets a child, 6, so the two scopes differ.
const ACTIONS = { sysuser: ['query', 'add', 'edit', 'remove', 'export', 'import', 'resetPwd'], sysdept: ['query', 'add', 'edit', 'remove'], sysrole: ['query', 'add', 'edit', 'remove'] };
const PERMISSIONS = Object.entries(ACTIONS).flatMap(([area, actions]) => actions.map((a) => `system:${area}:${a}`));

describeEachEngine('security: department scope and delegation (issue 15, findings 1, 2, 7, 11)', (engine) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    ids.role3 = await createRole(db, 'scope3', { dataScope: '3', permissions: PERMISSIONS });
    ids.role4 = await createRole(db, 'scope4', { dataScope: '4', permissions: PERMISSIONS });
    ids.scoped3 = await createUser(db, 'scoped3', 3, [ids.role3]);
    ids.scoped4 = await createUser(db, 'scoped4', 3, [ids.role4]);
    ids.visitor = (await db.select().from(users).where(eq(users.username, 'visitor')))[0].userId;
    ids.child = (await call('admin', 'POST', '/api/v1/dept', { parentId: 3, deptName: '运维二部一组' })).data.deptId;
    ids.far = (await call('admin', 'POST', '/api/v1/dept', { parentId: 1, deptName: '远方部门' })).data.deptId;
    ids.heldMenu = (await db.select().from(menus).where(eq(menus.permission, 'system:sysdept:query')))[0].menuId;
    ids.unheldMenu = (await db.select().from(menus).where(eq(menus.permission, 'terminal:terminal:control')))[0].menuId;
  });
  afterAll(() => t?.close());

  async function call(user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) {
    if (!tokens.has(user)) tokens.set(user, await t.login(user));
    return (await t.app.inject({ method, url, payload: payload as object, headers: { ...bearer(tokens.get(user)!), ...headers } })).json();
  }

  /** Every row the refused requests could have touched. */
  async function snapshot() {
    const db = t.database.db;
    return {
      depts: await db.select().from(departments).orderBy(asc(departments.deptId)),
      roles: await db.select().from(roles).orderBy(asc(roles.roleId)),
      roleMenus: await db.select().from(roleMenus).orderBy(asc(roleMenus.roleId), asc(roleMenus.menuId)),
      roleDepts: await db.select().from(roleDepts).orderBy(asc(roleDepts.roleId), asc(roleDepts.deptId)),
      users: await db.select().from(users).orderBy(asc(users.userId)),
      userRoles: await db.select().from(userRoles).orderBy(asc(userRoles.userId), asc(userRoles.roleId)),
    };
  }

  /** Runs a refused request and proves it wrote nothing. */
  async function refused(expected: { code: number; msg?: RegExp }, request: () => Promise<{ code: number; msg: string }>) {
    const before = await snapshot();
    const res = await request();
    expect(res).toMatchObject({ code: expected.code, ...(expected.msg ? { msg: expect.stringMatching(expected.msg) } : {}) });
    expect(await snapshot()).toEqual(before);
  }

  describe.each(['scoped3', 'scoped4'])('finding 1: departments honour the data scope of %s', (user) => {
    it('GET /api/v1/dept/1 (and any department outside the scope) answers 404', async () => {
      for (const id of [1, 2, 4, 5, ids.far]) {
        expect(await call(user, 'GET', `/api/v1/dept/${id}`), `dept ${id}`).toMatchObject({ code: 404, msg: `Department ${id} does not exist or is outside your data scope` });
      }
      expect((await call(user, 'GET', '/api/v1/dept/3')).data.deptName).toBe('运维二部');
      expect((await call(user, 'GET', `/api/v1/dept/${ids.child}`)).code).toBe(user === 'scoped4' ? 200 : 404);
    });

    it('PUT /api/v1/dept renaming department 2 is refused', async () => {
      await refused({ code: 404 }, () => call(user, 'PUT', '/api/v1/dept', { deptId: 2, parentId: 1, deptName: 'taken over' }));
    });

    it('POST /api/v1/dept under department 2, or at the root, is refused', async () => {
      await refused({ code: 400, msg: /Parent department 2 does not exist or is outside your data scope/ }, () =>
        call(user, 'POST', '/api/v1/dept', { parentId: 2, deptName: 'planted' }));
      await refused({ code: 400, msg: /would fall outside your data scope/ }, () => call(user, 'POST', '/api/v1/dept', { parentId: 0, deptName: 'planted' }));
    });

    it('DELETE /api/v1/dept/<outside> is refused', async () => {
      await refused({ code: 404 }, () => call(user, 'DELETE', `/api/v1/dept/${ids.far}`));
    });

    it('PUT /api/v1/dept/sort is refused as a whole when any department is outside the scope', async () => {
      await refused({ code: 404, msg: /Department 2, 4 do not exist/ }, () =>
        call(user, 'PUT', '/api/v1/dept/sort', [{ deptId: 3, sort: 1 }, { deptId: 2, sort: 1 }, { deptId: 4, sort: 1 }]));
    });

    it('moving department 4 under department 3 is refused, and the visitor stays out of reach', async () => {
      await refused({ code: 404 }, () => call(user, 'PUT', '/api/v1/dept', { deptId: 4, parentId: 3, deptName: '监控中心', sort: 30 }));
      await refused({ code: 404 }, () => call(user, 'PUT', '/api/v1/user/pwd/reset', { userId: ids.visitor, password: t.encrypt('taken-over') }));
      expect((await t.login('visitor', '123456')).length).toBeGreaterThan(20);
    });

    it('a department in scope cannot be moved out of it', async () => {
      await refused({ code: 400, msg: /Parent department 2/ }, () => call(user, 'PUT', '/api/v1/dept', { deptId: 3, parentId: 2, deptName: '运维二部', sort: 20 }));
      if (user === 'scoped4') {
        await refused({ code: 400, msg: /Parent department 4/ }, () => call(user, 'PUT', '/api/v1/dept', { deptId: ids.child, parentId: 4, deptName: '运维二部一组' }));
      }
    });

    it('answers refusals in the caller\'s language', async () => {
      const res = await call(user, 'GET', '/api/v1/dept/1', undefined, { 'accept-language': 'zh-CN' });
      expect(res).toMatchObject({ code: 404, msg: '部门 1 不存在或不在您的数据范围内' });
    });
  });

  describe('finding 1: operations within the scope still succeed', () => {
    it('scope 3 edits and sorts its own department, and may not add one below it (it would be out of its sight)', async () => {
      expect((await call('scoped3', 'PUT', '/api/v1/dept', { deptId: 3, parentId: 1, deptName: '运维二部', sort: 21, phone: '13800000003' })).code).toBe(200);
      expect((await call('scoped3', 'PUT', '/api/v1/dept/sort', [{ deptId: 3, sort: 20 }])).code).toBe(200);
      expect((await call('admin', 'GET', '/api/v1/dept/3')).data).toMatchObject({ deptPath: '/0/1/3', sort: 20, phone: '13800000003' });
      await refused({ code: 400, msg: /would fall outside your data scope/ }, () => call('scoped3', 'POST', '/api/v1/dept', { parentId: 3, deptName: 'below' }));
    });

    it('scope 4 adds, moves within, sorts and deletes below its own department', async () => {
      const added = await call('scoped4', 'POST', '/api/v1/dept', { parentId: 3, deptName: '临时组' });
      expect(added).toMatchObject({ code: 200, data: { deptPath: `/0/1/3/${added.data.deptId}` } });
      const id = added.data.deptId;
      expect((await call('scoped4', 'PUT', '/api/v1/dept', { deptId: id, parentId: ids.child, deptName: '临时组' })).code).toBe(200);
      expect((await call('scoped4', 'GET', `/api/v1/dept/${id}`)).data.deptPath).toBe(`/0/1/3/${ids.child}/${id}`);
      expect((await call('scoped4', 'PUT', '/api/v1/dept/sort', [{ deptId: id, sort: 3 }, { deptId: ids.child, sort: 2 }])).code).toBe(200);
      expect((await call('scoped4', 'DELETE', `/api/v1/dept/${id}`)).code).toBe(200);
      expect((await call('admin', 'GET', `/api/v1/dept/${id}`)).code).toBe(404);
    });
  });

  describe.each(['scoped3', 'scoped4'])('finding 2: %s cannot escalate through roles', (user) => {
    const own = () => (user === 'scoped3' ? ids.role3 : ids.role4);
    const allMenuIds = async () => (await t.database.db.select({ id: menus.menuId }).from(menus)).map((m) => m.id);

    it('PUT /api/v1/role on its own role with every menu id is refused', async () => {
      const body = { roleId: own(), roleName: user, roleKey: user.replace('scoped', 'scope'), status: '2', menuIds: await allMenuIds() };
      await refused({ code: 403, msg: /which you hold yourself/ }, () => call(user, 'PUT', '/api/v1/role', body));
      await refused({ code: 403 }, () => call(user, 'PUT', '/api/v1/role', { roleId: own(), status: '1' }));
      await refused({ code: 403 }, () => call(user, 'DELETE', `/api/v1/delRole/${own()}`));
    });

    it('PUT /api/v1/roledatascope {own role, "1"} is refused', async () => {
      await refused({ code: 403, msg: /which you hold yourself/ }, () => call(user, 'PUT', '/api/v1/roledatascope', { roleId: own(), dataScope: '1' }));
    });

    it('the administrator role cannot be edited, re-scoped, disabled or deleted', async () => {
      await refused({ code: 403, msg: /Only the administrator may change the administrator role/ }, () =>
        call(user, 'PUT', '/api/v1/role', { roleId: 1, roleName: 'mine', roleKey: 'admin', status: '2', menuIds: [] }));
      await refused({ code: 403 }, () => call(user, 'PUT', '/api/v1/roledatascope', { roleId: 1, dataScope: '2', deptIds: [3] }));
      await refused({ code: 400 }, () => call(user, 'PUT', '/api/v1/role', { roleId: 1, status: '1' }));
      await refused({ code: 400 }, () => call(user, 'DELETE', '/api/v1/delRole/1'));
    });

    it('granting a permission or a scope it does not hold is refused', async () => {
      await refused({ code: 403, msg: new RegExp(`menus you do not hold: ${ids.unheldMenu}`) }, () =>
        call(user, 'POST', '/api/v1/addRole', { roleName: 'x', roleKey: `x-${user}`, menuIds: [ids.heldMenu, ids.unheldMenu] }));
      // The demo operator and visitor roles are held outside this user's scope (departments 2 and 4): as if missing (issue 24).
      await refused({ code: 404, msg: /Role 2 does not exist/ }, () =>
        call(user, 'PUT', '/api/v1/role', { roleId: 2, roleName: '运维人员', roleKey: 'editor', status: '2', menuIds: [] }));
      await refused({ code: 404 }, () => call(user, 'PUT', '/api/v1/roledatascope', { roleId: 3, dataScope: '1' }));
      // A role held by nobody but holding more than this user cannot be edited, not even stripped.
      const rich = await createRole(t.database.db, `rich-${user}`, { dataScope: '4', permissions: ['terminal:terminal:control'] });
      await refused({ code: 403, msg: /holds permissions or a data scope you do not hold/ }, () =>
        call(user, 'PUT', '/api/v1/role', { roleId: rich, roleName: 'rich', roleKey: `rich-${user}`, status: '2', menuIds: [] }));
      await refused({ code: 403 }, () => call(user, 'PUT', '/api/v1/roledatascope', { roleId: rich, dataScope: '1' }));
    });

    it('assigning a role it could not grant, the administrator role, or changing its own roles is refused', async () => {
      const newUser = (roleIds: number[]) => ({ username: `new-${user}`, nickName: 'n', password: t.encrypt('secret-1'), deptId: 3, roleIds });
      await refused({ code: 403, msg: /cannot assign or remove the role "运维人员"/ }, () => call(user, 'POST', '/api/v1/sysUser', newUser([2])));
      await refused({ code: 403, msg: /Only the administrator may assign/ }, () => call(user, 'POST', '/api/v1/sysUser', newUser([1])));
      const self = { userId: ids[user], nickName: user, deptId: 3, status: '2', phone: '', email: '' };
      await refused({ code: 403, msg: /cannot change your own roles/ }, () => call(user, 'PUT', '/api/v1/sysUser', { ...self, roleIds: [own(), 2] }));
      expect((await call(user, 'PUT', '/api/v1/sysUser', { ...self, nickName: `${user}!`, roleIds: [own()] })).code).toBe(200);

      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('users');
      ws.addRow(['username', 'nickName', 'password', 'phone', 'email', 'deptId', 'roleKeys', 'status']);
      ws.addRow([`imp-${user}`, 'Import', 'secret-1', '', '', 3, 'editor', '2']);
      const { body, contentType } = multipartBody('file', 'users.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
      await refused({ code: 400 }, async () => {
        const res = (await t.app.inject({ method: 'POST', url: '/api/v1/sysUser/import', payload: body, headers: { ...bearer(tokens.get(user)!), 'content-type': contentType } })).json();
        expect(res.data.errors[0].messages.join()).toMatch(/cannot assign or remove the role "运维人员"/);
        return res;
      });
    });

    it('an account holding the administrator role is out of reach', async () => {
      const boss = await createUser(t.database.db, `boss-${user}`, 3, [1]);
      await refused({ code: 403, msg: /account that holds the administrator role/ }, () =>
        call(user, 'PUT', '/api/v1/user/pwd/reset', { userId: boss, password: t.encrypt('taken-over') }));
      await refused({ code: 403 }, () => call(user, 'PUT', '/api/v1/sysUser/status', { userId: boss, status: '1' }));
      await refused({ code: 403 }, () => call(user, 'DELETE', `/api/v1/sysUser/${boss}`));
      await t.database.db.delete(users).where(eq(users.userId, boss));
    });

    it('what it holds it may still hand on: a role with its own menus, a scope within its own, assigned in its department', async () => {
      const made = await call(user, 'POST', '/api/v1/addRole', { roleName: `made by ${user}`, roleKey: `made-${user}`, menuIds: [ids.heldMenu] });
      expect(made).toMatchObject({ code: 200, data: { dataScope: '5', menuIds: [ids.heldMenu] } });
      const roleId = made.data.roleId;
      const scope = (dataScope: string, deptIds: number[] = []) => call(user, 'PUT', '/api/v1/roledatascope', { roleId, dataScope, deptIds });
      expect((await scope('3')).code).toBe(200);
      expect((await scope('2', [3])).code).toBe(200);
      // A department outside the caller's scope answers as a missing one (the scope matrix holds every route to that).
      await refused({ code: 400, msg: /Department 2 does not exist or is outside your data scope/ }, () => scope('2', [3, 2]));
      await refused({ code: 403 }, () => scope('1'));
      if (user === 'scoped3') await refused({ code: 403 }, () => scope('4'));
      else expect((await scope('4')).code).toBe(200);

      const created = await call(user, 'POST', '/api/v1/sysUser', { username: `member-${user}`, nickName: 'm', password: t.encrypt('secret-1'), deptId: 3, roleIds: [roleId] });
      expect(created.code).toBe(200);
      await refused({ code: 403 }, () => call(user, 'PUT', '/api/v1/role', { roleId, roleName: 'more', roleKey: `made-${user}`, status: '2', menuIds: [ids.heldMenu, ids.unheldMenu] }));
      expect((await call(user, 'PUT', '/api/v1/role', { roleId, roleName: 'renamed', roleKey: `made-${user}`, status: '2', menuIds: [] })).code).toBe(200);
      expect((await call(user, 'DELETE', `/api/v1/sysUser/${created.data.userId}`)).code).toBe(200);
      expect((await call(user, 'DELETE', `/api/v1/delRole/${roleId}`)).code).toBe(200);
    });
  });

  describe('finding 2: the administrator still grants anything', () => {
    it('edits any role, its data scope, and assigns the administrator role', async () => {
      expect((await call('admin', 'PUT', '/api/v1/roledatascope', { roleId: ids.role3, dataScope: '3' })).code).toBe(200);
      expect((await call('admin', 'PUT', '/api/v1/role', { roleId: 1, roleName: '系统管理员', roleKey: 'admin', roleSort: 1, status: '2', menuIds: [] })).code).toBe(200);
      const boss = await call('admin', 'POST', '/api/v1/sysUser', { username: 'boss2', nickName: 'b', password: t.encrypt('secret-1'), deptId: 1, roleIds: [1] });
      expect(boss.code).toBe(200);
      expect((await call('admin', 'DELETE', `/api/v1/sysUser/${boss.data.userId}`)).code).toBe(200);
    });
  });

  describe('finding 7: the QR stand-in', () => {
    it("confirms an open id bound to a user only with that user's password", async () => {
      const admin = (await t.database.db.select().from(users).where(eq(users.username, 'admin')))[0];
      await t.database.db.insert(userOauth).values({ provider: 'standin', openId: 'known-open-id', userId: admin.userId, phone: '' });
      const state = new URL((await t.app.inject('/api/wx/pc/qrcode')).json().data.authorizeUrl).searchParams.get('state');
      const confirm = (extra: object) => t.app.inject({ method: 'POST', url: '/api/wx/standin/confirm', payload: { state, openId: 'known-open-id', ...extra } }).then((r) => r.json());
      expect(await confirm({})).toMatchObject({ code: 400, msg: expect.stringMatching(/enter that user's password/) });
      expect(await confirm({ password: t.encrypt('guess-1') })).toMatchObject({ code: 400, msg: 'Wrong password' });
      expect(await confirm({ password: t.encrypt('123456') })).toMatchObject({ code: 200, data: { redirect: expect.stringMatching(/^\/wxcode-redirect\?code=/) } });
    });
  });

  describe('finding 11: /api/v1/roleOptions', () => {
    it.each(['visitor', 'scoped3'])('shows %s only what a role picker needs', async (user) => {
      const options = (await call(user, 'GET', '/api/v1/roleOptions')).data as Array<Record<string, unknown>>;
      expect(options.length).toBeGreaterThanOrEqual(5);
      for (const option of options) expect(Object.keys(option).sort()).toEqual(['roleId', 'roleKey', 'roleName', 'status']);
      expect(options.find((o) => o.roleId === 1)).toEqual({ roleId: 1, roleName: '系统管理员', roleKey: 'admin', status: '2' });
    });
  });
});
