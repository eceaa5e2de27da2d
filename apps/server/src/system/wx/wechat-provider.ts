import { ResultCode, type WxAccessToken } from '@sl/contracts';
import { AppError, badRequest, text } from '../../http/errors.js';
import type { OAuthProvider } from './oauth-provider.js';

const API = 'https://api.weixin.qq.com';

interface WechatReply {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  openid?: string;
  expires_in?: number;
}

/** WeChat's website QR sign-in (open platform, scope snsapi_login). */
export class WechatProvider implements OAuthProvider {
  readonly name = 'wechat';

  constructor(
    readonly appid: string,
    private readonly secret: string,
    /** Registered callback; defaults to the console's own `/wxcode-redirect`. */
    private readonly redirectUri?: string,
  ) {}

  authorizeUrl(state: string, origin: string): string {
    const redirect = encodeURIComponent(this.redirectUri ?? `${origin}/wxcode-redirect`);
    return `https://open.weixin.qq.com/connect/qrconnect?appid=${this.appid}&redirect_uri=${redirect}&response_type=code&scope=snsapi_login&state=${encodeURIComponent(state)}#wechat_redirect`;
  }

  async exchangeCode(appid: string, code: string): Promise<WxAccessToken> {
    const reply = await this.call('/sns/oauth2/access_token', { appid, secret: this.secret, code, grant_type: 'authorization_code' });
    if (!reply.access_token || !reply.openid) throw badRequest(text('wx.codeRefused', { reason: reply.errmsg ?? 'no access token' }));
    return { accessToken: reply.access_token, openId: reply.openid, expiresIn: reply.expires_in ?? 7200 };
  }

  async verify(accessToken: string, openId: string): Promise<boolean> {
    return (await this.call('/sns/auth', { access_token: accessToken, openid: openId })).errcode === 0;
  }

  private async call(path: string, params: Record<string, string>): Promise<WechatReply> {
    try {
      const res = await fetch(`${API}${path}?${new URLSearchParams(params)}`, { signal: AbortSignal.timeout(5000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return (await res.json()) as WechatReply;
    } catch (err) {
      throw new AppError(ResultCode.serverError, text('wx.unreachable', { reason: (err as Error).message }));
    }
  }
}
