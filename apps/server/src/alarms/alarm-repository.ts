import { and, count, desc, eq, gte, ilike, inArray, isNull, lte, not, sql, type SQL } from 'drizzle-orm';
import { AlarmStatus, type AlarmQuery } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { cappedCount, contains, paginate } from '../db/paging.js';
import { alarmReads, alarms, departments, heartbeats, terminals } from '../db/schema/index.js';
import { dataScopeFilter } from '../system/access/data-scope.js';
import type { Principal } from '../system/access/principal.js';
import { terminalRef } from '../devices/logs/records.js';

const readBy = (userId: number) =>
  sql<boolean>`exists (select 1 from ${alarmReads} where ${alarmReads.alarmId} = ${alarms.alarmId} and ${alarmReads.userId} = ${userId})`;
const scope = (p: Principal) => dataScopeFilter(p, { dept: alarms.deptId });
/** Awaiting handling: raised, dispatching, awaiting repair or repairing, and not cleared. */
const open = and(isNull(alarms.clearedAt), lte(alarms.status, AlarmStatus.repairing));

/** Reads of alarms in the caller's scope. Alarms carry their own department: the data scope applies to it, not to the terminal's. */
export class AlarmRepository {
  constructor(private readonly db: Db) {}

  private select(p: Principal, where: SQL | undefined) {
    const { alarmId, deptId, kind, severity, status, message, messageKey, value, loop, phase, raisedAt, clearedAt } = alarms;
    return this.db
      .select({ alarmId, deptId, kind, severity, status, message, messageKey, value, loop, phase: sql<string | null>`upper(${phase})`, raisedAt, clearedAt, ...terminalRef, read: readBy(p.userId) })
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
      q.family ? eq(terminals.family, q.family) : undefined,
      q.deptId ? eq(alarms.deptId, q.deptId) : undefined,
      q.read === '1' ? readBy(p.userId) : q.read === '0' ? not(readBy(p.userId)) : undefined,
      q.from ? gte(alarms.raisedAt, q.from) : undefined,
      q.to ? lte(alarms.raisedAt, q.to) : undefined,
    );
    return paginate(
      q,
      (limit, offset) => this.select(p, where).orderBy(desc(alarms.raisedAt), desc(alarms.alarmId)).limit(limit).offset(offset),
      () => {
        // Every alarm has its terminal (a cascading foreign key): the join is needed only to filter on the terminal.
        const counted = this.db.select({ one: sql`1` }).from(alarms).$dynamic();
        return cappedCount(this.db, (q.sn || q.family ? counted.innerJoin(terminals, eq(terminals.terminalId, alarms.terminalId)) : counted).where(and(scope(p), where)));
      },
    );
  }

  async find(p: Principal, alarmId: number) {
    return (await this.select(p, eq(alarms.alarmId, alarmId)))[0];
  }

  /** Where the terminal is, for the detail and the crew's navigation link. */
  async place(terminalId: number) {
    const [row] = await this.db.select({ name: terminals.name, lng: terminals.lng, lat: terminals.lat, address: terminals.address }).from(terminals).where(eq(terminals.terminalId, terminalId));
    return row ?? { name: '', lng: null, lat: null, address: '' };
  }

  /** The last heartbeat at or before a moment (the readings when the alarm was raised). */
  async readingAt(terminalId: number, at: Date) {
    const [row] = await this.db
      .select()
      .from(heartbeats)
      .where(and(eq(heartbeats.terminalId, terminalId), lte(heartbeats.ts, at)))
      .orderBy(desc(heartbeats.ts))
      .limit(1);
    return row;
  }

  latestUnread(p: Principal, limit: number) {
    return this.select(p, not(readBy(p.userId))).orderBy(desc(alarms.raisedAt), desc(alarms.alarmId)).limit(limit);
  }

  /** The open alarms in scope by kind, most first. */
  async openByKind(p: Principal): Promise<Array<{ kind: string; count: number }>> {
    return this.db
      .select({ kind: alarms.kind, count: count() })
      .from(alarms)
      .where(and(scope(p), open))
      .groupBy(alarms.kind)
      .orderBy(desc(count()), alarms.kind);
  }

  async openCount(p: Principal): Promise<number> {
    return (await this.db.select({ n: count() }).from(alarms).where(and(scope(p), open)))[0].n;
  }

  async unreadCount(p: Principal): Promise<number> {
    return (await this.db.select({ n: count() }).from(alarms).where(and(scope(p), not(readBy(p.userId)))))[0].n;
  }

  async visible(p: Principal, alarmIds: number[]): Promise<number[]> {
    return (await this.db.select({ id: alarms.alarmId }).from(alarms).where(and(scope(p), inArray(alarms.alarmId, alarmIds)))).map((r) => r.id);
  }

  async describe(alarmId: number, message: string): Promise<void> {
    await this.db.update(alarms).set({ message, messageKey: null, updatedAt: new Date() }).where(eq(alarms.alarmId, alarmId));
  }

  async deptPaths(deptIds: number[]): Promise<Map<number, string>> {
    if (!deptIds.length) return new Map();
    const rows = await this.db.select({ id: departments.deptId, path: departments.deptPath }).from(departments).where(inArray(departments.deptId, deptIds));
    return new Map(rows.map((r) => [r.id, r.path]));
  }

  async deptsOf(alarmIds: number[]): Promise<Array<number | null>> {
    return (await this.db.selectDistinct({ deptId: alarms.deptId }).from(alarms).where(inArray(alarms.alarmId, alarmIds))).map((r) => r.deptId);
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
