import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { Config } from '../config.js';
import { tokenExpired, unauthorized } from '../http/errors.js';
import type { AuthRepository } from './auth-repository.js';

export interface TokenClaims {
  sub: number;
  name: string;
  jti: string;
  iat: number;
  exp: number;
}

export interface IssuedToken {
  token: string;
  expire: string;
}

/** Issues, verifies, refreshes and revokes the console's JWTs. */
export class TokenService {
  private readonly sign;
  private readonly verifyStrict;
  private readonly verifyLenient;

  constructor(
    private readonly config: Pick<Config, 'JWT_SECRET' | 'TOKEN_TTL' | 'TOKEN_REFRESH_WINDOW'>,
    private readonly repo: AuthRepository,
  ) {
    this.sign = createSigner({ key: config.JWT_SECRET, expiresIn: config.TOKEN_TTL * 1000, algorithm: 'HS256' });
    this.verifyStrict = createVerifier({ key: config.JWT_SECRET, algorithms: ['HS256'] });
    this.verifyLenient = createVerifier({ key: config.JWT_SECRET, algorithms: ['HS256'], ignoreExpiration: true });
  }

  issue(userId: number, username: string): IssuedToken {
    const token = this.sign({ sub: userId, name: username, jti: randomUUID() });
    const expire = new Date(Date.now() + this.config.TOKEN_TTL * 1000).toISOString();
    return { token, expire };
  }

  /** Missing, forged or revoked tokens are 401; a genuine but expired one is 6401. */
  async verify(token: string | undefined): Promise<TokenClaims> {
    if (!token) throw unauthorized();
    let claims: TokenClaims;
    try {
      claims = this.verifyStrict(token) as TokenClaims;
    } catch (err) {
      if (err instanceof TokenError && err.code === TokenError.codes.expired) throw tokenExpired();
      throw unauthorized();
    }
    if (!isClaims(claims) || (await this.repo.isRevoked(claims.jti))) throw unauthorized();
    return claims;
  }

  /** Exchanges a token, expired or not, issued within the refresh window for a new one. */
  async refresh(token: string | undefined): Promise<{ claims: TokenClaims; issued: IssuedToken }> {
    if (!token) throw unauthorized();
    let claims: TokenClaims;
    try {
      claims = this.verifyLenient(token) as TokenClaims;
    } catch {
      throw unauthorized();
    }
    if (!isClaims(claims) || (await this.repo.isRevoked(claims.jti))) throw unauthorized();
    if (Date.now() / 1000 - claims.iat > this.config.TOKEN_REFRESH_WINDOW) throw tokenExpired();
    await this.revoke(claims);
    return { claims, issued: this.issue(claims.sub, claims.name) };
  }

  revoke(claims: TokenClaims): Promise<void> {
    return this.repo.revoke(claims.jti, new Date(Math.max(claims.exp * 1000, Date.now()) + this.config.TOKEN_REFRESH_WINDOW * 1000));
  }
}

function isClaims(c: unknown): c is TokenClaims {
  const v = c as TokenClaims;
  return !!v && Number.isInteger(v.sub) && typeof v.jti === 'string' && typeof v.iat === 'number' && typeof v.exp === 'number';
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}
