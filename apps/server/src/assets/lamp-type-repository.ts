import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { LampTypeQuery, LampTypeValues } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { contains, paginate } from '../db/paging.js';
import { departments, lampAssets, lampFaultOverrides, lampTypes } from '../db/schema/index.js';

export type LampTypeRow = typeof lampTypes.$inferSelect;
type Query = LampTypeQuery & { pageIndex: number; pageSize: number };
const lamps = sql<number>`(select count(*)::int from ${lampAssets} where ${lampAssets.lampTypeId} = ${lampTypes.lampTypeId})`;

/** The lamp-type catalogue and the departments' threshold overrides. */
export class LampTypeRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: LampTypeRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new LampTypeRepository(tx as unknown as Db)));
  }

  page(q: Query) {
    const where = and(
      q.manufacturer ? ilike(lampTypes.manufacturer, contains(q.manufacturer)) : undefined,
      q.model ? ilike(lampTypes.model, contains(q.model)) : undefined,
      q.driverType ? eq(lampTypes.driverType, q.driverType) : undefined,
    );
    return paginate(
      q,
      (limit, offset) => this.db.select({ type: lampTypes, lamps }).from(lampTypes).where(where).orderBy(asc(lampTypes.manufacturer), asc(lampTypes.model)).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(lampTypes).where(where))[0].n,
    );
  }

  all() {
    return this.db.select().from(lampTypes).orderBy(asc(lampTypes.manufacturer), asc(lampTypes.model));
  }

  async find(lampTypeId: number) {
    return (await this.db.select({ type: lampTypes, lamps }).from(lampTypes).where(eq(lampTypes.lampTypeId, lampTypeId)))[0];
  }

  async findByName(manufacturer: string, model: string): Promise<LampTypeRow | undefined> {
    return (await this.db.select().from(lampTypes).where(and(eq(lampTypes.manufacturer, manufacturer), eq(lampTypes.model, model))))[0];
  }

  async insert(values: LampTypeValues): Promise<LampTypeRow> {
    return (await this.db.insert(lampTypes).values(values).returning())[0];
  }

  async update(lampTypeId: number, values: LampTypeValues): Promise<void> {
    await this.db.update(lampTypes).set({ ...values, updatedAt: new Date() }).where(eq(lampTypes.lampTypeId, lampTypeId));
  }

  /** Lamps per type among `ids`, for the in-use check. */
  async usage(ids: number[]) {
    return this.db.select({ lampTypeId: lampAssets.lampTypeId, n: count() }).from(lampAssets).where(inArray(lampAssets.lampTypeId, ids)).groupBy(lampAssets.lampTypeId);
  }

  async delete(ids: number[]): Promise<number[]> {
    return (await this.db.delete(lampTypes).where(inArray(lampTypes.lampTypeId, ids)).returning({ id: lampTypes.lampTypeId })).map((r) => r.id);
  }

  overrides() {
    return this.db
      .select({ o: lampFaultOverrides, deptName: departments.deptName, manufacturer: lampTypes.manufacturer, model: lampTypes.model })
      .from(lampFaultOverrides)
      .innerJoin(departments, eq(departments.deptId, lampFaultOverrides.deptId))
      .innerJoin(lampTypes, eq(lampTypes.lampTypeId, lampFaultOverrides.lampTypeId))
      .orderBy(asc(lampFaultOverrides.deptId), asc(lampFaultOverrides.lampTypeId));
  }

  async saveOverride(values: typeof lampFaultOverrides.$inferInsert): Promise<void> {
    await this.db.insert(lampFaultOverrides).values(values).onConflictDoUpdate({
      target: [lampFaultOverrides.deptId, lampFaultOverrides.lampTypeId],
      set: { tolerancePct: values.tolerancePct, debounceS: values.debounceS, cyclingPerHour: values.cyclingPerHour },
    });
  }

  async deleteOverride(deptId: number, lampTypeId: number): Promise<boolean> {
    return (await this.db.delete(lampFaultOverrides).where(and(eq(lampFaultOverrides.deptId, deptId), eq(lampFaultOverrides.lampTypeId, lampTypeId))).returning()).length > 0;
  }
}
