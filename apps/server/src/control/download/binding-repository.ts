import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { controlBindings, controlPolicies, controlSets } from '../../db/schema/index.js';

/** What each terminal was last sent, and the documents the compiler reads. */
export class BindingRepository {
  constructor(private readonly db: Db) {}

  async bind(terminalId: number, source: string, sourceId: number, fingerprint: string): Promise<void> {
    await this.db
      .insert(controlBindings)
      .values({ terminalId, source, sourceId, fingerprint })
      .onConflictDoUpdate({ target: controlBindings.terminalId, set: { source, sourceId, fingerprint, boundAt: new Date() } });
  }

  async unbind(terminalId: number): Promise<void> {
    await this.db.delete(controlBindings).where(eq(controlBindings.terminalId, terminalId));
  }

  async policies(ids: number[]) {
    if (!ids.length) return new Map<number, typeof controlPolicies.$inferSelect>();
    const rows = await this.db.select().from(controlPolicies).where(inArray(controlPolicies.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Strategy sets by id with the policy each names. */
  async strategies(ids: number[]) {
    if (!ids.length) return new Map<number, number>();
    const rows = await this.db.select({ id: controlSets.id, data: controlSets.data }).from(controlSets).where(inArray(controlSets.id, ids));
    return new Map(rows.map((r) => [r.id, Number(r.data.policyId)]));
  }
}
