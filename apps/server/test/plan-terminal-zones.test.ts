import { decide } from '@sl/simulator';
import type { CommandParams, ProgramStep } from '@sl/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { firingsBetween, stateAt } from '../src/control/compiler/timeline.js';
import { rowsOf } from '../src/db/sql-rows.js';
import { describeEachEngine } from './support/each-engine.js';
import { noaaSunTimes } from './support/noaa-sun.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { addTerminal, caller, type Caller } from './terminals-fixtures.js';

const QUITO = { lat: -0.18, lng: -78.47 };
const SHANGHAI = { lat: 31.23, lng: 121.47 };
const BERLIN = { lat: 52.52, lng: 13.4 };
const MINUTE = 60_000;

/**
 * A plan runs in each terminal's own zone (issue 25, item 3): its dates are the terminal's local dates, its clock
 * steps the terminal's local times with the zone's daylight-saving rule, its solar steps the sun at the terminal.
 * The plan's own zone (here one neither terminal is in) only shows it in the console.
 */
describeEachEngine('plans in each terminal\'s zone', (engine) => {
  let t: TestApp;
  let admin: Caller;

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = caller(t, await t.login());
  });
  afterAll(async () => t?.close());

  const bound = async (terminalId: number) => {
    const rows = rowsOf<{ fingerprint: string; source: string; sourceId: number }>(
      await t.database.db.execute(sql`select fingerprint, source, source_id as "sourceId" from control_binding where terminal_id = ${terminalId}`),
    );
    return rows[0] ? { ...rows[0], params: JSON.parse(rows[0].fingerprint) as CommandParams<'plan.bind'> } : undefined;
  };
  const plan = async (name: string, steps: ProgramStep[], targetIds: number[], startDate: string, endDate: string, timeZone: string) => {
    const policy = (await admin.post('/policy/addData', { name, family: 'rdcsm', model: 2, steps })).data as { id: number };
    const res = await admin.post('/plan/add', { name, policyId: policy.id, groupMode: 1, targetIds, startDate, endDate, timeZone });
    expect(res.code).toBe(200);
    return res.data as { id: number };
  };
  /** The first minute from `from` to `to` at which the simulated terminal, as bound, has its lamp lit. */
  const switchOn = (params: CommandParams<'plan.bind'>, place: { lat: number; lng: number }, from: number, to: number) => {
    const site = { ...place, tzOffsetMin: params.tzOffsetMin!, tz: params.tz, loops: 1 };
    for (let at = from; at < to; at += MINUTE) if (decide(params.program, at, site).loops[0]) return at;
    return null;
  };

  it('switches a Quito and a Shanghai terminal of one plan each at its local sunset (NOAA), from each one\'s local first day', async () => {
    const quito = await addTerminal(admin, { deptId: 2, ...QUITO });
    const shanghai = await addTerminal(admin, { deptId: 2, ...SHANGHAI });
    const night = await plan('dusk to dawn', [{ at: 'sunset', action: 'on' }, { at: 'sunrise', action: 'off' }], [quito.terminalId, shanghai.terminalId], '2026-06-10', '2026-06-20', 'Europe/Berlin');
    const downloads = t.app.services.control.downloads;

    // 2026-06-09 17:00 UTC is already June 10 in Shanghai (01:00) but still June 9 in Quito (12:00): only Shanghai runs the plan.
    await downloads.reconcile(new Date('2026-06-09T17:00:00Z'), [quito.terminalId, shanghai.terminalId]);
    expect((await bound(shanghai.terminalId))?.sourceId).toBe(night.id);
    const early = await bound(quito.terminalId);
    expect(early?.source === 'plan' && early.sourceId === night.id).toBe(false);
    // 05:00 UTC on June 10 is June 10 in Quito too.
    await downloads.reconcile(new Date('2026-06-10T05:00:00Z'), [quito.terminalId, shanghai.terminalId]);

    for (const [terminal, place, zone, offsetHours] of [[quito, QUITO, 'America/Guayaquil', -5], [shanghai, SHANGHAI, 'Asia/Shanghai', 8]] as const) {
      const b = (await bound(terminal.terminalId))!;
      expect(b).toMatchObject({ source: 'plan', sourceId: night.id });
      expect(b.params.tz?.name).toBe(zone);
      expect(b.params.tzOffsetMin).toBe(offsetHours * 60);
      for (const date of ['2026-06-12', '2026-06-19']) {
        const localNoon = Date.parse(`${date}T12:00:00Z`) - offsetHours * 3_600_000;
        const sunset = noaaSunTimes(date, offsetHours, place.lat, place.lng).sunset!;
        const on = switchOn(b.params, place, localNoon, localNoon + 12 * 3_600_000);
        expect(on).not.toBeNull();
        expect(Math.abs(on! - sunset)).toBeLessThanOrEqual(1.5 * MINUTE);
        // The server's timeline (verification) sees the same.
        expect(stateAt(b.params.program, sunset + 3 * MINUTE, { ...place, timeZone: zone }).on).toEqual([true]);
        expect(stateAt(b.params.program, sunset - 3 * MINUTE, { ...place, timeZone: zone }).on).toEqual([false]);
      }
    }
  });

  it('fires a Berlin terminal\'s 02:30 step of a Shanghai-zone plan at 03:00 CEST on the spring night, once on the autumn night', async () => {
    const berlin = await addTerminal(admin, { deptId: 2, ...BERLIN });
    const steps: ProgramStep[] = [{ at: '18:00', action: 'on', level: 100 }, { at: '02:30', action: 'dim', level: 50 }, { at: '02:45', action: 'on', level: 100 }, { at: '06:00', action: 'off' }];
    await plan('clock steps', steps, [berlin.terminalId], '2026-03-01', '2026-11-30', 'Asia/Shanghai');
    await t.app.services.control.downloads.reconcile(new Date('2026-03-28T12:00:00Z'), [berlin.terminalId]);
    const b = (await bound(berlin.terminalId))!;
    expect(b.params.tz?.name).toBe('Europe/Berlin');
    const site = { ...BERLIN, tzOffsetMin: b.params.tzOffsetMin!, tz: b.params.tz, loops: 1 };
    const at = (iso: string) => decide(b.params.program, Date.parse(iso), site);
    const timeline = (iso: string) => stateAt(b.params.program, Date.parse(iso), { ...BERLIN, timeZone: 'Europe/Berlin' });

    // 2026-03-29: 02:00 CET jumps to 03:00 CEST (01:00 UTC). 02:30 and 02:45 do not exist: both fire at 03:00 CEST, in
    // order, not at 03:30 / 03:45 CEST as a fixed CET offset would have them (the dim would then rule at 01:35 UTC).
    const spring = firingsBetween(b.params.program, '2026-03-29', '2026-03-29', { ...BERLIN, timeZone: 'Europe/Berlin' }).filter((f) => f.index === 1 || f.index === 2);
    expect(spring.map((f) => [f.index, new Date(f.at).toISOString()])).toEqual([[1, '2026-03-29T01:00:00.000Z'], [2, '2026-03-29T01:00:00.000Z']]);
    expect(at('2026-03-29T00:59:00Z')).toEqual({ loops: [true], dim: 100 });
    expect(at('2026-03-29T01:35:00Z')).toEqual({ loops: [true], dim: 100 });
    expect(timeline('2026-03-29T01:35:00Z')).toEqual({ on: [true], dim: 100 });
    // 2026-10-25: 03:00 CEST goes back to 02:00 CET (01:00 UTC); 02:30 happens at 00:30 and 01:30 UTC and fires at the first only.
    await t.app.services.control.downloads.reconcile(new Date('2026-10-24T12:00:00Z'), [berlin.terminalId]);
    const autumn = (await bound(berlin.terminalId))!;
    const autumnSite = { ...BERLIN, tzOffsetMin: autumn.params.tzOffsetMin!, tz: autumn.params.tz, loops: 1 };
    const atAutumn = (iso: string) => decide(autumn.params.program, Date.parse(iso), autumnSite);
    const autumnFirings = firingsBetween(autumn.params.program, '2026-10-25', '2026-10-25', { ...BERLIN, timeZone: 'Europe/Berlin' }).filter((f) => f.index === 1);
    expect(autumnFirings.map((f) => new Date(f.at).toISOString())).toEqual(['2026-10-25T00:30:00.000Z']);
    expect(atAutumn('2026-10-25T00:35:00Z')).toEqual({ loops: [true], dim: 50 });
    expect(atAutumn('2026-10-25T00:50:00Z')).toEqual({ loops: [true], dim: 100 });
    expect(atAutumn('2026-10-25T01:35:00Z')).toEqual({ loops: [true], dim: 100 });
    expect(stateAt(autumn.params.program, Date.parse('2026-10-25T01:35:00Z'), { ...BERLIN, timeZone: 'Europe/Berlin' })).toEqual({ on: [true], dim: 100 });
  });
});
