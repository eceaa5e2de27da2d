import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, TERMINAL_IMAGE_MAX_BYTES, terminalDataQuery, terminalImageParam, terminalKeywordQuery, terminalRegister, terminalStatusUpdate } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import { readUpload } from '../../http/upload.js';
import type { Services } from '../../services.js';
import { signedIn } from '../../http/access.js';

const tags = ['terminals'];
const MB = TERMINAL_IMAGE_MAX_BYTES / 1024 / 1024;

/** Tabs, picker, images, readings, registration and status of terminals. */
export function terminalDetailRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { terminalData, lifecycle } = services.terminalDomain;
  const perm = (action: string) => ({ permission: `terminal:terminal:${action}` });

  api.get('/api/v1/terminal/tab', { config: perm('query'), schema: { tags, summary: "Counts for the console's tabs" } }, async (request) =>
    ok(request, await terminalData.tab(await request.principal())),
  );
  api.get('/api/v1/terminal/query', { config: signedIn, schema: { tags, summary: 'At most 20 terminals matching a keyword, for pickers', querystring: terminalKeywordQuery } }, async (request) =>
    ok(request, await terminalData.picks(await request.principal(), request.query.keyword)),
  );
  api.get('/api/v1/terminal/imgs/:id', { config: perm('query'), schema: { tags, summary: "A terminal's images", params: idParam } }, async (request) =>
    ok(request, await terminalData.images(await request.principal(), request.params.id)),
  );
  api.post('/api/v1/terminal/imgs/:id', { config: perm('edit'), schema: { tags, summary: `Upload a terminal image (multipart "file", at most ${MB} MB)`, params: idParam } }, async (request) => {
    const bytes = await readUpload(request, TERMINAL_IMAGE_MAX_BYTES);
    return ok(request, await terminalData.addImage(await request.principal(), request.params.id, bytes), 'image saved');
  });
  api.delete('/api/v1/terminal/imgs/:id/:imageId', { config: perm('edit'), schema: { tags, summary: 'Delete a terminal image', params: terminalImageParam } }, async (request) => {
    await terminalData.removeImage(await request.principal(), request.params.id, request.params.imageId);
    return ok(request, null, 'image deleted');
  });
  api.get('/api/v1/terminal/datas/:id', { config: perm('query'), schema: { tags, summary: "A terminal's heartbeats in a time range, newest first", params: idParam, querystring: terminalDataQuery } }, async (request) =>
    ok(request, await terminalData.heartbeats(await request.principal(), request.params.id, request.query)),
  );
  api.put('/api/v1/terminal/registered', { config: perm('edit'), schema: { tags, summary: 'Register (issues a new secret, shown once) or unregister a terminal', body: terminalRegister } }, async (request) => {
    const { terminalId, registerState, regenerateSecret } = request.body;
    return ok(request, await lifecycle.register(await request.principal(), terminalId, registerState, regenerateSecret), 'registration updated');
  });
  api.put('/api/v1/terminal/status/update', { config: perm('status'), schema: { tags, summary: 'Change a terminal status, recording who and why', body: terminalStatusUpdate } }, async (request) => {
    const { terminalId, status, reason } = request.body;
    await lifecycle.changeStatus(await request.principal(), terminalId, status, reason);
    return ok(request, null, 'status updated');
  });
  api.get('/api/v1/terminal/status/log/:id', { config: perm('query'), schema: { tags, summary: "A terminal's status changes, newest first", params: idParam } }, async (request) =>
    ok(request, await lifecycle.statusLog(await request.principal(), request.params.id)),
  );
}
