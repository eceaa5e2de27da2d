import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import type { PageQuery } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { contains, paginate } from '../../db/paging.js';
import { dictTypes } from '../../db/schema/index.js';

export type DictTypeRow = typeof dictTypes.$inferSelect;
export type DictTypeValues = Pick<DictTypeRow, 'dictName' | 'dictType' | 'status' | 'remark'>;

export class DictTypeRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: DictTypeRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new DictTypeRepository(tx as unknown as Db)));
  }

  page(q: PageQuery & { dictName?: string; dictType?: string; status?: string }) {
    const where = and(
      q.dictName ? ilike(dictTypes.dictName, contains(q.dictName)) : undefined,
      q.dictType ? ilike(dictTypes.dictType, contains(q.dictType)) : undefined,
      q.status ? eq(dictTypes.status, q.status) : undefined,
    );
    return paginate(
      q,
      (limit, offset) => this.db.select().from(dictTypes).where(where).orderBy(asc(dictTypes.dictId)).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(dictTypes).where(where))[0].n,
    );
  }

  async findById(dictId: number): Promise<DictTypeRow | undefined> {
    return (await this.db.select().from(dictTypes).where(eq(dictTypes.dictId, dictId)))[0];
  }

  async findByType(dictType: string): Promise<DictTypeRow | undefined> {
    return (await this.db.select().from(dictTypes).where(eq(dictTypes.dictType, dictType)))[0];
  }

  async insert(values: DictTypeValues): Promise<DictTypeRow> {
    return (await this.db.insert(dictTypes).values(values).returning())[0];
  }

  /** A renamed type carries its data with it (the foreign key cascades on update). */
  async update(dictId: number, values: DictTypeValues): Promise<void> {
    await this.db.update(dictTypes).set({ ...values, updatedAt: new Date() }).where(eq(dictTypes.dictId, dictId));
  }

  /** Deletes the types with their data and returns the ids that existed. */
  async delete(ids: number[]): Promise<number[]> {
    return (await this.db.delete(dictTypes).where(inArray(dictTypes.dictId, ids)).returning({ id: dictTypes.dictId })).map((r) => r.id);
  }
}
