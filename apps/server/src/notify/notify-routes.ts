import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notifyChannelBody, notifyChannelDelBody, notifyChannelQuery, notifyChannelUpdateBody } from '@sl/contracts';
import { ok } from '../http/reply.js';
import type { Services } from '../services.js';

const tags = ['alarms: notice channels'];

/**
 * Alarm notice channels per department and severity (e-mail, WeCom and DingTalk group robots), part of the alarm
 * settings and under their permissions (reactions.ts sends each new alarm to them).
 */
export function notifyRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { notify } = services;
  const perm = (action: string) => ({ permission: `alarm:set:${action}` });

  api.get('/api/v1/alarm/notify/list', { config: perm('query'), schema: { tags, summary: 'Notice channels of the departments in your data scope', querystring: notifyChannelQuery } }, async (request) =>
    ok(request, await notify.list(await request.principal(), request.query.deptId)),
  );
  api.post('/api/v1/alarm/notify/add', { config: perm('add'), schema: { tags, summary: 'Add a notice channel to a department (your own when left out)', body: notifyChannelBody } }, async (request) =>
    ok(request, await notify.add(await request.principal(), request.body), 'notice channel added'),
  );
  api.put('/api/v1/alarm/notify/update', { config: perm('edit'), schema: { tags, summary: 'Change a notice channel (an empty secret keeps the stored one)', body: notifyChannelUpdateBody } }, async (request) => {
    const { channelId, ...values } = request.body;
    return ok(request, await notify.update(await request.principal(), channelId, values), 'notice channel updated');
  });
  api.post('/api/v1/alarm/notify/del', { config: perm('remove'), schema: { tags, summary: 'Delete a notice channel', body: notifyChannelDelBody } }, async (request) => {
    await notify.remove(await request.principal(), request.body.channelId);
    return ok(request, null, 'notice channel deleted');
  });
}
