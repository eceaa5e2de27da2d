import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { controlBindings, controlPolicies, controlSets } from '../../db/schema/index.js';

/** What each terminal was last sent, and the documents the compiler reads. */
export class BindingRepository {
  constructor(private readonly db: Db) {}

  /** Records what terminals were sent, in one statement. */
  async bindMany(rows: Array<{ terminalId: number; source: string; sourceId: number; fingerprint: string }>): Promise<void> {
    if (!rows.length) return;
    await this.db
      .insert(controlBindings)
      .values(rows)
      .onConflictDoUpdate({ target: controlBindings.terminalId, set: { source: sql`excluded.source`, sourceId: sql`excluded.source_id`, fingerprint: sql`excluded.fingerprint`, boundAt: sql`now()` } });
  }

  async unbindMany(terminalIds: number[]): Promise<void> {
    if (terminalIds.length) await this.db.delete(controlBindings).where(inArray(controlBindings.terminalId, terminalIds));
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
