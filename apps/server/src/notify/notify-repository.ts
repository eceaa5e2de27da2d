import { and, asc, eq, sql } from 'drizzle-orm';
import type { NotifyChannelValues } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { departments, notifyChannels, notifyLogs } from '../db/schema/index.js';
import { dataScopeFilter } from '../system/access/data-scope.js';
import type { Principal } from '../system/access/principal.js';

export type NotifyChannelRow = typeof notifyChannels.$inferSelect;
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
}
