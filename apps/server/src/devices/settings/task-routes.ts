import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEVICE_FAMILIES, SETTING_KINDS, taskIdParam, taskOutcomesQuery, taskQuery, type DeviceFamily } from '@sl/contracts';
import { signedIn } from '../../http/access.js';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';
import type { TaskFilter } from './command-task-repository.js';

const tags = ['devices: tasks'];
const manauto = SETTING_KINDS.manauto;
const relay = SETTING_KINDS.relay;

/** One-task views of spec §7 "Task execution": [path, commands, families]. */
const TASK_VIEWS: Array<[path: string, cmds: readonly string[], families: readonly DeviceFamily[]]> = [
  ['relayExec', relay, DEVICE_FAMILIES],
  ['manautoExec', manauto, DEVICE_FAMILIES],
  ['relay', relay, ['rdc4m']],
  ['manauto', manauto, ['rdc4m']],
  ['manautoLog', manauto, ['rdc4m']],
];

export function taskRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { tasks } = services.deviceCommands;
  const config = { permission: 'terminal:set:query' };
  const one = (path: string, filter: TaskFilter, summary: string) =>
    api.get(path, { config, schema: { tags, summary, params: taskIdParam } }, async (request) =>
      ok(request, await tasks.get(await request.principal(), request.params.taskId, filter)),
    );

  for (const [path, cmds, families] of TASK_VIEWS) {
    for (const family of families) one(`/api/v1/${family}/${path}/info/:taskId`, { cmds, family }, `One ${cmds.join('/')} task of an ${family} terminal`);
  }
  api.get('/api/v1/rdc4m/manautoLog/list', { config, schema: { tags, summary: 'Manual/automatic switching tasks of rdc4m terminals', querystring: taskQuery } }, async (request) =>
    ok(request, await tasks.page(await request.principal(), request.query, { cmds: manauto, family: 'rdc4m' })),
  );
  // Whoever sent a command follows it: any signed-in user, for the tasks in their data scope.
  api.get('/api/v1/task/outcomes', { config: signedIn, schema: { tags, summary: 'The settled ones among the given tasks (ids), as their pushes carry them', querystring: taskOutcomesQuery } }, async (request) =>
    ok(request, request.query.ids ? await tasks.outcomes(await request.principal(), request.query.ids) : []),
  );
  api.get('/api/v1/task/list', { config, schema: { tags, summary: 'Every command task in scope (terminalId, sn, family, cmd, state, from, to)', querystring: taskQuery } }, async (request) =>
    ok(request, await tasks.page(await request.principal(), request.query)),
  );
}
