import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { citizenCodeField, citizenReportBody, citizenSheetQuery, citizenTokenField } from '@sl/contracts';
import { publicRoute } from '../http/access.js';
import { requestLocale } from '../http/locale.js';
import { ok } from '../http/reply.js';
import type { Services } from '../services.js';
import { createCitizenService } from './citizen-domain.js';

const tags = ['citizen reports'];
const codeParam = z.object({ code: citizenCodeField });
const tokenParam = z.object({ token: citizenTokenField });
/** A report carries a phone photo (re-encoded on arrival) as base64. */
const REPORT_BODY_LIMIT = 6 * 1024 * 1024;

/**
 * Public pages of a pole's QR code (no account): the pole, a fault report, the report's status; and the console's
 * printable QR sheet of an area. Public answers show the pole's number and position only.
 */
export function citizenRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const citizen = createCitizenService(services);
  const perm = { permission: 'alarm:citizen:query' };

  api.get('/api/v1/citizen/poles/:code', { config: publicRoute, schema: { tags, summary: "A pole's number and position, for its public report page", params: codeParam, security: [] } }, async (request) =>
    ok(request, await citizen.pole(request.params.code)),
  );
  api.post('/api/v1/citizen/poles/:code/reports', { config: publicRoute, bodyLimit: REPORT_BODY_LIMIT, schema: { tags, summary: 'Report a fault of the pole (throttled per address and per pole)', params: codeParam, body: citizenReportBody, security: [] } }, async (request) =>
    ok(request, await citizen.report(request.params.code, request.body, { address: request.ip, locale: requestLocale(request) }), 'report received'),
  );
  api.get('/api/v1/citizen/reports/:token', { config: publicRoute, schema: { tags, summary: "A report's status, by its secret link", params: tokenParam, security: [] } }, async (request) =>
    ok(request, await citizen.status(request.params.token)),
  );
  api.get('/api/v1/citizen/qr-sheet', { config: perm, schema: { tags, summary: "The poles of an area in your data scope with their QR codes' short URLs", querystring: citizenSheetQuery } }, async (request) =>
    ok(request, await citizen.sheet(await request.principal(), request.query)),
  );
  api.get('/api/v1/citizen/areas', { config: perm, schema: { tags, summary: 'The areas of the terminals in your data scope' } }, async (request) =>
    ok(request, await citizen.areas(await request.principal())),
  );
}
