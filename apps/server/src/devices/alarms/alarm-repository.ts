import { and, count, desc, eq, gte, ilike, inArray, lte, not, sql, type SQL } from 'drizzle-orm';
import type { AlarmQuery } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { contains, paginate } from '../../db/paging.js';
import { alarmReads, alarms, terminals } from '../../db/schema/index.js';
import { dataScopeFilter } from '../../system/access/data-scope.js';
import type { Principal } from '../../system/access/principal.js';
import { terminalRef } from '../logs/records.js';

const readBy = (userId: number) =>
  sql<boolean>`exists (select 1 from ${alarmReads} where ${alarmReads.alarmId} = ${alarms.alarmId} and ${alarmReads.userId} = ${userId})`;
const scope = (p: Principal) => dataScopeFilter(p, { dept: alarms.deptId });

/** Alarms carry their own department: the data scope applies to it, not to the terminal's. */
export class AlarmRepository {
  constructor(private readonly db: Db) {}

  private select(p: Principal, where: SQL | undefined) {
    const { alarmId, deptId, kind, status, message, value, loop, phase, raisedAt, clearedAt } = alarms;
    return this.db
      .select({ alarmId, deptId, kind, status, message, value, loop, phase, raisedAt, clearedAt, ...terminalRef, read: readBy(p.userId) })
      .from(alarms)
      .innerJoin(terminals, eq(terminals.terminalId, alarms.terminalId))
      .where(and(scope(p), where))
      .$dynamic();
  }

  page(p: Principal, q: AlarmQuery) {
    const where = and(
      q.status ? eq(alarms.status, q.status) : undefined,
      q.kind ? eq(alarms.kind, q.kind) : undefined,
      q.terminalId ? eq(alarms.terminalId, q.terminalId) : undefined,
      q.sn ? ilike(terminals.sn, contains(q.sn)) : undefined,
      q.from ? gte(alarms.raisedAt, q.from) : undefined,
      q.to ? lte(alarms.raisedAt, q.to) : undefined,
    );
    return paginate(
      q,
      (limit, offset) => this.select(p, where).orderBy(desc(alarms.raisedAt), desc(alarms.alarmId)).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(alarms).innerJoin(terminals, eq(terminals.terminalId, alarms.terminalId)).where(and(scope(p), where)))[0].n,
    );
  }

  async find(p: Principal, alarmId: number) {
    return (await this.select(p, eq(alarms.alarmId, alarmId)))[0];
  }

  latestUnread(p: Principal, limit: number) {
    return this.select(p, not(readBy(p.userId))).orderBy(desc(alarms.raisedAt), desc(alarms.alarmId)).limit(limit);
  }

  async unreadCount(p: Principal): Promise<number> {
    return (await this.db.select({ n: count() }).from(alarms).where(and(scope(p), not(readBy(p.userId)))))[0].n;
  }

  async visible(p: Principal, alarmIds: number[]): Promise<number[]> {
    return (await this.db.select({ id: alarms.alarmId }).from(alarms).where(and(scope(p), inArray(alarms.alarmId, alarmIds)))).map((r) => r.id);
  }

  async markRead(userId: number, alarmIds: number[]): Promise<void> {
    if (alarmIds.length) await this.db.insert(alarmReads).values(alarmIds.map((alarmId) => ({ alarmId, userId }))).onConflictDoNothing();
  }

  /** Marks every unread alarm in scope read in one statement; answers how many. */
  async markAllRead(p: Principal): Promise<number> {
    const result = await this.db.execute(sql`
      insert into ${alarmReads} (alarm_id, user_id)
      select ${alarms.alarmId}, ${p.userId}::int from ${alarms} where ${and(scope(p), not(readBy(p.userId))) ?? sql`true`}
      on conflict do nothing returning alarm_id`);
    // Both engines answer `{ rows }`.
    return (result as unknown as { rows: unknown[] }).rows.length;
  }
}
