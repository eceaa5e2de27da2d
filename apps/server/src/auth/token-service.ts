import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { Config } from '../config.js';
import { tokenExpired, unauthorized } from '../http/errors.js';
import type { AccountStates } from './account-state.js';
import type { AuthRepository } from './auth-repository.js';
import { BriefCache } from '../db/brief-cache.js';

export interface TokenClaims {
  sub: number;
  name: string;
  jti: string;
  iat: number;
  exp: number;
  /** The user's token version at issue: raising it ends every session of the user. */
  ver: number;
  /** Sign-in time (seconds), carried across refreshes: the session ends SESSION_LIFETIME after it. */
  auth_time: number;
}

export interface IssuedToken {
  token: string;
  expire: string;
}

/** The account a token is issued for. */
export interface TokenSubject {
  userId: number;
  username: string;
  tokenVersion: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Issues, verifies, refreshes and revokes the console's JWTs. */
export class TokenService {
  private readonly sign;
  private readonly verifyStrict;
  /** Whether a token id is revoked, per token, for ACCOUNT_CACHE_MS: a console page asks it on every call. */
  private readonly revoked: BriefCache<string, boolean>;

  constructor(
    private readonly config: Pick<Config, 'JWT_SECRET' | 'TOKEN_TTL' | 'SESSION_LIFETIME' | 'ACCOUNT_CACHE_MS'>,
    private readonly repo: AuthRepository,
    private readonly accounts: AccountStates,
  ) {
    this.revoked = new BriefCache(config.ACCOUNT_CACHE_MS);
    this.sign = createSigner({ key: config.JWT_SECRET, algorithm: 'HS256' });
    this.verifyStrict = createVerifier({ key: config.JWT_SECRET, algorithms: ['HS256'] });
  }

  /** A token for `subject`, in a session that began at `authTime` (now for a sign-in); it never outlives the session. */
  issue(subject: TokenSubject, authTime = nowSeconds()): IssuedToken {
    const exp = Math.min(nowSeconds() + this.config.TOKEN_TTL, authTime + this.config.SESSION_LIFETIME);
    const token = this.sign({ sub: subject.userId, name: subject.username, jti: randomUUID(), ver: subject.tokenVersion, auth_time: authTime, exp });
    return { token, expire: new Date(exp * 1000).toISOString() };
  }

  /**
   * Missing, forged, revoked tokens and tokens of an account that is gone, disabled or has ended its
   * sessions since are 401; a genuine but expired one, or one whose session is over, is 6401.
   */
  async verify(token: string | undefined): Promise<TokenClaims> {
    if (!token) throw unauthorized();
    let claims: TokenClaims;
    try {
      claims = this.verifyStrict(token) as TokenClaims;
    } catch (err) {
      if (err instanceof TokenError && err.code === TokenError.codes.expired) throw tokenExpired();
      throw unauthorized();
    }
    if (!isClaims(claims) || (await this.revoked.get(claims.jti, (jti) => this.repo.isRevoked(jti)))) throw unauthorized();
    // Tokens are issued to end with their session; this holds when SESSION_LIFETIME was shortened since.
    if (nowSeconds() - claims.auth_time >= this.config.SESSION_LIFETIME) throw tokenExpired();
    await this.accounts.assertCurrent(claims.sub, claims.ver);
    return claims;
  }

  /**
   * Exchanges a live token for a new one in the same session (same sign-in time) and revokes it.
   * An expired token, or one whose session is older than SESSION_LIFETIME, is 6401: sign in again.
   */
  async refresh(token: string | undefined): Promise<{ claims: TokenClaims; issued: IssuedToken }> {
    const claims = await this.verify(token);
    // Only one exchange per token: a second, concurrent one finds it revoked.
    if (!(await this.revoke(claims))) throw unauthorized();
    return { claims, issued: this.issue({ userId: claims.sub, username: claims.name, tokenVersion: claims.ver }, claims.auth_time) };
  }

  /** Revokes the token until its expiry; false when it was revoked already. */
  async revoke(claims: TokenClaims): Promise<boolean> {
    const revoked = await this.repo.revoke(claims.jti, new Date(Math.max(claims.exp * 1000, Date.now()) + 60_000));
    this.revoked.forget([claims.jti]);
    return revoked;
  }
}

function isClaims(c: unknown): c is TokenClaims {
  const v = c as TokenClaims;
  return (
    !!v && Number.isInteger(v.sub) && typeof v.jti === 'string' && typeof v.iat === 'number' && typeof v.exp === 'number' &&
    Number.isInteger(v.ver) && typeof v.auth_time === 'number'
  );
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}
