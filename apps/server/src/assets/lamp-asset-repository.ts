import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { LampAssetQuery } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { contains, paginate } from '../db/paging.js';
import { alarms, departments, lampAssets, lampHealth, lampTypes, terminals } from '../db/schema/index.js';
import { dataScopeFilter } from '../system/access/data-scope.js';
import type { Principal } from '../system/access/principal.js';

export type LampAssetRow = typeof lampAssets.$inferSelect;
export type LampAssetInsert = Omit<typeof lampAssets.$inferInsert, 'assetId' | 'createdAt' | 'updatedAt' | 'repairs' | 'lastRepairAt'>;
type Query = LampAssetQuery & { pageIndex: number; pageSize: number };

export const assetScope = (p: Principal) => dataScopeFilter(p, { dept: lampAssets.deptId });

/** The register of lamps and cabinet circuits, always read within the caller's data scope. */
export class LampAssetRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: LampAssetRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new LampAssetRepository(tx as unknown as Db)));
  }

  private select(where: SQL | undefined) {
    return this.db
      .select({
        asset: lampAssets, typeName: sql<string>`${lampTypes.manufacturer} || ' ' || ${lampTypes.model}`, ratedPowerW: lampTypes.ratedPowerW, ratedLifeH: lampTypes.ratedLifeH,
        terminalSn: terminals.sn, terminalName: terminals.name, deptName: departments.deptName, lng: terminals.lng, lat: terminals.lat, burnHours: lampHealth.burnHours,
      })
      .from(lampAssets)
      .innerJoin(lampTypes, eq(lampTypes.lampTypeId, lampAssets.lampTypeId))
      .leftJoin(terminals, eq(terminals.terminalId, lampAssets.terminalId))
      .leftJoin(departments, eq(departments.deptId, lampAssets.deptId))
      .leftJoin(lampHealth, eq(lampHealth.assetId, lampAssets.assetId))
      .where(where)
      .$dynamic();
  }

  private filter(p: Principal, q: Partial<Query>, today: string) {
    return and(
      assetScope(p),
      q.poleNo ? ilike(lampAssets.poleNo, contains(q.poleNo)) : undefined,
      q.lampTypeId ? eq(lampAssets.lampTypeId, q.lampTypeId) : undefined,
      q.deptId ? eq(lampAssets.deptId, q.deptId) : undefined,
      q.supplier ? ilike(lampAssets.supplier, contains(q.supplier)) : undefined,
      q.warranty === 'expired' ? sql`${lampAssets.warrantyEnd} < ${today}` : undefined,
      q.warranty === 'active' ? sql`${lampAssets.warrantyEnd} >= ${today}` : undefined,
    );
  }

  page(p: Principal, q: Query, today: string) {
    const where = this.filter(p, q, today);
    return paginate(
      q,
      (limit, offset) => this.select(where).orderBy(asc(lampAssets.poleNo), asc(lampAssets.assetId)).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(lampAssets).where(where))[0].n,
    );
  }

  /** Every record the filter matches (the export), up to `limit`. */
  all(p: Principal, q: Partial<Query>, today: string, limit: number) {
    return this.select(this.filter(p, q, today)).orderBy(asc(lampAssets.poleNo), asc(lampAssets.assetId)).limit(limit);
  }

  async find(p: Principal, assetId: number) {
    return (await this.select(and(eq(lampAssets.assetId, assetId), assetScope(p))))[0];
  }

  byPole(p: Principal, poleNo: string) {
    return this.select(and(eq(lampAssets.poleNo, poleNo), assetScope(p))).orderBy(asc(lampAssets.assetId));
  }

  visibleIds(p: Principal, ids: number[]) {
    return this.db.select({ id: lampAssets.assetId }).from(lampAssets).where(and(inArray(lampAssets.assetId, ids), assetScope(p)));
  }

  openAlarms(terminalIds: number[]) {
    if (!terminalIds.length) return Promise.resolve([]);
    return this.db
      .select({ alarmId: alarms.alarmId, kind: alarms.kind, raisedAt: alarms.raisedAt, message: alarms.message })
      .from(alarms)
      .where(and(inArray(alarms.terminalId, terminalIds), sql`${alarms.clearedAt} is null`, sql`${alarms.status} in (1, 2, 3, 4, 7)`))
      .orderBy(asc(alarms.raisedAt));
  }

  /** The terminal a record may link, within the caller's scope. */
  async terminal(p: Principal, terminalId: number) {
    return (await this.db
      .select({ terminalId: terminals.terminalId, model: terminals.model, deptId: terminals.deptId })
      .from(terminals)
      .where(and(eq(terminals.terminalId, terminalId), dataScopeFilter(p, { dept: terminals.deptId }))))[0];
  }

  async deptVisible(p: Principal, deptId: number): Promise<boolean> {
    return (await this.db.select({ id: departments.deptId }).from(departments).where(and(eq(departments.deptId, deptId), dataScopeFilter(p, { dept: departments.deptId })))).length > 0;
  }

  /** Terminals by serial number and departments in scope, for the import. */
  terminalsBySn(p: Principal, sns: string[]) {
    if (!sns.length) return Promise.resolve([]);
    return this.db
      .select({ terminalId: terminals.terminalId, sn: terminals.sn, model: terminals.model, deptId: terminals.deptId })
      .from(terminals)
      .where(and(inArray(terminals.sn, sns), dataScopeFilter(p, { dept: terminals.deptId })));
  }

  deptsInScope(p: Principal) {
    return this.db.select({ deptId: departments.deptId, parentId: departments.parentId, deptName: departments.deptName }).from(departments).where(dataScopeFilter(p, { dept: departments.deptId }));
  }

  /** Records keyed by pole, controller and circuit (the import's match), among `poleNos`. */
  keyed(poleNos: string[]) {
    if (!poleNos.length) return Promise.resolve([]);
    return this.db.select().from(lampAssets).where(inArray(lampAssets.poleNo, poleNos));
  }

  async insert(values: LampAssetInsert): Promise<LampAssetRow> {
    return (await this.db.insert(lampAssets).values(values).returning())[0];
  }

  async insertMany(values: LampAssetInsert[]): Promise<number> {
    if (!values.length) return 0;
    return (await this.db.insert(lampAssets).values(values).returning({ id: lampAssets.assetId })).length;
  }

  async update(assetId: number, values: Partial<LampAssetInsert>): Promise<void> {
    await this.db.update(lampAssets).set({ ...values, updatedAt: new Date() }).where(eq(lampAssets.assetId, assetId));
  }

  async delete(p: Principal, ids: number[]): Promise<number[]> {
    return (await this.db.delete(lampAssets).where(and(inArray(lampAssets.assetId, ids), assetScope(p))).returning({ id: lampAssets.assetId })).map((r) => r.id);
  }
}
