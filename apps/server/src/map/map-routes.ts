import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAP_FLEET_MEDIA_TYPE, mapSearchQuery, mapSummaryQuery, mapTerminalParam, type MapChange } from '@sl/contracts';
import { signedIn } from '../http/access.js';
import { ok } from '../http/reply.js';
import type { AlarmNotice, PresenceNotice, ReadingNotice } from '../gateway/ports.js';
import type { Services } from '../services.js';
import { TERMINAL_WRITES } from '../devices/gateway-cache.js';
import { sendCompressed } from './compressed-reply.js';
import { FleetCache } from './fleet-cache.js';
import { LitStates } from './lit-states.js';
import { MapDeltas } from './map-deltas.js';
import { MapRepository } from './map-repository.js';
import { MapService } from './map-service.js';

const tags = ['map'];

/** The digital map: every call needs only a signed-in user; the data scope decides which terminals answer. */
export function mapRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = new MapRepository(services.db, services.config.ROLLUP_TIME_ZONE);
  const lit = new LitStates(() => repo.litTerminals());
  const cache = new FleetCache(() => repo.fleetSnapshot());
  const map = new MapService(repo, lit, cache, services.configs, services.config);
  startMapDeltas(app, services, repo, lit, cache);
  // Terminal writes (add, edit, move, delete, status) and alarm handling change what the map holds.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && reply.statusCode === 200 && (TERMINAL_WRITES.test(request.url) || request.url.startsWith('/api/v1/alarm'))) cache.invalidate();
    return payload;
  });

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

/** Device events become `map` pushes; deltas from other instances keep this instance's lit set current. */
function startMapDeltas(app: FastifyInstance, services: Services, repo: MapRepository, lit: LitStates, cache: FleetCache) {
  const deltas = new MapDeltas({
    repo, lit,
    publish: (deptId, message) => services.push.publish('map', message, { deptId }),
    onError: (err) => app.log.error({ err }, 'map delta failed'),
  });
  const untap = services.push.tap('map', (message) => {
    const changes = (message.changes as MapChange[] | undefined) ?? [];
    deltas.heard(changes);
    cache.heard(changes);
  });
  const events = services.gateway?.events;
  const onAlarm = (n: AlarmNotice) => deltas.touch(n.terminalId);
  const onPresence = (n: PresenceNotice) => deltas.touch(n.terminalId);
  const onReading = (n: ReadingNotice) => deltas.reading(n.terminalId, n.lit);
  events?.on('alarm', onAlarm);
  events?.on('presence', onPresence);
  events?.on('reading', onReading);
  // Loads the lit set in the background, so the first map does not wait for it.
  lit.ready().catch((err: unknown) => app.log.warn({ err }, 'lit states not loaded; retried on the next map request'));
  app.addHook('onClose', async () => {
    untap();
    events?.off('alarm', onAlarm);
    events?.off('presence', onPresence);
    events?.off('reading', onReading);
    deltas.stop();
  });
}
