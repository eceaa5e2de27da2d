import { randomBytes } from 'node:crypto';
import { WX_STANDIN_PATH, type WxAccessToken } from '@sl/contracts';
import { badRequest, text } from '../../http/errors.js';
import type { ExpiringStores } from './create-expiring-stores.js';
import type { OAuthProvider } from './oauth-provider.js';

const CODE_TTL_MS = 5 * 60_000;
const TOKEN_TTL_S = 7200;

/** Plays the messaging app for demos and tests: simulated users confirm on a console page, no internet needed. */
export class StandinProvider implements OAuthProvider {
  readonly name = 'standin';
  private readonly codes;
  private readonly tokens;

  constructor(readonly appid: string, stores: ExpiringStores) {
    this.codes = stores.open('wx-code', CODE_TTL_MS);
    this.tokens = stores.open('wx-token', TOKEN_TTL_S * 1000);
  }

  authorizeUrl(state: string, origin: string): string {
    return `${origin}${WX_STANDIN_PATH}?state=${encodeURIComponent(state)}`;
  }

  /** What the app does when its user confirms: a one-time code for that user. */
  async issueCode(openId: string): Promise<string> {
    const code = randomBytes(16).toString('hex');
    await this.codes.put(code, openId);
    return code;
  }

  async exchangeCode(_appid: string, code: string): Promise<WxAccessToken> {
    const openId = await this.codes.take(code);
    if (!openId) throw badRequest(text('wx.codeInvalid'));
    const accessToken = randomBytes(24).toString('base64url');
    await this.tokens.put(accessToken, openId);
    return { accessToken, openId, expiresIn: TOKEN_TTL_S };
  }

  async verify(accessToken: string, openId: string): Promise<boolean> {
    return (await this.tokens.get(accessToken)) === openId;
  }
}
