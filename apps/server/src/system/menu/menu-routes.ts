import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, menuInput, menuUpdate } from '@sl/contracts';
import { buildMenuTree } from './menu-tree.js';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { signedIn } from '../../http/access.js';

const tags = ['system: menus'];
const menuQuery = z.object({ title: z.string().trim().max(64).optional(), visible: z.enum(['0', '1']).optional() });

export function menuRoutes(app: FastifyInstance, { users, menus, menuAdmin }: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const perm = (action: string) => ({ permission: `system:sysmenu:${action}` });

  api.get('/api/v1/menurole', { config: signedIn, schema: { tags, summary: "The signed-in user's menu tree" } }, async (request) => {
    const roles = await users.activeRoles(request.auth.sub);
    const rows = await menus.routableMenus(roles.some((r) => r.admin) ? 'all' : roles.map((r) => r.roleId));
    return ok(request, buildMenuTree(rows));
  });
  api.get('/api/v1/menu', { config: perm('query'), schema: { tags, summary: 'Every menu item, buttons included', querystring: menuQuery } }, async (request) =>
    ok(request, await menuAdmin.tree(request.query)),
  );
  api.get('/api/v1/menuTreeselect', { config: signedIn, schema: { tags, summary: 'The whole menu tree, for the role editor' } }, async (request) =>
    ok(request, await menuAdmin.tree({})),
  );
  api.get('/api/v1/menu/:id', { config: perm('query'), schema: { tags, summary: 'One menu item', params: idParam } }, async (request) =>
    ok(request, await menuAdmin.get(request.params.id)),
  );
  api.post('/api/v1/menu', { config: perm('add'), schema: { tags, summary: 'Add a menu item', body: menuInput } }, async (request) =>
    ok(request, await menuAdmin.create(await request.principal(), request.body), 'menu added'),
  );
  api.put('/api/v1/menu', { config: perm('edit'), schema: { tags, summary: 'Edit a menu item', body: menuUpdate } }, async (request) => {
    const { menuId, ...values } = request.body;
    await menuAdmin.update(await request.principal(), menuId, values);
    return ok(request, null, 'menu updated');
  });
  api.delete('/api/v1/menu/:id', { config: perm('remove'), schema: { tags, summary: 'Delete a menu item without children', params: idParam } }, async (request) => {
    await menuAdmin.remove(request.params.id);
    return ok(request, null, 'menu deleted');
  });
}
