import type { FastifyInstance } from 'fastify';
import { buildMenuTree } from './menu-tree.js';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';

export function menuRoutes(app: FastifyInstance, { users, menus }: Services) {
  app.get('/api/v1/menurole', { schema: { tags: ['system'], summary: "The signed-in user's menu tree" } }, async (request) => {
    const roles = await users.activeRoles(request.auth.sub);
    const rows = await menus.routableMenus(roles.some((r) => r.admin) ? 'all' : roles.map((r) => r.roleId));
    return ok(request, buildMenuTree(rows));
  });
}
