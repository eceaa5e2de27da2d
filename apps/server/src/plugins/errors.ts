import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ResultCode } from '@sl/contracts';
import { AppError } from '../http/errors.js';
import { sendError } from '../http/reply.js';
import { localizedMessage } from '../http/locale.js';

interface ValidationItem {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: { errors?: ZodIssueLike[][] };
}

interface ZodIssueLike {
  path?: PropertyKey[];
  message?: string;
}

/** A failed union says only "invalid input"; the branch that came closest says what is wrong. */
function expandUnions(items: ValidationItem[]): ValidationItem[] {
  return items.flatMap((item) => {
    const branches = item.params?.errors;
    if (item.keyword !== 'invalid_union' || !branches?.length) return [item];
    const closest = [...branches].sort((a, b) => a.length - b.length)[0];
    const base = (item.instancePath ?? '').replace(/^\/$/, '');
    return closest.map((i) => ({ instancePath: [base, ...(i.path ?? []).map(String)].filter(Boolean).join('/'), message: i.message }));
  });
}

/** Turns schema validation failures into one readable sentence naming each field. */
export function describeValidation(context: string | undefined, items: ValidationItem[]): string {
  const parts = expandUnions(items).slice(0, 5).map((item) => {
    const field = (item.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    if (!field) return context === 'body' ? 'request body must be a JSON object' : `${context ?? 'request'} is invalid`;
    const message = item.message ?? 'is invalid';
    return message.toLowerCase().startsWith(field.toLowerCase()) ? message : `${field}: ${message}`;
  });
  return [...new Set(parts)].join('; ');
}

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request body is empty but declared as JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'content length does not match the body',
};

/** SQLSTATEs a racing write can still hit after the services' own checks: answered as the client fault they are. */
const CONSTRAINT_MESSAGES: Record<string, string> = {
  '23505': 'A record with the same unique value already exists',
  '23503': 'The record refers to something that does not exist, or is still referred to',
};

/** The constraint message for a database error (Drizzle wraps the driver's error in `cause`), if it is one. */
export function constraintMessage(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && CONSTRAINT_MESSAGES[e.code]) return CONSTRAINT_MESSAGES[e.code];
  }
  return undefined;
}

/** One error policy for the whole API: expected failures keep their code, client faults are 400, the rest 500. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error.code, localizedMessage(request, error));
    if (error.validation) {
      return sendError(request, reply, ResultCode.badRequest, describeValidation(error.validationContext, error.validation));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 401 || status === 403 || status === 404 || status === 429) return sendError(request, reply, status, error.message);
      const msg = (error.code && CLIENT_ERROR_MESSAGES[error.code]) || error.message || 'bad request';
      return sendError(request, reply, ResultCode.badRequest, msg);
    }
    const constraint = constraintMessage(error);
    if (constraint) return sendError(request, reply, ResultCode.badRequest, constraint);
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, ResultCode.serverError, `Internal server error (request ${request.id})`);
  });
});
