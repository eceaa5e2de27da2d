import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, roleDataScopeInput, roleInput, roleQuery, roleUpdate } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { signedIn } from '../../http/access.js';

const tags = ['system: roles'];

export function roleRoutes(app: FastifyInstance, { roles }: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const perm = (action: string) => ({ permission: `system:sysrole:${action}` });

  api.get('/api/v1/rolelist', { config: perm('query'), schema: { tags, summary: 'List roles', querystring: roleQuery } }, async (request) =>
    ok(request, await roles.page(request.query)),
  );
  api.get('/api/v1/roleOptions', { config: signedIn, schema: { tags, summary: 'Every role, for selects: id, name, key and status only' } }, async (request) => ok(request, await roles.options()));
  api.get('/api/v1/role/:id', { config: perm('query'), schema: { tags, summary: 'One role with its menus and departments', params: idParam } }, async (request) =>
    ok(request, await roles.get(request.params.id)),
  );
  api.post('/api/v1/addRole', { config: perm('add'), schema: { tags, summary: 'Add a role', body: roleInput } }, async (request) =>
    ok(request, await roles.create(await request.principal(), request.body), 'role added'),
  );
  api.put('/api/v1/role', { config: perm('edit'), schema: { tags, summary: 'Edit a role or switch its status', body: roleUpdate } }, async (request) => {
    const { roleId, ...input } = request.body;
    await roles.update(await request.principal(), roleId, input);
    return ok(request, null, 'role updated');
  });
  api.put('/api/v1/roledatascope', { config: perm('edit'), schema: { tags, summary: "Set a role's data scope", body: roleDataScopeInput } }, async (request) => {
    await roles.setDataScope(await request.principal(), request.body);
    return ok(request, null, 'data scope saved');
  });
  api.delete('/api/v1/delRole/:id', { config: perm('remove'), schema: { tags, summary: 'Delete a role not in use', params: idParam } }, async (request) => {
    await roles.remove(await request.principal(), request.params.id);
    return ok(request, null, 'role deleted');
  });
}
