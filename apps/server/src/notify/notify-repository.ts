import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { NotifyChannelValues } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { departments, notifyChannels, notifyLogs } from '../db/schema/index.js';
import { dataScopeFilter } from '../system/access/data-scope.js';
import type { Principal } from '../system/access/principal.js';

export type NotifyChannelRow = typeof notifyChannels.$inferSelect;
export type NotifyLogRow = typeof notifyLogs.$inferSelect;
type Values = Omit<NotifyChannelValues, 'deptId'> & { deptId: number };

/** The only place that writes notice channels and their delivery log. */
export class NotifyRepository {
  constructor(private readonly db: Db) {}

  /** The channels of departments in the caller's scope (of one department when given), with the department's name. */
  list(p: Principal, deptId?: number) {
    return this.db.select({ channel: notifyChannels, deptName: departments.deptName }).from(notifyChannels)
      .innerJoin(departments, eq(departments.deptId, notifyChannels.deptId))
      .where(and(dataScopeFilter(p, { dept: notifyChannels.deptId }), deptId === undefined ? undefined : eq(notifyChannels.deptId, deptId)))
      .orderBy(asc(notifyChannels.deptId), asc(notifyChannels.channelId));
  }

  async findVisible(p: Principal, channelId: number): Promise<NotifyChannelRow | undefined> {
    const [row] = await this.db.select().from(notifyChannels).where(and(eq(notifyChannels.channelId, channelId), dataScopeFilter(p, { dept: notifyChannels.deptId })));
    return row;
  }

  async insert(values: Values): Promise<NotifyChannelRow> {
    const [row] = await this.db.insert(notifyChannels).values(values).returning();
    return row;
  }

  async update(channelId: number, values: Values): Promise<NotifyChannelRow | undefined> {
    const [row] = await this.db.update(notifyChannels).set({ ...values, updatedAt: new Date() }).where(eq(notifyChannels.channelId, channelId)).returning();
    return row;
  }

  async remove(channelId: number): Promise<boolean> {
    return (await this.db.delete(notifyChannels).where(eq(notifyChannels.channelId, channelId)).returning({ id: notifyChannels.channelId })).length > 0;
  }

  /** The enabled channels of the department and of every department above it (an alarm concerns them all). */
  forDept(deptId: number | null): Promise<NotifyChannelRow[]> {
    const governing = deptId === null
      ? sql`${notifyChannels.deptId} in (select dept_id from sys_dept where parent_id = 0)`
      : sql`${notifyChannels.deptId} in (select a.dept_id from sys_dept d join sys_dept a on d.dept_path = a.dept_path or d.dept_path like a.dept_path || '/%' where d.dept_id = ${deptId})`;
    return this.db.select().from(notifyChannels).where(and(eq(notifyChannels.enabled, true), governing)).orderBy(asc(notifyChannels.channelId));
  }

  async log(rows: Array<typeof notifyLogs.$inferInsert>): Promise<void> {
    if (rows.length) await this.db.insert(notifyLogs).values(rows);
  }

  async settle(logId: number, patch: Partial<typeof notifyLogs.$inferInsert>): Promise<void> {
    await this.db.update(notifyLogs).set(patch).where(eq(notifyLogs.logId, logId));
  }

  /**
   * Claims the deliveries to retry whose next attempt is due, with their channels: the next attempt moves to
   * `leaseUntil` in one statement that skips rows another instance is claiming, so each attempt is made once. The
   * attempt settles the row; one that never does (the instance died) is due again when the lease ends.
   */
  async due(now: Date, leaseUntil: Date, limit: number): Promise<Array<{ log: NotifyLogRow; channel: NotifyChannelRow | undefined }>> {
    const claimable = this.db.select({ logId: notifyLogs.logId }).from(notifyLogs)
      .where(and(eq(notifyLogs.state, 'retrying'), lte(notifyLogs.nextAttemptAt, now)))
      .orderBy(notifyLogs.nextAttemptAt).limit(limit).for('update', { skipLocked: true });
    const logs = await this.db.update(notifyLogs).set({ nextAttemptAt: leaseUntil }).where(inArray(notifyLogs.logId, claimable)).returning();
    const ids = [...new Set(logs.flatMap((l) => (l.channelId === null ? [] : [l.channelId])))];
    const channels = ids.length ? await this.db.select().from(notifyChannels).where(inArray(notifyChannels.channelId, ids)) : [];
    return logs.map((log) => ({ log, channel: channels.find((c) => c.channelId === log.channelId) }));
  }
}
