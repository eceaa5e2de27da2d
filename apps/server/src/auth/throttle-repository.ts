import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authThrottle } from '../db/schema/index.js';
import type { ThrottleRule, ThrottleStore } from './login-throttle.js';

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * Attempt counters in `sys_auth_throttle`, one row per key. Each method is one statement, so concurrent attempts on
 * any instance are counted one by one: `reserve` counts and checks in the same `INSERT … ON CONFLICT DO UPDATE`.
 */
export class ThrottleRepository implements ThrottleStore {
  constructor(private readonly db: Db) {}

  async reserve(key: string, rule: ThrottleRule, now: number): Promise<number | undefined> {
    // A window that is over, or a lock that has ended, starts the count afresh.
    const fresh = sql`(${authThrottle.windowStart} <= ${at(now - rule.windowMs)} or ${authThrottle.lockedUntil} <= ${at(now)})`;
    const expiresAt = new Date(now + Math.max(rule.windowMs, rule.lockMs));
    const counted = await this.db
      .insert(authThrottle)
      .values({ key, failures: 1, windowStart: new Date(now), lockedUntil: null, expiresAt })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`case when ${fresh} then 1 else ${authThrottle.failures} + 1 end`,
          windowStart: sql`case when ${fresh} then ${at(now)} else ${authThrottle.windowStart} end`,
          lockedUntil: sql`case when ${fresh} then null else ${authThrottle.lockedUntil} end`,
          expiresAt: sql`greatest(${authThrottle.expiresAt}, ${expiresAt.toISOString()}::timestamptz)`,
        },
        setWhere: sql`${fresh} or (${authThrottle.lockedUntil} is null and ${authThrottle.failures} < ${rule.limit})`,
      })
      .returning({ failures: authThrottle.failures });
    if (counted.length) return undefined;
    const [row] = await this.db.select({ lockedUntil: authThrottle.lockedUntil }).from(authThrottle).where(eq(authThrottle.key, key));
    const locked = row?.lockedUntil ? new Date(row.lockedUntil).getTime() : 0;
    // Full of attempts still being compared: if they fail, the lock starts now.
    return locked > now ? locked : now + rule.lockMs;
  }

  async release(key: string): Promise<void> {
    await this.db
      .update(authThrottle)
      .set({ failures: sql`greatest(${authThrottle.failures} - 1, 0)` })
      .where(eq(authThrottle.key, key));
  }

  async fail(key: string, rule: ThrottleRule, now: number): Promise<void> {
    await this.db
      .update(authThrottle)
      .set({
        lockedUntil: sql`case when ${authThrottle.failures} >= ${rule.limit} then ${at(now + rule.lockMs)} else ${authThrottle.lockedUntil} end`,
        expiresAt: sql`greatest(${authThrottle.expiresAt}, ${at(now + rule.lockMs)})`,
      })
      .where(eq(authThrottle.key, key));
  }

  /**
   * Counts one call on `key` in a window that starts at its first call and lasts `windowMs` (rate limits: the open
   * API's per client, its token endpoint's per client and address). One statement, so every instance shares it.
   */
  async countInWindow(key: string, windowMs: number, now: number): Promise<{ count: number; windowStart: number }> {
    const fresh = sql`${authThrottle.windowStart} <= ${at(now - windowMs)}`;
    const [row] = await this.db
      .insert(authThrottle)
      .values({ key, failures: 1, windowStart: new Date(now), lockedUntil: null, expiresAt: new Date(now + windowMs) })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`case when ${fresh} then 1 else ${authThrottle.failures} + 1 end`,
          windowStart: sql`case when ${fresh} then ${at(now)} else ${authThrottle.windowStart} end`,
          expiresAt: sql`case when ${fresh} then ${at(now + windowMs)} else ${authThrottle.expiresAt} end`,
        },
      })
      .returning({ count: authThrottle.failures, windowStart: authThrottle.windowStart });
    return { count: row.count, windowStart: new Date(row.windowStart).getTime() };
  }

  async purge(now: number): Promise<void> {
    await this.db.delete(authThrottle).where(lt(authThrottle.expiresAt, new Date(now)));
  }
}
