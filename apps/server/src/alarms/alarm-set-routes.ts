import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { alarmSetAddBody, alarmSetDelBody, alarmSetDeptQuery, alarmSetInfoQuery, alarmSetQuery, alarmSetRdc4mAddBody, alarmSetRdc4mQuery, alarmSetRdc4mUpdateBody, alarmSetUpdateBody, DEVICE_FAMILIES } from '@sl/contracts';
import { ok } from '../http/reply.js';
import type { Services } from '../services.js';

const tags = ['alarms: settings'];
const familyParam = z.object({ family: z.enum(DEVICE_FAMILIES, { error: 'family must be rdcsm or rdc4m' }) });

/**
 * Alarm settings per department and family (`/alarm/setList`, `addSet`, `updateSet`, `delData`, `/alarm/set/...`),
 * in the caller's data scope, applied by the gateway at once. Without `deptId` a call means the caller's department.
 */
export function alarmSetRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { repo, service: sets } = services.alarmSets;
  const settings = services.core.alarmSettings;
  const perm = (action: string) => ({ permission: `alarm:set:${action}` });

  // The spec names both forms: `/alarm/setList`, `addSet`, `updateSet`, `delData` and `/alarm/set/{list,add,update,del}`;
  // the `/alarm/set/rdc4m/...` forms touch only rdc4m settings.
  for (const [listPath, addPath, updatePath, delPath, only] of [
    ['setList', 'addSet', 'updateSet', 'delData', undefined],
    ['set/list', 'set/add', 'set/update', 'set/del', undefined],
    ['set/rdc4m/list', 'set/rdc4m/add', 'set/rdc4m/update', 'set/rdc4m/del', 'rdc4m'],
  ] as const) {
    const label = only ? ` (${only} only)` : '';
    api.post(`/api/v1/alarm/${listPath}`, { config: { ...perm('query'), readOnly: true }, schema: { tags, summary: `Alarm settings of the departments in your data scope${label}`, body: only ? alarmSetRdc4mQuery : alarmSetQuery } }, async (request) =>
      ok(request, await sets.page(await request.principal(), request.body)),
    );
    api.post(`/api/v1/alarm/${addPath}`, { config: perm('add'), schema: { tags, summary: `Give a department its alarm settings for a family${label}`, body: only ? alarmSetRdc4mAddBody : alarmSetAddBody } }, async (request) =>
      ok(request, await sets.add(await request.principal(), request.body), 'alarm settings added'),
    );
    api.put(`/api/v1/alarm/${updatePath}`, { config: perm('edit'), schema: { tags, summary: `Change a department's alarm settings for a family${label}`, body: only ? alarmSetRdc4mUpdateBody : alarmSetUpdateBody } }, async (request) => {
      const { setId, ...values } = request.body;
      return ok(request, await sets.update(await request.principal(), setId, values, only), 'alarm settings updated');
    });
    api.post(`/api/v1/alarm/${delPath}`, { config: perm('remove'), schema: { tags, summary: `Delete a department's settings (its terminals follow the department above, or the defaults)${label}`, body: alarmSetDelBody } }, async (request) => {
      await sets.remove(await request.principal(), request.body.setId, only);
      return ok(request, null, 'alarm settings deleted');
    });
  }
  api.get('/api/v1/alarm/set/info', { config: perm('query'), schema: { tags, summary: "The settings in force for a department's terminals of a family (rdcsm unless ?family= says otherwise)", querystring: alarmSetInfoQuery } }, async (request) =>
    ok(request, await sets.inForce(await request.principal(), request.query.family, request.query.deptId)),
  );
  api.get('/api/v1/alarm/set/:family/info', { config: perm('query'), schema: { tags, summary: "The settings in force for a department's terminals of a family (its own, the department above's, or the defaults)", params: familyParam, querystring: alarmSetDeptQuery } }, async (request) =>
    ok(request, await sets.inForce(await request.principal(), request.params.family, request.query.deptId)),
  );
  api.post('/api/v1/alarm/set/:family/reset', { config: perm('edit'), schema: { tags, summary: "Remove a department's own settings of a family (rdc4m and rdcsm; /set/alarm/rdc4m/reset sends defaults to a terminal)", params: familyParam, querystring: alarmSetDeptQuery } }, async (request) =>
    ok(request, await sets.reset(await request.principal(), request.params.family, request.query.deptId), 'alarm settings reset'),
  );
}
