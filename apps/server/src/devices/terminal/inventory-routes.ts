import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idsParam, inventoryQuery } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';

const tags = ['terminals: inventory'];

/** The inventory: terminals in the factory (status 1) or the warehouse (2). */
export function inventoryRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { terminals } = services.terminalDomain;
  const perm = (action: string) => ({ permission: `terminal:inventory:${action}` });

  api.get('/api/v1/terminal/inventory/list', { config: perm('query'), schema: { tags, summary: 'List terminals in the factory or warehouse', querystring: inventoryQuery } }, async (request) =>
    ok(request, await terminals.page(await request.principal(), request.query, 'inventory')),
  );
  api.delete('/api/v1/terminal/inventory/delete/:ids', { config: perm('remove'), schema: { tags, summary: 'Delete inventory terminals', params: idsParam } }, async (request) => {
    await terminals.remove(await request.principal(), request.params.ids, true);
    return ok(request, null, 'terminal(s) deleted');
  });
}
