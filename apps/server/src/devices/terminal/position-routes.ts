import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { positionQuery } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { signedIn } from '../../http/access.js';

const tags = ['terminals: positions'];

/** Positions need only a signed-in user; the data scope decides which terminals answer. */
export function positionRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { terminalData } = services.terminalDomain;

  for (const which of ['now', 'last']) {
    api.get(`/api/v1/imsi/position/location/${which}`, { config: signedIn, schema: { tags, summary: `A terminal's ${which === 'now' ? 'current' : 'last reported'} position (null without terminalId)`, querystring: positionQuery } }, async (request) =>
      ok(request, await terminalData.position(await request.principal(), request.query.terminalId)),
    );
  }
  api.get('/api/v1/imsi/position/location/a/last', { config: signedIn, schema: { tags, summary: 'Positions of every terminal in scope, for the map' } }, async (request) =>
    ok(request, await terminalData.mapPoints(await request.principal())),
  );
}
