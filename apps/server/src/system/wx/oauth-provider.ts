import type { WxAccessToken } from '@sl/contracts';

/** A messaging app that signs users in by QR code (OAuth 2 authorisation-code flow). */
export interface OAuthProvider {
  /** Stored with each binding, so identities of different apps never mix. */
  readonly name: string;
  readonly appid: string;
  /** The page the phone opens when it scans the console's QR code. */
  authorizeUrl(state: string, origin: string): string;
  exchangeCode(appid: string, code: string): Promise<WxAccessToken>;
  /** Whether the access token is valid and was issued for this open id. */
  verify(accessToken: string, openId: string): Promise<boolean>;
}
