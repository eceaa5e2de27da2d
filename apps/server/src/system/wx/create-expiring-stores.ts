import { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { redisPrefix } from '../installation/installation-service.js';
import type { ExpiringStore } from './expiring-store.js';
import { ExpiringStoreRepository } from './expiring-store-repository.js';
import { RedisExpiringStore } from './redis-expiring-store.js';

export interface ExpiringStores {
  /** A store of this scope whose entries live `ttlMs`. */
  open(scope: string, ttlMs: number): ExpiringStore;
  close(): Promise<void>;
}

/** Stores in Redis when REDIS_URL is set (one connection for all, keys of this installation), else in the database. */
export function createExpiringStores(config: Pick<Config, 'REDIS_URL' | 'INSTALLATION_ID'>, db: Db, onError: (err: unknown) => void): ExpiringStores {
  if (!config.REDIS_URL) return { open: (scope, ttlMs) => new ExpiringStoreRepository(db, scope, ttlMs), close: async () => undefined };
  // Lazy: nothing connects until the first QR sign-in.
  const redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 3 });
  redis.on('error', onError);
  return {
    open: (scope, ttlMs) => new RedisExpiringStore(redis, () => redisPrefix(config, db), scope, ttlMs),
    close: async () => void (await (redis.status === 'wait' ? redis.disconnect() : redis.quit().catch(() => redis.disconnect()))),
  };
}
