import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deptInput, deptQuery, deptUpdate, id, idParam } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { signedIn } from '../../http/access.js';

const tags = ['system: departments'];
const sortBody = z.array(z.object({ deptId: id('deptId'), sort: z.coerce.number().int().min(0).max(99_999) })).min(1).max(1000);

export function deptRoutes(app: FastifyInstance, { depts }: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const perm = (action: string) => ({ permission: `system:sysdept:${action}` });

  api.get('/api/v1/deptList', { config: perm('query'), schema: { tags, summary: 'List departments', querystring: deptQuery } }, async (request) =>
    ok(request, await depts.list(await request.principal(), request.query)),
  );
  api.get('/api/v1/dept', { config: signedIn, schema: { tags, summary: 'Department tree within the data scope' } }, async (request) =>
    ok(request, await depts.tree(await request.principal())),
  );
  api.get('/api/v1/dept/:id', { config: perm('query'), schema: { tags, summary: 'One department', params: idParam } }, async (request) =>
    ok(request, await depts.get(await request.principal(), request.params.id)),
  );
  api.post('/api/v1/dept', { config: perm('add'), schema: { tags, summary: 'Add a department', body: deptInput } }, async (request) =>
    ok(request, await depts.create(await request.principal(), request.body), 'department added'),
  );
  api.put('/api/v1/dept', { config: perm('edit'), schema: { tags, summary: 'Edit a department', body: deptUpdate } }, async (request) => {
    const { deptId, ...values } = request.body;
    await depts.update(await request.principal(), deptId, values);
    return ok(request, null, 'department updated');
  });
  api.put('/api/v1/dept/sort', { config: perm('edit'), schema: { tags, summary: 'Reorder departments', body: sortBody } }, async (request) => {
    await depts.sort(await request.principal(), request.body);
    return ok(request, null, 'order saved');
  });
  api.delete('/api/v1/dept/:id', { config: perm('remove'), schema: { tags, summary: 'Delete a department', params: idParam } }, async (request) => {
    await depts.remove(await request.principal(), request.params.id);
    return ok(request, null, 'department deleted');
  });
}
