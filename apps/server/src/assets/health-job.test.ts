import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { lampAssets, lampDays, lampHealth } from '../db/schema/index.js';
import { describeEachEngine } from '../../test/support/each-engine.js';
import { openTestDatabase } from '../../test/support/engines.js';
import { runHealth } from './health-job.js';
import { HealthRepository } from './health-repository.js';
import { EMPTY_HEALTH } from './health-model.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 2, 1);
const iso = (i: number) => new Date(T0 + i * DAY).toISOString().slice(0, 10);
const sums = (assetId: number, i: number) => ({ assetId, day: iso(i), litReadings: 600, ratioSum: 600, pfSum: 0.95 * 600, cycles: 0, burnHours: 1000 + 11 * i });

// The daily job writes a lamp only when its health or score changed: a lamp with a new day is rewritten, a quiet lamp
// keeps its row (and its scored_at), a lamp whose repairs raise its score is rewritten without any new day.
describeEachEngine('the daily health job', (engine) => {
  let database: Database;
  const ids: number[] = [];
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    const db = database.db;
    await db.execute(sql`insert into lamp_type (manufacturer, model, rated_power_w, rated_life_h) values ('Job', 'LED', 100, 100000)`);
    for (const pole of ['J-1', 'J-2', 'J-3']) {
      const [row] = await db.insert(lampAssets).values({ poleNo: pole, lampTypeId: 1, installDate: iso(0) }).returning({ id: lampAssets.assetId });
      ids.push(row.id);
    }
    await db.insert(lampDays).values([...Array.from({ length: 20 }, (_, i) => sums(ids[0], i)), ...Array.from({ length: 20 }, (_, i) => sums(ids[1], i))]);
  });
  afterAll(() => database?.close());

  const rows = () => database.db.select({ assetId: lampHealth.assetId, days: lampHealth.days, lastDay: lampHealth.lastDay, score: lampHealth.score, scoredAt: lampHealth.scoredAt }).from(lampHealth).orderBy(asc(lampHealth.assetId));

  it('writes every lamp on its first run, then only the lamps whose health or score changed', async () => {
    const first = new Date(T0 + 20 * DAY);
    expect(await runHealth(database.db, first)).toEqual({ lamps: 3, days: 40, written: 3 });
    const before = await rows();
    expect(before.map((r) => [r.assetId, r.days, r.lastDay])).toEqual([[ids[0], 20, iso(19)], [ids[1], 20, iso(19)], [ids[2], 0, null]]);

    // Next day: only the first lamp reports.
    await database.db.insert(lampDays).values(sums(ids[0], 20));
    const second = new Date(T0 + 21 * DAY);
    expect(await runHealth(database.db, second, first)).toEqual({ lamps: 3, days: 1, written: 1 });
    const after = await rows();
    expect(after[0]).toMatchObject({ days: 21, lastDay: iso(20), scoredAt: second });
    expect(after[1]).toEqual(before[1]);
    expect(after[2]).toEqual(before[2]);

    // Two repairs raise the third lamp's score with no new day: it is rewritten, the quiet second lamp still is not.
    await database.db.update(lampAssets).set({ repairs: 2 }).where(eq(lampAssets.assetId, ids[2]));
    const third = new Date(T0 + 22 * DAY);
    expect(await runHealth(database.db, third, second)).toEqual({ lamps: 3, days: 0, written: 1 });
    const last = await rows();
    expect(last[2].score).toBeCloseTo(0.14, 3);
    expect(last[2].scoredAt).toEqual(third);
    expect(last[1]).toEqual(before[1]);
  });

  it('skips a lamp deleted between the read and the write, and writes the others', async () => {
    const at = new Date(T0 + 30 * DAY);
    await new HealthRepository(database.db).save([
      { assetId: 999_999, health: EMPTY_HEALTH, score: 0.9, reasons: [] },
      { assetId: ids[1], health: { ...EMPTY_HEALTH, days: 5 }, score: 0.2, reasons: [] },
    ], at);
    const [row] = await database.db.select().from(lampHealth).where(eq(lampHealth.assetId, ids[1]));
    expect(row).toMatchObject({ days: 5, scoredAt: at });
    expect(await database.db.select().from(lampHealth).where(eq(lampHealth.assetId, 999_999))).toEqual([]);
  });
});
