import type { FastifyInstance } from 'fastify';
import type { TokenClaims } from '../auth/token-service.js';
import { bearerToken } from '../auth/token-service.js';
import { forbidden, text, unauthorized } from '../http/errors.js';
import type { Services } from '../services.js';
import { holds, type Principal } from '../system/access/principal.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: TokenClaims;
    /** The caller's roles, permissions and department, loaded on first use. */
    principal(): Promise<Principal>;
  }
  interface FastifyContextConfig {
    /** Route answers without a token. */
    public?: boolean;
    /** Permission string the caller's roles must grant, such as `system:sysuser:add`. */
    permission?: string;
  }
}

/** The single auth hook of the API scope: a valid token unless the route is public, and the route's permission if it names one. */
export function registerAuthHook(api: FastifyInstance, services: Services) {
  api.decorateRequest('auth', null as unknown as TokenClaims);
  api.decorateRequest('principal', null as unknown as () => Promise<Principal>);
  api.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config?.public) return;
    request.auth = await services.tokens.verify(bearerToken(request.headers.authorization));
    let loaded: Promise<Principal> | undefined;
    request.principal = () =>
      (loaded ??= services.access.principal(request.auth.sub).then((p) => {
        if (!p) throw unauthorized(text('common.accountGone'));
        return p;
      }));
    if (config?.permission && !holds(await request.principal(), config.permission)) {
      throw forbidden(text('common.missingPermission', { permission: config.permission }));
    }
  });
}
