import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services.js';
import { doneKeyOf, ResultCode } from '@sl/contracts';
import { redactUrl } from '../logging/redact.js';
import '../http/reply-text.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Sign-in and log-out are already in the login log; the broker's hooks are machine calls, not changes. */
const SKIPPED = new Set(['/api/login', '/api/v1/logout', '/api/v1/mqtt/auth', '/api/v1/mqtt/acl', '/api/v1/mqtt/superuser']);

const recorded = (request: FastifyRequest) => {
  const url = request.routeOptions.url;
  return MUTATING.has(request.method) && !request.routeOptions.config?.readOnly && !!url && !SKIPPED.has(url);
};

/** The envelope's code and message, read from the serialised reply without parsing all of it. */
function outcome(reply: FastifyReply, payload: unknown) {
  const match = typeof payload === 'string' ? /"code":(\d+),"msg":"((?:[^"\\]|\\.)*)"/.exec(payload.slice(0, 600)) : null;
  return match ? { code: Number(match[1]), msg: match[2] } : { code: reply.statusCode, msg: '' };
}

/**
 * Records every changing call of the API scope (never a query, whatever its method): who, what, from where,
 * with what outcome. The row is written before the reply leaves, so a caller that sees the answer can find it.
 */
export function registerOperationLog(api: FastifyInstance, services: Services) {
  api.addHook('onSend', async (request, reply, payload) => {
    if (!recorded(request)) return payload;
    const { code, msg } = outcome(reply, payload);
    // The reply's key, so the log reads in the reader's language: a success text's from the catalogue, a failure's as thrown.
    const worded = code === ResultCode.ok ? doneKeyOf(msg) : request.replyText;
    await services.operLogs
      .record({
        userId: request.auth?.sub ?? null,
        username: request.auth?.name ?? '',
        title: String(request.routeOptions.schema?.summary ?? request.routeOptions.url),
        method: request.method,
        // Secret query parameters (a key, a token) are redacted.
        url: redactUrl(request.url).slice(0, 255),
        ipaddr: request.ip,
        httpStatus: reply.statusCode,
        resultCode: code,
        msg: msg.slice(0, 255),
        msgKey: worded?.key ?? null,
        msgParams: worded?.params ?? null,
        durationMs: Math.round(reply.elapsedTime),
      })
      .catch((err) => request.log.warn({ err }, 'could not write the operation log'));
    return payload;
  });
}
