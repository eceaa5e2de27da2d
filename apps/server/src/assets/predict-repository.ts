import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { LikelyToFailQuery } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { paginate } from '../db/paging.js';
import { departments, lampAssets, lampHealth, lampTypes, terminals, workOrderAssets, workOrders } from '../db/schema/index.js';
import type { Principal } from '../system/access/principal.js';
import { assetScope } from './lamp-asset-repository.js';

/** The open maintenance round holding the lamp, if any. */
const openRound = sql<number | null>`(select ${workOrderAssets.orderId} from ${workOrderAssets} join ${workOrders} on ${workOrders.orderId} = ${workOrderAssets.orderId}
  where ${workOrderAssets.assetId} = ${lampAssets.assetId} and ${workOrders.closedAt} is null limit 1)`;

/** Lamps ranked by their failure score, within the caller's data scope. */
export class PredictRepository {
  constructor(private readonly db: Db) {}

  private select() {
    return this.db
      .select({
        assetId: lampAssets.assetId, poleNo: lampAssets.poleNo, typeName: sql<string>`${lampTypes.manufacturer} || ' ' || ${lampTypes.model}`,
        terminalId: lampAssets.terminalId, terminalSn: terminals.sn, deptId: lampAssets.deptId, deptName: departments.deptName,
        lng: terminals.lng, lat: terminals.lat, score: lampHealth.score, reasons: lampHealth.reasons, scoredAt: lampHealth.scoredAt, orderId: openRound,
      })
      .from(lampHealth)
      .innerJoin(lampAssets, eq(lampAssets.assetId, lampHealth.assetId))
      .innerJoin(lampTypes, eq(lampTypes.lampTypeId, lampAssets.lampTypeId))
      .leftJoin(terminals, eq(terminals.terminalId, lampAssets.terminalId))
      .leftJoin(departments, eq(departments.deptId, lampAssets.deptId))
      .$dynamic();
  }

  page(p: Principal, q: LikelyToFailQuery & { pageIndex: number; pageSize: number }, minScore: number) {
    const where = and(assetScope(p), gte(lampHealth.score, minScore), q.deptId ? eq(lampAssets.deptId, q.deptId) : undefined);
    return paginate(
      q,
      (limit, offset) => this.select().where(where).orderBy(desc(lampHealth.score), lampAssets.assetId).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(lampHealth).innerJoin(lampAssets, eq(lampAssets.assetId, lampHealth.assetId)).where(where))[0].n,
    );
  }

  /** These lamps, in scope, with their place and score. */
  lamps(p: Principal, ids: number[]) {
    return this.db
      .select({ assetId: lampAssets.assetId, poleNo: lampAssets.poleNo, deptId: lampAssets.deptId, lng: terminals.lng, lat: terminals.lat, orderId: openRound })
      .from(lampAssets)
      .leftJoin(terminals, eq(terminals.terminalId, lampAssets.terminalId))
      .where(and(inArray(lampAssets.assetId, ids), assetScope(p)));
  }

  /** Other likely-to-fail lamps of the department, in scope and in no open round, with a position. */
  candidates(p: Principal, deptId: number | null, minScore: number) {
    return this.db
      .select({ assetId: lampAssets.assetId, poleNo: lampAssets.poleNo, deptId: lampAssets.deptId, lng: terminals.lng, lat: terminals.lat, orderId: openRound })
      .from(lampHealth)
      .innerJoin(lampAssets, eq(lampAssets.assetId, lampHealth.assetId))
      .innerJoin(terminals, eq(terminals.terminalId, lampAssets.terminalId))
      .where(and(assetScope(p), gte(lampHealth.score, minScore), deptId === null ? sql`${lampAssets.deptId} is null` : eq(lampAssets.deptId, deptId), sql`${terminals.lng} is not null`))
      .limit(2000);
  }

  async scores(assetIds: number[]) {
    if (!assetIds.length) return [];
    return this.db.select({ assetId: lampHealth.assetId, score: lampHealth.score, reasons: lampHealth.reasons }).from(lampHealth).where(inArray(lampHealth.assetId, assetIds));
  }
}
