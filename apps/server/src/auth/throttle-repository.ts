import { and, eq, gt, inArray, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authThrottle } from '../db/schema/index.js';
import type { ThrottleRule, ThrottleStore } from './login-throttle.js';

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/** Failure counters in `sys_auth_throttle`: one row per key, updated atomically so concurrent instances count every failure. */
export class ThrottleRepository implements ThrottleStore {
  constructor(private readonly db: Db) {}

  async lockedUntil(keys: string[], now: number): Promise<number | undefined> {
    const [row] = await this.db
      .select({ until: max(authThrottle.lockedUntil) })
      .from(authThrottle)
      .where(and(inArray(authThrottle.key, keys), gt(authThrottle.lockedUntil, new Date(now))));
    return row?.until ? new Date(row.until).getTime() : undefined;
  }

  async recordFailure(key: string, rule: ThrottleRule, now: number): Promise<void> {
    const windowOver = sql`${authThrottle.windowStart} <= ${at(now - rule.windowMs)}`;
    const failures = sql`case when ${windowOver} then 1 else ${authThrottle.failures} + 1 end`;
    const expiresAt = new Date(now + Math.max(rule.windowMs, rule.lockMs));
    await this.db
      .insert(authThrottle)
      .values({ key, failures: 1, windowStart: new Date(now), lockedUntil: rule.limit <= 1 ? new Date(now + rule.lockMs) : null, expiresAt })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures,
          windowStart: sql`case when ${windowOver} then ${at(now)} else ${authThrottle.windowStart} end`,
          lockedUntil: sql`case when ${failures} >= ${rule.limit} then ${at(now + rule.lockMs)} else ${authThrottle.lockedUntil} end`,
          expiresAt,
        },
      });
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(authThrottle).where(eq(authThrottle.key, key));
  }

  async purge(now: number): Promise<void> {
    await this.db.delete(authThrottle).where(lt(authThrottle.expiresAt, new Date(now)));
  }
}
