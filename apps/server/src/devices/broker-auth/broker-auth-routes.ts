import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brokerAclBody, brokerAuthBody, type BrokerVerdict } from '@sl/contracts';
import { notFound, unauthorized, text } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { publicRoute } from '../../http/access.js';

const tags = ['devices: external broker'];
const keyQuery = z.object({ key: z.string().max(256).optional() });

const sameKey = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

// Brokers read the status (mosquitto-go-auth) or `result` (EMQX), not the console's envelope.
const verdict = (reply: FastifyReply, allowed: boolean) =>
  reply.code(allowed ? 200 : 403).send({ result: allowed ? 'allow' : 'deny', ok: allowed, is_superuser: false } satisfies BrokerVerdict);

/**
 * Terminal authentication and topic ACLs for an external broker (docs/scale-out.md): called by the
 * broker, not by the console, with the shared BROKER_AUTH_KEY (header `x-broker-key` or `?key=`).
 */
export function brokerAuthRoutes(app: FastifyInstance, services: Services) {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const expected = services.config.BROKER_AUTH_KEY;
    const checkKey = async (request: FastifyRequest<{ Querystring: z.infer<typeof keyQuery> }>) => {
      if (!expected) throw notFound(text('device.brokerAuthOff'));
      const given = request.headers['x-broker-key'] ?? request.query.key ?? '';
      if (typeof given !== 'string' || !sameKey(given, expected)) throw unauthorized(text('device.brokerKey'));
    };
    const config = publicRoute;
    api.post('/api/v1/mqtt/auth', { config, preHandler: checkKey, schema: { tags, summary: 'May this client connect?', querystring: keyQuery, body: brokerAuthBody } }, async (request, reply) =>
      verdict(reply, await services.brokerAuth.authenticate(request.body)),
    );
    api.post('/api/v1/mqtt/acl', { config, preHandler: checkKey, schema: { tags, summary: 'May this client publish to or read this topic?', querystring: keyQuery, body: brokerAclBody } }, async (request, reply) =>
      verdict(reply, services.brokerAuth.authorize(request.body)),
    );
    // mosquitto-go-auth asks first whether a user is a superuser: nobody is.
    api.post('/api/v1/mqtt/superuser', { config, preHandler: checkKey, schema: { tags, summary: 'Always no: ACLs apply to every account', querystring: keyQuery } }, async (_request, reply) =>
      verdict(reply, false),
    );
  });
}
