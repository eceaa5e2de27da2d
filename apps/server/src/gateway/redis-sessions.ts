import aedesPersistenceRedis from 'aedes-persistence-redis';
import { Redis } from 'ioredis';

/**
 * The embedded broker's sessions in Redis (REDIS_URL): a terminal's subscriptions and the QoS 1
 * messages waiting for it outlive a restart, so it finds its session when it reconnects. Every key
 * starts with `prefix` (the installation's, system/installation), which aedes-persistence-redis has no
 * option for: ioredis adds it to each command's keys.
 */
export function redisSessions(url: string, prefix: string): unknown {
  return aedesPersistenceRedis({ conn: new Redis(url, { maxRetriesPerRequest: 3, keyPrefix: `${prefix}mqtt:` }), maxSessionDelivery: 100 });
}
