import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HeartStatisticsDay } from '@sl/contracts';
import type { Db } from '../src/db/client.js';
import { heartbeats } from '../src/db/schema/index.js';
import { rowsOf } from '../src/db/sql-rows.js';
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
const FROM = Date.parse('2026-03-05T00:00:00Z');
const TO = Date.parse('2026-03-13T00:00:00Z');
/** New York starts daylight saving on 2026-03-08 (a 23-hour day); Kolkata is +5:30 all year. */
const DAYS = ['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'];
const hours = new Map<string, Intl.DateTimeFormat>();
const localHour = (ms: number, timeZone: string) => {
  let f = hours.get(timeZone);
  if (!f) hours.set(timeZone, (f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })));
  const [h, m] = f.format(ms).split(':').map(Number);
  return h + m / 60;
};

/**
 * A lamp by its local clock: 150 W from 18:00, 60 W from midnight to 06:00, a few watts by day, a little more each
 * night; read every 5 minutes (`phase` minutes past). The load changes at local midnight, so a day cut anywhere else
 * takes another's energy.
 */
function lamp(timeZone: string, phase: number): MeterReading[] {
  const out: MeterReading[] = [];
  let e = 500;
  for (let t = FROM; t < TO; t += MINUTE) {
    if (((t - FROM) / MINUTE) % 5 === phase) out.push({ ts: t, e: Math.round(e * 1e5) / 1e5 });
    const h = localHour(t, timeZone);
    const growth = 1 + (t - FROM) / (10 * DAY);
    e += ((h >= 18 ? 0.15 : h < 6 ? 0.06 : 0.005) * growth) / 60;
  }
  return out;
}

const insert = (db: Db, terminalId: number, readings: MeterReading[]) =>
  db.insert(heartbeats).values(readings.map((r, i) => ({ terminalId, mid: `tz-${terminalId}-${i}`, ts: new Date(r.ts), model: 2, energyKwh: r.e, powerA: 0.1 })));
const byDay = (days: HeartStatisticsDay[]) => new Map(days.map((d) => [d.day, d.energyKwh]));
/** Within 0.1 % of the reference (and the statistics' rounding to watt-hours). */
const expectWithin = (got: number | undefined, expected: number, what: string) => expect(Math.abs((got ?? 0) - expected), what).toBeLessThanOrEqual(expected * 0.001 + 0.0015);

/**
 * Statistics days are each terminal's local days (issue 25, item 3): a terminal in Asia/Kolkata and one in
 * America/New_York (their own zones, neither the rollups' Asia/Shanghai), checked against their meters integrated here
 * apart from the SQL (support/meter-reference.ts); a department's day sums each terminal's local day of that date.
 */
describeEachEngine("statistics days in each terminal's zone", (engine) => {
  let t: TestApp;
  let admin: Caller;
  const zones = ['Asia/Kolkata', 'America/New_York'] as const;
  const readings = [lamp(zones[0], 2), lamp(zones[1], 3)];
  const reference = zones.map((z, i) => energyPerDay(readings[i], z));
  const ids: number[] = [];
  const range = (from: string, to: string) => `from=${from}T00:00:00Z&to=${to}T23:59:59.999Z&tz=UTC`;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    for (const [i, timeZone] of zones.entries()) {
      ids.push((await insertTerminal(db, { family: 'rdcsm', model: 2, deptId: 2, name: `lamp ${timeZone}`, timeZone })).terminalId);
      await insert(db, ids[i], readings[i]);
    }
    admin = caller(t, await t.login());
  });
  afterAll(() => t?.close());

  it("rolls each terminal up on its own zone's hours and days", async () => {
    const rollups = new RollupRepository(t.database.db, 'Asia/Shanghai');
    // The job's way: ranges starting anywhere in an hour, overlapping.
    for (let at = FROM - 17 * MINUTE; at < TO; at += 9 * HOUR) await rollups.rollUp(new Date(at), new Date(at + 9 * HOUR + 13 * MINUTE));
    const minutes = rowsOf<{ id: number; m: number }>(await t.database.db.execute(sql`
      select distinct terminal_id as id, extract(minute from bucket at time zone 'UTC')::int as m from heartbeat_rollup where grain = 'h' order by 1, 2`));
    expect(minutes).toEqual([{ id: ids[0], m: 30 }, { id: ids[1], m: 0 }]);
    const midnights = rowsOf<{ id: number; local: string }>(await t.database.db.execute(sql`
      select distinct r.terminal_id as id, to_char(r.bucket at time zone t.time_zone, 'HH24:MI') as local
      from heartbeat_rollup r join terminal t on t.terminal_id = r.terminal_id where r.grain = 'd' order by 1`));
    expect(midnights).toEqual([{ id: ids[0], local: '00:00' }, { id: ids[1], local: '00:00' }]);
  });

  it("answers each terminal's local days, from the rollups and from the raw readings", async () => {
    for (const [i, id] of ids.entries()) {
      const rolled = byDay((await admin.get(`/heart/data/statistics?terminalId=${id}&${range(DAYS[0], DAYS[3])}`)).data);
      expect([...rolled.keys()]).toEqual(DAYS);
      for (const day of DAYS) {
        expect(reference[i].get(day)).toBeGreaterThan(1);
        expectWithin(rolled.get(day), reference[i].get(day)!, `${zones[i]} ${day} (rollups)`);
      }
      // Two days or less read the raw readings: each terminal's local dates still.
      const raw = byDay((await admin.get(`/heart/data/statistics?terminalId=${id}&${range(DAYS[1], DAYS[2])}`)).data);
      expect([...raw.keys()]).toEqual([DAYS[1], DAYS[2]]);
      for (const day of [DAYS[1], DAYS[2]]) expectWithin(raw.get(day), reference[i].get(day)!, `${zones[i]} ${day} (raw)`);
    }
    // New York's 2026-03-08 has 23 hours: less night than the 9th.
    expect(reference[1].get('2026-03-08')!).toBeLessThan(reference[1].get('2026-03-09')!);
  });

  it("sums each terminal's local day into the department's day", async () => {
    const rolled = byDay((await admin.get(`/heart/data/statistics?${range(DAYS[0], DAYS[3])}`)).data);
    const raw = byDay((await admin.get(`/heart/data/statistics?${range(DAYS[1], DAYS[2])}`)).data);
    for (const day of DAYS) expectWithin(rolled.get(day), reference[0].get(day)! + reference[1].get(day)!, `department ${day} (rollups)`);
    for (const day of [DAYS[1], DAYS[2]]) expectWithin(raw.get(day), reference[0].get(day)! + reference[1].get(day)!, `department ${day} (raw)`);
  });

  it("gives the map's today of each terminal from its own zone's midnight", async () => {
    const principal: Principal = { userId: 1, username: 'admin', deptId: 1, deptPath: '1', roles: [], permissions: new Set(), isAdmin: true };
    // 2026-03-10 03:07 UTC: already the 10th in Kolkata (08:37), still the 9th in New York (23:07).
    const at = Date.parse('2026-03-10T03:07:00Z');
    const soFar = readings.map((rs) => rs.filter((r) => r.ts <= at));
    const expected = energyIn(soFar[0], zones[0], Date.parse('2026-03-10T00:00:00+05:30'), at) + energyIn(soFar[1], zones[1], Date.parse('2026-03-09T00:00:00-04:00'), at);
    // `at` is the present: nothing read after it; the job last ran an hour before (the readings since are not rolled up).
    await t.database.db.execute(sql`delete from heartbeat where ts > ${new Date(at)}`);
    await t.database.db.execute(sql`delete from heartbeat_rollup where bucket >= ${new Date(at - 2 * HOUR)}`);
    await new RollupRepository(t.database.db, 'Asia/Shanghai').rollUp(new Date(at - 3 * HOUR), new Date(at - 2 * HOUR));
    const today = await new MapRepository(t.database.db, 'Asia/Shanghai').energyToday(principal, 'Asia/Shanghai', new Date(at));
    expect(today).toEqual([{ deptId: 2, deptName: expect.any(String), energyKwh: expect.closeTo(expected, 2) }]);
  });
});
