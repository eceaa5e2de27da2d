import { and, asc, count, desc, eq, ilike } from 'drizzle-orm';
import type { DeviceFamily, PageQuery } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { contains, paginate } from '../../db/paging.js';
import { controlTemplates } from '../../db/schema/index.js';

export type TemplateRecord = typeof controlTemplates.$inferSelect;
type NewTemplate = Omit<typeof controlTemplates.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Policy templates: shared programs per family, not owned by a department. */
export class TemplateRepository {
  constructor(private readonly db: Db) {}

  page(family: DeviceFamily, q: PageQuery & { name?: string }) {
    const where = and(eq(controlTemplates.family, family), q.name ? ilike(controlTemplates.name, contains(q.name)) : undefined);
    return paginate(
      q,
      (limit, offset) => this.db.select().from(controlTemplates).where(where).orderBy(desc(controlTemplates.id)).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(controlTemplates).where(where))[0].n,
    );
  }

  all(family?: DeviceFamily) {
    return this.db.select().from(controlTemplates).where(family ? eq(controlTemplates.family, family) : undefined).orderBy(asc(controlTemplates.family), asc(controlTemplates.name));
  }

  async find(id: number, family?: DeviceFamily): Promise<TemplateRecord | undefined> {
    const [row] = await this.db.select().from(controlTemplates).where(and(eq(controlTemplates.id, id), family ? eq(controlTemplates.family, family) : undefined));
    return row;
  }

  async insert(row: NewTemplate): Promise<number> {
    return (await this.db.insert(controlTemplates).values(row).returning({ id: controlTemplates.id }))[0].id;
  }

  async update(id: number, row: Partial<NewTemplate>): Promise<void> {
    await this.db.update(controlTemplates).set({ ...row, updatedAt: new Date() }).where(eq(controlTemplates.id, id));
  }

  async delete(id: number, family: DeviceFamily): Promise<boolean> {
    const rows = await this.db.delete(controlTemplates).where(and(eq(controlTemplates.id, id), eq(controlTemplates.family, family))).returning({ id: controlTemplates.id });
    return rows.length > 0;
  }

  async count(): Promise<number> {
    return (await this.db.select({ n: count() }).from(controlTemplates))[0].n;
  }
}
