import { StandinProvider } from './standin-provider.js';
import { WechatProvider } from './wechat-provider.js';
import type { OAuthProvider } from './oauth-provider.js';
import type { ExpiringStores } from './create-expiring-stores.js';
import type { Config } from '../../config.js';

/**
 * WeChat when WX_APP_ID and WX_APP_SECRET are set. Otherwise the stand-in, but only in demo mode: it
 * cannot know who holds the phone (a bound open id confirms only with its user's password), so a
 * production install without credentials has no QR sign-in.
 */
export function selectProvider(config: Pick<Config, 'DEMO' | 'WX_APP_ID' | 'WX_APP_SECRET' | 'WX_REDIRECT_URI'>, stores: ExpiringStores): OAuthProvider | undefined {
  const { WX_APP_ID: appid, WX_APP_SECRET: secret } = config;
  if (appid && secret) return new WechatProvider(appid, secret, config.WX_REDIRECT_URI);
  return config.DEMO ? new StandinProvider(appid ?? 'sl-standin', stores) : undefined;
}
