import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bigIdParam, deviceRecordQuery, DEVICE_FAMILIES, familyIdParam, heartStatisticsAnyQuery, heartStatisticsQuery, type DeviceFamily } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';

const tags = ['devices: heartbeats'];

/** Stored heartbeats: `/heartList` lists rdc4m unless a family is given, the `/rdcsm/...` paths rdcsm. */
export function heartbeatRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const heartbeats = services.heartbeats.service;
  const config = { permission: 'terminal:heart:query' };
  const list = (path: string, family: DeviceFamily | undefined, summary: string) =>
    api.get(path, { config, schema: { tags, summary, querystring: deviceRecordQuery } }, async (request) =>
      ok(request, await heartbeats.page(await request.principal(), { ...request.query, family: family ?? request.query.family ?? 'rdc4m' })),
    );

  list('/api/v1/heartList', undefined, 'List stored heartbeats (rdc4m unless family is given; terminalId, sn, from, to)');
  list('/api/v1/rdcsm/heartList', 'rdcsm', 'List stored heartbeats of rdcsm terminals');
  for (const family of DEVICE_FAMILIES) list(`/api/v1/heart/data/list/${family}`, family, `List stored heartbeats of ${family} terminals`);

  api.get('/api/v1/heartInfo/:id', { config, schema: { tags, summary: 'One stored heartbeat', params: bigIdParam } }, async (request) =>
    ok(request, await heartbeats.get(await request.principal(), request.params.id)),
  );
  api.get('/api/v1/rdcsm/heartInfo/:id', { config, schema: { tags, summary: 'One stored heartbeat of an rdcsm terminal', params: bigIdParam } }, async (request) =>
    ok(request, await heartbeats.get(await request.principal(), request.params.id, { family: 'rdcsm' })),
  );
  api.get('/api/v1/heart/data/info/:family/:id', { config, schema: { tags, summary: 'One stored heartbeat of the family', params: familyIdParam } }, async (request) =>
    ok(request, await heartbeats.get(await request.principal(), request.params.id, { family: request.params.family })),
  );
  for (const family of DEVICE_FAMILIES) {
    api.get(`/api/v1/heart/data/${family}/statistics`, { config, schema: { tags, summary: `Energy and power per day of one ${family} terminal or all in scope (terminalId, from, to, tz)`, querystring: heartStatisticsQuery } }, async (request) =>
      ok(request, await heartbeats.statistics(await request.principal(), family, request.query)),
    );
  }
  api.get('/api/v1/heart/data/statistics', { config, schema: { tags, summary: 'Energy and power per day of one terminal of either family, or all in scope (terminalId, family, from, to, tz)', querystring: heartStatisticsAnyQuery } }, async (request) =>
    ok(request, await heartbeats.statistics(await request.principal(), request.query.family, request.query)),
  );
}
