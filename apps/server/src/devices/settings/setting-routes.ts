import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bigIdParam, DEVICE_FAMILIES, ELECTRICITY_PARAMS, pageQuery, SETTING_KINDS, taskQuery, terminalIdParam, type SettingKind } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';

const tags = ['devices: remote settings'];

/** The remote-setting pages: each lists the tasks of its commands for one family. */
export function settingRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { tasks } = services.deviceCommands;
  const overCurrent = services.overCurrent;
  const config = { permission: 'terminal:set:query' };

  for (const kind of Object.keys(SETTING_KINDS) as SettingKind[]) {
    for (const family of DEVICE_FAMILIES) {
      const filter = { cmds: SETTING_KINDS[kind], family, paramNames: kind === 'elc' ? ELECTRICITY_PARAMS : undefined };
      const what = `${SETTING_KINDS[kind].join('/')} tasks of ${family} terminals`;
      api.get(`/api/v1/terminal/set/${kind}/${family}/list`, { config, schema: { tags, summary: `List ${what}`, querystring: taskQuery } }, async (request) =>
        ok(request, await tasks.page(await request.principal(), request.query, filter)),
      );
      api.get(`/api/v1/terminal/set/${kind}/${family}/info/:id`, { config, schema: { tags, summary: `One of the ${what}`, params: bigIdParam } }, async (request) =>
        ok(request, await tasks.get(await request.principal(), request.params.id, filter)),
      );
    }
  }
  api.get('/api/v1/over/current/data/:terminalId', { config, schema: { tags, summary: 'Latest per-phase currents and the over-current events of a terminal', params: terminalIdParam, querystring: pageQuery } }, async (request) =>
    ok(request, await overCurrent.data(await request.principal(), request.params.terminalId, request.query)),
  );
}
