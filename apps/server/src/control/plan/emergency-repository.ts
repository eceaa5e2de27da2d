import { and, count, desc, eq, gt, ilike, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contains, paginate } from '../../db/paging.js';
import { controlEmergencies } from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql-rows.js';
import { intArray } from '../targets.js';
import { dataScopeFilter } from '../../system/access/data-scope.js';
import type { Principal } from '../../system/access/principal.js';

export type EmergencyRecord = typeof controlEmergencies.$inferSelect;
type NewEmergency = Omit<typeof controlEmergencies.$inferInsert, 'id' | 'createdAt'>;

const scope = (p: Principal) => dataScopeFilter(p, { dept: controlEmergencies.deptId, owner: controlEmergencies.createdBy });

/** The state filter as SQL at `now`. */
function stateIs(state: string | undefined, now: Date): SQL | undefined {
  const live = isNull(controlEmergencies.cancelledAt);
  if (state === 'scheduled') return and(live, gt(controlEmergencies.startAt, now));
  if (state === 'active') return and(live, lte(controlEmergencies.startAt, now), gt(controlEmergencies.expireAt, now));
  if (state === 'expired') return and(live, lte(controlEmergencies.expireAt, now));
  if (state === 'cancelled') return isNotNull(controlEmergencies.cancelledAt);
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

  /** Marks the override cancelled unless it already was; false when it was. */
  async cancel(id: number, by: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(controlEmergencies)
      .set({ cancelledAt: at, cancelledBy: by })
      .where(and(eq(controlEmergencies.id, id), isNull(controlEmergencies.cancelledAt)))
      .returning({ id: controlEmergencies.id });
    return rows.length > 0;
  }

  /** The lamps these terminals switch: the lamp register's counts, one for a terminal without a record. */
  async lampCount(terminalIds: number[]): Promise<number> {
    if (terminalIds.length === 0) return 0;
    const [row] = rowsOf<{ lamps: number | string }>(
      await this.db.execute(sql`
        select coalesce(sum(coalesce((select sum(a.lamp_count) from lamp_asset a where a.terminal_id = t.id), 1)), 0) as lamps
        from unnest(${intArray(terminalIds)}) as t(id)`),
    );
    return Number(row.lamps);
  }
}
