import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, idsParam, noticeQuery, noticeSend, noticeUpdate, NOTICE_PERMISSION } from '@sl/contracts';
import { badRequest, text } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';

const tags = ['energy: notices'];
const infoParams = z.object({ id: id('id').optional() });
const infoQuery = z.object({ id: id('id').optional() });

/** Spec §7 "Energy notices" under the console's base `/api/v1`, plus sending, deleting and the unread count. */
export function noticeRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const notices = services.notices;
  const query = { permission: NOTICE_PERMISSION.query };

  api.post('/api/v1/energy/notice/list', { config: { ...query, readOnly: true }, schema: { tags, summary: 'List the notices of the departments in scope, newest first', body: noticeQuery } }, async (request) =>
    ok(request, await notices.page(await request.principal(), request.body)),
  );
  api.get('/api/v1/energy/notice/info/:id?', { config: query, schema: { tags, summary: 'One notice, by query (/info?id=3) or path (/info/3)', params: infoParams, querystring: infoQuery } }, async (request) => {
    const noticeId = request.params.id ?? request.query.id;
    if (!noticeId) throw badRequest(text('common.idRequired'));
    return ok(request, await notices.get(await request.principal(), noticeId));
  });
  api.get('/api/v1/energy/notice/unread', { config: query, schema: { tags, summary: "The caller's unread notices (recvStatus 0) in scope" } }, async (request) =>
    ok(request, await notices.unread(await request.principal())),
  );
  api.post('/api/v1/energy/notice/update', { config: query, schema: { tags, summary: 'Mark a notice read (recvStatus 1) or reply to it (recvStatus 2)', body: noticeUpdate } }, async (request) =>
    ok(request, await notices.answer(await request.principal(), request.body), 'notice updated'),
  );
  api.post('/api/v1/energy/notice/add', { config: { permission: NOTICE_PERMISSION.add }, schema: { tags, summary: 'Send a notice to departments', body: noticeSend } }, async (request) =>
    ok(request, await notices.send(await request.principal(), request.body), 'notice sent'),
  );
  api.delete('/api/v1/energy/notice/del/:ids', { config: { permission: NOTICE_PERMISSION.remove }, schema: { tags, summary: 'Delete notices', params: idsParam } }, async (request) => {
    await notices.remove(await request.principal(), request.params.ids);
    return ok(request, null, 'notice deleted');
  });
}
