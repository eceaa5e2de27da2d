import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { formatMessage, openCommandBody, openCommandParams, openCursorQuery, openDeviceParams, openEventQuery, openTokenBody } from '@sl/contracts';
import { requestLocale } from '../http/locale.js';
import { ok } from '../http/reply.js';
import type { Services } from '../services.js';
import { callerOf, registerOpenAuth } from './auth/open-auth.js';
import { openApiDocument } from './open-openapi.js';

export const OPEN_PREFIX = '/api/open/v1';
const tags = ['open API (/api/open/v1)'];
/** Open routes carry no console token: `public` for the console's auth rules, `openScope` for the client's. */
const reading = (openScope: 'fleet:read' | 'readings:read' | 'alarms:read') => ({ public: true as const, openScope });

/** Token requests per minute, counted before the secret is checked so that a burst of guesses is capped too. */
const TOKEN_REQUESTS_PER_MINUTE = { client: 10, address: 30 };

/** RFC 6749 §2.3.1 escapes the credentials of Basic; a malformed escape is kept as sent (and fails the check). */
const unescaped = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** Client credentials from HTTP Basic (RFC 6749 §2.3.1) or the body. */
function credentials(request: FastifyRequest, body: { client_id?: string; client_secret?: string }) {
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (basic) {
    const [id, ...secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    return { clientId: unescaped(id), secret: unescaped(secret.join(':')) };
  }
  return { clientId: body.client_id ?? '', secret: body.client_secret ?? '' };
}

/** The northbound API for other systems (docs/open-api.md): its own auth, scopes, cursor paging and OpenAPI document. */
export async function openRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { services } = opts;
  const { clients, resources, commands, limiter } = services.open;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  registerOpenAuth(app, services, clients, limiter);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(`${OPEN_PREFIX}/openapi.json`, { config: { public: true }, schema: { tags, summary: 'The OpenAPI document of the open API' } }, async () => openApiDocument());

  api.post(`${OPEN_PREFIX}/oauth/token`, { config: { public: true }, schema: { tags, summary: 'OAuth 2.0 client-credentials token (RFC 6749 §4.4)', body: openTokenBody } }, async (request, reply) => {
    const { clientId, secret } = credentials(request, request.body);
    reply.header('cache-control', 'no-store');
    const waits = [await limiter.take(`token:${clientId.slice(0, 64)}`, TOKEN_REQUESTS_PER_MINUTE.client), await limiter.take(`token@${request.ip.slice(0, 64)}`, TOKEN_REQUESTS_PER_MINUTE.address)];
    const wait = Math.max(...waits);
    if (wait) {
      reply.header('retry-after', String(wait));
      return reply.code(429).send({ error: 'slow_down', error_description: formatMessage('open.tokenThrottled', requestLocale(request), { seconds: wait }) });
    }
    const issued = await clients.issueToken(request.body.grant_type, clientId, secret, request.body.scope);
    if (!issued.ok) return reply.code(issued.error === 'invalid_client' ? 401 : 400).send({ error: issued.error, error_description: issued.scope ?? issued.error });
    return { access_token: issued.accessToken, token_type: 'Bearer', expires_in: issued.expiresIn, scope: issued.scopes.join(' ') };
  });

  api.get(`${OPEN_PREFIX}/devices`, { config: reading('fleet:read'), schema: { tags, summary: 'Devices (terminals) with their functions and attributes, by cursor', querystring: openCursorQuery } }, async (request) =>
    ok(request, await resources.devices(callerOf(request), request.query.cursor, request.query.limit)),
  );
  api.get(`${OPEN_PREFIX}/devices/:deviceId`, { config: reading('fleet:read'), schema: { tags, summary: 'One device', params: openDeviceParams } }, async (request) =>
    ok(request, await resources.device(callerOf(request), request.params.deviceId)),
  );
  api.get(`${OPEN_PREFIX}/devices/:deviceId/readings`, { config: reading('readings:read'), schema: { tags, summary: "A device's readings, newest first, by cursor", params: openDeviceParams, querystring: openCursorQuery } }, async (request) =>
    ok(request, await resources.readings(callerOf(request), request.params.deviceId, request.query.cursor, request.query.limit)),
  );
  api.get(`${OPEN_PREFIX}/events`, { config: reading('alarms:read'), schema: { tags, summary: 'Events (alarms), oldest first, by cursor', querystring: openEventQuery } }, async (request) => {
    const { cursor, limit, open, deviceId } = request.query;
    return ok(request, await resources.events(callerOf(request), cursor, limit, { deviceId, open: open === undefined ? undefined : open === 'true' }));
  });
  api.get(`${OPEN_PREFIX}/calendars`, { config: reading('fleet:read'), schema: { tags, summary: 'Calendars (plans: a program over a date range for devices or groups), by cursor', querystring: openCursorQuery } }, async (request) =>
    ok(request, await resources.calendars(callerOf(request), request.query.cursor, request.query.limit)),
  );
  api.get(`${OPEN_PREFIX}/overrides`, { config: reading('fleet:read'), schema: { tags, summary: 'Overrides (emergency plans), by cursor', querystring: openCursorQuery } }, async (request) =>
    ok(request, await resources.overrides(callerOf(request), request.query.cursor, request.query.limit)),
  );
  api.post(`${OPEN_PREFIX}/devices/:deviceId/commands`, { config: { public: true, openScope: 'lamps:command' }, schema: { tags, summary: "Switch, dim or return a device's lamps to their program; answers the terminal's outcome", params: openDeviceParams, body: openCommandBody } }, async (request) =>
    ok(request, await commands.send(callerOf(request), request.params.deviceId, request.body)),
  );
  api.get(`${OPEN_PREFIX}/commands/:commandId`, { config: { public: true, openScope: 'lamps:command' }, schema: { tags, summary: 'One command and its outcome', params: openCommandParams } }, async (request) =>
    ok(request, await commands.get(callerOf(request), request.params.commandId)),
  );
}
