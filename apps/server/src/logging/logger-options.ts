import type { FastifyRequest } from 'fastify';
import { stdSerializers, type LoggerOptions } from 'pino';
import { redactFields, redactLine, redactUrl } from './redact.js';

/** Keys the error serializer drops besides secret names: a failed query's bound values (passwords, hashes, personal data). */
const ERROR_SECRETS: ReadonlySet<string> = new Set(['params', 'parameters']);

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function serializeError(err: unknown) {
  const serialized = stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (serialized === null || typeof serialized !== 'object') return serialized;
  const plain = Object.fromEntries(Object.entries(serialized)); // drops pino's `raw` (the original error)
  return redactFields(plain, ERROR_SECRETS);
}

/**
 * Pino options that keep secrets out of every log line, for the HTTP app and everything logging
 * through it (pushes, the device gateway): request URLs lose secret query parameters (`?token=`),
 * fields named like a secret are replaced at any depth, errors lose a failed query's parameters,
 * and the finished line is searched once more for tokens, password hashes and secret fields.
 */
export function redactingLoggerOptions<T extends LoggerOptions>(options: T): T {
  return {
    ...options,
    serializers: { ...options.serializers, req: serializeRequest, err: serializeError },
    formatters: {
      ...options.formatters,
      log: (object: Record<string, unknown>) => redactFields(options.formatters?.log ? options.formatters.log(object) : object),
    },
    hooks: { ...options.hooks, streamWrite: (line: string) => redactLine(options.hooks?.streamWrite ? options.hooks.streamWrite(line) : line) },
  };
}
