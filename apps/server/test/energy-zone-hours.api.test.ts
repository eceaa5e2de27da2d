import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HeartStatisticsDay } from '@sl/contracts';
import type { Db } from '../src/db/client.js';
import { heartbeats } from '../src/db/schema/index.js';
import { RollupRepository } from '../src/fleet/rollups.js';
import { zoneHourSql, zoneHourStart } from '../src/fleet/zone-hours.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { describeEachEngine } from './support/each-engine.js';
import { openTestDatabase } from './support/engines.js';
import { insertTerminal } from './support/gateway.js';
import { energyPerDay, type MeterReading } from './support/meter-reference.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { caller, type Caller } from './terminals-fixtures.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ZONES = [
  { timeZone: 'Asia/Kolkata', offset: '+05:30' },
  { timeZone: 'Asia/Kathmandu', offset: '+05:45' },
];
const DAYS = ['2026-03-10', '2026-03-11'];

/**
 * A meter read every `everyMs` (first at `phaseMs` past a local midnight), over a day and a half either side of the
 * two days, its power (kW) by local hour of day and day (-2 to 3 from the first): the load changes right at midnight,
 * and from night to night, so an hour cut by the zone's midnight would give one day a share of another's energy.
 * `resetAt`: the meter starts again from 0 there.
 */
function meter(midnight: number, everyMs: number, phaseMs: number, kw: (hour: number, day: number) => number, resetAt?: number): MeterReading[] {
  const out: MeterReading[] = [];
  let e = 1000;
  for (let t = midnight - 36 * HOUR; t <= midnight + 3 * DAY + 12 * HOUR; t += MINUTE) {
    if ((t - midnight - phaseMs) % everyMs === 0) out.push({ ts: t, e: Math.round(e * 1e4) / 1e4 });
    if (t === resetAt) e = 0;
    e += kw((((t - midnight) % DAY) + DAY) % DAY / HOUR, Math.floor((t - midnight) / DAY)) / 60;
  }
  return out;
}
/** How hard a day's load is, from day -2 on: the first day's evening and the second day's morning are heavier. */
const LOAD = [1, 1, 1.8, 0.4, 1, 1];
/** A lamp lit at full power from 18:00, dimmed to 40 % at midnight, off at 06:00. */
const lampKw = (h: number, d: number) => LOAD[d + 2] * (h >= 18 ? 0.15 : h < 6 ? 0.06 : 0);
/** A cabinet at 2 kW from 19:00, 1 kW after midnight until 05:30, 0.2 kW of standby by day. */
const cabinetKw = (h: number, d: number) => LOAD[d + 2] * (h >= 19 ? 2 : h < 5.5 ? 1 : 0.2);

const insert = (db: Db, terminalId: number, readings: MeterReading[], model: number) =>
  db.insert(heartbeats).values(readings.map((r, i) => ({ terminalId, mid: `z-${terminalId}-${i}`, ts: new Date(r.ts), model, energyKwh: r.e, powerA: 0.1 })));

const byDay = (days: HeartStatisticsDay[]) => new Map(days.map((d) => [d.day, d.energyKwh]));
/** Within 0.1 % of the reference (and the statistics' rounding to watt-hours). */
const expectWithin = (got: number | undefined, expected: number, what: string) => expect(Math.abs((got ?? 0) - expected), what).toBeLessThanOrEqual(expected * 0.001 + 0.0005);

describeEachEngine('energy in half-hour and 45-minute zones: days of whole rollup hours', (engine) => {
  for (const { timeZone, offset } of ZONES) {
    let t: TestApp;
    let admin: Caller;
    const midnight = Date.parse(`${DAYS[0]}T00:00:00${offset}`);
    // The lamp every 5 minutes, 2 minutes past; the cabinet every 15 minutes, 7 past, its meter reset on the second night.
    const lamp = meter(midnight, 5 * MINUTE, 2 * MINUTE, lampKw);
    const cabinet = meter(midnight, 15 * MINUTE, 7 * MINUTE, cabinetKw, midnight + DAY + 3 * HOUR + 7 * MINUTE);
    const ids: number[] = [];
    const from = midnight - 36 * HOUR;
    const to = midnight + 3 * DAY + 12 * HOUR;
    const range = `from=${new Date(midnight - DAY).toISOString()}&to=${new Date(midnight + 3 * DAY - 1).toISOString()}&tz=${encodeURIComponent(timeZone)}`;

    beforeAll(async () => {
      t = await createTestApp(engine, { ROLLUP_TIME_ZONE: timeZone });
      const db = t.database.db;
      ids.push((await insertTerminal(db, { family: 'rdcsm', model: 2, deptId: 2, name: 'lamp' })).terminalId);
      ids.push((await insertTerminal(db, { family: 'rdc4m', model: 1, loops: 4, deptId: 2, name: 'cabinet' })).terminalId);
      await insert(db, ids[0], lamp, 2);
      await insert(db, ids[1], cabinet, 1);
      admin = caller(t, await t.login());
    });
    afterAll(() => t?.close());

    it(`${timeZone}: a day's energy from the rollups equals the meter's own integration within 0.1 %, per terminal and per department`, async () => {
      // The job's way: ranges that start and end anywhere in an hour, overlapping.
      const rollups = new RollupRepository(t.database.db, timeZone);
      for (let at = from - 13 * MINUTE; at < to; at += 7 * HOUR) await rollups.rollUp(new Date(at), new Date(at + 7 * HOUR + 11 * MINUTE));
      // Every hourly bucket starts at a whole local hour: the zone's midnights are bucket edges.
      const minutes = rowsOf<{ m: number }>(await t.database.db.execute(sql`
        select distinct extract(minute from bucket at time zone ${timeZone})::int as m from heartbeat_rollup where grain = 'h'`));
      expect(minutes).toEqual([{ m: 0 }]);

      const fleet = byDay((await admin.get(`/heart/data/statistics?${range}`)).data);
      const [lampDays, cabinetDays] = [lamp, cabinet].map((rs) => energyPerDay(rs, timeZone));
      for (const day of DAYS) {
        expect(lampDays.get(day)).toBeGreaterThan(0.4);
        expectWithin(fleet.get(day), lampDays.get(day)! + cabinetDays.get(day)!, `department ${day}`);
      }
      for (const [id, expected] of [[ids[0], lampDays], [ids[1], cabinetDays]] as const) {
        const days = byDay((await admin.get(`/heart/data/statistics?terminalId=${id}&${range}`)).data);
        for (const day of DAYS) expectWithin(days.get(day), expected.get(day)!, `terminal ${id} ${day}`);
        // Two days or less read the raw readings: the same days.
        const raw = byDay((await admin.get(`/heart/data/statistics?terminalId=${id}&from=${new Date(midnight).toISOString()}&to=${new Date(midnight + 2 * DAY - 1).toISOString()}&tz=${encodeURIComponent(timeZone)}`)).data);
        for (const day of DAYS) expectWithin(raw.get(day), expected.get(day)!, `raw ${id} ${day}`);
      }
    });

    it(`${timeZone}: hours rolled up on UTC edges (before migration 0021) are rolled up again on the zone's hours, nothing counted twice`, async () => {
      const db = t.database.db;
      await db.execute(sql`delete from heartbeat_rollup`);
      await db.execute(sql`delete from heartbeat_rollup_dept`);
      await new RollupRepository(db, 'UTC').rollUp(new Date(from), new Date(to));
      await db.execute(sql`delete from heartbeat_rollup where grain = 'd'`);
      await new RollupRepository(db, timeZone).rollUp(new Date(from), new Date(to));
      const minutes = rowsOf<{ m: number }>(await db.execute(sql`
        select distinct extract(minute from bucket at time zone ${timeZone})::int as m from heartbeat_rollup where grain = 'h'`));
      expect(minutes).toEqual([{ m: 0 }]);
      const days = byDay((await admin.get(`/heart/data/statistics?terminalId=${ids[0]}&${range}`)).data);
      const lampDays = energyPerDay(lamp, timeZone);
      for (const day of DAYS) expectWithin(days.get(day), lampDays.get(day)!, day);
    });
  }
});

describeEachEngine("the rollups' hours are the zone's local hours", (engine) => {
  it('in SQL as in TypeScript, a half-hour DST change (Australia/Lord_Howe) included', async () => {
    const database = await openTestDatabase(engine);
    try {
      const cases = [
        // Lord Howe goes from +11:00 to +10:30 at 15:00 UTC on 2026-04-04: its hours start on the UTC hour, then at half past.
        { timeZone: 'Australia/Lord_Howe', from: Date.parse('2026-04-04T13:00:00Z') },
        { timeZone: 'Asia/Kolkata', from: Date.parse('2026-03-10T13:00:00Z') },
        { timeZone: 'Asia/Kathmandu', from: Date.parse('2026-03-10T13:00:00Z') },
        { timeZone: 'America/St_Johns', from: Date.parse('2026-03-08T03:00:00Z') },
        { timeZone: 'Asia/Shanghai', from: Date.parse('2026-03-10T13:00:00Z') },
      ];
      for (const { timeZone, from } of cases) {
        const to = from + 5 * HOUR;
        const hour = zoneHourSql(timeZone, from, to);
        const rows = rowsOf<{ ts: string | Date; hour: string | Date }>(await database.db.execute(sql`
          select ts, ${hour(sql`ts`)} as hour from generate_series(${new Date(from)}::timestamptz, ${new Date(to)}::timestamptz, interval '7 minutes') ts`));
        expect(rows.length).toBeGreaterThan(40);
        for (const r of rows) {
          const ts = new Date(r.ts).getTime();
          expect(new Date(r.hour).toISOString(), `${timeZone} ${new Date(ts).toISOString()}`).toBe(new Date(zoneHourStart(timeZone, ts)).toISOString());
          // The start of the local hour `ts` is in, at the offset of `ts`.
          expect((ts - new Date(r.hour).getTime()) / MINUTE).toBe(Number(new Intl.DateTimeFormat('en-GB', { timeZone, minute: 'numeric' }).format(ts)));
        }
      }
    } finally {
      await database.close();
    }
  });
});
