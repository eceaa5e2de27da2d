import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, idsParam, terminalInput, terminalQuery, terminalUpdate } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';

const tags = ['terminals'];

/** Terminal CRUD under both spellings the console uses (`/terminalList` and `/terminal/list`, ...). */
export function terminalRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { terminals, terminalData } = services.terminalDomain;
  const perm = (action: string) => ({ permission: `terminal:terminal:${action}` });

  for (const url of ['/api/v1/terminalList', '/api/v1/terminal/list']) {
    api.get(url, { config: perm('query'), schema: { tags, summary: 'List terminals with their lamp state at the latest heartbeat (status 6 = all; keyword matches name, serial, IMSI)', querystring: terminalQuery } }, async (request) =>
      ok(request, await terminals.page(await request.principal(), request.query)),
    );
  }
  api.post('/api/v1/terminal/list', { config: { ...perm('query'), readOnly: true }, schema: { tags, summary: 'List terminals, filters in the body', body: terminalQuery } }, async (request) =>
    ok(request, await terminals.page(await request.principal(), request.body)),
  );
  for (const url of ['/api/v1/addterminal', '/api/v1/terminal/add']) {
    api.post(url, { config: perm('add'), schema: { tags, summary: 'Add a terminal; the answer holds its device secret, shown once', body: terminalInput } }, async (request) =>
      ok(request, await terminals.create(await request.principal(), request.body), 'terminal added'),
    );
  }
  for (const url of ['/api/v1/editterminal', '/api/v1/terminal/edit']) {
    api.put(url, { config: perm('edit'), schema: { tags, summary: 'Edit a terminal (status changes go through /terminal/status/update)', body: terminalUpdate } }, async (request) =>
      ok(request, await terminals.update(await request.principal(), request.body), 'terminal updated'),
    );
  }
  for (const url of ['/api/v1/delterminal/:ids', '/api/v1/terminal/del/:ids']) {
    api.delete(url, { config: perm('remove'), schema: { tags, summary: 'Delete terminals that are not in use', params: idsParam } }, async (request) => {
      await terminals.remove(await request.principal(), request.params.ids);
      return ok(request, null, 'terminal(s) deleted');
    });
  }
  for (const url of ['/api/v1/terminalInfo/:id', '/api/v1/terminal/info/:id']) {
    api.get(url, { config: perm('query'), schema: { tags, summary: 'One terminal with its latest heartbeat', params: idParam } }, async (request) =>
      ok(request, await terminalData.info(await request.principal(), request.params.id)),
    );
  }
}
