declare module 'aedes-persistence-redis' {
  import type { Redis } from 'ioredis';

  /** aedes' session store in Redis: subscriptions, QoS 1/2 messages waiting for offline clients, wills. */
  export default function aedesPersistenceRedis(opts: { conn?: Redis; maxSessionDelivery?: number }): unknown;
}
