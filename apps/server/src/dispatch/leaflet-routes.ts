import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LEAFLET_ACTIONS, LEAFLET_PERMISSION as P, leafletBody, leafletQuery, leafletReceiptBody, leafletReceiverQuery, leafletUpdate } from '@sl/contracts';
import { ok } from '../http/reply.js';
import type { Services } from '../services.js';

const tags = ['dispatch: leaflets'];

/** Spec §7 dispatch leaflets (派发传单); fetch and delete by id go through `/policy/getData|delData` (policy-data/). */
export function leafletRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const leaflets = services.leaflets;
  const read = { permission: P.query, readOnly: true };

  api.post('/api/v1/dispatch/myDispatchList', { config: read, schema: { tags, summary: "Leaflets sent to the caller, open ones first by due time; status filters the caller's own receipt", body: leafletQuery } }, async (req) =>
    ok(req, await leaflets.page(await req.principal(), req.body, true)),
  );
  api.post('/api/v1/dispatch/leaflet/list', { config: read, schema: { tags, summary: 'Leaflets of the data scope, newest first', body: leafletQuery } }, async (req) =>
    ok(req, await leaflets.page(await req.principal(), req.body, false)),
  );
  api.get('/api/v1/dispatch/leaflet/receivers', { config: { permission: P.query }, schema: { tags, summary: 'Active users of the data scope a leaflet may be sent to (at most 50, by name, login or phone)', querystring: leafletReceiverQuery } }, async (req) =>
    ok(req, await leaflets.receiverOptions(await req.principal(), req.query.keyword)),
  );
  api.post('/api/v1/dispatch/addDistributeLeaflets', { config: { permission: P.add }, schema: { tags, summary: 'Send a leaflet: an instruction for terminals or area sets, to receivers, due at a time; receivers with a phone get a text', body: leafletBody } }, async (req) =>
    ok(req, await leaflets.add(await req.principal(), req.body), 'leaflet sent'),
  );
  api.put('/api/v1/dispatch/updateDistributeLeaflets', { config: { permission: P.edit }, schema: { tags, summary: 'Change a leaflet; receivers kept keep their progress, new ones are texted', body: leafletUpdate } }, async (req) =>
    ok(req, await leaflets.update(await req.principal(), req.body), 'leaflet updated'),
  );
  for (const action of LEAFLET_ACTIONS) {
    api.post(`/api/v1/dispatch/leaflet/${action}`, { config: { permission: P.query }, schema: { tags, summary: `${action}: the caller's own receipt of a leaflet (complete takes a note)`, body: leafletReceiptBody } }, async (req) =>
      ok(req, await leaflets.act(await req.principal(), action, req.body), `leaflet ${action}d`),
    );
  }
}
