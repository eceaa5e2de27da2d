import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { configInput, configKeyParam, configQuery, configUpdate, idParam, idsParam } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { holds } from '../access/principal.js';
import { signedIn } from '../../http/access.js';

const tags = ['system: parameters'];

export function configRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const configs = services.configAdmin;
  const perm = (action: string) => ({ permission: `system:sysconfig:${action}` });

  api.get('/api/v1/configList', { config: perm('query'), schema: { tags, summary: 'List parameters', querystring: configQuery } }, async (request) =>
    ok(request, await configs.page(request.query)),
  );
  api.get('/api/v1/config/:id', { config: perm('query'), schema: { tags, summary: 'One parameter', params: idParam } }, async (request) =>
    ok(request, await configs.get(request.params.id)),
  );
  api.get('/api/v1/configKey/:key', { config: signedIn, schema: { tags, summary: 'A parameter value by key', params: configKeyParam } }, async (request) => {
    const seesAll = holds(await request.principal(), perm('query').permission);
    return ok(request, await configs.value(request.params.key, seesAll));
  });
  api.post('/api/v1/config', { config: perm('add'), schema: { tags, summary: 'Add a parameter', body: configInput } }, async (request) =>
    ok(request, await configs.create(request.body), 'parameter added'),
  );
  api.put('/api/v1/config', { config: perm('edit'), schema: { tags, summary: 'Edit a parameter', body: configUpdate } }, async (request) => {
    const { configId, ...values } = request.body;
    await configs.update(configId, values);
    return ok(request, null, 'parameter updated');
  });
  api.delete('/api/v1/config/:ids', { config: perm('remove'), schema: { tags, summary: 'Delete parameters that are not built in', params: idsParam } }, async (request) => {
    await configs.remove(request.params.ids);
    return ok(request, null, 'parameter deleted');
  });
}
