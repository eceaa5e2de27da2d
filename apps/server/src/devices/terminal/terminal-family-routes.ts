import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEVICE_FAMILIES, idParam, terminalDataQuery, terminalQuery } from '@sl/contracts';
import { notFound, text } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';

const tags = ['terminals'];

/** `/rdcsm/terminal/...` and `/rdc4m/terminal/...`: the terminal views narrowed to one family. */
export function terminalFamilyRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { terminals, terminalData } = services.terminalDomain;
  const config = { permission: 'terminal:terminal:query' };
  const familyQuery = terminalQuery.omit({ family: true });

  for (const family of DEVICE_FAMILIES) {
    const ofFamily = async <T extends { family: string }>(terminalId: number, found: T): Promise<T> => {
      if (found.family !== family) throw notFound(text('device.wrongFamily', { id: terminalId, family }));
      return found;
    };
    api.get(`/api/v1/${family}/terminal/list`, { config, schema: { tags, summary: `List ${family} terminals`, querystring: familyQuery } }, async (request) =>
      ok(request, await terminals.page(await request.principal(), { ...request.query, family })),
    );
    api.get(`/api/v1/${family}/terminal/info/:id`, { config, schema: { tags, summary: `One ${family} terminal`, params: idParam } }, async (request) => {
      const { id } = request.params;
      return ok(request, await ofFamily(id, await terminalData.info(await request.principal(), id)));
    });
    api.get(`/api/v1/${family}/terminal/data/:id`, { config, schema: { tags, summary: `An ${family} terminal's heartbeats`, params: idParam, querystring: terminalDataQuery } }, async (request) => {
      const principal = await request.principal();
      await ofFamily(request.params.id, await terminals.get(principal, request.params.id));
      return ok(request, await terminalData.heartbeats(principal, request.params.id, request.query));
    });
  }
}
