import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { LeafletQuery } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { contains, paginate } from '../db/paging.js';
import { controlSets, departments, leafletReceivers, leaflets, terminals, users } from '../db/schema/index.js';
import { dataScopeFilter } from '../system/access/data-scope.js';
import type { Principal } from '../system/access/principal.js';

export type LeafletRecord = typeof leaflets.$inferSelect & { deptName: string | null; createdByName: string };
export type NewLeaflet = Omit<typeof leaflets.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'status'>;

/** How many targets a row names by name (the rest are counted). */
const NAMED_TARGETS = 20;

const isReceiver = (userId: number) =>
  sql`exists (select 1 from ${leafletReceivers} where ${leafletReceivers.leafletId} = ${leaflets.id} and ${leafletReceivers.userId} = ${userId})`;
/** Leaflets of the caller's data scope of their department (a supervisor's view). */
const inScope = (p: Principal) => dataScopeFilter(p, { dept: leaflets.deptId, owner: leaflets.createdBy }) ?? sql`true`;

export class LeafletRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: LeafletRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new LeafletRepository(tx as unknown as Db)));
  }

  private select(where: SQL | undefined) {
    return this.db
      .select({ ...getTableColumns(leaflets), deptName: departments.deptName, createdByName: sql<string>`coalesce(${users.nickName}, '')` })
      .from(leaflets)
      .leftJoin(departments, eq(departments.deptId, leaflets.deptId))
      .leftJoin(users, eq(users.userId, leaflets.createdBy))
      .where(where)
      .$dynamic();
  }

  /** All leaflets in scope, or (mine) those sent to the caller, whose status filter then reads the caller's own receipt. */
  page(p: Principal, q: LeafletQuery, mine: boolean) {
    const myStatus = (s: number) => sql`exists (select 1 from ${leafletReceivers} where ${leafletReceivers.leafletId} = ${leaflets.id} and ${leafletReceivers.userId} = ${p.userId} and ${leafletReceivers.status} = ${s})`;
    const where = and(
      mine ? isReceiver(p.userId) : inScope(p),
      q.title ? ilike(leaflets.title, contains(q.title)) : undefined,
      q.status ? (mine ? myStatus(q.status) : eq(leaflets.status, q.status)) : undefined,
      q.overdue === undefined ? undefined : q.overdue ? and(lt(leaflets.dueAt, new Date()), lt(leaflets.status, 3)) : sql`not (${leaflets.dueAt} < now() and ${leaflets.status} < 3)`,
    );
    const order = mine ? [asc(sql`(${leaflets.status} = 3)`), asc(leaflets.dueAt), desc(leaflets.id)] : [desc(leaflets.id)];
    return paginate(
      q,
      (limit, offset) => this.select(where).orderBy(...order).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(leaflets).where(where))[0].n,
    );
  }

  /** A leaflet in the caller's scope, or (withReceived) also one sent to the caller. */
  async find(p: Principal, id: number, withReceived: boolean): Promise<LeafletRecord | undefined> {
    const visible = withReceived ? sql`(${inScope(p)} or ${isReceiver(p.userId)})` : inScope(p);
    return (await this.select(and(eq(leaflets.id, id), visible)))[0];
  }

  async insert(row: NewLeaflet, receiverIds: number[]): Promise<number> {
    const [{ id }] = await this.db.insert(leaflets).values(row).returning({ id: leaflets.id });
    await this.db.insert(leafletReceivers).values(receiverIds.map((userId) => ({ leafletId: id, userId })));
    return id;
  }

  async update(id: number, row: Partial<NewLeaflet>): Promise<void> {
    await this.db.update(leaflets).set({ ...row, updatedAt: new Date() }).where(eq(leaflets.id, id));
  }

  /** Receivers kept keep their progress; answers the ones added. */
  async setReceivers(id: number, receiverIds: number[]): Promise<number[]> {
    await this.db.delete(leafletReceivers).where(and(eq(leafletReceivers.leafletId, id), notInArray(leafletReceivers.userId, receiverIds)));
    const added = await this.db
      .insert(leafletReceivers)
      .values(receiverIds.map((userId) => ({ leafletId: id, userId })))
      .onConflictDoNothing()
      .returning({ userId: leafletReceivers.userId });
    await this.refreshStatus(id);
    return added.map((r) => r.userId);
  }

  /** Locks the leaflet, so receipts and edits of one leaflet apply one at a time and its overall status stays right. */
  async lock(id: number): Promise<{ status: number } | undefined> {
    return (await this.db.select({ status: leaflets.status }).from(leaflets).where(eq(leaflets.id, id)).for('update'))[0];
  }

  /** The caller's receipt, locked for a move (in a transaction). */
  async lockReceipt(id: number, userId: number) {
    return (await this.db.select().from(leafletReceivers).where(and(eq(leafletReceivers.leafletId, id), eq(leafletReceivers.userId, userId))).for('update'))[0];
  }

  async setReceipt(id: number, userId: number, patch: Partial<typeof leafletReceivers.$inferInsert>): Promise<void> {
    await this.db.update(leafletReceivers).set(patch).where(and(eq(leafletReceivers.leafletId, id), eq(leafletReceivers.userId, userId)));
    await this.refreshStatus(id);
  }

  /** The overall status: the lowest of the receivers'. */
  private async refreshStatus(id: number): Promise<void> {
    await this.db.execute(sql`update dispatch_leaflet set status = coalesce((select min(status) from dispatch_leaflet_receiver where leaflet_id = ${id}), 1) where id = ${id}`);
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(leaflets).where(eq(leaflets.id, id));
  }

  receiversOf(ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .select({ ...getTableColumns(leafletReceivers), nickName: users.nickName, phone: users.phone })
      .from(leafletReceivers)
      .innerJoin(users, eq(users.userId, leafletReceivers.userId))
      .where(inArray(leafletReceivers.leafletId, ids))
      .orderBy(leafletReceivers.userId);
  }

  /** The first targets of a leaflet by name: terminals (group mode 1) or area sets (2). */
  async targetNames(groupMode: number, ids: number[]): Promise<{ id: number; name: string }[]> {
    const first = ids.slice(0, NAMED_TARGETS);
    if (!first.length) return [];
    if (groupMode === 2) return this.db.select({ id: controlSets.id, name: controlSets.name }).from(controlSets).where(inArray(controlSets.id, first));
    return this.db.select({ id: terminals.terminalId, name: terminals.name }).from(terminals).where(inArray(terminals.terminalId, first));
  }

  /** Active users of the caller's data scope, by name, login or phone: whom a leaflet may be sent to. */
  receiverOptions(p: Principal, keyword?: string, ids?: number[]) {
    const like = keyword ? contains(keyword) : undefined;
    return this.db
      .select({ userId: users.userId, nickName: users.nickName, phone: users.phone, deptName: sql<string>`coalesce(${departments.deptName}, '')` })
      .from(users)
      .leftJoin(departments, eq(departments.deptId, users.deptId))
      .where(and(
        eq(users.status, '2'),
        dataScopeFilter(p, { dept: users.deptId, owner: users.userId }),
        ids ? inArray(users.userId, ids) : undefined,
        like ? sql`(${ilike(users.nickName, like)} or ${ilike(users.username, like)} or ${ilike(users.phone, like)})` : undefined,
      ))
      .orderBy(users.userId)
      .limit(ids ? ids.length : 50);
  }
}
