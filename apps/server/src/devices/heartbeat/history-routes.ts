import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, terminalHistoryQuery } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';

/** `GET /terminal/history/:id`: the detail page's plots, a few hundred points per series whatever the range. */
export function historyRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const history = services.history;
  api.get(
    '/api/v1/terminal/history/:id',
    { config: { permission: 'terminal:terminal:query' }, schema: { tags: ['terminals'], summary: "A terminal's heartbeats downsampled in SQL into at most `points` buckets (from, to; the last 24 h by default)", params: idParam, querystring: terminalHistoryQuery } },
    async (request) => ok(request, await history.history(await request.principal(), request.params.id, request.query)),
  );
}
