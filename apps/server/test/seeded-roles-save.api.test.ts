import { afterAll, beforeAll, expect, it } from 'vitest';
import { LAYOUT_COMPONENT, MENU_CATALOGUE, SAVE_PERMISSION, type MenuSeed } from '@sl/contracts';
import { and, eq } from 'drizzle-orm';
import { menus, roleMenus, roles } from '../src/db/schema/index.js';
import { seedDatabase } from '../src/seed/seed.js';
import { describeEachEngine } from './support/each-engine.js';
import { exampleBody } from './support/example-body.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';

/** Buttons that open a form whose save button the console guards with SAVE_PERMISSION (shared/form/form-dialog.tsx). */
const FORM_BUTTON = /:(add|edit|status|replace|dispatch)$/;

/** Pages of a seeded role that open no save-guarded form by design: the map, and the repairer's lists (it works its orders with the order card's buttons). */
const READ_ONLY: Record<string, string[]> = {
  // The citizen QR sheet only prints; the repairer reads lamp records on site.
  operator: ['Dashboard', 'CitizenQr'],
  visitor: ['Dashboard'],
  repairer: ['Dashboard', 'AlarmList', 'WorkOrder', 'LampAsset'],
};

/** One real save on a page, as its form sends it. */
const SAVES: Record<string, (c: Caller) => Promise<{ code: number; msg: string }>> = {
  TerminalList: (c) => c.post('/terminal/add', { sn: 'ROLESAVE1', name: 'saved by the operator', family: 'rdcsm', model: 2, deptId: 2 }),
  AlarmList: async (c) => {
    const terminal = (await c.get('/terminal/list?pageIndex=1&pageSize=1&sn=ROLESAVE1')).data.list[0];
    return c.post('/alarm/add', { terminalId: terminal.terminalId, kind: 'lampFailure' });
  },
};

const pages = (tree: MenuSeed[]): MenuSeed[] => tree.flatMap((m) => [...(m.component && m.component !== LAYOUT_COMPONENT ? [m] : []), ...pages(m.children ?? [])]);
const catalogued = new Map(pages(MENU_CATALOGUE).map((p) => [p.name, p]));
type MenuNode = { name?: string; menuName?: string; component?: string; children?: MenuNode[] };
const openedPages = (tree: MenuNode[]): string[] =>
  tree.flatMap((m) => [...(m.component && m.component !== LAYOUT_COMPONENT ? [m.name ?? m.menuName ?? ''] : []), ...openedPages(m.children ?? [])]);

describeEachEngine('every seeded role saves a form on every page its menus open', (engine) => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp(engine, { DEMO: 'true' })));
  afterAll(() => t?.close());

  for (const username of ['operator', 'visitor', 'repairer']) {
    it(`${username}: holds ${SAVE_PERMISSION} and each form button's endpoints let it through, or the page is read-only by design`, async () => {
      const token = await t.login(username, '123456');
      const c = caller(t, token);
      const permissions = (await c.get('/getinfo')).data.permissions as string[];
      // Every seeded role edits at least its own profile, whose save button needs SAVE_PERMISSION too.
      expect(permissions).toContain(SAVE_PERMISSION);
      expect((await c.put('/sysUser/profile', { nickName: `${username} saved`, phone: '', email: '', sex: '0', introduction: '' })).code).toBe(200);

      const opened = openedPages((await c.get('/menurole')).data as MenuNode[]);
      expect(opened.length).toBeGreaterThan(0);
      const readOnly: string[] = [];
      for (const name of opened) {
        const forms = (catalogued.get(name)?.children ?? []).map((b) => b.permission ?? '').filter((p) => FORM_BUTTON.test(p) && permissions.includes(p));
        if (forms.length === 0) {
          readOnly.push(name);
          continue;
        }
        for (const permission of forms) {
          for (const route of t.app.routeTable.filter((r) => r.config.permission === permission)) {
            const res = await t.app.inject({
              method: route.method as 'POST',
              url: route.url.replace(/:(\w+)/g, '999999'),
              headers: bearer(token),
              ...(['POST', 'PUT'].includes(route.method) ? { payload: exampleBody(route.schema?.body) ?? {} } : {}),
            });
            const code = res.headers['content-type']?.toString().includes('json') ? res.json().code : res.statusCode;
            expect([401, 403], `${username} ${name}: ${route.method} ${route.url} (${permission})`).not.toContain(code);
          }
        }
        const save = SAVES[name];
        if (save) {
          const res = await save(c);
          expect(res.code, `${username} saves on ${name}: ${res.msg}`).toBe(200);
        }
      }
      expect(readOnly.sort()).toEqual([...READ_ONLY[username]].sort());
    });
  }

  it('grants the save button at start to seeded roles of an installation seeded without it, and only to them', async () => {
    const db = t.database.db;
    const [editor] = await db.select().from(roles).where(eq(roles.roleKey, 'editor'));
    const [custom] = await db.insert(roles).values({ roleName: 'custom', roleKey: 'custom', dataScope: '1' }).returning();
    const [save] = await db.select().from(menus).where(eq(menus.menuName, 'SaveButton'));
    const before = (await db.select().from(roleMenus).where(eq(roleMenus.roleId, editor.roleId))).map((r) => r.menuId).sort();
    expect(before).toContain(save.menuId);
    await db.delete(roleMenus).where(and(eq(roleMenus.roleId, editor.roleId), eq(roleMenus.menuId, save.menuId)));
    await seedDatabase(db, t.config);
    await seedDatabase(db, t.config);
    expect((await db.select().from(roleMenus).where(eq(roleMenus.roleId, editor.roleId))).map((r) => r.menuId).sort()).toEqual(before);
    expect(await db.select().from(roleMenus).where(eq(roleMenus.roleId, custom.roleId))).toEqual([]);
  });
});
