import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import { STATUS_NORMAL, type PageQuery } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { contains, paginate } from '../../db/paging.js';
import { dictData, dictTypes } from '../../db/schema/index.js';

export type DictDataRow = typeof dictData.$inferSelect;
export type DictDataValues = Omit<typeof dictData.$inferInsert, 'dictCode' | 'createdAt' | 'updatedAt'>;

const order = [asc(dictData.dictType), asc(dictData.dictSort), asc(dictData.dictCode)];

export class DictDataRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: DictDataRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new DictDataRepository(tx as unknown as Db)));
  }

  page(q: PageQuery & { dictType?: string; dictLabel?: string; status?: string }) {
    const where = and(
      q.dictType ? eq(dictData.dictType, q.dictType) : undefined,
      q.dictLabel ? or(ilike(dictData.dictLabel, contains(q.dictLabel)), ilike(dictData.dictLabelEn, contains(q.dictLabel))) : undefined,
      q.status ? eq(dictData.status, q.status) : undefined,
    );
    return paginate(
      q,
      (limit, offset) => this.db.select().from(dictData).where(where).orderBy(...order).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(dictData).where(where))[0].n,
    );
  }

  /** Every row of one type, or of all types, for the export. */
  all(dictType?: string): Promise<DictDataRow[]> {
    return this.db.select().from(dictData).where(dictType ? eq(dictData.dictType, dictType) : undefined).orderBy(...order);
  }

  /** The enabled values of an enabled type, in display order. */
  options(dictType: string) {
    return this.db
      .select({ dictLabel: dictData.dictLabel, dictLabelEn: dictData.dictLabelEn, dictValue: dictData.dictValue, listClass: dictData.listClass, isDefault: dictData.isDefault })
      .from(dictData)
      .innerJoin(dictTypes, eq(dictTypes.dictType, dictData.dictType))
      .where(and(eq(dictData.dictType, dictType), eq(dictData.status, STATUS_NORMAL), eq(dictTypes.status, STATUS_NORMAL)))
      .orderBy(asc(dictData.dictSort), asc(dictData.dictCode));
  }

  async findById(dictCode: number): Promise<DictDataRow | undefined> {
    return (await this.db.select().from(dictData).where(eq(dictData.dictCode, dictCode)))[0];
  }

  async findByValue(dictType: string, dictValue: string): Promise<DictDataRow | undefined> {
    return (await this.db.select().from(dictData).where(and(eq(dictData.dictType, dictType), eq(dictData.dictValue, dictValue))))[0];
  }

  async typeExists(dictType: string): Promise<boolean> {
    return (await this.db.select({ id: dictTypes.dictId }).from(dictTypes).where(eq(dictTypes.dictType, dictType))).length > 0;
  }

  async insert(values: DictDataValues): Promise<DictDataRow> {
    return (await this.db.insert(dictData).values(values).returning())[0];
  }

  async update(dictCode: number, values: DictDataValues): Promise<void> {
    await this.db.update(dictData).set({ ...values, updatedAt: new Date() }).where(eq(dictData.dictCode, dictCode));
  }

  async delete(ids: number[]): Promise<number[]> {
    return (await this.db.delete(dictData).where(inArray(dictData.dictCode, ids)).returning({ id: dictData.dictCode })).map((r) => r.id);
  }
}
