import { createHash, randomBytes } from 'node:crypto';
import { idParams, OPEN_SCOPES, type ApiClient, type ApiClientAddBody, type ApiClientSecret, type ApiClientUpdateBody, type OpenScope } from '@sl/contracts';
import { hashTerminalSecret, verifyTerminalSecret } from '../../gateway/terminal-secret.js';
import { badRequest, notFound, text } from '../../http/errors.js';
import type { Principal } from '../../system/access/principal.js';
import type { ApiClientRepository, ApiClientRow } from './api-client-repository.js';
import type { ClientIdentity } from './client-principal.js';

/** How long an access token lives. */
export const OPEN_TOKEN_TTL_S = 3600;

const toClient = (r: ApiClientRow): ApiClient => ({
  id: r.id, clientId: r.clientId, name: r.name, deptId: r.deptId, deptName: r.deptName, scopes: r.scopes as OpenScope[],
  rateLimitPerMinute: r.rateLimitPerMinute, enabled: r.enabled, createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

export type TokenOutcome =
  | { ok: true; accessToken: string; expiresIn: number; scopes: string[] }
  | { ok: false; error: 'invalid_client' | 'invalid_scope' | 'unsupported_grant_type'; scope?: string };

/** API clients: created by the administrator, secrets shown once and kept hashed; tokens by client credentials. */
export class ApiClientService {
  constructor(private readonly repo: ApiClientRepository) {}

  async list(): Promise<ApiClient[]> {
    return (await this.repo.list()).map(toClient);
  }

  async create(p: Principal, body: ApiClientAddBody): Promise<ApiClientSecret> {
    await this.assertDept(p, body.deptId);
    const secret = newSecret();
    const id = await this.repo.insert({
      clientId: `slc_${randomBytes(12).toString('hex')}`, name: body.name, deptId: body.deptId, scopes: unique(body.scopes),
      rateLimitPerMinute: body.rateLimitPerMinute, secretHash: hashTerminalSecret(secret), createdBy: p.userId,
    });
    return { client: toClient((await this.repo.find(id))!), clientSecret: secret };
  }

  async update(p: Principal, body: ApiClientUpdateBody): Promise<ApiClient> {
    await this.assertDept(p, body.deptId);
    const changed = await this.repo.update(body.id, { name: body.name, deptId: body.deptId, scopes: unique(body.scopes), rateLimitPerMinute: body.rateLimitPerMinute, enabled: body.enabled });
    if (!changed) throw notFound(text('open.clientNotFound', idParams(body.id)));
    // Tokens carry the scopes they were issued with: a change takes effect at once only if they go.
    await this.repo.dropTokens(body.id);
    return toClient((await this.repo.find(body.id))!);
  }

  async resetSecret(id: number): Promise<ApiClientSecret> {
    const secret = newSecret();
    if (!(await this.repo.update(id, { secretHash: hashTerminalSecret(secret) }))) throw notFound(text('open.clientNotFound', idParams(id)));
    await this.repo.dropTokens(id);
    return { client: toClient((await this.repo.find(id))!), clientSecret: secret };
  }

  async remove(id: number): Promise<void> {
    if (!(await this.repo.remove(id))) throw notFound(text('open.clientNotFound', idParams(id)));
  }

  /** RFC 6749 §4.4: a token for an enabled client whose secret matches, with the asked scopes (all of its own by default). */
  async issueToken(grantType: string, clientId: string, secret: string, scope: string | undefined): Promise<TokenOutcome> {
    if (grantType !== 'client_credentials') return { ok: false, error: 'unsupported_grant_type' };
    const client = await this.repo.byClientId(clientId);
    // A missing client is compared against a dummy hash, so both failures take the same time.
    const valid = verifyTerminalSecret(secret, client?.secretHash ?? DUMMY_HASH);
    if (!client || !valid || !client.enabled) return { ok: false, error: 'invalid_client' };
    const asked = scope ? unique(scope.split(/\s+/).filter(Boolean)) : client.scopes;
    const refused = asked.find((s) => !client.scopes.includes(s));
    if (refused) return { ok: false, error: 'invalid_scope', scope: refused };
    const accessToken = randomBytes(32).toString('base64url');
    await this.repo.storeToken(tokenHash(accessToken), client.id, asked, new Date(Date.now() + OPEN_TOKEN_TTL_S * 1000));
    return { ok: true, accessToken, expiresIn: OPEN_TOKEN_TTL_S, scopes: asked };
  }

  /** The client of a live bearer token, with the token's scopes; undefined when none. */
  async verifyToken(token: string, now = new Date()): Promise<(ClientIdentity & { tokenScopes: string[] }) | undefined> {
    if (!token || token.length > 128) return undefined;
    return this.repo.byToken(tokenHash(token), now);
  }

  private async assertDept(p: Principal, deptId: number) {
    if (!(await this.repo.deptVisible(p, deptId))) throw badRequest(text('open.deptNotFound', idParams(deptId)));
  }
}

const DUMMY_HASH = hashTerminalSecret(randomBytes(32).toString('base64url'));
const unique = (scopes: string[]) => [...new Set(scopes)].sort((a, b) => OPEN_SCOPES.indexOf(a as OpenScope) - OPEN_SCOPES.indexOf(b as OpenScope));
