import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { alarmLogDelBody, alarmLogQuery, type AlarmLogRow, type PageResult } from '@sl/contracts';
import { withIsoDates } from '../devices/logs/records.js';
import { notFound, text } from '../http/errors.js';
import { ok } from '../http/reply.js';
import type { Principal } from '../system/access/principal.js';
import type { Services } from '../services.js';
import type { AlarmLogRepository } from './alarm-log-repository.js';

const tags = ['alarms: log'];

/** `/alarm/log/list`, `/alarm/log/del` and the v2 alarm log list: the workflow's audit trail. */
export function alarmLogRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const logs = services.alarmLogs;
  const config = { permission: 'alarm:log:query', readOnly: true };
  const page = async (p: Principal, q: Parameters<AlarmLogRepository['page']>[1]): Promise<PageResult<AlarmLogRow>> => {
    const result = await logs.page(p, q);
    return { ...result, list: result.list.map((r) => withIsoDates(r)) };
  };

  api.post('/api/v1/alarm/log/list', { config, schema: { tags, summary: 'Alarm status changes in scope, newest first (who, when, from, to, note)', body: alarmLogQuery } }, async (request) =>
    ok(request, await page(await request.principal(), request.body)),
  );
  api.get('/api/v2/log/alarm/list', { config: { permission: 'alarm:log:query' }, schema: { tags, summary: 'The alarm log with paging and filters in the query string', querystring: alarmLogQuery } }, async (request) =>
    ok(request, await page(await request.principal(), request.query)),
  );
  api.post('/api/v1/alarm/log/del', { config: { permission: 'alarm:log:remove' }, schema: { tags, summary: 'Delete alarm log rows in scope (all or none)', body: alarmLogDelBody } }, async (request) => {
    const ids = [...new Set(request.body.logIds)];
    const visible = await logs.visible(await request.principal(), ids);
    const absent = ids.filter((i) => !visible.includes(i));
    if (absent.length) throw notFound(text('alarmLog.notFound', { ids: absent.join(', ') }));
    return ok(request, { deleted: await logs.remove(ids) }, 'alarm log deleted');
  });
}
