import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';

const MUTATING = new Set(['POST', 'PUT', 'DELETE']);
/** Routes that change terminal rows the gateway caches (identity, department, status, secret). */
export const TERMINAL_WRITES = /^\/api\/v1\/(addterminal|editterminal|delterminal|terminal\/(add|edit|del|registered|status\/update|repair\/replace|box\/(mount|unmount)|inventory\/delete))/;

/** Keeps the gateway's terminal cache honest: a successful terminal write drops it before the caller hears back. */
export function gatewayCacheRoutes(app: FastifyInstance, services: Services) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (MUTATING.has(request.method) && reply.statusCode === 200 && TERMINAL_WRITES.test(request.url)) services.gateway?.invalidateTerminal();
    return payload;
  });
}
