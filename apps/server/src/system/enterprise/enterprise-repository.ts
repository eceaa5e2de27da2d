import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import { STATUS_NORMAL, type PageQuery } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { contains, paginate } from '../../db/paging.js';
import { enterprises } from '../../db/schema/index.js';

export type EnterpriseRow = typeof enterprises.$inferSelect;
export type EnterpriseValues = Omit<typeof enterprises.$inferInsert, 'enterpriseId' | 'createdAt' | 'updatedAt'>;

export class EnterpriseRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: EnterpriseRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new EnterpriseRepository(tx as unknown as Db)));
  }

  page(q: PageQuery & { name?: string; code?: string; region?: string; status?: string }) {
    const where = and(
      q.name ? ilike(enterprises.name, contains(q.name)) : undefined,
      q.code ? ilike(enterprises.code, contains(q.code)) : undefined,
      q.region ? ilike(enterprises.region, contains(q.region)) : undefined,
      q.status ? eq(enterprises.status, q.status) : undefined,
    );
    return paginate(
      q,
      (limit, offset) => this.db.select().from(enterprises).where(where).orderBy(asc(enterprises.enterpriseId)).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(enterprises).where(where))[0].n,
    );
  }

  enabled() {
    return this.db
      .select({ enterpriseId: enterprises.enterpriseId, name: enterprises.name, code: enterprises.code })
      .from(enterprises)
      .where(eq(enterprises.status, STATUS_NORMAL))
      .orderBy(asc(enterprises.name), asc(enterprises.enterpriseId));
  }

  async findById(enterpriseId: number): Promise<EnterpriseRow | undefined> {
    return (await this.db.select().from(enterprises).where(eq(enterprises.enterpriseId, enterpriseId)))[0];
  }

  async findByCode(code: string): Promise<EnterpriseRow | undefined> {
    return (await this.db.select().from(enterprises).where(eq(enterprises.code, code)))[0];
  }

  async insert(values: EnterpriseValues): Promise<EnterpriseRow> {
    return (await this.db.insert(enterprises).values(values).returning())[0];
  }

  async update(enterpriseId: number, values: EnterpriseValues): Promise<void> {
    await this.db.update(enterprises).set({ ...values, updatedAt: new Date() }).where(eq(enterprises.enterpriseId, enterpriseId));
  }

  /** Deletes the rows and returns the ids that existed. */
  async delete(ids: number[]): Promise<number[]> {
    const rows = await this.db.delete(enterprises).where(inArray(enterprises.enterpriseId, ids)).returning({ id: enterprises.enterpriseId });
    return rows.map((r) => r.id);
  }
}
