import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bigIdsParam, CONTROL_PERMISSION, controlTaskQuery, controlTaskResend, emergencyBody, emergencyQuery, emergencyReachBody, idsParam, planBody, planCalendarQuery, planQuery, planUpdate } from '@sl/contracts';
import { requestLocale } from '../../http/locale.js';
import { ok } from '../../http/reply.js';
import { bigIdQuery, idQuery, requireId } from '../route-ids.js';
import type { Services } from '../../services.js';

const tags = ['control: plans'];
const P = CONTROL_PERMISSION.plan;
const E = CONTROL_PERMISSION.emergency;

/** Spec §7 plans, emergency plans and the policy task calls (one download per terminal and document). */
export function planRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { plans, emergencies, tasks } = services.control;

  api.post('/api/v1/plan/list', { config: { permission: P.query, readOnly: true }, schema: { tags, summary: 'Plans in scope with their download counts', body: planQuery } }, async (req) =>
    ok(req, await plans.page(await req.principal(), req.body)),
  );
  api.post('/api/v1/plan/add', { config: { permission: P.add }, schema: { tags, summary: 'Plan a policy on terminals or areas for a date range, and download it', body: planBody } }, async (req) =>
    ok(req, await plans.add(await req.principal(), req.body), 'plan added'),
  );
  api.put('/api/v1/plan/update', { config: { permission: P.edit }, schema: { tags, summary: 'Change a plan (same checks as a new one) and bring its old and new terminals up to date', body: planUpdate } }, async (req) =>
    ok(req, await plans.update(await req.principal(), req.body), 'plan updated'),
  );
  api.delete('/api/v1/plan/del/:ids', { config: { permission: P.remove }, schema: { tags, summary: 'Delete plans; their terminals return to their strategy at once', params: idsParam } }, async (req) => {
    await plans.remove(await req.principal(), req.params.ids);
    return ok(req, null, 'plans deleted');
  });
  api.get('/api/v1/plan/info/:id?', { config: { permission: P.query }, schema: { tags, summary: 'One plan', params: idQuery, querystring: idQuery } }, async (req) =>
    ok(req, await plans.get(await req.principal(), requireId(req.params.id ?? req.query.id))),
  );
  api.get('/api/v1/plan/calendar', { config: { permission: P.query }, schema: { tags, summary: 'Which plans run each day', querystring: planCalendarQuery } }, async (req) =>
    ok(req, await plans.calendar(await req.principal(), req.query.from, req.query.to, req.query.terminalId)),
  );

  api.post('/api/v1/plan/emergency/add', { config: { permission: E.add }, schema: { tags, summary: 'Raise an emergency override (newest wins) and send it', body: emergencyBody } }, async (req) =>
    ok(req, await emergencies.add(await req.principal(), req.body), 'emergency plan added'),
  );
  api.post('/api/v1/plan/emergency/reach', { config: { permission: E.add, readOnly: true }, schema: { tags, summary: 'The terminals and lamps an emergency plan with these targets would reach (its confirmation names them)', body: emergencyReachBody } }, async (req) =>
    ok(req, await emergencies.reach(await req.principal(), req.body)),
  );
  api.post('/api/v1/plan/emergency/query', { config: { permission: E.query, readOnly: true }, schema: { tags, summary: 'Emergency plans, newest first, with their state', body: emergencyQuery } }, async (req) =>
    ok(req, await emergencies.page(await req.principal(), req.body)),
  );
  api.post('/api/v1/plan/emergency/cancel/:id?', { config: { permission: E.edit }, schema: { tags, summary: 'End an override now: its terminals return to their programs at once', params: idQuery, querystring: idQuery } }, async (req) =>
    ok(req, await emergencies.cancel(await req.principal(), requireId(req.params.id ?? req.query.id)), 'emergency plan cancelled'),
  );
  api.get('/api/v1/plan/emergency/info/:id?', { config: { permission: E.query }, schema: { tags, summary: 'One emergency plan', params: idQuery, querystring: idQuery } }, async (req) =>
    ok(req, await emergencies.get(await req.principal(), requireId(req.params.id ?? req.query.id))),
  );

  api.get('/api/v1/policy/task', { config: { permission: P.query }, schema: { tags, summary: 'Download tasks (query string)', querystring: controlTaskQuery } }, async (req) =>
    ok(req, await tasks.page(await req.principal(), req.query, requestLocale(req))),
  );
  api.post('/api/v1/policy/task/list', { config: { permission: P.query, readOnly: true }, schema: { tags, summary: 'Download tasks', body: controlTaskQuery } }, async (req) =>
    ok(req, await tasks.page(await req.principal(), req.body, requestLocale(req))),
  );
  api.get('/api/v1/policy/task/info/:id?', { config: { permission: P.query }, schema: { tags, summary: 'One download task', params: bigIdQuery, querystring: bigIdQuery } }, async (req) =>
    ok(req, await tasks.get(await req.principal(), requireId(req.params.id ?? req.query.id), requestLocale(req))),
  );
  api.post('/api/v1/policy/task/add', { config: { permission: P.edit }, schema: { tags, summary: "Send a plan's or emergency's unconfirmed downloads again", body: controlTaskResend } }, async (req) =>
    ok(req, await tasks.resend(await req.principal(), req.body), 'downloads sent'),
  );
  api.put('/api/v1/policy/task/update', { config: { permission: P.edit }, schema: { tags, summary: 'Send the given tasks again', body: controlTaskResend } }, async (req) =>
    ok(req, await tasks.resend(await req.principal(), req.body), 'downloads sent'),
  );
  api.delete('/api/v1/policy/task/del/:ids', { config: { permission: P.remove }, schema: { tags, summary: 'Delete download tasks (the record only)', params: bigIdsParam } }, async (req) => {
    await tasks.remove(await req.principal(), req.params.ids);
    return ok(req, null, 'tasks deleted');
  });
}
