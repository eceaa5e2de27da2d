import { z } from 'zod';
import { id } from '../api/fields.js';

/** Base64 ciphertext of an AES-128-CBC encrypted password (spec §9). */
export const encryptedPassword = z
  .string({ error: 'password must be a string' })
  .min(1, 'password is required')
  .max(512, 'password is too long')
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'password must be base64 ciphertext');

export const loginBody = z.object({
  username: z.string({ error: 'username must be a string' }).trim().min(1, 'username is required').max(64, 'username is too long'),
  password: encryptedPassword,
  code: z.string({ error: 'code must be a string' }).trim().max(16, 'code is too long').default(''),
  uuid: z.string({ error: 'uuid must be a string' }).trim().max(64, 'uuid is too long').default(''),
});
export type LoginBody = z.input<typeof loginBody>;

export const tokenResult = z.object({ token: z.string(), expire: z.string() });
export type TokenResult = z.infer<typeof tokenResult>;

/** `GET /api/v1/getCaptcha` answers at the top level, go-admin style. */
export const captchaResponse = z.object({ code: z.number(), msg: z.string(), data: z.string(), id: z.string() });
export type CaptchaResponse = z.infer<typeof captchaResponse>;

export const checkPwdBody = z.object({ password: encryptedPassword });
export type CheckPwdBody = z.infer<typeof checkPwdBody>;

export const logoutBody = z.object({ userId: id('userId').optional() }).default({});
