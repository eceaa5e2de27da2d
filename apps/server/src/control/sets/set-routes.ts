import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTROL_PERMISSION, id, idsParam, maintenanceSuggestBody, SET_BODIES, setQuery, strategyTerminalUpdate, type SetKind } from '@sl/contracts';
import { badRequest, text } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { idQuery, requireId } from '../route-ids.js';
import type { Services } from '../../services.js';


/** `/strategy/set/*`, `/area/set/*`, `/electricity/set/*`, `/maintenance/set/*`: the same calls for each kind. */
export function setRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const sets = services.control.sets;
  for (const kind of ['strategy', 'area', 'electricity', 'maintenance'] as SetKind[]) {
    const base = `/api/v1/${kind}/set`;
    const tags = [`control: ${kind} sets`];
    const perm = CONTROL_PERMISSION[kind];
    const body = SET_BODIES[kind];
    api.post(`${base}/list`, { config: { permission: perm.query, readOnly: true }, schema: { tags, summary: `${kind} sets in scope`, body: setQuery } }, async (req) =>
      ok(req, await sets.page(await req.principal(), kind, req.body)),
    );
    api.get(`${base}/info/:id?`, { config: { permission: perm.query }, schema: { tags, summary: `One ${kind} set with its terminals`, params: idQuery, querystring: idQuery } }, async (req) =>
      ok(req, await sets.get(await req.principal(), kind, requireId(req.params.id ?? req.query.id))),
    );
    api.post(`${base}/add`, { config: { permission: perm.add }, schema: { tags, summary: `Add a ${kind} set`, body } }, async (req) =>
      ok(req, await sets.add(await req.principal(), kind, req.body as never), 'set added'),
    );
    api.put(`${base}/update`, { config: { permission: perm.edit }, schema: { tags, summary: `Change a ${kind} set`, body: body.extend({ id: id('id') }) } }, async (req) =>
      ok(req, await sets.update(await req.principal(), kind, req.body as never), 'set updated'),
    );
    api.delete(`${base}/del/:ids`, { config: { permission: perm.remove }, schema: { tags, summary: `Delete ${kind} sets`, params: idsParam } }, async (req) => {
      await sets.remove(await req.principal(), kind, req.params.ids);
      return ok(req, null, 'set deleted');
    });
    if (kind !== 'electricity') {
      api.get(`${base}/data`, { config: { permission: perm.query }, schema: { tags, summary: `Every ${kind} set in scope, for pickers` } }, async (req) =>
        ok(req, await sets.all(await req.principal(), kind)),
      );
    }
  }
  // Asked by the alarm dispatch dialog, hence the dispatch permission.
  api.post('/api/v1/maintenance/set/suggest', { config: { permission: 'alarm:alarm:dispatch', readOnly: true }, schema: { tags: ['control: maintenance sets'], summary: "Maintenance units that look after the alarms' terminals (as members, else by department)", body: maintenanceSuggestBody } }, async (req) =>
    ok(req, await sets.maintenanceFor(await req.principal(), req.body.alarmIds)),
  );
  const S = CONTROL_PERMISSION.strategy;
  api.get('/api/v1/strategy/set/default', { config: { permission: S.query }, schema: { tags: ['control: strategy sets'], summary: 'The default strategy (terminals without a plan or their own strategy run it)' } }, async (req) =>
    ok(req, await sets.defaultOf(await req.principal(), 'strategy')),
  );
  const terminalQuery = z.object({ terminalId: id('terminalId').optional() });
  api.get('/api/v1/strategy/set/terminal/info/:terminalId?', { config: { permission: S.query }, schema: { tags: ['control: strategy sets'], summary: "A terminal's own strategy and the default", params: terminalQuery, querystring: terminalQuery } }, async (req) => {
    const terminalId = req.params.terminalId ?? req.query.terminalId;
    if (!terminalId) throw badRequest(text('control.idRequired'));
    return ok(req, await sets.strategyOf(await req.principal(), terminalId));
  });
  api.put('/api/v1/strategy/set/terminal/update', { config: { permission: S.edit }, schema: { tags: ['control: strategy sets'], summary: 'Give terminals their own strategy (null: back to the default)', body: strategyTerminalUpdate } }, async (req) => {
    await sets.assignStrategy(await req.principal(), req.body.terminalIds, req.body.strategyId);
    return ok(req, null, 'strategy assigned');
  });
}
