import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HeartStatisticsDay } from '@sl/contracts';
import { heartbeats } from '../src/db/schema/index.js';
import { RollupRepository } from '../src/fleet/rollups.js';
import { describeEachEngine } from './support/each-engine.js';
import { insertTerminal } from './support/gateway.js';
import { energyPerDay, localDay } from './support/meter-reference.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const TZ = 'Asia/Shanghai';
/** 2026-03-10 00:00 in Shanghai. */
const T0 = Date.parse('2026-03-09T16:00:00Z');

/** A reading every 15 minutes over [from, to): `kw` of power, the meter rising 0.25 × kw a reading when `e` is given. */
function readings(from: number, to: number, kw: number, e?: number) {
  const out: Array<{ ts: number; kw: number; e: number | null }> = [];
  for (let ts = from, meter = e; ts < to; ts += 15 * MINUTE) {
    if (meter !== undefined) meter = Math.round((meter + kw / 4) * 1000) / 1000;
    out.push({ ts, kw, e: meter ?? null });
  }
  return out;
}

/**
 * A lamp's day: metered readings in the morning, then its meter silent (readings without a meter value) in the
 * afternoon, all rolled up; then metered readings the rollup job has not reached yet. The statistics of that day
 * (daily rollups plus the tail after them) count each stored reading once, whatever the rollup's last meter reading.
 */
describeEachEngine('the statistics tail after readings without a meter value', (engine) => {
  let t: TestApp;
  let admin: Caller;
  let lampId: number;
  let unmeteredId: number;
  const morning = readings(T0, T0 + 12 * HOUR, 0.1, 500);
  const afternoon = readings(T0 + 12 * HOUR, T0 + 18 * HOUR, 0.2);
  const evening = readings(T0 + 18 * HOUR, T0 + 20 * HOUR, 0.3, morning.at(-1)!.e! + 1.2);
  const all = [...morning, ...afternoon, ...evening];
  // A lamp whose firmware reports no meter at all: what the rollup job has not reached is its tail too.
  const unmeteredRolled = readings(T0, T0 + 18 * HOUR, 0.2);
  const unmeteredLater = readings(T0 + 18 * HOUR, T0 + 20 * HOUR, 0.4);

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    lampId = (await insertTerminal(db, { family: 'rdcsm', model: 2, deptId: 2, name: 'meter goes quiet' })).terminalId;
    unmeteredId = (await insertTerminal(db, { family: 'rdcsm', model: 2, deptId: 2, name: 'no meter' })).terminalId;
    const rows = (id: number, list: typeof all, tag: string) =>
      list.map((r, i) => ({ terminalId: id, mid: `${tag}-${i}`, ts: new Date(r.ts), model: 2, powerA: r.kw, energyKwh: r.e }));
    await db.insert(heartbeats).values([...rows(lampId, morning, 'm'), ...rows(lampId, afternoon, 'a'), ...rows(unmeteredId, unmeteredRolled, 'u')]);
    // The job's run at 18:00: the morning and the afternoon are rolled up; the rollup's last meter reading is at 11:45.
    await new RollupRepository(db, TZ).rollUp(new Date(T0 - DAY), new Date(T0 + 18 * HOUR));
    await db.insert(heartbeats).values([...rows(lampId, evening, 'e'), ...rows(unmeteredId, unmeteredLater, 'v')]);
    admin = caller(t, await t.login());
  });
  afterAll(() => t?.close());

  const dayOf = async (terminalId: number) => {
    const res = await admin.get(`/heart/data/statistics?terminalId=${terminalId}&from=${new Date(T0 - DAY).toISOString()}&to=${new Date(T0 + DAY + HOUR).toISOString()}&tz=${encodeURIComponent(TZ)}`);
    expect(res.code).toBe(200);
    const day = (res.data as HeartStatisticsDay[]).find((d) => d.day === localDay(T0, TZ));
    expect(day, 'the day of the readings').toBeDefined();
    return day!;
  };

  it("counts the afternoon's readings once: the day's readings, mean power and energy are the stored readings'", async () => {
    const day = await dayOf(lampId);
    expect(day.samples).toBe(all.length);
    expect(day.avgPowerKw).toBeCloseTo(all.reduce((s, r) => s + r.kw, 0) / all.length, 3);
    expect(day.maxPowerKw).toBeCloseTo(0.3, 3);
    const metered = all.filter((r) => r.e !== null).map((r) => ({ ts: r.ts, e: r.e! }));
    expect(day.energyKwh).toBeCloseTo(energyPerDay(metered, TZ).get(localDay(T0, TZ)) ?? 0, 2);
  });

  it('adds the readings since the rollup to a lamp without a meter: its readings and power so far, no energy', async () => {
    const day = await dayOf(unmeteredId);
    const both = [...unmeteredRolled, ...unmeteredLater];
    expect(day.samples).toBe(both.length);
    expect(day.avgPowerKw).toBeCloseTo(both.reduce((s, r) => s + r.kw, 0) / both.length, 3);
    expect(day.maxPowerKw).toBeCloseTo(0.4, 3);
    expect(day.energyKwh).toBe(0);
  });
});
