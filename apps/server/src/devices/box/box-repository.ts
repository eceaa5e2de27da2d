import { and, asc, count, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { contains, paginate } from '../../db/paging.js';
import { departments, terminalBoxes, terminals } from '../../db/schema/index.js';
import { dataScopeFilter } from '../../system/access/data-scope.js';
import type { Principal } from '../../system/access/principal.js';

export type BoxValues = Omit<typeof terminalBoxes.$inferInsert, 'boxId' | 'createdAt' | 'updatedAt'>;
export interface BoxFilter {
  name?: string;
  code?: string;
  deptId?: number;
}

const columns = {
  box: terminalBoxes,
  deptName: sql<string>`coalesce(${departments.deptName}, '')`,
  terminalCount: sql<number>`(select count(*)::int from terminal t where t.box_id = ${terminalBoxes.boxId})`,
};

/** Terminal boxes; every read and write is limited to the caller's data scope through the box's department. */
export class BoxRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: BoxRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new BoxRepository(tx as unknown as Db)));
  }

  private where(p: Principal, f: BoxFilter, extra?: SQL) {
    return and(
      dataScopeFilter(p, { dept: terminalBoxes.deptId }),
      f.name ? ilike(terminalBoxes.name, contains(f.name)) : undefined,
      f.code ? ilike(terminalBoxes.code, contains(f.code)) : undefined,
      f.deptId ? eq(terminalBoxes.deptId, f.deptId) : undefined,
      extra,
    );
  }

  private select(where: SQL | undefined) {
    return this.db.select(columns).from(terminalBoxes).leftJoin(departments, eq(departments.deptId, terminalBoxes.deptId)).where(where).orderBy(asc(terminalBoxes.boxId));
  }

  page(p: Principal, q: PageQuery & BoxFilter) {
    const where = this.where(p, q);
    return paginate(
      q,
      (limit, offset) => this.select(where).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(terminalBoxes).where(where))[0].n,
    );
  }

  async find(p: Principal, boxId: number) {
    return (await this.select(this.where(p, {}, eq(terminalBoxes.boxId, boxId))))[0];
  }

  async visibleIds(p: Principal, ids: number[]): Promise<number[]> {
    return (await this.db.select({ id: terminalBoxes.boxId }).from(terminalBoxes).where(this.where(p, {}, inArray(terminalBoxes.boxId, ids)))).map((r) => r.id);
  }

  async codeTaken(code: string, ownId?: number): Promise<boolean> {
    const rows = await this.db.select({ id: terminalBoxes.boxId }).from(terminalBoxes).where(and(eq(terminalBoxes.code, code), ownId ? ne(terminalBoxes.boxId, ownId) : undefined));
    return rows.length > 0;
  }

  /** The boxes among `ids` that still hold terminals, whoever can see those terminals. */
  async occupied(ids: number[]): Promise<number[]> {
    const rows = await this.db.selectDistinct({ id: terminals.boxId }).from(terminals).where(inArray(terminals.boxId, ids));
    return rows.map((r) => r.id!);
  }

  async insert(values: BoxValues): Promise<number> {
    return (await this.db.insert(terminalBoxes).values(values).returning({ id: terminalBoxes.boxId }))[0].id;
  }

  async update(boxId: number, values: BoxValues): Promise<void> {
    await this.db.update(terminalBoxes).set({ ...values, updatedAt: new Date() }).where(eq(terminalBoxes.boxId, boxId));
  }

  async delete(ids: number[]): Promise<void> {
    await this.db.delete(terminalBoxes).where(inArray(terminalBoxes.boxId, ids));
  }
}
