import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { enterpriseInput, enterpriseQuery, enterpriseUpdate, idParam, idsParam } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { signedIn } from '../../http/access.js';

const tags = ['system: enterprises'];

export function enterpriseRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const enterprises = services.enterprises;
  const perm = (action: string) => ({ permission: `system:enterprise:${action}` });

  api.get('/api/v1/enterpriseList', { config: perm('query'), schema: { tags, summary: 'List enterprises', querystring: enterpriseQuery } }, async (request) =>
    ok(request, await enterprises.page(request.query)),
  );
  api.get('/api/v1/enterpriseAll', { config: signedIn, schema: { tags, summary: 'Every enabled enterprise, for selects' } }, async (request) =>
    ok(request, await enterprises.options()),
  );
  api.get('/api/v1/enterpriseInfo/:id', { config: perm('query'), schema: { tags, summary: 'One enterprise', params: idParam } }, async (request) =>
    ok(request, await enterprises.get(request.params.id)),
  );
  api.post('/api/v1/enterpriseAdd', { config: perm('add'), schema: { tags, summary: 'Add an enterprise', body: enterpriseInput } }, async (request) =>
    ok(request, await enterprises.create(request.body), 'enterprise added'),
  );
  api.put('/api/v1/enterpriseUpdate', { config: perm('edit'), schema: { tags, summary: 'Edit an enterprise', body: enterpriseUpdate } }, async (request) => {
    const { enterpriseId, ...values } = request.body;
    await enterprises.update(enterpriseId, values);
    return ok(request, null, 'enterprise updated');
  });
  api.delete('/api/v1/enterpriseDel/:ids', { config: perm('remove'), schema: { tags, summary: 'Delete enterprises', params: idsParam } }, async (request) => {
    await enterprises.remove(request.params.ids);
    return ok(request, null, 'enterprise deleted');
  });
}
