import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { repairQuery, repairReplace } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';

const tags = ['terminals: repairs'];

export function repairRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repairs = services.repairs;
  const perm = (action: string) => ({ permission: `terminal:repair:${action}` });

  api.get('/api/v1/terminal/repair/list', { config: perm('query'), schema: { tags, summary: 'List terminal replacements', querystring: repairQuery } }, async (request) =>
    ok(request, await repairs.page(await request.principal(), request.query)),
  );
  api.post('/api/v1/terminal/repair/replace', { config: perm('replace'), schema: { tags, summary: 'Replace a failed terminal with a spare', body: repairReplace } }, async (request) => {
    const { terminalId, replacementId, reason } = request.body;
    const id = await repairs.replace(await request.principal(), terminalId, replacementId, reason);
    return ok(request, { id, terminalId, replacementId }, 'terminal replaced');
  });
}
