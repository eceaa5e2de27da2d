import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OpenScope } from '@sl/contracts';
import { forbidden, text, tooManyRequests, unauthorized } from '../../http/errors.js';
import { redactUrl } from '../../logging/redact.js';
import type { Services } from '../../services.js';
import type { Principal } from '../../system/access/principal.js';
import type { ApiClientService } from '../clients/api-client-service.js';
import { clientPrincipal, type ClientIdentity } from '../clients/client-principal.js';
import type { RateLimiter } from './rate-limiter.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An open API route: the scope its client's token must hold. */
    openScope?: OpenScope;
  }
  interface FastifyRequest {
    /** The API client of an open API call, once its token is checked. */
    openClient: (ClientIdentity & { principal: Principal }) | null;
  }
}

/** The body's envelope code and message, read from the start of the serialised reply. */
function outcome(reply: FastifyReply, payload: unknown) {
  const match = typeof payload === 'string' ? /"code":(\d+),"msg":"((?:[^"\\]|\\.)*)"/.exec(payload.slice(0, 600)) : null;
  return match ? { code: Number(match[1]), msg: match[2] } : { code: reply.statusCode, msg: '' };
}

const bearer = (request: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';

/**
 * The open API's checks, after the input is validated: a live client token holding the route's scope, within the
 * client's rate limit. Every call, answered or refused, goes into the operation log under the client's name.
 */
export function registerOpenAuth(open: FastifyInstance, services: Services, clients: ApiClientService, limiter: RateLimiter) {
  open.decorateRequest('openClient', null);
  open.addHook('preHandler', async (request, reply) => {
    const scope = request.routeOptions.config?.openScope;
    if (!scope) return;
    const client = await clients.verifyToken(bearer(request));
    if (!client) {
      reply.header('www-authenticate', 'Bearer error="invalid_token"');
      throw unauthorized(text('open.badToken'));
    }
    request.openClient = { ...client, principal: clientPrincipal(client) };
    const wait = await limiter.take(`client:${client.id}`, client.rateLimitPerMinute);
    if (wait) {
      reply.header('retry-after', String(wait));
      throw tooManyRequests(text('open.rateLimited', { limit: client.rateLimitPerMinute, seconds: wait }));
    }
    if (!client.tokenScopes.includes(scope)) throw forbidden(text('open.missingScope', { scope }));
  });
  open.addHook('onSend', async (request, reply, payload) => {
    const { code, msg } = outcome(reply, payload);
    const who = request.openClient ? `api:${request.openClient.name}`.slice(0, 64) : 'api:(no client)';
    await services.operLogs
      .record({
        userId: null, username: who, title: String(request.routeOptions.schema?.summary ?? request.routeOptions.url ?? '').slice(0, 128), method: request.method,
        url: redactUrl(request.url).slice(0, 255), ipaddr: request.ip, httpStatus: reply.statusCode, resultCode: code, msg: msg.slice(0, 255), durationMs: Math.round(reply.elapsedTime),
      })
      .catch((err: unknown) => request.log.warn({ err }, 'could not write the operation log'));
    return payload;
  });
}

/** The calling client's principal (its department and below); only reached after the preHandler set it. */
export function callerOf(request: FastifyRequest): Principal {
  if (!request.openClient) throw unauthorized(text('open.badToken'));
  return request.openClient.principal;
}
