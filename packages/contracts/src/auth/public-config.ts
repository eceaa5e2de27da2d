import { z } from 'zod';
import { passwordPolicy } from './password-policy.js';

/** What the console needs before sign-in: titles, the password key, whether a captcha is asked, the password policy. */
export const publicConfig = z.object({
  siteTitle: z.string(),
  siteTitleEn: z.string(),
  version: z.string(),
  captcha: z.boolean(),
  passwordKey: z.string().length(16),
  demo: z.boolean(),
  /** The rules new passwords must pass, so the console's forms check them before sending. */
  passwordPolicy,
});
export type PublicConfig = z.infer<typeof publicConfig>;
