import type { FastifyRequest } from 'fastify';
import type { LocalizedText } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The catalogue message a failed call was answered with: the operation log keeps its key to word it when read. */
    replyText?: LocalizedText;
  }
}

/** Remembers the catalogue message the reply carries (set by the error handler). */
export function keepReplyText(request: FastifyRequest, replyText: LocalizedText | undefined): void {
  if (replyText) request.replyText = replyText;
}
