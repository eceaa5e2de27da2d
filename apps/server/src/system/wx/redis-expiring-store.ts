import type { Redis } from 'ioredis';
import type { ExpiringStore } from './expiring-store.js';

/** An ExpiringStore in Redis: keys `sl:{scope}:{key}` that Redis expires itself. */
export class RedisExpiringStore implements ExpiringStore {
  constructor(
    private readonly redis: Redis,
    private readonly scope: string,
    private readonly ttlMs: number,
  ) {}

  async put(key: string, value: string): Promise<void> {
    await this.redis.set(this.key(key), value, 'PX', this.ttlMs);
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.redis.get(this.key(key))) ?? undefined;
  }

  async take(key: string): Promise<string | undefined> {
    return (await this.redis.getdel(this.key(key))) ?? undefined;
  }

  private key(key: string) {
    return `sl:${this.scope}:${key}`;
  }
}
