import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAP_FLEET_MEDIA_TYPE, mapSearchQuery, mapSummaryQuery, mapTerminalParam } from '@sl/contracts';
import { signedIn } from '../http/access.js';
import { ok } from '../http/reply.js';
import type { Services } from '../services.js';
import { sendCompressed } from './compressed-reply.js';

const tags = ['map'];

/** The digital map: every call needs only a signed-in user; the data scope decides which terminals answer. */
export function mapRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const map = services.map.service;

  api.get('/api/v1/map/points', { config: signedIn, schema: { tags, summary: `Every terminal in scope as ${MAP_FLEET_MEDIA_TYPE} (binary columns: ids, positions, state codes, model, family, department; see docs/map.md)` } }, async (request, reply) =>
    sendCompressed(request, reply, await map.fleet(await request.principal()), MAP_FLEET_MEDIA_TYPE),
  );
  api.get('/api/v1/map/terminal/:terminalId', { config: signedIn, schema: { tags, summary: "A lamp's popup: name, state, latest readings, open alarms", params: mapTerminalParam } }, async (request) =>
    ok(request, await map.terminal(await request.principal(), request.params.terminalId)),
  );
  api.get('/api/v1/map/search', { config: signedIn, schema: { tags, summary: 'Terminals in scope whose name or serial contains the keyword, with their positions', querystring: mapSearchQuery } }, async (request) =>
    ok(request, await map.search(await request.principal(), request.query.keyword)),
  );
  api.get('/api/v1/map/summary', { config: signedIn, schema: { tags, summary: "Today's alarms by kind and energy by department, in scope", querystring: mapSummaryQuery } }, async (request) =>
    ok(request, await map.summary(await request.principal(), request.query.tz)),
  );
  api.get('/api/v1/map/config', { config: signedIn, schema: { tags, summary: 'The tile provider in force (offline, osm, tianditu, amap, custom)' } }, async (request) => ok(request, await map.tiles()));
}
