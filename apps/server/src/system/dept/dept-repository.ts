import { and, asc, count, eq, ilike, inArray, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contains } from '../../db/paging.js';
import { departments, users } from '../../db/schema/index.js';
import { dataScopeFilter } from '../access/data-scope.js';
import type { Principal } from '../access/principal.js';

export type DeptRow = typeof departments.$inferSelect;
export type DeptValues = Omit<typeof departments.$inferInsert, 'deptId' | 'deptPath' | 'createdAt' | 'updatedAt'>;

export class DeptRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: DeptRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new DeptRepository(tx as unknown as Db)));
  }

  list(principal: Principal, filter: { deptName?: string; status?: string } = {}): Promise<DeptRow[]> {
    const where = and(
      dataScopeFilter(principal, { dept: departments.deptId }),
      filter.deptName ? ilike(departments.deptName, contains(filter.deptName)) : undefined,
      filter.status ? eq(departments.status, filter.status) : undefined,
    );
    return this.db.select().from(departments).where(where).orderBy(asc(departments.sort), asc(departments.deptId));
  }

  async findById(deptId: number): Promise<DeptRow | undefined> {
    return (await this.db.select().from(departments).where(eq(departments.deptId, deptId)))[0];
  }

  /** The department when it exists and lies in the principal's data scope. */
  async findVisible(p: Principal, deptId: number): Promise<DeptRow | undefined> {
    return (await this.db.select().from(departments).where(and(eq(departments.deptId, deptId), dataScopeFilter(p, { dept: departments.deptId }))))[0];
  }

  /** The ids among `ids` that lie in the principal's data scope. */
  async visibleIds(p: Principal, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: departments.deptId })
      .from(departments)
      .where(and(inArray(departments.deptId, ids), dataScopeFilter(p, { dept: departments.deptId })));
    return rows.map((r) => r.id);
  }

  /** The department at `deptPath` and every department below it. */
  async subtreeIds(deptPath: string): Promise<number[]> {
    const rows = await this.db
      .select({ id: departments.deptId })
      .from(departments)
      .where(or(eq(departments.deptPath, deptPath), like(departments.deptPath, `${deptPath}/%`)));
    return rows.map((r) => r.id);
  }

  async insert(values: DeptValues, parentPath: string): Promise<DeptRow> {
    const [row] = await this.db.insert(departments).values({ ...values, deptPath: '' }).returning();
    const [withPath] = await this.db
      .update(departments)
      .set({ deptPath: `${parentPath}/${row.deptId}` })
      .where(eq(departments.deptId, row.deptId))
      .returning();
    return withPath;
  }

  /** Updates the row; when it moved, rewrites its path and the paths of everything below it. */
  async update(deptId: number, values: DeptValues, oldPath: string, newPath: string): Promise<void> {
    await this.db.update(departments).set({ ...values, deptPath: newPath, updatedAt: new Date() }).where(eq(departments.deptId, deptId));
    if (oldPath !== newPath) {
      await this.db
        .update(departments)
        .set({ deptPath: sql`${newPath} || substr(${departments.deptPath}, ${oldPath.length + 1})` })
        .where(like(departments.deptPath, `${oldPath}/%`));
    }
  }

  async setSort(deptId: number, sort: number): Promise<void> {
    await this.db.update(departments).set({ sort, updatedAt: new Date() }).where(eq(departments.deptId, deptId));
  }

  async usage(deptId: number): Promise<{ children: number; users: number }> {
    const [children] = await this.db.select({ n: count() }).from(departments).where(eq(departments.parentId, deptId));
    const [members] = await this.db.select({ n: count() }).from(users).where(eq(users.deptId, deptId));
    return { children: children.n, users: members.n };
  }

  async delete(deptId: number): Promise<void> {
    await this.db.delete(departments).where(eq(departments.deptId, deptId));
  }
}
