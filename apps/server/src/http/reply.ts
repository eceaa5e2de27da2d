import type { FastifyReply, FastifyRequest } from 'fastify';
import { httpStatusFor, ResultCode } from '@sl/contracts';

/** The go-admin envelope of a successful call. */
export function ok<T>(request: FastifyRequest, data: T, msg = 'success') {
  return { code: ResultCode.ok, msg, data, requestId: request.id };
}

const LIST_MARK = '\u0000list\u0000';

/**
 * `ok` for a page whose list is JSON text already (the terminal lists, written by PostgreSQL), sent without parsing
 * it again: the envelope (whose only other texts are the message and the request id) is serialised around a mark, then
 * the mark is replaced (by a function: a replacement string would read `$&` in the list as a pattern).
 */
export function okPage(request: FastifyRequest, reply: FastifyReply, page: { list: string }) {
  const envelope = JSON.stringify(ok(request, { ...page, list: LIST_MARK }));
  return reply.type('application/json; charset=utf-8').send(envelope.replace(JSON.stringify(LIST_MARK), () => page.list));
}

export function sendError(request: FastifyRequest, reply: FastifyReply, code: number, msg: string) {
  return reply.code(httpStatusFor(code)).send({ code, msg, data: null, requestId: request.id });
}
