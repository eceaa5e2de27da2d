import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createExpiringStores } from './create-expiring-stores.js';
import { selectProvider } from './select-provider.js';
import { StandinConfirmation } from './standin-confirm.js';
import { StandinProvider } from './standin-provider.js';
import { WxRepository } from './wx-repository.js';
import { WxService, type WxDeps } from './wx-service.js';

/** How long a QR code shown on the sign-in page can be scanned. */
const STATE_TTL_MS = 10 * 60_000;

/**
 * QR sign-in, built once by services.ts: the provider (the app's, or the demo's stand-in), the QR states in the
 * database or Redis, and the stand-in's confirmation page when there is one. `close` ends the Redis connection.
 */
export function createWxDomain(
  config: Pick<Config, 'DEMO' | 'WX_APP_ID' | 'WX_APP_SECRET' | 'WX_REDIRECT_URI' | 'REDIS_URL' | 'INSTALLATION_ID'>,
  db: Db,
  auth: Omit<WxDeps, 'provider' | 'states' | 'repo'>,
  log: { error(obj: object, msg: string): void },
) {
  const stores = createExpiringStores(config, db, (err) => log.error({ err }, 'QR sign-in store (Redis) error'));
  const provider = selectProvider(config, stores);
  const states = stores.open('wx-state', STATE_TTL_MS);
  const repo = new WxRepository(db);
  const { authRepo, cipher, throttle, passwords } = auth;
  return {
    service: new WxService({ ...auth, provider, states, repo }),
    standin: provider instanceof StandinProvider ? new StandinConfirmation({ provider, states, repo, authRepo, cipher, throttle, passwords }) : undefined,
    close: () => stores.close(),
  };
}
