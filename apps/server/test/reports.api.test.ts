import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AlarmStatus, joinAreaNames, TerminalStatus, type EnergyReport, type EnergyReportRow, type OperationsPlaceRow, type OperationsReport } from '@sl/contracts';
import type { Db } from '../src/db/client.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { RollupRepository } from '../src/fleet/rollups.js';
import { describeEachEngine } from './support/each-engine.js';
import { pdfText } from './support/pdf-text.js';
import { addScheduledLamp, localHour, nightHourStarts as nightHourStartsAt, switchedOn, writeScheduledReadings, type ScheduledKind, type ScheduledPlace } from './support/scheduled-lamps.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

const HOUR = 3_600_000;
const TZ = 'Asia/Shanghai';
const LAT = 31.23;
const LNG = 121.47;
const FROM = '2026-01-05';
const TO = '2026-01-11';
const DAYS = ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09', '2026-01-10', '2026-01-11'];
const RATED_KW = 0.1;

/**
 * Three 100 W lamps switched on from 18:00 to 06:00 local time, read every 10 minutes: `full` at full power, `dimmed`
 * at half power from 22:00, `dead` with its relay closed all night but drawing nothing.
 */
const LAMPS = { full: 'RPT-FULL', dimmed: 'RPT-DIM', dead: 'RPT-DEAD' } as const;

const PLACE: ScheduledPlace = { tz: TZ, lat: LAT, lng: LNG, ratedKw: RATED_KW };
const addLamp = (db: Db, sn: string, more: { deptId?: number; area?: string; boxId?: number | null } = {}) =>
  addScheduledLamp(db, PLACE, { sn, deptId: more.deptId ?? 2, area: more.area ?? 'report-test', boxId: more.boxId });
/** Readings from two days before FROM to two days after TO. */
const readings = (db: Db, id: number, kind: ScheduledKind) => writeScheduledReadings(db, PLACE, id, kind, { from: FROM, daysBefore: 2, days: 11, midPrefix: 'r' });

const nightHourStarts = (day: string) => nightHourStartsAt(PLACE, day);
const NIGHT = DAYS.flatMap(nightHourStarts);
/** Night hours in which a working lamp is on: the lighting rate's numerator per lamp. */
const LIT_NIGHT = NIGHT.filter((t) => switchedOn(localHour(t))).length;

const within = (actual: number | null | undefined, expected: number) => {
  expect(actual).not.toBeNull();
  expect(Math.abs(actual! - expected)).toBeLessThanOrEqual(Math.abs(expected) * 0.005 + 1e-9);
};

describeEachEngine('reports on generated lamps with known power and schedules', (engine) => {
  let t: TestApp;
  let token: string;
  let sink: SmtpSink;
  const ids: Record<keyof typeof LAMPS, number> = { full: 0, dimmed: 0, dead: 0 };
  const get = async <T>(url: string, lang = 'en-US') => {
    const res = await t.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-language': lang } });
    return res.json() as { code: number; msg: string; data: T };
  };
  const idList = () => `${ids.full},${ids.dimmed},${ids.dead}`;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp(engine, { SMTP_URL: sink.url, MAIL_FROM: 'lights@example.test' });
    token = await t.login();
    const db = t.database.db;
    for (const kind of Object.keys(LAMPS) as Array<keyof typeof LAMPS>) {
      ids[kind] = await addLamp(db, LAMPS[kind]);
      await readings(db, ids[kind], kind);
    }
    // Off-peak 0.3 until 08:00, peak 0.6 after: the department's tariff.
    await db.execute(sql`insert into control_set (kind, name, dept_id, is_default, data) values ('electricity', 'report tariff', 2, false,
      ${JSON.stringify({ currency: 'CNY', periods: [{ from: '00:00', to: '08:00', price: 0.3 }, { from: '08:00', to: '24:00', price: 0.6 }] })}::jsonb)`);
    await new RollupRepository(db, TZ).rollUp(new Date(Date.parse(`${FROM}T00:00:00+08:00`) - 2 * 86_400_000), new Date(Date.parse(`${TO}T00:00:00+08:00`) + 3 * 86_400_000));
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('energy, baseline, savings, burning hours and lighting rate per lamp equal the values computed from the schedules', async () => {
    const res = await get<EnergyReport>(`/api/v1/reports/energy?from=${FROM}&to=${TO}&groupBy=terminal&terminalIds=${idList()}`);
    expect(res.code).toBe(200);
    const row = (id: number) => res.data.rows.find((r) => r.key === String(id))!;
    const days = DAYS.length;
    const baseline = RATED_KW * NIGHT.length;
    const expected: Record<keyof typeof LAMPS, { kwh: number; burn: number; lit: number }> = {
      full: { kwh: 12 * RATED_KW * days, burn: 12 * days, lit: LIT_NIGHT },
      dimmed: { kwh: (4 * RATED_KW + 8 * RATED_KW * 0.5) * days, burn: 12 * days, lit: LIT_NIGHT },
      dead: { kwh: 0, burn: 0, lit: 0 },
    };
    for (const kind of Object.keys(LAMPS) as Array<keyof typeof LAMPS>) {
      const r: EnergyReportRow = row(ids[kind]);
      const e = expected[kind];
      expect(r.terminals).toBe(1);
      within(r.kwh + 1, e.kwh + 1);
      within(r.baselineKwh, baseline);
      within(r.savingKwh, baseline - e.kwh);
      within(r.burnHours + 1, e.burn + 1);
      within(r.dimmingSavingKwh + 1, e.burn * RATED_KW - e.kwh + 1);
      within(r.shorterBurningSavingKwh, baseline - e.burn * RATED_KW);
      within(r.lightingRate! + 1, e.lit / NIGHT.length + 1);
      within(r.onlineRate!, 1);
      expect(r.nightHours).toBe(NIGHT.length);
    }
    // The tariff priced over the night's hours (docs/reports.md): the mean of its prices in those hours, per day.
    const price = (day: string) => {
      const hours = nightHourStarts(day);
      return hours.reduce((s, h) => s + (localHour(h) < 8 ? 0.3 : 0.6), 0) / hours.length;
    };
    const fullDaily = 12 * RATED_KW;
    within(row(ids.full).cost, DAYS.reduce((s, d) => s + fullDaily * price(d), 0));
    within(row(ids.full).co2Kg, 12 * RATED_KW * days * res.data.co2PerKwh);
    within(res.data.total.kwh, expected.full.kwh + expected.dimmed.kwh);
  });

  it('a lamp dead at night lowers the lighting rate (hourly state, not the switch)', async () => {
    const working = await get<OperationsReport>(`/api/v1/reports/operations?from=${FROM}&to=${TO}&terminalIds=${ids.full},${ids.dimmed}`);
    const all = await get<OperationsReport>(`/api/v1/reports/operations?from=${FROM}&to=${TO}&terminalIds=${idList()}`);
    within(working.data.lightingRate!, LIT_NIGHT / NIGHT.length);
    within(all.data.lightingRate!, (2 * LIT_NIGHT) / (3 * NIGHT.length));
    expect(all.data.lightingRate!).toBeLessThan(working.data.lightingRate!);
    const dead = all.data.lamps.find((l) => l.terminalId === ids.dead)!;
    expect(dead.lightingRate).toBe(0);
    expect(dead.burnHours).toBe(0);
    const full = all.data.lamps.find((l) => l.terminalId === ids.full)!;
    within(full.burnHours, 12 * DAYS.length);
    expect(full.switches).toBe(DAYS.length);
    // The heat-map at 20:00: two of three lamps lit; at noon it is day (no rate).
    const at = (day: string, hour: number) => all.data.heatMap.find((c) => c.day === day && c.hour === hour)!;
    within(at('2026-01-08', 20).rate!, 2 / 3);
    expect(at('2026-01-08', 12).rate).toBeNull();
    expect(all.data.openByAge.map((b) => b.bucket)).toEqual(['<1d', '1-3d', '3-7d', '7-30d', '>=30d']);
  });

  it('operations per place: department → area → cabinet → lamp, each level adding up to the one above, a dead lamp lowering its place\'s lighting rate', async () => {
    // A department of its own: area ops-a holds a cabinet with a full and a dead lamp, area ops-b a dimmed lamp on no cabinet;
    // one fault raised on the dead lamp and still open.
    const db = t.database.db;
    const dept = Number(rowsOf<{ dept_id: number }>(await db.execute(sql`insert into sys_dept (parent_id, dept_name) values (1, 'RPT-OPS') returning dept_id`))[0].dept_id);
    await db.execute(sql`update sys_dept set dept_path = '/0/1/' || dept_id where dept_id = ${dept}`);
    const box = Number(rowsOf<{ box_id: number }>(await db.execute(sql`insert into terminal_box (name, code, dept_id) values ('RPT-OPS-BOX', 'RPT-OPS-BOX', ${dept}) returning box_id`))[0].box_id);
    const add = async (sn: string, area: string, boxId: number | null, kind: ScheduledKind) => {
      const id = await addLamp(db, sn, { deptId: dept, area, boxId });
      await readings(db, id, kind);
      return id;
    };
    const full = await add('RPT-OPS-FULL', 'ops-a', box, 'full');
    const dead = await add('RPT-OPS-DEAD', 'ops-a', box, 'dead');
    const dimmed = await add('RPT-OPS-DIM', 'ops-b', null, 'dimmed');
    await db.execute(sql`insert into alarm (terminal_id, dept_id, kind, raised_at) values (${dead}, ${dept}, 'leakage', ${`${FROM}T21:00:00+08:00`})`);
    await new RollupRepository(db, TZ).rollUp(new Date(Date.parse(`${FROM}T00:00:00+08:00`) - 2 * 86_400_000), new Date(Date.parse(`${TO}T00:00:00+08:00`) + 3 * 86_400_000));
    const ops = async (query: string) => {
      const res = await get<OperationsReport>(`/api/v1/reports/operations?from=${FROM}&to=${TO}&${query}`);
      expect(res.code).toBe(200);
      return res.data;
    };
    const row = (r: OperationsReport, key: string) => r.rows.find((x) => x.key === key)!;
    const sum = (rows: OperationsPlaceRow[], f: (r: OperationsPlaceRow) => number) => rows.reduce((s, r) => s + f(r), 0);
    // A level's rows against the row they were drilled from: lamps, burning hours, switch-ons, faults and open alarms add up,
    // the rates are the lamp-weighted means of the rows below.
    const agree = (below: OperationsPlaceRow[], above: OperationsPlaceRow) => {
      expect(sum(below, (r) => r.terminals)).toBe(above.terminals);
      within(sum(below, (r) => r.burnHours), above.burnHours);
      expect(sum(below, (r) => r.switches)).toBe(above.switches);
      expect(sum(below, (r) => r.faults)).toBe(above.faults);
      expect(sum(below, (r) => r.openAlarms)).toBe(above.openAlarms);
      within(sum(below, (r) => r.lightingRate! * r.terminals) / above.terminals, above.lightingRate!);
      within(sum(below, (r) => r.onlineRate! * r.terminals) / above.terminals, above.onlineRate!);
    };
    const spanDays = DAYS.length;
    const failureRate = (faults: number, lamps: number) => (faults / lamps) * 1000 * (30 / spanDays);

    // Departments: the one department, three lamps, two of them lit each night hour they are switched on.
    const byDept = await ops(`groupBy=department&deptIds=${dept}`);
    expect(byDept.groupBy).toBe('department');
    expect(byDept.rows.map((r) => [r.key, r.label, r.terminals])).toEqual([[String(dept), 'RPT-OPS', 3]]);
    const deptRow = row(byDept, String(dept));
    within(deptRow.lightingRate!, (2 * LIT_NIGHT) / (3 * NIGHT.length));
    within(deptRow.burnHours, 2 * 12 * spanDays);
    // Switch-ons count the relay: the dead lamp's closes each evening too.
    expect(deptRow.switches).toBe(3 * spanDays);
    expect([deptRow.faults, deptRow.openAlarms]).toEqual([1, 1]);
    within(deptRow.failureRate, failureRate(1, 3));
    within(deptRow.onlineRate!, 1);
    within(byDept.lightingRate!, deptRow.lightingRate!);

    // Its areas: ops-a with the dead lamp lit half as much as ops-b.
    const byArea = await ops(`groupBy=area&deptIds=${dept}`);
    expect(byArea.rows.map((r) => r.key)).toEqual(['ops-a', 'ops-b']);
    agree(byArea.rows, deptRow);
    within(row(byArea, 'ops-a').lightingRate!, LIT_NIGHT / (2 * NIGHT.length));
    within(row(byArea, 'ops-b').lightingRate!, LIT_NIGHT / NIGHT.length);
    expect(row(byArea, 'ops-a').lightingRate!).toBeLessThan(row(byArea, 'ops-b').lightingRate!);
    within(row(byArea, 'ops-a').failureRate, failureRate(1, 2));

    // The cabinets of ops-a: the one cabinet, its totals (heat-map, lamps) narrowed to its two lamps.
    const areaRow = row(byArea, 'ops-a');
    const byCabinet = await ops(`groupBy=cabinet&deptIds=${dept}&areas=ops-a`);
    expect(byCabinet.rows.map((r) => [r.key, r.label])).toEqual([[String(box), 'RPT-OPS-BOX']]);
    agree(byCabinet.rows, areaRow);
    expect(byCabinet.lampCount).toBe(2);
    within(byCabinet.lightingRate!, areaRow.lightingRate!);
    expect(byCabinet.heatMap.find((c) => c.day === '2026-01-08' && c.hour === 20)).toMatchObject({ lit: 1, lamps: 2 });

    // The lamps of the cabinet: the dead one at 0 with its open fault, the full one lit every switched-on night hour.
    const byLamp = await ops(`groupBy=terminal&deptIds=${dept}&areas=ops-a&boxIds=${box}`);
    expect(byLamp.rows.map((r) => r.key)).toEqual([String(dead), String(full)]);
    agree(byLamp.rows, row(byCabinet, String(box)));
    expect(row(byLamp, String(dead))).toMatchObject({ label: 'RPT-OPS-DEAD', terminals: 1, lightingRate: 0, burnHours: 0, switches: spanDays, faults: 1, openAlarms: 1 });
    within(row(byLamp, String(full)).lightingRate!, LIT_NIGHT / NIGHT.length);
    within(row(byLamp, String(full)).burnHours, 12 * spanDays);
    expect(byLamp.lamps.map((l) => l.terminalId).sort((a, b) => a - b)).toEqual([full, dead].sort((a, b) => a - b));
    expect(byLamp.rows.map((r) => r.key)).not.toContain(String(dimmed));

    // Periods and policies are no operations level: a 400 naming groupBy, in either language.
    const en = await get(`/api/v1/reports/operations?from=${FROM}&to=${TO}&groupBy=day`);
    expect(en.code).toBe(400);
    expect(en.msg).toContain('groupBy must be one of department, area, cabinet, terminal');
    const zh = await get(`/api/v1/reports/operations?from=${FROM}&to=${TO}&groupBy=policy`, 'zh-CN');
    expect(zh.code).toBe(400);
    expect(zh.msg).toContain('groupBy');
    expect(zh.msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await get(`/api/v1/reports/operations?from=${FROM}&to=${TO}&boxIds=x`)).code).toBe(400);
  });

  it('drills from the row of lamps on no cabinet (key 0) to those lamps, and only those', async () => {
    const cabinets = await get<EnergyReport>(`/api/v1/reports/energy?from=${FROM}&to=${TO}&groupBy=cabinet&areas=report-test`);
    expect(cabinets.data.rows.map((r) => [r.key, r.terminals])).toEqual([['0', 3]]);
    const lamps = await get<EnergyReport>(`/api/v1/reports/energy?from=${FROM}&to=${TO}&groupBy=terminal&areas=report-test&boxIds=0`);
    expect(lamps.data.rows.map((r) => Number(r.key)).sort((a, b) => a - b)).toEqual([ids.full, ids.dimmed, ids.dead].sort((a, b) => a - b));
    const onSomeCabinet = await get<EnergyReport>(`/api/v1/reports/energy?from=${FROM}&to=${TO}&groupBy=terminal&boxIds=0`);
    expect(onSomeCabinet.data.rows.every((r) => r.terminals === 1)).toBe(true);
    const seeded = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from terminal where box_id is null`))[0].n;
    expect(onSomeCabinet.data.rows).toHaveLength(seeded);
  });

  it('drills from the row of lamps in no area (key \'\') to those lamps, and only those', async () => {
    await t.database.db.execute(sql`insert into terminal (sn, family, name, model, dept_id, status, heartbeat_s, area) values ('RPT-NOAREA', 'rdcsm', 'RPT-NOAREA', 2, 2, ${TerminalStatus.inUse}, 600, '')`);
    const byArea = await get<EnergyReport>(`/api/v1/reports/energy?from=${FROM}&to=${TO}&groupBy=area`);
    const none = byArea.data.rows.find((r) => r.key === '');
    const inNoArea = rowsOf<{ id: number }>(await t.database.db.execute(sql`select terminal_id as id from terminal where area = ''`)).map((r) => Number(r.id));
    expect(inNoArea.length).toBeGreaterThan(0);
    expect(none?.terminals).toBe(inNoArea.length);
    const lamps = await get<EnergyReport>(`/api/v1/reports/energy?from=${FROM}&to=${TO}&groupBy=terminal&noArea=true`);
    expect(lamps.data.rows.map((r) => Number(r.key)).sort((a, b) => a - b)).toEqual(inNoArea.sort((a, b) => a - b));
    const withNamed = await get<EnergyReport>(`/api/v1/reports/energy?from=${FROM}&to=${TO}&groupBy=terminal&noArea=true&areas=report-test`);
    expect(withNamed.data.rows).toHaveLength(inNoArea.length + 3);
    expect((await get(`/api/v1/reports/energy?from=${FROM}&to=${TO}&noArea=yes`)).code).toBe(400);
  });

  it('drills area → cabinet → lamp through the "(no area)" row as the console does: only lamps in no area, summing to the row above', async () => {
    const db = t.database.db;
    const box = Number(rowsOf<{ box_id: number }>(await db.execute(sql`insert into terminal_box (name, code, dept_id) values ('RPT-NOAREA-BOX', 'RPT-NOAREA-BOX', 2) returning box_id`))[0].box_id);
    const add = (sn: string, boxId: number | null) => addLamp(db, sn, { area: '', boxId });
    const loose = await add('RPT-NOAREA-FULL', null);
    const boxed = await add('RPT-NOAREA-DIM', box);
    await readings(db, loose, 'full');
    await readings(db, boxed, 'dimmed');
    await new RollupRepository(db, TZ).rollUp(new Date(Date.parse(`${FROM}T00:00:00+08:00`) - 2 * 86_400_000), new Date(Date.parse(`${TO}T00:00:00+08:00`) + 3 * 86_400_000));
    const sum = (rows: EnergyReportRow[], f: (r: EnergyReportRow) => number) => rows.reduce((s, r) => s + f(r), 0);
    const inNoArea = rowsOf<{ id: number }>(await db.execute(sql`select terminal_id as id from terminal where area = ''`)).map((r) => Number(r.id)).sort((a, b) => a - b);

    // Level 1, areas: the row of lamps in no area holds at least the two lamps' energy (12 h at full, 4 h full + 8 h at half a night).
    const byArea = await get<EnergyReport>(`/api/v1/reports/energy?from=${FROM}&to=${TO}&groupBy=area`);
    const none = byArea.data.rows.find((r) => r.key === '')!;
    expect(none.terminals).toBe(inNoArea.length);
    expect(none.kwh).toBeGreaterThanOrEqual((12 * RATED_KW + 0.8) * DAYS.length * 0.995);
    expect(byArea.data.rows.find((r) => r.key === 'report-test')!.kwh).toBeGreaterThan(0);

    // Level 2, its cabinets (the console sends noArea=true): the lamps in no area only, adding up to the row above.
    const cabinets = await get<EnergyReport>(`/api/v1/reports/energy?from=${FROM}&to=${TO}&groupBy=cabinet&noArea=true`);
    expect(cabinets.code).toBe(200);
    expect(sum(cabinets.data.rows, (r) => r.terminals)).toBe(none.terminals);
    within(sum(cabinets.data.rows, (r) => r.kwh), none.kwh);
    within(sum(cabinets.data.rows, (r) => r.burnHours), none.burnHours);
    within(cabinets.data.total.kwh, none.kwh);
    const boxRow = cabinets.data.rows.find((r) => r.key === String(box))!;
    expect(boxRow.terminals).toBe(1);
    within(boxRow.kwh, (4 * RATED_KW + 8 * RATED_KW * 0.5) * DAYS.length);

    // Level 3, the lamps: every lamp in no area and no other (not the three in 'report-test'), adding up to the row above.
    const lamps = await get<EnergyReport>(`/api/v1/reports/energy?from=${FROM}&to=${TO}&groupBy=terminal&noArea=true`);
    expect(lamps.data.rows.map((r) => Number(r.key)).sort((a, b) => a - b)).toEqual(inNoArea);
    expect(lamps.data.rows.map((r) => Number(r.key))).not.toContain(ids.full);
    within(sum(lamps.data.rows, (r) => r.kwh), none.kwh);
    // Through one cabinet of the "(no area)" level: its lamp in no area only, with the cabinet row's figure.
    const inBox = await get<EnergyReport>(`/api/v1/reports/energy?from=${FROM}&to=${TO}&groupBy=terminal&noArea=true&boxIds=${box}`);
    expect(inBox.data.rows.map((r) => Number(r.key))).toEqual([boxed]);
    within(inBox.data.rows[0].kwh, boxRow.kwh);
    const onNoBox = await get<EnergyReport>(`/api/v1/reports/energy?from=${FROM}&to=${TO}&groupBy=terminal&noArea=true&boxIds=0`);
    expect(onNoBox.data.rows.map((r) => Number(r.key))).toContain(loose);
    expect(onNoBox.data.rows.map((r) => Number(r.key))).not.toContain(boxed);
    within(sum(onNoBox.data.rows, (r) => r.kwh), cabinets.data.rows.find((r) => r.key === '0')!.kwh);
  });

  it('an area named "A,B" is one area: its comma is written \\, in the areas parameter; A,B unescaped are the areas A and B', async () => {
    const db = t.database.db;
    const add = async (sn: string, area: string) => Number(rowsOf<{ terminal_id: number }>(await db.execute(sql`
      insert into terminal (sn, family, name, model, dept_id, status, heartbeat_s, area) values (${sn}, 'rdcsm', ${sn}, 2, 2, ${TerminalStatus.inUse}, 600, ${area}) returning terminal_id`))[0].terminal_id);
    const ab = await add('RPT-AREA-AB', 'A,B');
    const a = await add('RPT-AREA-A', 'A');
    const b = await add('RPT-AREA-B', 'B');
    const slash = await add('RPT-AREA-SLASH', 'C\\D');
    const lamps = async (areas: string) => (await get<EnergyReport>(`/api/v1/reports/energy?from=${FROM}&to=${TO}&groupBy=terminal&areas=${encodeURIComponent(areas)}`)).data.rows.map((r) => Number(r.key)).sort((x, y) => x - y);
    expect(await lamps('A\\,B')).toEqual([ab]);
    expect(await lamps('A,B')).toEqual([a, b].sort((x, y) => x - y));
    expect(await lamps('A\\,B,C\\\\D')).toEqual([ab, slash].sort((x, y) => x - y));
    // The row of the area "A,B", drilled as the console asks it, holds that lamp only.
    const byArea = await get<EnergyReport>(`/api/v1/reports/energy?from=${FROM}&to=${TO}&groupBy=area`);
    expect(byArea.data.rows.find((r) => r.key === 'A,B')?.terminals).toBe(1);
    expect(await lamps(joinAreaNames(['A,B']))).toEqual([ab]);
  });

  it('savings per policy: each lamp-day under the policy the lamp ran that day, the days after a change under the new one', async () => {
    const db = t.database.db;
    const policy = async (name: string) => Number(rowsOf<{ id: number }>(await db.execute(sql`
      insert into control_policy (name, family, model, steps) values (${name}, 'rdcsm', 2, '[]'::jsonb) returning id`))[0].id);
    const plan = async (policyId: number) => Number(rowsOf<{ id: number }>(await db.execute(sql`
      insert into control_plan (name, policy_id, group_mode, target_ids, start_date, end_date, time_zone) values ('RPT plan', ${policyId}, 1, '{}', ${FROM}, ${TO}, ${TZ}) returning id`))[0].id);
    const ran = (planId: number, terminalId: number, at: string, state = 'succeeded') => db.execute(sql`
      insert into control_task (source, source_id, terminal_id, cmd, params, state, updated_at) values ('plan', ${planId}, ${terminalId}, 'program', '{}'::jsonb, ${state}, ${at}::timestamptz)`);
    const full = await policy('RPT full night');
    const dim = await policy('RPT dim at 22:00');
    const fullPlan = await plan(full);
    const dimPlan = await plan(dim);
    await ran(fullPlan, ids.full, '2026-01-01T12:00:00+08:00');
    await ran(fullPlan, ids.dimmed, '2026-01-01T12:00:00+08:00');
    // The dimmed lamp changes to the dimming policy at noon on the 8th; a download that failed changes nothing.
    await ran(dimPlan, ids.dimmed, '2026-01-08T12:00:00+08:00');
    await ran(dimPlan, ids.full, '2026-01-09T12:00:00+08:00', 'failed');

    const res = await get<EnergyReport>(`/api/v1/reports/savings?from=${FROM}&to=${TO}&groupBy=policy&terminalIds=${idList()}`);
    expect(res.code).toBe(200);
    const row = (key: string) => res.data.rows.find((r) => r.key === key)!;
    const before = DAYS.filter((d) => d < '2026-01-08');
    const after = DAYS.filter((d) => d >= '2026-01-08');
    const nights = (days: string[]) => days.flatMap(nightHourStarts);
    const litOf = (days: string[]) => nights(days).filter((h) => switchedOn(localHour(h))).length;
    const dimmedKwh = 4 * RATED_KW + 8 * RATED_KW * 0.5;

    const a = row(`policy:${full}`);
    expect([a.label, a.terminals]).toEqual(['RPT full night', 2]);
    within(a.kwh, 12 * RATED_KW * DAYS.length + dimmedKwh * before.length);
    within(a.burnHours, 12 * (DAYS.length + before.length));
    within(a.baselineKwh, RATED_KW * (nights(DAYS).length + nights(before).length));
    within(a.dimmingSavingKwh + 1, 12 * RATED_KW * (DAYS.length + before.length) - a.kwh + 1);
    within(a.lightingRate!, (litOf(DAYS) + litOf(before)) / (nights(DAYS).length + nights(before).length));

    const b = row(`policy:${dim}`);
    expect([b.label, b.terminals]).toEqual(['RPT dim at 22:00', 1]);
    within(b.kwh, dimmedKwh * after.length);
    within(b.baselineKwh, RATED_KW * nights(after).length);
    within(b.dimmingSavingKwh, (12 * RATED_KW - dimmedKwh) * after.length);
    within(b.shorterBurningSavingKwh, RATED_KW * (nights(after).length - 12 * after.length));
    within(b.savingKwh, RATED_KW * nights(after).length - dimmedKwh * after.length);
    expect(b.nightHours).toBe(nights(after).length);

    // The dead lamp never had a policy downloaded: the row of no policy, dark all night.
    const none = row('');
    expect(none.terminals).toBe(1);
    expect(none.kwh).toBe(0);
    expect(none.lightingRate).toBe(0);
    within(res.data.total.kwh, 12 * RATED_KW * DAYS.length + dimmedKwh * DAYS.length);
  });

  it('by day, month and with last year: each day holds both working lamps, last year holds nothing', async () => {
    const byDay = await get<EnergyReport>(`/api/v1/reports/energy?from=${FROM}&to=${TO}&groupBy=day&terminalIds=${idList()}&lastYear=true`);
    expect(byDay.data.rows.map((r) => r.key)).toEqual(DAYS);
    for (const r of byDay.data.rows) {
      within(r.kwh, 12 * RATED_KW + 0.8);
      expect(r.lastYearKwh).toBe(0);
    }
    const byMonth = await get<EnergyReport>(`/api/v1/reports/energy?from=${FROM}&to=${TO}&groupBy=month&terminalIds=${idList()}`);
    expect(byMonth.data.rows.map((r) => r.key)).toEqual(['2026-01-01']);
    within(byMonth.data.rows[0].kwh, (12 * RATED_KW + 0.8) * DAYS.length);
  });

  it('refuses a bad range with a 400 in the caller\'s language, and an operations range over 62 days', async () => {
    const reversed = await get(`/api/v1/reports/energy?from=${TO}&to=${FROM}`);
    expect(reversed.code).toBe(400);
    expect(reversed.msg).toContain('from must not be after to');
    expect((await get('/api/v1/reports/energy?from=2026-02-30&to=2026-03-01')).code).toBe(400);
    expect((await get(`/api/v1/reports/energy?from=${FROM}`)).code).toBe(400);
    expect((await get(`/api/v1/reports/energy?from=${FROM}&to=${TO}&groupBy=planet`)).code).toBe(400);
    const long = await get('/api/v1/reports/operations?from=2026-01-01&to=2026-03-31', 'zh-CN');
    expect(long.code).toBe(400);
    expect(long.msg).toContain('62');
    expect(long.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('mean times to acknowledge and to repair, by department and by repairer, from the alarms\' status log; no repairer is a named row', async () => {
    // Two faults on a lamp of their own in department 2: the first acknowledged after 30 min and repaired after
    // 120 min by the admin's work order; the second acknowledged after 90 min, never repaired, with no work order.
    const db = t.database.db;
    const lamp = await addLamp(db, 'RPT-REPAIR', { deptId: 2 });
    const at = (iso: string, minutes = 0) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();
    const raise = async (raisedAt: string, status: number, clearedAt: string | null = null) => Number(rowsOf<{ alarm_id: number }>(await db.execute(sql`
      insert into alarm (terminal_id, dept_id, kind, status, raised_at, cleared_at)
      values (${lamp}, 2, 'lampFault', ${status}, ${raisedAt}::timestamptz, ${clearedAt}::timestamptz) returning alarm_id`))[0].alarm_id);
    const move = (alarmId: number, from: number, to: number, when: string) =>
      db.execute(sql`insert into alarm_log (alarm_id, event, from_status, to_status, at) values (${alarmId}, 'test', ${from}, ${to}, ${when}::timestamptz)`);
    const first = await raise('2026-01-06T10:00:00+08:00', AlarmStatus.repairComplete, at('2026-01-06T10:00:00+08:00', 120));
    await move(first, AlarmStatus.alarm, AlarmStatus.dispatching, at('2026-01-06T10:00:00+08:00', 30));
    await move(first, AlarmStatus.repairing, AlarmStatus.repairComplete, at('2026-01-06T10:00:00+08:00', 120));
    const order = Number(rowsOf<{ order_id: number }>(await db.execute(sql`insert into work_order (dept_id, assignee_id) values (2, 1) returning order_id`))[0].order_id);
    await db.execute(sql`insert into work_order_alarm (order_id, alarm_id) values (${order}, ${first})`);
    const second = await raise('2026-01-07T10:00:00+08:00', AlarmStatus.dispatching);
    await move(second, AlarmStatus.alarm, AlarmStatus.dispatching, at('2026-01-07T10:00:00+08:00', 90));

    const report = (await get<OperationsReport>(`/api/v1/reports/operations?from=${FROM}&to=${TO}&terminalIds=${lamp}`)).data;
    expect(report.repairByDept).toEqual([expect.objectContaining({ key: '2', alarms: 2, meanAckMinutes: 60, meanRepairMinutes: 120 })]);
    expect(report.repairByRepairer).toEqual([
      expect.objectContaining({ key: '0', label: '', alarms: 1, meanAckMinutes: 90, meanRepairMinutes: null }),
      expect.objectContaining({ key: '1', alarms: 1, meanAckMinutes: 30, meanRepairMinutes: 120 }),
    ]);
    const xlsx = await t.app.inject({ method: 'GET', url: `/api/v1/reports/operations/export?from=${FROM}&to=${TO}&terminalIds=${lamp}`, headers: bearer(token) });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const repairs = wb.getWorksheet('repairs')!;
    const rows = Array.from({ length: repairs.rowCount - 1 }, (_, i) => [2, 3, 4, 5].map((c) => repairs.getRow(i + 2).getCell(c).value));
    expect(rows).toEqual([[expect.any(String), 2, 60, 120], ['未指派 No repairer assigned', 1, 90, null], [expect.any(String), 1, 30, 120]]);
  });

  it('exports the energy and operations reports as .xlsx that open with their rows', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/reports/energy/export?from=${FROM}&to=${TO}&groupBy=terminal&terminalIds=${idList()}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('energy')!;
    expect(ws.rowCount).toBe(1 + 3 + 1);
    const names = [2, 3, 4].map((i) => String(ws.getRow(i).getCell(1).value));
    expect(names.sort()).toEqual(Object.values(LAMPS).sort());
    const ops = await t.app.inject({ method: 'GET', url: `/api/v1/reports/operations/export?from=${FROM}&to=${TO}&terminalIds=${idList()}`, headers: bearer(token) });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(ops.rawPayload as unknown as ArrayBuffer);
    expect(wb2.getWorksheet('lamps')!.rowCount).toBe(4);
    expect(wb2.getWorksheet('lighting-rate')!.rowCount).toBe(1 + DAYS.length);
    const open = wb2.getWorksheet('open-alarms')!;
    const report = (await t.app.inject({ url: `/api/v1/reports/operations?from=${FROM}&to=${TO}&terminalIds=${idList()}`, headers: bearer(token) })).json().data as OperationsReport;
    expect(open.rowCount).toBe(1 + report.openByAge.length);
    expect([2, 3, 4, 5, 6].map((i) => Number(open.getRow(i).getCell(2).value))).toEqual(report.openByAge.map((b) => b.count));
  });

  it('prints a department month as a PDF with Chinese text, and the scheduler e-mails it once on the 1st at 08:00 local time', async () => {
    const pdf = await t.app.inject({ method: 'GET', url: '/api/v1/reports/month.pdf?deptId=2&month=2026-01&locale=zh-CN', headers: bearer(token) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const read = await pdfText(pdf.rawPayload);
    expect(read.pages).toBeGreaterThanOrEqual(1);
    expect(read.text).toContain('月度照明报表');
    expect(read.text).toContain('亮灯率');

    const saved = await t.app.inject({ method: 'POST', url: '/api/v1/reports/mails', headers: bearer(token), payload: { deptId: 2, recipients: ['finance@example.test', 'ops@example.test'], locale: 'en-US' } });
    expect(saved.json().code).toBe(200);
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/reports/mails', headers: bearer(token), payload: { deptId: 2, recipients: ['not an address'] } });
    expect(bad.json().code).toBe(400);

    const monthly = t.app.services.reports.monthly;
    const job = monthly.job({ error: () => undefined });
    const signal = new AbortController().signal;
    // 07:59 in Shanghai on 1 February: not yet.
    await job.run({ now: new Date('2026-01-31T23:59:00Z'), lastRunAt: null, signal });
    expect(sink.messages.length).toBe(0);
    await job.run({ now: new Date('2026-02-01T00:00:00Z'), lastRunAt: null, signal });
    const [mail] = await sink.waitFor(1);
    expect(mail.subject).toContain('2026-01');
    expect(sink.recipients[0].sort()).toEqual(['finance@example.test', 'ops@example.test']);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    const attached = await pdfText(mail.attachments[0].content);
    expect(attached.text).toContain('Monthly lighting report');
    expect(attached.text).toContain('2026-01');
    // Two instances' runs later the same day: sent once.
    await Promise.all([job.run({ now: new Date('2026-02-01T03:00:00Z'), lastRunAt: null, signal }), job.run({ now: new Date('2026-02-01T03:00:00Z'), lastRunAt: null, signal })]);
    expect(sink.messages.length).toBe(1);
    const list = await get<{ list: Array<{ deptId: number; lastMonth: string }> }>('/api/v1/reports/mails');
    expect(list.data.list.find((m) => m.deptId === 2)?.lastMonth).toBe('2026-01');
  });
});
