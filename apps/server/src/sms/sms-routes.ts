import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ALARM_KINDS, smsLogQuery, smsSendAlarmBody } from '@sl/contracts';
import { ok } from '../http/reply.js';
import type { Services } from '../services.js';

const tags = ['dispatch: sms'];

/** `/api/v2/sms/log/list` and `/api/v2/sms/send/alarm`. */
export function smsRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const sms = services.sms;
  const { alarms } = services.alarmDomain;

  api.post('/api/v2/sms/log/list', { config: { permission: 'dispatch:sms:query', readOnly: true }, schema: { tags, summary: 'Every text message with its delivery state and attempts, newest first', body: smsLogQuery } }, async (request) =>
    ok(request, await sms.page(await request.principal(), request.body)),
  );
  api.post('/api/v2/sms/send/alarm', { config: { permission: 'alarm:alarm:dispatch' }, schema: { tags, summary: 'Text an alarm in scope to the given users', body: smsSendAlarmBody } }, async (request) => {
    const p = await request.principal();
    const alarm = await alarms.get(p, request.body.alarmId);
    const kind = ALARM_KINDS.find((k) => k.kind === alarm.kind)?.name['zh-CN'] ?? alarm.kind;
    const rows = await sms.send(await sms.usersOf(p, request.body.userIds), 'alarm', { alarmId: String(alarm.alarmId), terminal: alarm.terminalName, kind }, { alarmId: alarm.alarmId });
    return ok(request, { sent: rows.filter((r) => r.state === 'sent').length, logged: rows.length }, 'sms sent');
  });
}
