import { z } from 'zod';
import { phoneField, id, requiredText } from '../api/fields.js';
import { encryptedPassword } from '../auth/login.js';

/** QR sign-in through a messaging app (spec §1, §3 "QR bind", §7). */
export interface WxQrCode {
  state: string;
  /** Page the phone opens when it scans the QR code. */
  authorizeUrl: string;
  appid: string;
}

export interface WxAccessToken {
  accessToken: string;
  openId: string;
  expiresIn: number;
}

export type WxLoginResult = { bound: false } | { bound: true; token: string; expire: string };

const token = (field: string, max: number) => requiredText(field, max).regex(/^[\w.@-]+$/, `${field} holds characters that are not allowed`);
export const wxStateField = token('state', 64);
export const wxOpenIdField = token('openId', 128);

export const wxCodeBody = z.object({
  appid: token('appid', 64),
  code: token('code', 128),
  grant_type: z.literal('authorization_code', { error: 'grant_type must be "authorization_code"' }),
});

export const wxOauthBody = z.object({ accessToken: token('accessToken', 512), openId: wxOpenIdField });

/**
 * Binding proves both identities: the app's access token and the console user's own password.
 * The spec names the user by `userId`; people know their username, so either is accepted.
 */
export const wxBindBody = wxOauthBody
  .extend({
    phone: phoneField,
    userId: id('userId').optional(),
    username: z.string({ error: 'username must be a string' }).trim().min(1, 'username is required').max(64).optional(),
    password: encryptedPassword,
  })
  .refine((b) => b.userId !== undefined || b.username !== undefined, { message: 'username or userId is required', path: ['username'] });
export type WxBindBody = z.input<typeof wxBindBody>;

/** The simulated messaging-app user the stand-in page proposes when its address names none. */
export const WX_STANDIN_DEMO_OPEN_ID = 'standin-demo-user';
export const wxStandinQuery = z.object({ state: wxStateField, openId: wxOpenIdField.optional() });

/**
 * The demo stand-in's confirmation. An open id already bound to a user needs that user's password
 * (encrypted as at sign-in): knowing a bound open id is not enough to sign in as its user.
 */
export const wxStandinConfirmBody = z.object({ state: wxStateField, openId: wxOpenIdField, password: encryptedPassword.optional() });
export type WxStandinConfirmBody = z.input<typeof wxStandinConfirmBody>;

/** Where the phone goes next: the console's `/wxcode-redirect?code=&state=`. */
export interface WxStandinConfirmed {
  redirect: string;
}
