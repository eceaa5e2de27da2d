import { and, count, desc, eq, gt, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contains, paginate } from '../../db/paging.js';
import { controlEmergencies } from '../../db/schema/index.js';
import { dataScopeFilter } from '../../system/access/data-scope.js';
import type { Principal } from '../../system/access/principal.js';

export type EmergencyRecord = typeof controlEmergencies.$inferSelect;
type NewEmergency = Omit<typeof controlEmergencies.$inferInsert, 'id' | 'createdAt'>;

const scope = (p: Principal) => dataScopeFilter(p, { dept: controlEmergencies.deptId, owner: controlEmergencies.createdBy });

/** The state filter as SQL at `now`. */
function stateIs(state: string | undefined, now: Date): SQL | undefined {
  if (state === 'scheduled') return gt(controlEmergencies.startAt, now);
  if (state === 'active') return and(lte(controlEmergencies.startAt, now), gt(controlEmergencies.expireAt, now));
  if (state === 'expired') return lte(controlEmergencies.expireAt, now);
  return undefined;
}

export class EmergencyRepository {
  constructor(private readonly db: Db) {}

  /** Newest first: the order in which overrides win. */
  page(p: Principal, q: { pageIndex: number; pageSize: number; name?: string; state?: string }, now: Date) {
    const where = and(scope(p), q.name ? ilike(controlEmergencies.name, contains(q.name)) : undefined, stateIs(q.state, now));
    return paginate(
      q,
      (limit, offset) => this.db.select().from(controlEmergencies).where(where).orderBy(desc(controlEmergencies.id)).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(controlEmergencies).where(where))[0].n,
    );
  }

  async find(p: Principal, id: number): Promise<EmergencyRecord | undefined> {
    const [row] = await this.db.select().from(controlEmergencies).where(and(scope(p), eq(controlEmergencies.id, id)));
    return row;
  }

  async insert(row: NewEmergency): Promise<EmergencyRecord> {
    return (await this.db.insert(controlEmergencies).values(row).returning())[0];
  }

  /** Overrides still to come or running (for the resend and expiry jobs). */
  async live(now: Date): Promise<EmergencyRecord[]> {
    return this.db.select().from(controlEmergencies).where(gt(controlEmergencies.expireAt, now)).orderBy(desc(controlEmergencies.id));
  }

  /** Overrides that expired between `since` and `now`. */
  async expiredBetween(since: Date, now: Date): Promise<EmergencyRecord[]> {
    return this.db.select().from(controlEmergencies).where(and(gt(controlEmergencies.expireAt, since), lte(controlEmergencies.expireAt, now), sql`true`));
  }
}
