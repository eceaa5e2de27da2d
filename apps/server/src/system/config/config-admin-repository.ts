import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import type { PageQuery } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { contains, paginate } from '../../db/paging.js';
import { configs } from '../../db/schema/index.js';

export type ConfigRow = typeof configs.$inferSelect;
export type ConfigValues = Pick<ConfigRow, 'configName' | 'configKey' | 'configValue' | 'configType' | 'isFrontend' | 'remark'>;

/** The parameter table as the administration pages edit it; ConfigRepository only reads values. */
export class ConfigAdminRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: ConfigAdminRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new ConfigAdminRepository(tx as unknown as Db)));
  }

  page(q: PageQuery & { configName?: string; configKey?: string; configType?: string }) {
    const where = and(
      q.configName ? ilike(configs.configName, contains(q.configName)) : undefined,
      q.configKey ? ilike(configs.configKey, contains(q.configKey)) : undefined,
      q.configType ? eq(configs.configType, q.configType) : undefined,
    );
    return paginate(
      q,
      (limit, offset) => this.db.select().from(configs).where(where).orderBy(asc(configs.configId)).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(configs).where(where))[0].n,
    );
  }

  async findById(configId: number): Promise<ConfigRow | undefined> {
    return (await this.db.select().from(configs).where(eq(configs.configId, configId)))[0];
  }

  async findByKey(configKey: string): Promise<ConfigRow | undefined> {
    return (await this.db.select().from(configs).where(eq(configs.configKey, configKey)))[0];
  }

  findByIds(ids: number[]): Promise<ConfigRow[]> {
    return this.db.select().from(configs).where(inArray(configs.configId, ids));
  }

  async insert(values: ConfigValues): Promise<ConfigRow> {
    return (await this.db.insert(configs).values(values).returning())[0];
  }

  async update(configId: number, values: ConfigValues): Promise<void> {
    await this.db.update(configs).set({ ...values, updatedAt: new Date() }).where(eq(configs.configId, configId));
  }

  async delete(ids: number[]): Promise<void> {
    await this.db.delete(configs).where(inArray(configs.configId, ids));
  }
}
