import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { NoticeQuery } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { contains, paginate } from '../../db/paging.js';
import { departments, energyNotices, users } from '../../db/schema/index.js';
import { dataScopeFilter } from '../../system/access/data-scope.js';
import type { Principal } from '../../system/access/principal.js';

export type NoticeRecord = typeof energyNotices.$inferSelect & { deptName: string };
export type NewNotice = Omit<typeof energyNotices.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type NoticeReceipt = Pick<typeof energyNotices.$inferInsert, 'recvStatus' | 'recvContent' | 'recvName' | 'recvTime'>;

/**
 * Notices the principal may see: those of departments in the data scope, and always those of the
 * principal's own department, whose members are the notice's recipients.
 */
export function visibleNotices(p: Principal): SQL | undefined {
  const scope = dataScopeFilter(p, { dept: energyNotices.deptId });
  if (scope === undefined || p.deptId === null) return scope;
  return or(eq(energyNotices.deptId, p.deptId), scope);
}

export class NoticeRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: NoticeRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new NoticeRepository(tx as unknown as Db)));
  }

  private select(p: Principal, where: SQL | undefined) {
    return this.db
      .select({ ...getTableColumns(energyNotices), deptName: departments.deptName })
      .from(energyNotices)
      .innerJoin(departments, eq(departments.deptId, energyNotices.deptId))
      .where(and(visibleNotices(p), where))
      .$dynamic();
  }

  page(p: Principal, q: NoticeQuery) {
    const where = and(
      q.recvStatus !== undefined ? eq(energyNotices.recvStatus, q.recvStatus) : undefined,
      q.level !== undefined ? eq(energyNotices.level, q.level) : undefined,
      q.title ? ilike(energyNotices.sendTitle, contains(q.title)) : undefined,
      q.deptId ? eq(energyNotices.deptId, q.deptId) : undefined,
      q.from ? gte(energyNotices.sendTime, q.from) : undefined,
      q.to ? lte(energyNotices.sendTime, q.to) : undefined,
    );
    return paginate(
      q,
      (limit, offset) => this.select(p, where).orderBy(desc(energyNotices.sendTime), desc(energyNotices.id)).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(energyNotices).where(and(visibleNotices(p), where)))[0].n,
    );
  }

  async find(p: Principal, id: number): Promise<NoticeRecord | undefined> {
    return (await this.select(p, eq(energyNotices.id, id)))[0];
  }

  /** In insertion order. */
  findMany(p: Principal, ids: number[]): Promise<NoticeRecord[]> {
    return this.select(p, inArray(energyNotices.id, ids)).orderBy(asc(energyNotices.id));
  }

  /** The row's receipt state, locked until the transaction ends so two answers cannot both apply. */
  async lockReceipt(p: Principal, id: number) {
    const rows = await this.db
      .select({ recvStatus: energyNotices.recvStatus })
      .from(energyNotices)
      .where(and(visibleNotices(p), eq(energyNotices.id, id)))
      .for('update');
    return rows[0];
  }

  async unreadCount(p: Principal): Promise<number> {
    const where = and(visibleNotices(p), eq(energyNotices.recvStatus, 0));
    return (await this.db.select({ n: count() }).from(energyNotices).where(where))[0].n;
  }

  /** The ids among `deptIds` that exist and lie in the principal's data scope or are its own department. */
  async reachableDepts(p: Principal, deptIds: number[]): Promise<number[]> {
    const scope = dataScopeFilter(p, { dept: departments.deptId });
    const own = p.deptId === null ? undefined : eq(departments.deptId, p.deptId);
    const rows = await this.db
      .select({ id: departments.deptId })
      .from(departments)
      .where(and(inArray(departments.deptId, deptIds), scope && own ? or(own, scope) : scope));
    return rows.map((r) => r.id);
  }

  /** The names a notice records of a user: uniqueId, display name (nick name, else username) and department name. */
  async person(userId: number) {
    const [row] = await this.db
      .select({ uniqueId: users.uniqueId, nickName: users.nickName, username: users.username, deptName: departments.deptName })
      .from(users)
      .leftJoin(departments, eq(departments.deptId, users.deptId))
      .where(eq(users.userId, userId));
    return row && { uniqueId: row.uniqueId, name: row.nickName || row.username, deptName: row.deptName ?? '' };
  }

  async insert(rows: NewNotice[]): Promise<number[]> {
    return (await this.db.insert(energyNotices).values(rows).returning({ id: energyNotices.id })).map((r) => r.id);
  }

  async setReceipt(id: number, receipt: NoticeReceipt): Promise<void> {
    await this.db.update(energyNotices).set({ ...receipt, updatedAt: new Date() }).where(eq(energyNotices.id, id));
  }

  /**
   * Deletes the rows among `ids` whose department the data scope covers and returns the ids deleted. Being a
   * member of a notice's department lets one read and answer it, not delete it for everyone.
   */
  async delete(p: Principal, ids: number[]): Promise<number[]> {
    const rows = await this.db
      .delete(energyNotices)
      .where(and(dataScopeFilter(p, { dept: energyNotices.deptId }), inArray(energyNotices.id, ids)))
      .returning({ id: energyNotices.id });
    return rows.map((r) => r.id);
  }
}

