import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALARM_KINDS, alarmAddBody, alarmQuery, alarmReadBatchBody, alarmReadBody, alarmUpdateBody, id } from '@sl/contracts';
import { badRequest, text } from '../http/errors.js';
import { signedIn } from '../http/access.js';
import { requestLocale } from '../http/locale.js';
import { ok } from '../http/reply.js';
import type { Services } from '../services.js';
import { alarmLogRoutes } from './alarm-log-routes.js';
import { alarmSetRoutes } from './alarm-set-routes.js';
import { ALARM_EXPORT_LIMIT, exportAlarms } from './alarm-workbook.js';
import { XLSX_TYPE } from '../system/user/user-workbook.js';

const tags = ['alarms'];
const infoParams = z.object({ alarmId: id('alarmId').optional() });
const infoQuery = z.object({ id: id('id').optional() });

export function alarmRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { alarms } = services.alarmDomain;
  const config = { permission: 'alarm:alarm:query' };

  api.post('/api/v1/alarm/list', { config: { ...config, readOnly: true }, schema: { tags, summary: 'List alarms in scope, filtered, with whether the caller has read each', body: alarmQuery } }, async (request) =>
    ok(request, await alarms.page(await request.principal(), request.body, requestLocale(request))),
  );
  api.get('/api/v1/alarm/export', { config, schema: { tags, summary: `The filtered alarm list as .xlsx (newest ${ALARM_EXPORT_LIMIT} at most)`, querystring: alarmQuery } }, async (request, reply) => {
    const page = await alarms.page(await request.principal(), { ...request.query, pageIndex: 1, pageSize: ALARM_EXPORT_LIMIT }, requestLocale(request));
    return reply.type(XLSX_TYPE).header('content-disposition', 'attachment; filename="alarms.xlsx"').send(await exportAlarms(page.list));
  });
  api.get('/api/v1/alarm/info/:alarmId?', { config, schema: { tags, summary: 'One alarm with its place and the readings when it was raised, by path or query', params: infoParams, querystring: infoQuery } }, async (request) => {
    const alarmId = request.params.alarmId ?? request.query.id;
    if (!alarmId) throw badRequest(text('alarm.idRequired'));
    return ok(request, await alarms.get(await request.principal(), alarmId, requestLocale(request)));
  });
  api.post('/api/v1/alarm/add', { config: { permission: 'alarm:alarm:add' }, schema: { tags, summary: 'Enter an alarm by hand on a terminal in scope (status 1, logged)', body: alarmAddBody } }, async (request) =>
    ok(request, await alarms.add(await request.principal(), request.body, requestLocale(request)), 'alarm added'),
  );
  api.put('/api/v1/alarm/update', { config: { permission: 'alarm:alarm:edit' }, schema: { tags, summary: "Change an alarm's description (statuses move only through work orders)", body: alarmUpdateBody } }, async (request) =>
    ok(request, await alarms.describe(await request.principal(), request.body.alarmId, request.body.message, requestLocale(request)), 'alarm updated'),
  );
  api.get('/api/v1/alarm/desc/list', { config: signedIn, schema: { tags, summary: 'The catalogue of alarm kinds with severity and descriptions in both languages' } }, async (request) =>
    ok(request, ALARM_KINDS),
  );
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
  api.get('/api/v1/alarm/number', { config, schema: { tags, summary: "The caller's open alarms in scope (count and by kind), the unread count and the latest unread alarms" } }, async (request) =>
    ok(request, await alarms.counter(await request.principal(), requestLocale(request))),
  );
  alarmLogRoutes(app, services);
  alarmSetRoutes(app, services);
}
