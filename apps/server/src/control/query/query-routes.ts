import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEVICE_FAMILIES, terminalPickQuery } from '@sl/contracts';
import { signedIn } from '../../http/access.js';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';

const tags = ['control: pickers'];

/** `/query/terminals`, `/query/template`, `/queryManautoData`: the console's pickers and overview, limited to the caller's scope. */
export function queryRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { query, templates } = services.control;
  api.get('/api/v1/query/terminals', { config: signedIn, schema: { tags, summary: 'Search terminals in scope (name or sn), by department or area, paged', querystring: terminalPickQuery } }, async (req) =>
    ok(req, await query.terminals(await req.principal(), req.query)),
  );
  api.get('/api/v1/query/terminals/tree', { config: signedIn, schema: { tags, summary: 'Departments and their area sets with terminal counts' } }, async (req) =>
    ok(req, await query.tree(await req.principal())),
  );
  api.get('/api/v1/query/template', { config: signedIn, schema: { tags, summary: 'Templates to start a policy from', querystring: z.object({ family: z.enum(DEVICE_FAMILIES).optional() }) } }, async (req) =>
    ok(req, await templates.all(req.query.family)),
  );
  api.get('/api/v1/queryManautoData', { config: signedIn, schema: { tags, summary: 'Terminals by manual/auto mode, online, bound program and active override' } }, async (req) =>
    ok(req, await query.manauto(await req.principal())),
  );
}
