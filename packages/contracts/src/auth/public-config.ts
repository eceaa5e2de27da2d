import { z } from 'zod';

/** What the console needs before sign-in: titles, the password key, and whether a captcha is asked. */
export const publicConfig = z.object({
  siteTitle: z.string(),
  siteTitleEn: z.string(),
  version: z.string(),
  captcha: z.boolean(),
  passwordKey: z.string().length(16),
  demo: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
