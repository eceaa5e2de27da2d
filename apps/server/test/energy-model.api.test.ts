import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HeartStatisticsDay } from '@sl/contracts';
import type { Db } from '../src/db/client.js';
import { heartbeats } from '../src/db/schema/index.js';
import { RollupRepository } from '../src/fleet/rollups.js';
import { MapRepository } from '../src/map/map-repository.js';
import type { Principal } from '../src/system/access/principal.js';
import { describeEachEngine } from './support/each-engine.js';
import { insertTerminal } from './support/gateway.js';
import { energyIn, energyPerDay, type MeterReading } from './support/meter-reference.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const TZ = 'Asia/Shanghai';
/** 2026-01-10 00:00 in Shanghai. */
const T0 = Date.parse('2026-01-09T16:00:00Z');

/**
 * A lamp reporting every 15 minutes for three days: 0.1 kWh a quarter by night (18:00-06:00 local), nothing by day,
 * its meter reset to 3 kWh on the second afternoon and silent for five hours on the second night.
 */
function lampReadings(start: number): MeterReading[] {
  const out: MeterReading[] = [];
  let e = 500;
  for (let t = start; t <= start + 3 * DAY; t += 15 * MINUTE) {
    const hour = ((t - T0) / HOUR) % 24;
    if (t === start + DAY + 15 * HOUR) e = 3;
    if (hour >= 18 || hour < 6) e += 0.1;
    if (t > start + DAY + 20 * HOUR && t < start + DAY + 25 * HOUR) continue;
    out.push({ ts: t, e: Math.round(e * 1000) / 1000 });
  }
  return out;
}

const insert = (db: Db, terminalId: number, readings: MeterReading[], model = 2) =>
  db.insert(heartbeats).values(readings.map((r, i) => ({ terminalId, mid: `e-${terminalId}-${i}`, ts: new Date(r.ts), model, energyKwh: r.e, powerA: 0.1 })));

const byDay = (days: HeartStatisticsDay[]) => new Map(days.map((d) => [d.day, d.energyKwh]));
const expectDays = (days: HeartStatisticsDay[], expected: Map<string, number>) => {
  const got = byDay(days);
  for (const [day, kwh] of expected) expect(got.get(day) ?? 0, day).toBeCloseTo(kwh, 2);
  for (const d of days) expect(d.energyKwh, d.day).toBeGreaterThanOrEqual(0);
};

describeEachEngine('the energy model: meter resets, midnight, single lamps', (engine) => {
  let t: TestApp;
  let admin: Caller;
  let lampId: number;
  let cabinetId: number;
  const lamp = lampReadings(T0);
  // The cabinet's meter rises 1 kWh across each midnight (20 minutes either side of it) and 1 kWh during each day.
  const cabinet: MeterReading[] = [0, 1, 2].flatMap((d) => [{ ts: T0 + d * DAY - 20 * MINUTE, e: 100 + 2 * d }, { ts: T0 + d * DAY + 20 * MINUTE, e: 101 + 2 * d }]);
  const range = (from: number, to: number, tz = TZ) => `from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}&tz=${encodeURIComponent(tz)}`;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    lampId = (await insertTerminal(db, { family: 'rdcsm', model: 2, deptId: 2, name: 'single lamp' })).terminalId;
    cabinetId = (await insertTerminal(db, { family: 'rdc4m', model: 1, loops: 4, deptId: 2, name: 'cabinet' })).terminalId;
    await insert(db, lampId, lamp);
    await insert(db, cabinetId, cabinet, 1);
    admin = caller(t, await t.login());
  });
  afterAll(() => t?.close());

  it("answers a single lamp's days on the family-neutral and the rdcsm route; the rdc4m route stays rdc4m's", async () => {
    const q = `terminalId=${lampId}&${range(T0, T0 + 2 * DAY)}`;
    const neutral = await admin.get(`/heart/data/statistics?${q}`);
    expect(neutral.code).toBe(200);
    // (The lamp is silent around the second midnight: the range's last instant has no reading.)
    expect(neutral.data.map((d: HeartStatisticsDay) => d.day)).toEqual(['2026-01-10', '2026-01-11']);
    expect(neutral.data[0]).toMatchObject({ terminals: 1, samples: 96 });
    expect(neutral.data[0].energyKwh).toBeGreaterThan(0);
    expect((await admin.get(`/heart/data/rdcsm/statistics?${q}`)).data).toEqual(neutral.data);
    expect((await admin.get(`/heart/data/rdc4m/statistics?${q}`)).data).toEqual([]);
    // Both families together, or one asked by name.
    const fleet = (await admin.get(`/heart/data/statistics?${range(T0, T0 + DAY - 1)}`)).data as HeartStatisticsDay[];
    expect(fleet).toMatchObject([{ day: '2026-01-10', terminals: 2 }]);
    expect((await admin.get(`/heart/data/statistics?family=rdcsm&${range(T0, T0 + DAY - 1)}`)).data).toMatchObject([{ terminals: 1 }]);
    expect(await admin.get(`/heart/data/statistics?family=rdc9&${range(T0, T0 + DAY)}`)).toMatchObject({ code: 400, msg: expect.stringMatching(/family/) });
  });

  it('counts a meter reset as nothing, never as negative energy, and shares each rise across midnight by time (raw readings)', async () => {
    const from = T0 - DAY;
    const to = T0 + 4 * DAY;
    // Over two days the statistics read the raw readings; the days are the terminal's own zone's: UTC days cut the night in two.
    for (const tz of [TZ, 'UTC']) {
      await t.database.db.execute(sql`update terminal set time_zone = ${tz} where terminal_id = ${lampId}`);
      for (let day = from; day < to; day += 2 * DAY) {
        const res = await admin.get(`/heart/data/statistics?terminalId=${lampId}&${range(day, day + 2 * DAY, tz)}`);
        expectDays(res.data, energyPerDay(lamp, tz, day, day + 2 * DAY));
      }
    }
    await t.database.db.execute(sql`update terminal set time_zone = null where terminal_id = ${lampId}`);
    // The reset day: 0.1 kWh for each quarter of the night it holds, the drop from ~510 to 3 counting nothing.
    const second = byDay((await admin.get(`/heart/data/statistics?terminalId=${lampId}&${range(T0 + DAY, T0 + 2 * DAY - 1)}`)).data);
    expect(second.get('2026-01-11')).toBeCloseTo(energyIn(lamp, TZ, T0 + DAY, T0 + 2 * DAY - 1), 3);
    expect(second.get('2026-01-11')).toBeLessThan(5);
    // The cabinet's day: half of each midnight's 1 kWh on either side, and the day's own 1 kWh.
    expect((await admin.get(`/heart/data/statistics?terminalId=${cabinetId}&${range(T0, T0 + DAY - 1)}`)).data).toMatchObject([{ day: '2026-01-10', energyKwh: 2 }]);
  });

  it('gives the same days from the rollups as from the raw readings', async () => {
    await new RollupRepository(t.database.db, TZ).rollUp(new Date(T0 - DAY), new Date(T0 + 4 * DAY));
    // Over more than two days in the rollups' zone the statistics read the daily rollups.
    const rolled = await admin.get(`/heart/data/statistics?terminalId=${lampId}&${range(T0 - DAY, T0 + 4 * DAY)}`);
    expectDays(rolled.data, energyPerDay(lamp, TZ));
    const cabinetDays = byDay((await admin.get(`/heart/data/statistics?terminalId=${cabinetId}&${range(T0 - DAY, T0 + 4 * DAY)}`)).data);
    expect(Object.fromEntries(cabinetDays)).toEqual({ '2026-01-09': 0.5, '2026-01-10': 2, '2026-01-11': 2, '2026-01-12': 0.5 });
    // The departments' days add up the same.
    const fleet = await admin.get(`/heart/data/statistics?${range(T0 - DAY, T0 + 4 * DAY)}`);
    const lampDays = energyPerDay(lamp, TZ);
    for (const d of fleet.data as HeartStatisticsDay[]) expect(d.energyKwh, d.day).toBeCloseTo((lampDays.get(d.day) ?? 0) + (cabinetDays.get(d.day) ?? 0), 2);
  });

  it("today's energy on the map starts at local midnight and takes the night's share, from the rollups and the readings after them", async () => {
    const repo = new MapRepository(t.database.db, TZ);
    const admin: Principal = { userId: 1, username: 'admin', deptId: 1, deptPath: '1', roles: [], permissions: new Set(), isAdmin: true };
    const at = T0 + 2 * DAY + 3 * HOUR + 7 * MINUTE;
    // What was read by then: `at` is the present, the readings after it are not there yet.
    const [lampSoFar, cabinetSoFar] = [lamp, cabinet].map((rs) => rs.filter((r) => r.ts <= at));
    const expected = energyIn(lampSoFar, TZ, T0 + 2 * DAY, at) + energyIn(cabinetSoFar, TZ, T0 + 2 * DAY, at);
    // In the rollups' zone: the day's rollup, then the readings after it. The rollup job last ran at 02:00.
    await t.database.db.execute(sql`delete from heartbeat_rollup where bucket >= ${new Date(T0 + 2 * DAY)}`);
    await new RollupRepository(t.database.db, TZ).rollUp(new Date(T0 + 2 * DAY - HOUR), new Date(T0 + 2 * DAY + 2 * HOUR));
    const rolled = await repo.energyToday(admin, TZ, new Date(at));
    expect(rolled).toEqual([{ deptId: 2, deptName: expect.any(String), energyKwh: expect.closeTo(expected, 2) }]);
    // It is the rollup that answers up to 01:45: a day's figure changed there shows.
    const lampDay = sql`terminal_id = ${lampId} and grain = 'd' and bucket = ${new Date(T0 + 2 * DAY)}`;
    await t.database.db.execute(sql`update heartbeat_rollup set energy_used = energy_used + 100 where ${lampDay}`);
    expect((await repo.energyToday(admin, TZ, new Date(at)))[0].energyKwh).toBeCloseTo(expected + 100, 2);
    await t.database.db.execute(sql`update heartbeat_rollup set energy_used = energy_used - 100 where ${lampDay}`);
    // Terminals in another zone (their own): their today starts at their midnight, whatever zone the console asks in.
    await t.database.db.execute(sql`update terminal set time_zone = 'UTC' where terminal_id in (${lampId}, ${cabinetId})`);
    const utc = await repo.energyToday(admin, TZ, new Date(at));
    await t.database.db.execute(sql`update terminal set time_zone = null where terminal_id in (${lampId}, ${cabinetId})`);
    const utcMidnight = Date.parse('2026-01-11T00:00:00Z');
    expect(utc[0].energyKwh).toBeCloseTo(energyIn(lampSoFar, 'UTC', utcMidnight, at) + energyIn(cabinetSoFar, 'UTC', utcMidnight, at), 2);
  });

  it('does not join readings more than three days apart', async () => {
    const gap = (await insertTerminal(t.database.db, { family: 'rdcsm', model: 2, deptId: 2 })).terminalId;
    await insert(t.database.db, gap, [{ ts: T0, e: 10 }, { ts: T0 + 4 * DAY, e: 30 }, { ts: T0 + 4 * DAY + HOUR, e: 31 }]);
    // Over five days the statistics read the daily rollups (every terminal's days, whatever zone the range is asked in).
    await new RollupRepository(t.database.db, TZ).rollUp(new Date(T0 - DAY), new Date(T0 + 5 * DAY));
    const days = (await admin.get(`/heart/data/statistics?terminalId=${gap}&${range(T0, T0 + 5 * DAY, 'UTC')}`)).data as HeartStatisticsDay[];
    expect(days.reduce((s, d) => s + d.energyKwh, 0)).toBeCloseTo(1, 3);
  });
});
