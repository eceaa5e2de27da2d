import type { FastifyReply, FastifyRequest } from 'fastify';
import { httpStatusFor, ResultCode } from '@sl/contracts';

/** The go-admin envelope of a successful call. */
export function ok<T>(request: FastifyRequest, data: T, msg = 'success') {
  return { code: ResultCode.ok, msg, data, requestId: request.id };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, code: number, msg: string) {
  return reply.code(httpStatusFor(code)).send({ code, msg, data: null, requestId: request.id });
}
