import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EnergyReport, EnergyReportRow } from '@sl/contracts';
import type { Db } from '../src/db/client.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { RollupRepository } from '../src/fleet/rollups.js';
import { describeEachEngine } from './support/each-engine.js';
import { addScheduledLamp, localHour, nightHourStarts as nightHourStartsAt, switchedOn, writeScheduledReadings, type ScheduledKind, type ScheduledPlace } from './support/scheduled-lamps.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const TZ = 'Asia/Shanghai';
const LAT = 31.23;
const LNG = 121.47;
/** 35 days: longer than the 31 a lamps' report reads hourly rollups for. */
const FROM = '2026-01-05';
const TO = '2026-02-08';
const DAYS = Array.from({ length: 35 }, (_, i) => new Date(Date.parse(`${FROM}T00:00:00Z`) + i * DAY).toISOString().slice(0, 10));
const RATED_KW = 0.1;
type Kind = ScheduledKind;

const nightHourStarts = (day: string) => nightHourStartsAt(PLACE, day);
const nightOf = (days: string[]) => days.flatMap(nightHourStarts);
const litNightOf = (days: string[]) => nightOf(days).filter((t) => switchedOn(localHour(t))).length;
/** Per lamp and day: `full` 12 h at 100 W, `dimmed` 4 h at 100 W and 8 h at 50 W, `dead` relay closed all night, drawing nothing. */
const KWH_PER_DAY: Record<Kind, number> = { full: 12 * RATED_KW, dimmed: 4 * RATED_KW + 8 * RATED_KW * 0.5, dead: 0 };
const BURN_PER_DAY: Record<Kind, number> = { full: 12, dimmed: 12, dead: 0 };
const KINDS: Kind[] = ['full', 'dimmed', 'dead'];

/** What three lamps (one of each kind) report over `days`, from the schedules alone. */
function expected(days: string[]) {
  const night = nightOf(days).length;
  const kwh = KINDS.reduce((s, k) => s + KWH_PER_DAY[k], 0) * days.length;
  const burn = KINDS.reduce((s, k) => s + BURN_PER_DAY[k], 0) * days.length;
  const baseline = 3 * RATED_KW * night;
  return { night, kwh, burn, baseline, dimming: burn * RATED_KW - kwh, shorter: baseline - burn * RATED_KW, lightingRate: (2 * litNightOf(days)) / (3 * night) };
}

const PLACE: ScheduledPlace = { tz: TZ, lat: LAT, lng: LNG, ratedKw: RATED_KW };
const addLamp = (db: Db, sn: string, deptId: number) => addScheduledLamp(db, PLACE, { sn, deptId, area: 'dept-days' });
/** Readings every 10 minutes from a day before FROM to a day after TO. */
const readings = (db: Db, id: number, kind: Kind) => writeScheduledReadings(db, PLACE, id, kind, { from: FROM, daysBefore: 1, days: DAYS.length + 2, midPrefix: 'd' });

const within = (actual: number | null | undefined, expectedValue: number, what: string) => {
  expect(actual, what).not.toBeNull();
  expect(Math.abs(actual! - expectedValue), `${what}: ${actual} vs ${expectedValue}`).toBeLessThanOrEqual(Math.abs(expectedValue) * 0.005 + 1e-6);
};
const sum = (rows: EnergyReportRow[], f: (r: EnergyReportRow) => number) => rows.reduce((s, r) => s + f(r), 0);

describeEachEngine('reports from department days: the same figures as from the lamps\' days', (engine) => {
  let t: TestApp;
  let token: string;
  let deptId = 0;
  const ids: number[] = [];
  const energy = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/reports/energy?${query}`, headers: bearer(token) });
    const body = res.json() as { code: number; msg: string; data: EnergyReport };
    expect(body.code, body.msg).toBe(200);
    return body.data;
  };
  const byDept = (groupBy: string, from = FROM, to = TO) => energy(`from=${from}&to=${to}&groupBy=${groupBy}&deptIds=${deptId}`);
  const byLamps = (groupBy: string, from = FROM, to = TO) => energy(`from=${from}&to=${to}&groupBy=${groupBy}&terminalIds=${ids.join(',')}`);

  beforeAll(async () => {
    t = await createTestApp(engine);
    token = await t.login();
    const db = t.database.db;
    deptId = Number(rowsOf<{ dept_id: number }>(await db.execute(sql`insert into sys_dept (parent_id, dept_name) values (1, 'Dept-days') returning dept_id`))[0].dept_id);
    await db.execute(sql`update sys_dept set dept_path = '/0/1/' || dept_id where dept_id = ${deptId}`);
    for (const kind of KINDS) {
      const id = await addLamp(db, `DD-${kind}`, deptId);
      ids.push(id);
      await readings(db, id, kind);
    }
    await new RollupRepository(db, TZ).rollUp(new Date(Date.parse(`${FROM}T00:00:00+08:00`) - DAY), new Date(Date.parse(`${TO}T00:00:00+08:00`) + 2 * DAY));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a department by month over 35 days: energy, baseline, savings, burning hours and lighting rate equal the schedules\', as the lamps\' days give them', async () => {
    const e = expected(DAYS);
    for (const report of [await byDept('month'), await byLamps('month')]) {
      expect(report.rows.map((r) => r.key)).toEqual(['2026-01-01', '2026-02-01']);
      const total = report.total;
      expect(total.terminals).toBe(3);
      expect(total.nightHours).toBe(e.night);
      within(total.kwh, e.kwh, 'kwh');
      within(total.baselineKwh, e.baseline, 'baseline');
      within(total.savingKwh, e.baseline - e.kwh, 'saving');
      within(total.burnHours, e.burn, 'burn hours');
      within(total.dimmingSavingKwh, e.dimming, 'dimming saving');
      within(total.shorterBurningSavingKwh, e.shorter, 'shorter burning saving');
      // Over 31 days the lighting rate is read from the daily rollups' lit hours (it was null before): the dead lamp lowers it to two thirds.
      within(total.lightingRate, e.lightingRate, 'lighting rate');
      within(total.onlineRate, 1, 'online rate');
      const january = expected(DAYS.filter((d) => d < '2026-02-01'));
      within(report.rows[0].kwh, january.kwh, 'January kwh');
      within(report.rows[0].lightingRate, january.lightingRate, 'January lighting rate');
      within(sum(report.rows, (r) => r.kwh), e.kwh, 'rows add up');
    }
    const [dept, lamps] = [await byDept('year'), await byLamps('year')];
    for (const k of ['kwh', 'baselineKwh', 'burnHours', 'dimmingSavingKwh', 'cost', 'co2Kg', 'lightingRate', 'onlineRate'] as const) within(dept.total[k] as number, lamps.total[k] as number, k);
  });

  it('by department and by day within 31 days: the department days equal the lamps\' days and the hourly lighting rate', async () => {
    const week = DAYS.slice(7, 14);
    const e = expected(week);
    const byDepartment = await byDept('department', week[0], week[6]);
    expect(byDepartment.rows.map((r) => [r.key, r.terminals])).toEqual([[String(deptId), 3]]);
    within(byDepartment.rows[0].kwh, e.kwh, 'kwh');
    within(byDepartment.rows[0].burnHours, e.burn, 'burn hours');
    within(byDepartment.rows[0].lightingRate, e.lightingRate, 'lighting rate');
    const [dept, lamps] = [await byDept('day', week[0], week[6]), await byLamps('day', week[0], week[6])];
    expect(dept.rows.map((r) => r.key)).toEqual(week);
    for (const [i, day] of week.entries()) {
      within(dept.rows[i].kwh, expected([day]).kwh, `${day} kwh`);
      within(dept.rows[i].lightingRate, lamps.rows[i].lightingRate!, `${day} lighting rate`);
      within(dept.rows[i].lightingRate, expected([day]).lightingRate, `${day} lighting rate`);
    }
  });

  it('a day rolled up before the department sums existed is read from the lamps\' days; the rollup job heals it, lit hours from the hourly rollups', async () => {
    const db = t.database.db;
    const day = DAYS[3];
    const before = await byDept('month');
    // As migration 0031 leaves a day rolled up before it: the department's sums and the lamps' lit hours null.
    await db.execute(sql`update heartbeat_rollup_dept set burn_hours = null, full_kwh = null, availability = null, lit_by_hour = null where dept_id = ${deptId} and day = ${day}::date`);
    const fallback = await byDept('month');
    within(fallback.total.kwh, before.total.kwh, 'kwh');
    within(fallback.total.burnHours, before.total.burnHours, 'burn hours');
    within(fallback.total.lightingRate, before.total.lightingRate!, 'lighting rate');
    const lampDay = sql`grain = 'd' and bucket = ${`${day}T00:00:00+08:00`}::timestamptz and terminal_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;
    await db.execute(sql`update heartbeat_rollup set lit_hours = null where ${lampDay}`);
    // The lamps' days cannot tell that day's lit hours: the lighting rate is unknown rather than low.
    expect((await byDept('month')).total.lightingRate).toBeNull();

    const healed = await new RollupRepository(db, TZ).healDepartmentDays(400);
    expect(healed).toContain(day);
    // Lit from 18:00 to 06:00 local time: hours 0–5 and 18–23; the dead lamp none.
    const nightBits = [0, 1, 2, 3, 4, 5, 18, 19, 20, 21, 22, 23].reduce((bits, h) => bits | (1 << h), 0);
    const bits = rowsOf<{ terminal_id: number; lit_hours: number }>(await db.execute(sql`select terminal_id, lit_hours from heartbeat_rollup where ${lampDay}`));
    expect(Object.fromEntries(bits.map((b) => [Number(b.terminal_id), Number(b.lit_hours)]))).toEqual({ [ids[0]]: nightBits, [ids[1]]: nightBits, [ids[2]]: 0 });
    const filled = rowsOf<{ full_kwh: number | null }>(await db.execute(sql`select full_kwh from heartbeat_rollup_dept where dept_id = ${deptId} and day = ${day}::date`));
    within(Number(filled[0].full_kwh), (BURN_PER_DAY.full + BURN_PER_DAY.dimmed) * RATED_KW, 'full kwh of the day');
    const after = await byDept('month');
    within(after.total.kwh, before.total.kwh, 'kwh');
    within(after.total.lightingRate, before.total.lightingRate!, 'lighting rate');
    // Nothing left to heal.
    expect(await new RollupRepository(db, TZ).healDepartmentDays(400)).toEqual([]);
  });

  it('a department\'s report reads the department days: it stands without the lamps\' daily rows, a chosen set of lamps does not', async () => {
    const before = await byDept('month');
    await t.database.db.execute(sql`delete from heartbeat_rollup where grain = 'd' and terminal_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    const after = await byDept('month');
    within(after.total.kwh, before.total.kwh, 'kwh');
    within(after.total.lightingRate, before.total.lightingRate!, 'lighting rate');
    expect((await byLamps('month')).total.kwh).toBe(0);
  });
});
