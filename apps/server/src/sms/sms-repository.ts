import { and, count, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { SmsLogQuery } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { contains, paginate } from '../db/paging.js';
import { smsLogs, users } from '../db/schema/index.js';
import { dataScopeFilter } from '../system/access/data-scope.js';
import type { Principal } from '../system/access/principal.js';

export type SmsRow = typeof smsLogs.$inferSelect;

export class SmsRepository {
  constructor(private readonly db: Db) {}

  async insert(rows: Array<typeof smsLogs.$inferInsert>): Promise<SmsRow[]> {
    return rows.length ? this.db.insert(smsLogs).values(rows).returning() : [];
  }

  async settle(smsId: number, patch: Partial<typeof smsLogs.$inferInsert>): Promise<void> {
    await this.db.update(smsLogs).set(patch).where(eq(smsLogs.smsId, smsId));
  }

  /**
   * Claims pending messages whose next attempt is due: their next attempt moves to `leaseUntil`, in one statement
   * that skips rows another instance is claiming (`for update skip locked`), so each due attempt is made once. The
   * attempt settles the row; one that never does (the instance died) is due again when the lease ends.
   */
  due(now: Date, leaseUntil: Date, limit: number): Promise<SmsRow[]> {
    const claimable = this.db
      .select({ smsId: smsLogs.smsId })
      .from(smsLogs)
      .where(and(eq(smsLogs.state, 'pending'), lte(smsLogs.nextAttemptAt, now)))
      .orderBy(smsLogs.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db.update(smsLogs).set({ nextAttemptAt: leaseUntil }).where(inArray(smsLogs.smsId, claimable)).returning();
  }

  page(p: Principal, q: SmsLogQuery) {
    const where = and(
      or(dataScopeFilter(p, { dept: smsLogs.deptId, owner: smsLogs.userId }) ?? sql`true`, eq(smsLogs.userId, p.userId)),
      q.state ? eq(smsLogs.state, q.state) : undefined,
      q.phone ? sql`${smsLogs.phone} like ${contains(q.phone)}` : undefined,
      q.from ? gte(smsLogs.createdAt, q.from) : undefined,
      q.to ? lte(smsLogs.createdAt, q.to) : undefined,
    );
    return paginate(
      q,
      (limit, offset) =>
        this.db
          .select({ sms: smsLogs, userName: sql<string>`coalesce(${users.nickName}, '')` })
          .from(smsLogs)
          .leftJoin(users, eq(users.userId, smsLogs.userId))
          .where(where)
          .orderBy(desc(smsLogs.createdAt), desc(smsLogs.smsId))
          .limit(limit)
          .offset(offset),
      async () => (await this.db.select({ n: count() }).from(smsLogs).where(where))[0].n,
    );
  }

  phonesOf(userIds: number[]) {
    return this.db.select({ userId: users.userId, phone: users.phone, deptId: users.deptId }).from(users).where(inArray(users.userId, userIds));
  }

  /** The users among `userIds` the caller may see, with their phone numbers. */
  phones(p: Principal, userIds: number[]) {
    return this.db
      .select({ userId: users.userId, phone: users.phone, deptId: users.deptId })
      .from(users)
      .where(and(inArray(users.userId, userIds), dataScopeFilter(p, { dept: users.deptId, owner: users.userId })));
  }
}
