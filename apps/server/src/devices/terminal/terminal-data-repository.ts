import { and, asc, desc, eq, gte, ilike, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { cappedCount, cappedShapeCount, contains, paginate } from '../../db/paging.js';
import { PreparedShapes, preparedShapePage } from '../../db/prepared.js';
import { heartbeats, terminalImages, terminals, terminalStatusChanges, users } from '../../db/schema/index.js';
import { dataScopeFilter } from '../../system/access/data-scope.js';
import type { Principal } from '../../system/access/principal.js';

const countWhere = (cond: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${cond}))::int`;

/** What hangs off a terminal: its readings, status history and images, and scoped summaries. */
export class TerminalDataRepository {
  private readonly shapes = new PreparedShapes();

  constructor(private readonly db: Db) {}

  heartbeats(terminalId: number, q: PageQuery & { from?: Date; to?: Date }) {
    const values = { terminalId, ...(q.from && { from: q.from.toISOString() }), ...(q.to && { to: q.to.toISOString() }) };
    const where = (v: (name: keyof typeof values) => unknown) =>
      and(sql`${heartbeats.terminalId} = ${v('terminalId')}`, q.from ? sql`${heartbeats.ts} >= ${v('from')}` : undefined, q.to ? sql`${heartbeats.ts} <= ${v('to')}` : undefined);
    const shaped = where((name) => sql.placeholder(name));
    const shape = { key: Object.keys(values).join(','), values };
    const counted = (w: SQL | undefined) => this.db.select({ one: sql`1` }).from(heartbeats).where(w);
    return paginate(
      q,
      // Kept per shape (db/prepared.ts): a month's range would otherwise plan its 31 day partitions twice a call.
      (limit, offset) => preparedShapePage(this.shapes, `page|${shape.key}`, limit, (inText) =>
        this.db.select().from(heartbeats).where(shaped).orderBy(desc(heartbeats.ts), desc(heartbeats.id)).limit(inText).offset(sql.placeholder('offset')), { ...values, offset }),
      // One terminal's readings: counted (capped) first; a count of many is kept briefly (db/paging.ts).
      () => cappedShapeCount(this.db, this.shapes, shape, () => counted(shaped), () => counted(where((name) => values[name])), { countFirst: true }),
    );
  }

  async latestHeartbeat(terminalId: number) {
    return (await this.db.select().from(heartbeats).where(eq(heartbeats.terminalId, terminalId)).orderBy(desc(heartbeats.ts), desc(heartbeats.id)).limit(1))[0];
  }

  statusChanges(terminalId: number) {
    return this.db
      .select({ change: terminalStatusChanges, userName: sql<string>`coalesce(${users.nickName}, '')` })
      .from(terminalStatusChanges)
      .leftJoin(users, eq(users.userId, terminalStatusChanges.userId))
      .where(eq(terminalStatusChanges.terminalId, terminalId))
      .orderBy(desc(terminalStatusChanges.changedAt), desc(terminalStatusChanges.id));
  }

  images(terminalId: number) {
    return this.db.select().from(terminalImages).where(eq(terminalImages.terminalId, terminalId)).orderBy(asc(terminalImages.id));
  }

  async addImage(terminalId: number, url: string) {
    return (await this.db.insert(terminalImages).values({ terminalId, url }).returning())[0];
  }

  /** Deletes the image when it belongs to the terminal; answers its URL, or undefined when there was none. */
  async deleteImage(terminalId: number, imageId: number): Promise<string | undefined> {
    const rows = await this.db.delete(terminalImages).where(and(eq(terminalImages.id, imageId), eq(terminalImages.terminalId, terminalId))).returning({ url: terminalImages.url });
    return rows[0]?.url;
  }

  async tab(p: Principal) {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        online: countWhere(sql`${terminals.onlineState} = 1`),
        offline: countWhere(sql`${terminals.onlineState} = 2`),
        abnormal: countWhere(sql`${terminals.onlineState} = 3`),
        inFactory: countWhere(sql`${terminals.status} = 1`),
        warehouse: countWhere(sql`${terminals.status} = 2`),
        inUse: countWhere(sql`${terminals.status} = 3`),
        underRepair: countWhere(sql`${terminals.status} = 4`),
        scrapped: countWhere(sql`${terminals.status} = 5`),
      })
      .from(terminals)
      .where(dataScopeFilter(p, { dept: terminals.deptId }));
    return row;
  }

  picks(p: Principal, keyword: string | undefined, limit: number) {
    const match = keyword ? or(ilike(terminals.sn, contains(keyword)), ilike(terminals.name, contains(keyword))) : undefined;
    return this.db
      .select({ terminalId: terminals.terminalId, sn: terminals.sn, name: terminals.name, family: terminals.family })
      .from(terminals)
      .where(and(dataScopeFilter(p, { dept: terminals.deptId }), match))
      .orderBy(asc(terminals.sn), asc(terminals.terminalId))
      .limit(limit);
  }

  mapPoints(p: Principal) {
    return this.db
      .select({ terminalId: terminals.terminalId, sn: terminals.sn, name: terminals.name, lng: terminals.lng, lat: terminals.lat, onlineState: terminals.onlineState })
      .from(terminals)
      .where(and(dataScopeFilter(p, { dept: terminals.deptId }), isNotNull(terminals.lng), isNotNull(terminals.lat)))
      .orderBy(asc(terminals.terminalId));
  }
}
