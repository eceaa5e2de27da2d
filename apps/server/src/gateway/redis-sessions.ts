import aedesPersistenceRedis from 'aedes-persistence-redis';
import { Redis } from 'ioredis';

/**
 * The embedded broker's sessions in Redis (REDIS_URL): a terminal's subscriptions and the QoS 1
 * messages waiting for it outlive a restart, so it finds its session when it reconnects.
 */
export function redisSessions(url: string): unknown {
  return aedesPersistenceRedis({ conn: new Redis(url, { maxRetriesPerRequest: 3 }), maxSessionDelivery: 100 });
}
