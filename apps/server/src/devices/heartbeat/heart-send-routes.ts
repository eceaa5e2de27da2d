import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { heartSendAllBody, idParam, taskQuery, terminalIdParam, type DeviceFamily } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';

const tags = ['devices: heartbeats'];
const HEARTBEAT_REQUEST = { cmds: ['heartbeat.request'] } as const;

/** Heartbeat tests: `heartbeat.request` sent to terminals, and those requests as test logs. */
export function heartSendRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const heartbeats = services.heartbeats.service;
  const run = services.heartbeats.run;
  const { tasks } = services.deviceCommands;
  const send = { permission: 'terminal:heart:send' };
  const query = { permission: 'terminal:heart:query' };

  for (const path of ['/api/v1/sendHeartAll', '/api/v1/terminal/heart/send/all']) {
    api.post(path, { config: send, schema: { tags, summary: 'Start the background heartbeat test of every terminal in scope (optionally of one family); refused while one runs', body: heartSendAllBody } }, async (request) =>
      ok(request, await run.start(await request.principal(), request.body.family), 'heartbeat test started'),
    );
  }
  api.get('/api/v1/terminal/heart/run', { config: query, schema: { tags, summary: 'The running or last heartbeat test of all terminals (null before the first)' } }, async (request) =>
    ok(request, run.status(await request.principal())),
  );
  for (const path of ['/api/v1/sendHeartByTerminalId/:terminalId', '/api/v1/terminal/heart/send/:terminalId']) {
    api.post(path, { config: send, schema: { tags, summary: 'Ask one terminal for a heartbeat now', params: terminalIdParam } }, async (request) =>
      ok(request, await heartbeats.request(await request.principal(), request.params.terminalId), 'heartbeat requested'),
    );
  }
  /** `/hearttestLog` lists rdc4m unless a family is given, as `/heartList` does. */
  const testLogs = (prefix: string, family: DeviceFamily, fixed: boolean) => {
    const filter = { ...HEARTBEAT_REQUEST, family };
    api.get(`/api/v1${prefix}/hearttestLog`, { config: query, schema: { tags, summary: `Heartbeat requests to ${family} terminals with their state and timing`, querystring: taskQuery } }, async (request) =>
      ok(request, await tasks.page(await request.principal(), request.query, { ...filter, family: fixed ? family : (request.query.family ?? family) })),
    );
    api.get(`/api/v1${prefix}/hearttestLogInfo/:id`, { config: query, schema: { tags, summary: `One heartbeat request to an ${family} terminal`, params: idParam } }, async (request) =>
      ok(request, await tasks.get(await request.principal(), request.params.id, fixed ? filter : HEARTBEAT_REQUEST)),
    );
  };
  testLogs('', 'rdc4m', false);
  testLogs('/rdcsm', 'rdcsm', true);
}
