import { count, inArray } from 'drizzle-orm';
import { degradationAt, type Degradation } from '@sl/simulator';
import type { Db } from '../db/client.js';
import { lampAssets, lampTypes, terminals } from '../db/schema/index.js';
import { LampDayRepository } from '../assets/lamp-day-repository.js';
import { demoTerminals } from './seed-demo-terminals.js';

const DAY_MS = 86_400_000;
/** Days of lamp history the demo starts with, so the daily score has a baseline and a trend at the first start. */
const HISTORY_DAYS = 45;
/** The department of the demo account `repairer` (seed-demo-repairers.ts), who can be sent to the wearing lamp. */
const DEMO_REPAIRER_DEPT = 2;
/** The demo lamp that wears out (docs/assets.md, "Demo"): the power of the first single lamp in the demo repairer's department drifts down. */
export const DEMO_DEGRADING_SN = demoTerminals().find((d) => d.model === 2 && d.deptId === DEMO_REPAIRER_DEPT)!.sn;

/** The demo lamp's wear: started 40 days before `now`, it fails 60 days after its start (about 20 days from now). */
export const demoDegradation = (now: number): Degradation => ({ mode: 'powerDrift', startedAt: now - 40 * DAY_MS, failAfterDays: 60 });
export const demoPoleNo = (i: number) => `P-${String(i + 1).padStart(4, '0')}`;

/**
 * Demo mode, on a register without lamp types: two catalogue entries, a record for every demo lamp (and each cabinet
 * circuit), and HISTORY_DAYS of daily sums drawn from the simulator's curves, so the likely-to-fail page lists the
 * degrading lamp with its reasons once the daily job (or "Score now") has run.
 */
export async function seedDemoLamps(db: Db, now = Date.now()): Promise<number> {
  if ((await db.select({ n: count() }).from(lampTypes))[0].n > 0) return 0;
  const [lamp, cabinet] = await db
    .insert(lampTypes)
    .values([
      { manufacturer: 'Demo', model: 'LED-150', ratedPowerW: 150, tolerancePct: 10, ratedLifeH: 100_000, driverType: 'dali', debounceS: 300, cyclingPerHour: 6 },
      { manufacturer: 'Demo', model: 'LED-250 ×12', ratedPowerW: 250, tolerancePct: 15, ratedLifeH: 80_000, driverType: '0-10v', debounceS: 600, cyclingPerHour: 6 },
    ])
    .returning();
  const demo = demoTerminals();
  const rows = await db.select({ terminalId: terminals.terminalId, sn: terminals.sn, deptId: terminals.deptId }).from(terminals).where(inArray(terminals.sn, demo.map((d) => d.sn)));
  const bySn = new Map(rows.map((r) => [r.sn, r]));
  const install = new Date(now - 3 * 365 * DAY_MS).toISOString().slice(0, 10);
  const warranty = new Date(now + 2 * 365 * DAY_MS).toISOString().slice(0, 10);
  const records = demo.flatMap((d, i): Array<typeof lampAssets.$inferInsert> => {
    const t = bySn.get(d.sn);
    if (!t) return [];
    const base = { poleNo: demoPoleNo(i), terminalId: t.terminalId, deptId: t.deptId, installDate: install, warrantyEnd: warranty, supplier: 'Demo Lighting Co.' };
    return d.model === 2 ? [{ ...base, lampTypeId: lamp.lampTypeId, loop: null as number | null, lampCount: 1 }] : [1, 2, 3, 4].map((loop) => ({ ...base, lampTypeId: cabinet.lampTypeId, loop, lampCount: 12 }));
  });
  if (!records.length) return 0;
  const inserted = await db.insert(lampAssets).values(records).returning({ assetId: lampAssets.assetId, terminalId: lampAssets.terminalId, loop: lampAssets.loop });
  const degrading = bySn.get(DEMO_DEGRADING_SN)?.terminalId;
  const wear = demoDegradation(now);
  const days = inserted.filter((a) => a.loop === null).flatMap((a, k) =>
    Array.from({ length: HISTORY_DAYS }, (_, j) => {
      const midnight = Math.floor(now / DAY_MS) * DAY_MS - (HISTORY_DAYS - j) * DAY_MS;
      const effect = a.terminalId === degrading ? degradationAt(wear, midnight + 0.9 * DAY_MS) : { powerFactor: 1, pfDrop: 0 };
      const wobble = 1 + 0.004 * Math.sin(k * 7 + j);
      return { assetId: a.assetId, day: new Date(midnight).toISOString().slice(0, 10), litReadings: 660, ratioSum: 660 * effect.powerFactor * wobble, pfSum: 660 * (0.95 - effect.pfDrop), cycles: 0, burnHours: 25_000 + j * 11 };
    }),
  );
  await new LampDayRepository(db).add(days);
  return inserted.length;
}
