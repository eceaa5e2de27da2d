import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { RoundLamp } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { lampAssets, lampHealth, lampTypes, terminals, workOrderAlarms, alarms, workOrderAssets } from '../db/schema/index.js';

/**
 * What a closed work order means for the lamp register (the dispatch domain calls it in its transaction): the lamps
 * of a maintenance round, and the lamps on the controllers of a repair order's alarms, count one repair more, and
 * their health starts a new baseline, since a repaired lamp draws what a new one does.
 */
export async function lampsRepaired(tx: Db, orderId: number, at: Date): Promise<number> {
  const ofAlarms = tx.select({ id: alarms.terminalId }).from(workOrderAlarms).innerJoin(alarms, eq(alarms.alarmId, workOrderAlarms.alarmId)).where(eq(workOrderAlarms.orderId, orderId));
  const ofRound = tx.select({ id: workOrderAssets.assetId }).from(workOrderAssets).where(eq(workOrderAssets.orderId, orderId));
  const repaired = await tx
    .update(lampAssets)
    .set({ repairs: sql`${lampAssets.repairs} + 1`, lastRepairAt: at, updatedAt: at })
    .where(or(inArray(lampAssets.assetId, ofRound), inArray(lampAssets.terminalId, ofAlarms)))
    .returning({ id: lampAssets.assetId });
  const ids = repaired.map((r) => r.id);
  if (ids.length) {
    await tx.update(lampHealth).set({ days: 0, baselineRatio: null, baselinePf: null, recentRatio: null, recentPf: null, ratioSlope: 0, pfSlope: 0, cyclesPerDay: 0 }).where(inArray(lampHealth.assetId, ids));
  }
  return ids.length;
}

/** Puts the lamps of a round on its order, in route order (in the caller's transaction). */
export async function addRoundLamps(tx: Db, orderId: number, assetIds: number[]): Promise<void> {
  if (assetIds.length) await tx.insert(workOrderAssets).values(assetIds.map((assetId, i) => ({ orderId, assetId, seq: i + 1 })));
}

/** The lamps of these orders, in route order. */
export function roundLampsOf(db: Db, orderIds: number[]): Promise<Array<RoundLamp & { orderId: number }>> {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .select({
      orderId: workOrderAssets.orderId, seq: workOrderAssets.seq, assetId: lampAssets.assetId, poleNo: lampAssets.poleNo,
      typeName: sql<string>`${lampTypes.manufacturer} || ' ' || ${lampTypes.model}`, lng: terminals.lng, lat: terminals.lat, score: lampHealth.score,
    })
    .from(workOrderAssets)
    .innerJoin(lampAssets, eq(lampAssets.assetId, workOrderAssets.assetId))
    .innerJoin(lampTypes, eq(lampTypes.lampTypeId, lampAssets.lampTypeId))
    .leftJoin(terminals, eq(terminals.terminalId, lampAssets.terminalId))
    .leftJoin(lampHealth, eq(lampHealth.assetId, lampAssets.assetId))
    .where(and(inArray(workOrderAssets.orderId, orderIds)))
    .orderBy(asc(workOrderAssets.orderId), asc(workOrderAssets.seq));
}
