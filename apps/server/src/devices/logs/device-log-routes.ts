import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bigIdParam, deviceRecordQuery, TERMINAL_LOG_KINDS, taskQuery } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';

const tags = ['devices: logs'];

export function deviceLogRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const logs = services.deviceLogs;
  const { tasks } = services.deviceCommands;

  for (const kind of TERMINAL_LOG_KINDS) {
    const config = { permission: `log:${kind}:query` };
    api.get(`/api/v1/log/${kind}/list`, { config, schema: { tags, summary: `List ${kind} logs (terminalId, sn, family, from, to)`, querystring: deviceRecordQuery } }, async (request) =>
      ok(request, await logs.page(await request.principal(), kind, request.query)),
    );
    api.get(`/api/v1/log/${kind}/info/:id`, { config, schema: { tags, summary: `One ${kind} log`, params: bigIdParam } }, async (request) =>
      ok(request, await logs.get(await request.principal(), kind, request.params.id)),
    );
  }
  api.get('/api/v1/rdcsm/50/operation/list', { config: { permission: 'log:operation:query' }, schema: { tags, summary: 'Commands sent to rdcsm terminals and who sent them', querystring: taskQuery } }, async (request) =>
    ok(request, await tasks.page(await request.principal(), request.query, { family: 'rdcsm' })),
  );
  api.get('/api/v1/rdcsm/50/report/list', { config: { permission: 'log:report:query' }, schema: { tags, summary: 'Faults rdcsm terminals reported', querystring: deviceRecordQuery } }, async (request) =>
    ok(request, await logs.events(await request.principal(), { ...request.query, family: 'rdcsm' })),
  );
}
