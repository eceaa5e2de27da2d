import SunCalc from 'suncalc';
import { describe, expect, it } from 'vitest';
import type { ProgramStep } from '@sl/contracts';
import { compileBind } from './compile.js';
import { firingsOn } from './resolve.js';
import { solarTimes } from './solar.js';
import { preview, stateAt } from './timeline.js';
import { programIssue } from './validate.js';
import { zonedTime, zoneOffsetMin } from './zone-time.js';

const MIN = 60_000;

/** suncalc's own answer for a local date whose UTC offset the test states itself (independent of zone-time.ts). */
function reference(date: string, offsetH: number, lat: number, lng: number) {
  const [y, m, d] = date.split('-').map(Number);
  const t = SunCalc.getTimes(new Date(Date.UTC(y, m - 1, d, 12) - offsetH * 3_600_000), lat, lng);
  const v = (x: Date) => (Number.isNaN(x.getTime()) ? null : x.getTime());
  return { sunrise: v(t.sunrise), sunset: v(t.sunset), dawn: v(t.dawn), dusk: v(t.dusk) };
}

const PLACES = [
  { name: '60°S (Drake Passage)', lat: -60, lng: -45, timeZone: 'Atlantic/South_Georgia', offsets: { '2026-01-15': -2, '2026-06-21': -2, '2026-12-21': -2 } },
  { name: '0° (Quito meridian)', lat: 0, lng: -78.5, timeZone: 'America/Guayaquil', offsets: { '2026-03-20': -5, '2026-06-21': -5, '2026-12-21': -5 } },
  { name: '31°N (Shanghai)', lat: 31.23, lng: 121.47, timeZone: 'Asia/Shanghai', offsets: { '2026-01-15': 8, '2026-06-21': 8, '2026-12-21': 8 } },
  { name: '60°N (Helsinki, DST)', lat: 60.17, lng: 24.94, timeZone: 'Europe/Helsinki', offsets: { '2026-01-15': 2, '2026-03-28': 2, '2026-03-29': 3, '2026-06-21': 3, '2026-10-25': 2 } },
] as const;

const PROGRAM: ProgramStep[] = [
  { at: 'sunset', offsetMin: -10, action: 'on', level: 100 },
  { at: 'dusk', offsetMin: 5, action: 'dim', level: 80 },
  { at: '23:00', action: 'dim', level: 50 },
  { at: 'dawn', action: 'dim', level: 70 },
  { at: 'sunrise', offsetMin: 10, action: 'off' },
];

describe('sun times and step resolution against suncalc (±1 min)', () => {
  for (const place of PLACES) {
    for (const [date, offsetH] of Object.entries(place.offsets)) {
      it(`${place.name} on ${date}`, () => {
        const ref = reference(date, offsetH, place.lat, place.lng);
        const ours = solarTimes(date, place.lat, place.lng, place.timeZone);
        for (const k of ['sunrise', 'sunset', 'dawn', 'dusk'] as const) {
          if (ref[k] === null) expect(ours[k]).toBeNull();
          else expect(Math.abs(ours[k]! - ref[k]!)).toBeLessThanOrEqual(MIN);
        }
        const fired = firingsOn(PROGRAM, date, place);
        const at = (i: number) => fired.find((f) => f.index === i)?.at;
        expect(Math.abs(at(0)! - (ref.sunset! - 10 * MIN))).toBeLessThanOrEqual(MIN);
        expect(Math.abs(at(4)! - (ref.sunrise! + 10 * MIN))).toBeLessThanOrEqual(MIN);
        // 23:00 local is 23:00 minus the offset the test states in UTC, daylight saving included.
        const [y, m, d] = date.split('-').map(Number);
        expect(at(2)).toBe(Date.UTC(y, m - 1, d, 23) - offsetH * 3_600_000);
      });
    }
  }
});

describe('polar-edge days', () => {
  const tromso = { lat: 69.65, lng: 18.96, timeZone: 'Europe/Oslo' };
  it('skips sunset and sunrise steps on days of midnight sun and polar night, as suncalc does', () => {
    for (const [date, offsetH, expectSun] of [
      ['2026-05-10', 2, true], ['2026-05-25', 2, false], ['2026-07-25', 2, false], ['2026-07-28', 2, true], ['2026-11-20', 1, true], ['2026-12-10', 1, false],
    ] as const) {
      const ref = reference(date, offsetH, tromso.lat, tromso.lng);
      expect(ref.sunset !== null).toBe(expectSun);
      const fired = firingsOn(PROGRAM, date, tromso);
      expect(fired.some((f) => f.index === 0)).toBe(ref.sunset !== null);
      expect(fired.some((f) => f.index === 2)).toBe(true);
      if (ref.sunset !== null) expect(Math.abs(fired.find((f) => f.index === 0)!.at - (ref.sunset - 10 * MIN))).toBeLessThanOrEqual(MIN);
    }
  });
  it('has civil dusk at 60°N on midsummer but none at 62°N', () => {
    expect(solarTimes('2026-06-21', 60, 25, 'Europe/Helsinki').dusk).not.toBeNull();
    expect(solarTimes('2026-06-21', 62.5, 25, 'Europe/Helsinki').dusk).toBeNull();
    expect(reference('2026-06-21', 3, 62.5, 25).dusk).toBeNull();
  });
});

describe('daylight-saving zones', () => {
  it('keeps local clock times across the change and reports the new offset', () => {
    expect(zoneOffsetMin('Europe/Helsinki', Date.UTC(2026, 2, 28, 12))).toBe(120);
    expect(zoneOffsetMin('Europe/Helsinki', Date.UTC(2026, 2, 29, 12))).toBe(180);
    expect(zonedTime('2026-03-29', 23 * 60, 'Europe/Helsinki')).toBe(Date.UTC(2026, 2, 29, 20));
    expect(zonedTime('2026-03-28', 23 * 60, 'Europe/Helsinki')).toBe(Date.UTC(2026, 2, 28, 21));
    expect(zoneOffsetMin('America/New_York', Date.UTC(2026, 10, 2, 12))).toBe(-300);
  });
  it('binds with the offset of the moment it is compiled', () => {
    const src = { planId: 'plan-1', policy: { steps: PROGRAM, openMode: 2 }, firstDate: '2026-03-01', timeZone: 'Europe/Helsinki' };
    expect(compileBind(src, Date.UTC(2026, 0, 10)).tzOffsetMin).toBe(120);
    expect(compileBind(src, Date.UTC(2026, 6, 10)).tzOffsetMin).toBe(180);
  });
});

describe('compiler', () => {
  it('limits an open-mode "today" policy to the weekday of the first date', () => {
    const out = compileBind({ planId: 'plan-2', policy: { steps: PROGRAM, openMode: 1 }, firstDate: '2026-11-23', timeZone: 'Asia/Shanghai' }, Date.UTC(2026, 10, 23));
    expect(out.program.every((s) => s.days?.join() === '1')).toBe(true);
    expect(out.tzOffsetMin).toBe(480);
  });

  it('draws the night: lit from sunset -10 to sunrise +10, dimmed after 23:00, energy below full power', () => {
    const steps: ProgramStep[] = [
      { at: 'sunset', offsetMin: -10, action: 'on', level: 100 },
      { at: '23:00', action: 'dim', level: 50 },
      { at: 'sunrise', offsetMin: 10, action: 'off' },
    ];
    const place = { lat: 31.23, lng: 121.47, timeZone: 'Asia/Shanghai' };
    const p = preview(steps, '2026-06-21', place);
    const ref = reference('2026-06-21', 8, place.lat, place.lng);
    const midnight = Date.UTC(2026, 5, 20, 16);
    expect(Math.abs(p.sun.sunset! - (ref.sunset! - midnight) / MIN)).toBeLessThanOrEqual(1);
    expect(p.segments.at(-1)).toMatchObject({ to: 1440, level: 50 });
    expect(p.segments.find((s) => s.from === 23 * 60)?.level).toBe(50);
    const tomorrow = reference('2026-06-22', 8, place.lat, place.lng);
    const burn = (tomorrow.sunrise! + 10 * MIN - (ref.sunset! - 10 * MIN)) / 3_600_000;
    expect(Math.abs(p.night.burnHours - burn)).toBeLessThanOrEqual(0.1);
    expect(p.night.savedPct).toBeGreaterThan(20);
    expect(p.night.energyPct + p.night.savedPct).toBeCloseTo(100, 5);
  });

  it('says what the lamp does at a moment', () => {
    const place = { lat: 31.23, lng: 121.47, timeZone: 'Asia/Shanghai' };
    const steps: ProgramStep[] = [{ at: 'sunset', action: 'on' }, { at: '23:00', action: 'dim', level: 50 }, { at: 'sunrise', action: 'off' }];
    expect(stateAt(steps, Date.UTC(2026, 5, 21, 4), '2026-06-21', place).on[0]).toBe(false);
    const late = stateAt(steps, Date.UTC(2026, 5, 21, 16), '2026-06-22', place);
    expect(late).toEqual({ on: [true], dim: 50 });
  });
});

describe('validation', () => {
  const ok: ProgramStep[] = [{ at: 'sunset', action: 'on' }, { at: 'sunrise', action: 'off' }];
  it('accepts a plain program', () => expect(programIssue(ok, 'rdcsm', 2)).toBeNull());
  it('refuses two different actions at the same moment on the same loops', () => {
    expect(programIssue([...ok, { at: 'sunset', action: 'off' }], 'rdcsm', 2)).toMatchObject({ key: 'control.stepsClash', params: { a: 1, b: 3 } });
  });
  it('refuses a duplicate step but allows the same moment on other weekdays or loops', () => {
    expect(programIssue([...ok, { at: 'sunrise', action: 'off' }], 'rdcsm', 2)?.key).toBe('control.stepsDuplicate');
    expect(programIssue([{ at: '18:00', action: 'on', days: [1, 2] }, { at: '18:00', action: 'off', days: [3] }, { at: '06:00', action: 'off' }], 'rdcsm', 2)).toBeNull();
    expect(programIssue([{ at: '18:00', action: 'on', loops: [1] }, { at: '18:00', action: 'off', loops: [2] }, { at: '06:00', action: 'off' }], 'rdc4m', 1)).toBeNull();
  });
  it('refuses contradictions within a step and loops the device lacks', () => {
    expect(programIssue([{ at: '18:00', action: 'dim' }, ...ok], 'rdcsm', 2)?.key).toBe('control.dimNeedsLevel');
    expect(programIssue([{ at: '18:00', action: 'off', level: 40 }, ...ok], 'rdcsm', 2)?.key).toBe('control.offWithLevel');
    expect(programIssue([{ at: '18:00', action: 'on', loops: [1] }, ...ok], 'rdcsm', 2)?.key).toBe('control.loopsOnLamp');
    expect(programIssue([{ at: '18:00', action: 'on', loops: [5] }, ...ok], 'rdc4m', 1)).toMatchObject({ key: 'control.loopTooHigh', params: { loop: 5, max: 4 } });
  });
  it('refuses a program that never switches on, or leaves loops on for ever', () => {
    expect(programIssue([{ at: '18:00', action: 'off' }], 'rdcsm', 2)?.key).toBe('control.neverOn');
    expect(programIssue([{ at: 'sunset', action: 'on', loops: [1, 2] }, { at: 'sunrise', action: 'off', loops: [1] }], 'rdc4m', 1)).toMatchObject({ key: 'control.neverOff', params: { loops: '2' } });
  });
});
