import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALARM_KINDS, alarmSetAddBody, alarmSetDelBody, alarmSetQuery, alarmSetUpdateBody, defaultAlarmSet, DEVICE_FAMILIES, type AlarmSet, type DeviceFamily } from '@sl/contracts';
import { withIsoDates } from '../devices/logs/records.js';
import { badRequest, notFound, text } from '../http/errors.js';
import { ok } from '../http/reply.js';
import type { Services } from '../services.js';
import { smsDomain } from '../sms/sms-domain.js';
import { AlarmSetRepository, type AlarmSetRow } from './alarm-set-repository.js';
import { alarmSettingsFor } from './alarm-settings.js';
import type { AlarmNotice } from './alarm-workflow.js';

const tags = ['alarms: settings'];
const familyParam = z.object({ family: z.enum(DEVICE_FAMILIES, { error: 'family must be rdcsm or rdc4m' }) });
const toSet = (r: AlarmSetRow): AlarmSet => withIsoDates(r) as unknown as AlarmSet;

/** Alarm settings per family (`/alarm/setList`, `addSet`, `updateSet`, `delData`, `/alarm/set/...`), applied by the gateway at once. */
export function alarmSetRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new AlarmSetRepository(services.db);
  const settings = alarmSettingsFor(services.db);
  const perm = (action: string) => ({ permission: `alarm:set:${action}` });
  const changed = <T>(v: T) => (settings.invalidate(), v);
  const clash = (family: string) => badRequest(text('alarmSet.familyTaken', { family }));
  const missing = (setId: number) => notFound(text('alarmSet.notFound', { setId }));

  api.post('/api/v1/alarm/setList', { config: { ...perm('query'), readOnly: true }, schema: { tags, summary: 'Alarm settings of every family that has its own', body: alarmSetQuery } }, async (request) => {
    const rows = (await repo.all()).filter((r) => !request.body.family || r.family === request.body.family);
    const { pageIndex, pageSize } = request.body;
    return ok(request, { list: rows.slice((pageIndex - 1) * pageSize, pageIndex * pageSize).map(toSet), count: rows.length, pageIndex, pageSize });
  });
  api.post('/api/v1/alarm/addSet', { config: perm('add'), schema: { tags, summary: 'Give a family its alarm settings', body: alarmSetAddBody } }, async (request) => {
    const row = await repo.insert(request.body);
    if (!row) throw clash(request.body.family);
    return ok(request, changed(toSet(row)), 'alarm settings added');
  });
  api.put('/api/v1/alarm/updateSet', { config: perm('edit'), schema: { tags, summary: "Change a family's alarm settings", body: alarmSetUpdateBody } }, async (request) => {
    const { setId, ...values } = request.body;
    const other = await repo.byFamily(values.family);
    if (other && other.setId !== setId) throw clash(values.family);
    const row = await repo.update(setId, values);
    if (!row) throw missing(setId);
    return ok(request, changed(toSet(row)), 'alarm settings updated');
  });
  api.post('/api/v1/alarm/delData', { config: perm('remove'), schema: { tags, summary: 'Delete a family\'s settings (it falls back to the defaults)', body: alarmSetDelBody } }, async (request) => {
    if (!(await repo.remove(request.body.setId))) throw missing(request.body.setId);
    return ok(request, changed(null), 'alarm settings deleted');
  });
  api.get('/api/v1/alarm/set/:family/info', { config: perm('query'), schema: { tags, summary: 'The settings in force for a family (its own or the defaults)', params: familyParam } }, async (request) => {
    const row = await repo.byFamily(request.params.family);
    return ok(request, row ? toSet(row) : { setId: 0, updatedAt: null, ...defaultAlarmSet(request.params.family as DeviceFamily) });
  });
  api.post('/api/v1/alarm/set/:family/reset', { config: perm('edit'), schema: { tags, summary: "Reset a family's alarm settings to the defaults (rdc4m and rdcsm; /set/alarm/rdc4m/reset sends defaults to a terminal)", params: familyParam } }, async (request) => {
    await repo.removeFamily(request.params.family);
    return ok(request, changed(defaultAlarmSet(request.params.family as DeviceFamily)), 'alarm settings reset');
  });

  // People chosen in a family's settings get a text for each new alarm the gateway raises.
  const events = services.gateway?.events;
  if (events) {
    const sms = smsDomain(services, (stop) => app.addHook('onClose', async () => stop()));
    const onAlarm = (n: AlarmNotice) => {
      if (n.event !== 'raise' || !n.family) return;
      void settings
        .of(n.family)
        .then(async (set) => {
          if (!set.smsUserIds.length) return;
          const to = await sms.recipients(set.smsUserIds);
          const kind = ALARM_KINDS.find((k) => k.kind === n.kind)?.name['zh-CN'] ?? n.kind;
          await sms.send(to, 'alarm', { alarmId: String(n.alarmId), terminal: n.terminalName, kind }, { alarmId: n.alarmId });
        })
        .catch((err: unknown) => app.log.error({ err, alarmId: n.alarmId }, 'alarm text failed'));
    };
    events.on('alarm', onAlarm);
    app.addHook('onClose', async () => void events.off('alarm', onAlarm));
  }
}
