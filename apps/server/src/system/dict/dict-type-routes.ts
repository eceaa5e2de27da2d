import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dictTypeInput, dictTypeQuery, dictTypeUpdate, idParam, idsParam } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';

const tags = ['system: dictionary'];

export function dictTypeRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const types = services.dictTypes;
  const perm = (action: string) => ({ permission: `system:sysdict:${action}` });

  api.get('/api/v1/dict/typelist', { config: perm('query'), schema: { tags, summary: 'List dictionary types', querystring: dictTypeQuery } }, async (request) =>
    ok(request, await types.page(request.query)),
  );
  api.get('/api/v1/dict/type/:id', { config: perm('query'), schema: { tags, summary: 'One dictionary type', params: idParam } }, async (request) =>
    ok(request, await types.get(request.params.id)),
  );
  api.post('/api/v1/dict/type', { config: perm('add'), schema: { tags, summary: 'Add a dictionary type', body: dictTypeInput } }, async (request) =>
    ok(request, await types.create(request.body), 'dictionary type added'),
  );
  api.put('/api/v1/dict/type', { config: perm('edit'), schema: { tags, summary: 'Edit a dictionary type', body: dictTypeUpdate } }, async (request) => {
    const { dictId, ...values } = request.body;
    await types.update(dictId, values);
    return ok(request, null, 'dictionary type updated');
  });
  api.delete('/api/v1/dict/type/:ids', { config: perm('remove'), schema: { tags, summary: 'Delete dictionary types and their values', params: idsParam } }, async (request) => {
    await types.remove(request.params.ids);
    return ok(request, null, 'dictionary type deleted');
  });
}
