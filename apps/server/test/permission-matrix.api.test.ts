import { eq, and } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { menus, roleMenus } from '../src/db/schema/index.js';
import Fastify from 'fastify';
import { accessMarks, requireAccessMarks } from '../src/plugins/authenticate.js';
import { describeEachEngine } from './support/each-engine.js';
import { createRole, createUser } from './support/accounts.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

const API = /^\/(api|refreshtoken|user)/;
const concrete = (url: string) => url.replace(/:(\w+)/g, '999999');

describeEachEngine('permission matrix over the route table', (engine) => {
  let t: TestApp;
  let holderToken: string;
  let holderRole: number;
  let nobodyToken: string;
  beforeAll(async () => {
    // Role grants change in the database directly below, as another instance would change them: nothing cached.
    t = await createTestApp(engine, { ACCOUNT_CACHE_MS: '0' });
    holderRole = await createRole(t.database.db, 'holder', { permissions: '*' });
    await createUser(t.database.db, 'holder', 1, [holderRole]);
    await createUser(t.database.db, 'nobody', 1, [await createRole(t.database.db, 'empty')]);
    holderToken = await t.login('holder');
    nobodyToken = await t.login('nobody');
  });
  afterAll(() => t?.close());

  const routes = () => t.app.routeTable.filter((r) => API.test(r.url) && !r.url.startsWith('/api/docs'));
  const call = (r: { method: string; url: string }, token?: string) =>
    t.app.inject({ method: r.method as 'GET', url: concrete(r.url), headers: token ? bearer(token) : {} });

  it('covers every protected route, and every route permission exists as a menu button', async () => {
    const guarded = routes().filter((r) => r.config.permission);
    expect(guarded.length).toBeGreaterThan(25);
    for (const r of guarded) {
      const rows = await t.database.db.select().from(menus).where(eq(menus.permission, r.config.permission!));
      expect(rows.length, `${r.method} ${r.url} needs ${r.config.permission}`).toBeGreaterThan(0);
    }
  });

  it('gives every API route exactly one deliberate access mark: public, a permission, or any signed-in user', () => {
    const unmarked = routes().filter((r) => accessMarks(r.config) !== 1).map((r) => `${r.method} ${r.url}`);
    expect(unmarked).toEqual([]);
    expect(routes().filter((r) => r.config.signedIn).length).toBeGreaterThan(10);
  });

  it('refuses to start with an API route that carries no access mark', async () => {
    const app = Fastify();
    void app.register(async (api) => {
      requireAccessMarks(api);
      api.get('/api/v1/forgotten', async () => 'open by omission');
    });
    await expect(app.ready()).rejects.toThrow(/GET \/api\/v1\/forgotten must carry exactly one of/);
    await app.close();
  });

  it('answers 401 on every non-public route without a token', async () => {
    for (const r of routes().filter((r) => !r.config.public)) {
      const res = await call(r);
      expect([res.statusCode, res.json().code], `${r.method} ${r.url}`).toEqual([401, 401]);
    }
  });

  it('answers 403 when the role lacks the permission, and lets it through when the role has it', async () => {
    for (const r of routes().filter((r) => r.config.permission)) {
      const label = `${r.method} ${r.url} (${r.config.permission})`;
      expect((await call(r, nobodyToken)).json().code, label).toBe(403);

      const held = await t.database.db.select({ id: menus.menuId }).from(menus).where(eq(menus.permission, r.config.permission!));
      for (const m of held) await t.database.db.delete(roleMenus).where(and(eq(roleMenus.roleId, holderRole), eq(roleMenus.menuId, m.id)));
      expect((await call(r, holderToken)).json().code, `${label} without it`).toBe(403);
      await t.database.db.insert(roleMenus).values(held.map((m) => ({ roleId: holderRole, menuId: m.id })));

      const res = await call(r, holderToken);
      const code = res.headers['content-type']?.toString().includes('json') ? res.json().code : res.statusCode;
      expect([401, 403], `${label} with it`).not.toContain(code);
      if (r.method === 'GET' && !r.url.includes(':')) expect(code, label).toBe(200);
    }
  }, 180_000);

  it('lets any signed-in user through the routes that need no permission', async () => {
    for (const r of routes().filter((r) => r.config.signedIn && r.method === 'GET' && !r.url.includes(':'))) {
      const res = await call(r, nobodyToken);
      const code = res.headers['content-type']?.toString().includes('json') ? res.json().code : res.statusCode;
      expect(code, `${r.method} ${r.url}`).toBe(200);
    }
  });
});
