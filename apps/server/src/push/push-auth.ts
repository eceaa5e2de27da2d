import type { TokenClaims } from '../auth/token-service.js';
import { unauthorized, text } from '../http/errors.js';
import type { Services } from '../services.js';
import type { Viewer } from './can-see.js';
import { loadViewer } from './viewer-source.js';

/** An accepted upgrade; `refusal` means the token is good but the path is not the caller's (closed with 4403). */
export interface PushGrant {
  claims: TokenClaims;
  viewer: Viewer;
  refusal?: string;
}

/** Missing, forged, revoked or expired tokens throw (401/6401, before the upgrade). */
export async function authorizePush(services: Services, token: string | undefined, path: { uniqueId: string; userId?: number }): Promise<PushGrant> {
  const claims = await services.tokens.verify(token);
  const [viewer, user] = await Promise.all([loadViewer(services.db, services.access, claims.sub), services.users.findById(claims.sub)]);
  if (!viewer || !user) throw unauthorized(text('common.accountGone'));
  if (path.userId !== undefined && path.userId !== claims.sub) return { claims, viewer, refusal: 'userId does not match the token' };
  if (path.uniqueId.toLowerCase() !== user.uniqueId.toLowerCase()) return { claims, viewer, refusal: 'uniqueId does not match the token' };
  return { claims, viewer };
}
