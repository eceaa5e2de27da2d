import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import { redactUrl } from '../logging/redact.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Sign-in and log-out are already in the login log. */
const SKIPPED = new Set(['/api/login', '/api/v1/logout']);

/** Records every changing call of the API scope: who, what, from where, with what outcome. */
export function registerOperationLog(api: FastifyInstance, services: Services) {
  api.addHook('onSend', async (request, reply, payload) => {
    if (MUTATING.has(request.method) && typeof payload === 'string' && payload.startsWith('{')) {
      const match = /"code":(\d+),"msg":"((?:[^"\\]|\\.)*)"/.exec(payload.slice(0, 600));
      if (match) reply.operationOutcome = { code: Number(match[1]), msg: match[2] };
    }
    return payload;
  });
  api.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url;
    if (!MUTATING.has(request.method) || !url || SKIPPED.has(url)) return;
    const outcome = reply.operationOutcome ?? { code: reply.statusCode, msg: '' };
    await services.operLogs
      .record({
        userId: request.auth?.sub ?? null,
        username: request.auth?.name ?? '',
        title: String(request.routeOptions.schema?.summary ?? url),
        method: request.method,
        url: redactUrl(request.url).slice(0, 255),
        ipaddr: request.ip,
        httpStatus: reply.statusCode,
        resultCode: outcome.code,
        msg: outcome.msg.slice(0, 255),
        durationMs: Math.round(reply.elapsedTime),
      })
      .catch((err) => request.log.warn({ err }, 'could not write the operation log'));
  });
}

declare module 'fastify' {
  interface FastifyReply {
    operationOutcome?: { code: number; msg: string };
  }
}
