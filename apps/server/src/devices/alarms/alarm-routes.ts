import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { alarmQuery, alarmReadBatchBody, alarmReadBody, id } from '@sl/contracts';
import { badRequest } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { AlarmRepository } from './alarm-repository.js';
import { AlarmService } from './alarm-service.js';

const tags = ['devices: alarms'];
const infoParams = z.object({ alarmId: id('alarmId').optional() });
const infoQuery = z.object({ id: id('id').optional() });

export function alarmRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const alarms = new AlarmService(new AlarmRepository(services.db));
  const config = { permission: 'alarm:alarm:query' };

  api.post('/api/v1/alarm/list', { config: { ...config, readOnly: true }, schema: { tags, summary: 'List alarms in scope, with whether the caller has read each', body: alarmQuery } }, async (request) =>
    ok(request, await alarms.page(await request.principal(), request.body)),
  );
  api.get('/api/v1/alarm/info/:alarmId?', { config, schema: { tags, summary: 'One alarm, by path (/alarm/info/3) or query (/alarm/info?id=3)', params: infoParams, querystring: infoQuery } }, async (request) => {
    const alarmId = request.params.alarmId ?? request.query.id;
    if (!alarmId) throw badRequest('alarmId is required');
    return ok(request, await alarms.get(await request.principal(), alarmId));
  });
  api.post('/api/v1/alarm/number/single', { config, schema: { tags, summary: 'Mark one alarm read by the caller', body: alarmReadBody } }, async (request) =>
    ok(request, await alarms.markRead(await request.principal(), [request.body.alarmId]), 'alarm read'),
  );
  api.post('/api/v1/alarm/number/batch', { config, schema: { tags, summary: 'Mark several alarms read by the caller', body: alarmReadBatchBody } }, async (request) =>
    ok(request, await alarms.markRead(await request.principal(), request.body.alarmIds), 'alarms read'),
  );
  for (const method of ['GET', 'POST'] as const) {
    api.route({ method, url: '/api/v1/alarm/number/clear', config, schema: { tags, summary: 'Mark every alarm in scope read by the caller' }, handler: async (request) =>
      ok(request, await alarms.markAllRead(await request.principal()), 'all alarms read'),
    });
  }
  api.get('/api/v1/alarm/number', { config, schema: { tags, summary: "The caller's unread alarm count in scope and the latest unread alarms" } }, async (request) =>
    ok(request, await alarms.counter(await request.principal())),
  );
}
