import type { WxAccessToken, WxLoginResult, WxQrCode } from '@sl/contracts';

export type WxAuth = Pick<WxAccessToken, 'accessToken' | 'openId'>;

/** Where a QR return ends: signed in with a token, asked to bind, or refused. */
export type WxOutcome =
  | { step: 'signed-in'; token: string }
  | { step: 'bind'; auth: WxAuth }
  | { step: 'error'; message: string };

export interface WxApi {
  qrcode: () => Promise<Pick<WxQrCode, 'appid'>>;
  exchange: (appid: string, code: string) => Promise<WxAccessToken>;
  login: (auth: WxAuth) => Promise<WxLoginResult>;
}

const messageOf = (error: unknown) => (error instanceof Error && error.message) || String(error);

/** The app's one-time code → its access token → a console token, or a bind for an open id not yet linked. */
export async function resolveWxCode(code: string | null, api: WxApi, missingCode: string): Promise<WxOutcome> {
  if (!code?.trim()) return { step: 'error', message: missingCode };
  try {
    const { appid } = await api.qrcode();
    const { accessToken, openId } = await api.exchange(appid, code.trim());
    const result = await api.login({ accessToken, openId });
    return result.bound ? { step: 'signed-in', token: result.token } : { step: 'bind', auth: { accessToken, openId } };
  } catch (error) {
    return { step: 'error', message: messageOf(error) };
  }
}
