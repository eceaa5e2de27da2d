import { StandinProvider } from './standin-provider.js';
import { WechatProvider } from './wechat-provider.js';
import type { OAuthProvider } from './oauth-provider.js';
import type { ExpiringStores } from './create-expiring-stores.js';

/**
 * WeChat when WX_APP_ID and WX_APP_SECRET are set. Otherwise the stand-in, but only in demo mode: it
 * cannot know who holds the phone (a bound open id confirms only with its user's password), so a
 * production install without credentials has no QR sign-in.
 */
export function selectProvider(demo: boolean, stores: ExpiringStores, env: NodeJS.ProcessEnv = process.env): OAuthProvider | undefined {
  const appid = env.WX_APP_ID?.trim();
  const secret = env.WX_APP_SECRET?.trim();
  if (appid && secret) return new WechatProvider(appid, secret, env.WX_REDIRECT_URI?.trim() || undefined);
  return demo ? new StandinProvider(appid || 'sl-standin', stores) : undefined;
}
