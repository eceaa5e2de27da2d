import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { TokenClaims } from '../auth/token-service.js';
import { bearerToken } from '../auth/token-service.js';
import { forgetCounts } from '../db/paging.js';
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
    /** Any signed-in user may call it (it reads only what the caller's own scope allows). */
    signedIn?: boolean;
    /** A POST that only reads (filters in the body, a password check): kept out of the operation log. */
    readOnly?: boolean;
  }
}

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** How many deliberate access marks a route carries: every API route must carry exactly one. */
export const accessMarks = (config: FastifyContextConfig | undefined) =>
  [config?.public === true, typeof config?.permission === 'string', config?.signedIn === true].filter(Boolean).length;

/** Refuses to register an API route that does not say who may call it, so no route is open by omission. */
export function requireAccessMarks(api: FastifyInstance) {
  api.addHook('onRoute', (route) => {
    if (accessMarks(route.config) !== 1) {
      throw new Error(`${String(route.method)} ${route.url} must carry exactly one of config.public, config.permission or config.signedIn`);
    }
  });
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
      (loaded ??= services.principals.get(request.auth.sub).then((p) => {
        if (!p) throw unauthorized(text('common.accountGone'));
        return p;
      }));
    if (config?.permission && !holds(await request.principal(), config.permission)) {
      throw forbidden(text('common.missingPermission', { permission: config.permission }));
    }
  });
  // A change may touch roles, menus, departments, users or listed rows: this instance's cached principals
  // and list counts are dropped before the answer leaves, so the caller's next read sees it.
  api.addHook('onSend', async (request, _reply, payload) => {
    if (CHANGING.has(request.method) && !request.routeOptions.config?.readOnly) {
      services.principals.forgetAll();
      forgetCounts(services.db);
    }
    return payload;
  });
}
