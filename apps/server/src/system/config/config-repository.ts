import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { configs } from '../../db/schema/index.js';

export class ConfigRepository {
  constructor(private readonly db: Db) {}

  async values(keys: string[]): Promise<Record<string, string>> {
    const rows = await this.db.select().from(configs).where(inArray(configs.configKey, keys));
    return Object.fromEntries(rows.map((r) => [r.configKey, r.configValue]));
  }
}
