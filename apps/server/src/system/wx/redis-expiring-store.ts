import type { Redis } from 'ioredis';
import type { ExpiringStore } from './expiring-store.js';

/** An ExpiringStore in Redis: keys `{prefix}{scope}:{key}` (prefix `sl:{installation}:`) that Redis expires itself. */
export class RedisExpiringStore implements ExpiringStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: () => Promise<string>,
    private readonly scope: string,
    private readonly ttlMs: number,
  ) {}

  async put(key: string, value: string): Promise<void> {
    await this.redis.set(await this.key(key), value, 'PX', this.ttlMs);
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.redis.get(await this.key(key))) ?? undefined;
  }

  async take(key: string): Promise<string | undefined> {
    return (await this.redis.getdel(await this.key(key))) ?? undefined;
  }

  private async key(key: string) {
    return `${await this.prefix()}${this.scope}:${key}`;
  }
}
