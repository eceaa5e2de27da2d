import { z } from 'zod';
import {
  OPEN_SCOPES, PRODUCT_VERSION, WEBHOOK_EVENTS, WEBHOOK_HEADERS, openCommandBody, openCommandParams, openCursorQuery, openDeviceParams, openEventQuery, openTokenBody, webhookEvent,
} from '@sl/contracts';

type Operation = { summary: string; scope?: string; params?: z.ZodObject; query?: z.ZodObject; body?: z.ZodType };

const PATHS: Record<string, Record<string, Operation>> = {
  '/oauth/token': { post: { summary: 'OAuth 2.0 client-credentials token (JSON or form body, or HTTP Basic credentials)', body: openTokenBody } },
  '/devices': { get: { summary: 'Devices with their functions and attributes', scope: 'fleet:read', query: openCursorQuery } },
  '/devices/{deviceId}': { get: { summary: 'One device', scope: 'fleet:read', params: openDeviceParams } },
  '/devices/{deviceId}/readings': { get: { summary: "A device's readings, newest first", scope: 'readings:read', params: openDeviceParams, query: openCursorQuery } },
  '/devices/{deviceId}/commands': { post: { summary: 'Send a lamp command and answer its outcome', scope: 'lamps:command', params: openDeviceParams, body: openCommandBody } },
  '/commands/{commandId}': { get: { summary: 'One command and its outcome', scope: 'lamps:command', params: openCommandParams } },
  '/events': { get: { summary: 'Events (alarms), oldest first', scope: 'alarms:read', query: openEventQuery } },
  '/calendars': { get: { summary: 'Calendars (plans)', scope: 'fleet:read', query: openCursorQuery } },
  '/overrides': { get: { summary: 'Overrides (emergency plans)', scope: 'fleet:read', query: openCursorQuery } },
};

const schemaOf = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, object>; required?: string[] };

function parameters(where: 'path' | 'query', s: z.ZodObject | undefined) {
  if (!s) return [];
  const json = schemaOf(s);
  return Object.entries(json.properties ?? {}).map(([name, schema]) => ({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema }));
}

function operation(op: Operation) {
  return {
    summary: op.summary,
    ...(op.scope ? { security: [{ oauth2: [op.scope] }] } : { security: [] }),
    parameters: [...parameters('path', op.params), ...parameters('query', op.query)],
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(op.body) } } } } : {}),
    responses: {
      200: { description: 'The envelope {code: 200, msg, data, requestId}; lists answer data {items, nextCursor}' },
      400: { description: 'Bad input, naming the field' },
      401: { description: 'Missing, invalid or expired token' },
      403: { description: 'The token lacks the scope' },
      404: { description: "Not found, or outside the client's department" },
      429: { description: 'Over the rate limit (Retry-After)' },
    },
  };
}

let cached: object | undefined;

/** The open API's own OpenAPI 3.1 document (served at /api/open/v1/openapi.json), built from the contracts' schemas. */
export function openApiDocument(): object {
  cached ??= {
    openapi: '3.1.0',
    info: {
      title: 'Street-light open API', version: PRODUCT_VERSION,
      description: `Resources modelled on TALQ. Webhooks: events ${WEBHOOK_EVENTS.join(', ')}, signed in the ${WEBHOOK_HEADERS.signature} header (docs/open-api.md).`,
    },
    servers: [{ url: '/api/open/v1' }],
    components: {
      securitySchemes: {
        oauth2: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: '/api/open/v1/oauth/token', scopes: Object.fromEntries(OPEN_SCOPES.map((s) => [s, s])) } } },
      },
      schemas: { WebhookEvent: schemaOf(webhookEvent) },
    },
    paths: Object.fromEntries(Object.entries(PATHS).map(([path, ops]) => [path, Object.fromEntries(Object.entries(ops).map(([m, op]) => [m, operation(op)]))])),
  };
  return cached;
}
