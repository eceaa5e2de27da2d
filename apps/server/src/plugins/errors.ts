import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { formatMessage, ResultCode, type MessageKey } from '@sl/contracts';
import { AppError } from '../http/errors.js';
import { sendError } from '../http/reply.js';
import { localizedMessage, requestLocale } from '../http/locale.js';
import { keepReplyText } from '../http/reply-text.js';
import { describeValidation } from '../http/validation-message.js';
import { sqlState } from '../db/sql-state.js';

const CLIENT_ERROR_MESSAGES: Record<string, MessageKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'validation.notJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'validation.emptyJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'validation.bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'validation.mediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation.contentLength',
};

/**
 * SQLSTATEs a racing write can still hit after the services' own checks, and data the request checks should
 * have refused first (storable-text.ts, the int4 bound of ids): answered as the client fault they are.
 */
const CONSTRAINT_MESSAGES: Record<string, MessageKey> = {
  '23505': 'validation.duplicate',
  '23503': 'validation.reference',
  '22P05': 'validation.unstorableText',
  '22P02': 'validation.invalidValue',
  '22021': 'validation.unstorableText',
  '22003': 'validation.numberOutOfRange',
};

/** The constraint message key for a database error (Drizzle wraps the driver's error in `cause`), if it is one. */
export function constraintMessage(error: unknown): MessageKey | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && CONSTRAINT_MESSAGES[e.code]) return CONSTRAINT_MESSAGES[e.code];
  }
  return undefined;
}

/** One error policy for the whole API: expected failures keep their code, client faults are 400, the rest 500. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request, reply) => {
    const locale = requestLocale(request);
    if (error instanceof AppError) {
      keepReplyText(request, error.localized);
      return sendError(request, reply, error.code, localizedMessage(request, error));
    }
    if (error.validation) {
      return sendError(request, reply, ResultCode.badRequest, describeValidation(error.validationContext, error.validation, locale));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 401 || status === 403 || status === 404 || status === 429) return sendError(request, reply, status, error.message);
      const key = error.code ? CLIENT_ERROR_MESSAGES[error.code] : undefined;
      keepReplyText(request, key && { key });
      const msg = key ? formatMessage(key, locale) : error.message || formatMessage('validation.badRequest', locale);
      return sendError(request, reply, ResultCode.badRequest, msg);
    }
    const constraint = constraintMessage(error);
    if (constraint) {
      // A data exception means a request check is missing somewhere: answered as 400, and logged to be found.
      keepReplyText(request, { key: constraint });
      if (sqlState(error)?.startsWith('22')) request.log.warn({ err: error }, 'the database refused a value the request checks let through');
      return sendError(request, reply, ResultCode.badRequest, formatMessage(constraint, locale));
    }
    request.log.error({ err: error }, 'unhandled error');
    keepReplyText(request, { key: 'validation.serverError', params: { id: request.id } });
    return sendError(request, reply, ResultCode.serverError, formatMessage('validation.serverError', locale, { id: request.id }));
  });
});
