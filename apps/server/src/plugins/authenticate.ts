import type { FastifyInstance } from 'fastify';
import type { TokenClaims } from '../auth/token-service.js';
import { bearerToken } from '../auth/token-service.js';
import type { Services } from '../services.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: TokenClaims;
  }
  interface FastifyContextConfig {
    /** Route answers without a token. */
    public?: boolean;
  }
}

/** The single auth hook of the API scope: every route needs a valid token unless marked public. */
export function registerAuthHook(api: FastifyInstance, services: Services) {
  api.decorateRequest('auth', null as unknown as TokenClaims);
  api.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return;
    request.auth = await services.tokens.verify(bearerToken(request.headers.authorization));
  });
}
