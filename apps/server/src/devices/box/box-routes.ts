import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { boxInput, boxMount, boxMountQuery, boxQuery, boxUnmount, boxUpdate, idParam, idsParam, terminalQuery } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';

const tags = ['terminals: boxes'];

export function boxRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { terminals } = services.terminalDomain;
  const boxes = services.boxes;
  const perm = (action: string) => ({ permission: `terminal:box:${action}` });

  api.get('/api/v1/terminal/box/list', { config: perm('query'), schema: { tags, summary: 'List boxes', querystring: boxQuery } }, async (request) =>
    ok(request, await boxes.page(await request.principal(), request.query)),
  );
  api.get('/api/v1/terminal/box/info/:id', { config: perm('query'), schema: { tags, summary: 'One box', params: idParam } }, async (request) =>
    ok(request, await boxes.get(await request.principal(), request.params.id)),
  );
  api.post('/api/v1/terminal/box/add', { config: perm('add'), schema: { tags, summary: 'Add a box', body: boxInput } }, async (request) =>
    ok(request, await boxes.create(await request.principal(), request.body), 'box added'),
  );
  api.put('/api/v1/terminal/box/update', { config: perm('edit'), schema: { tags, summary: 'Edit a box', body: boxUpdate } }, async (request) => {
    const { boxId, ...values } = request.body;
    return ok(request, await boxes.update(await request.principal(), boxId, values), 'box updated');
  });
  api.delete('/api/v1/terminal/box/del/:ids', { config: perm('remove'), schema: { tags, summary: 'Delete empty boxes', params: idsParam } }, async (request) => {
    await boxes.remove(await request.principal(), request.params.ids);
    return ok(request, null, 'box(es) deleted');
  });
  api.post('/api/v1/terminal/box/mount', { config: perm('mount'), schema: { tags, summary: 'Mount terminals into a box', body: boxMount } }, async (request) => {
    await boxes.mount(await request.principal(), request.body.boxId, request.body.terminalIds);
    return ok(request, null, 'terminal(s) mounted');
  });
  api.post('/api/v1/terminal/box/unmount', { config: perm('mount'), schema: { tags, summary: 'Take terminals out of their box', body: boxUnmount } }, async (request) => {
    await boxes.unmount(await request.principal(), request.body.terminalIds);
    return ok(request, null, 'terminal(s) unmounted');
  });
  api.get('/api/v1/terminal/box/mount/list', { config: perm('query'), schema: { tags, summary: 'Mounted terminals (of one box with boxId)', querystring: boxMountQuery } }, async (request) => {
    const principal = await request.principal();
    if (request.query.boxId) await boxes.get(principal, request.query.boxId);
    return ok(request, await terminals.page(principal, request.query, 'boxed'));
  });
  api.get('/api/v1/terminal/box/unMount/list', { config: perm('query'), schema: { tags, summary: 'Terminals in scope without a box', querystring: terminalQuery.omit({ boxId: true }) } }, async (request) =>
    ok(request, await terminals.page(await request.principal(), request.query, 'unboxed')),
  );
}
