import { describe, expect, it } from 'vitest';
import type { ProgramStep } from '@sl/contracts';
import { noaaSunTimes } from '../../../test/support/noaa-sun.js';
import { compileBind } from './compile.js';
import { firingsOn } from './resolve.js';
import { solarTimes } from './solar.js';
import { preview, stateAt } from './timeline.js';
import { programIssue } from './validate.js';
import { zonedTime, zoneOffsetMin } from './zone-time.js';

const MIN = 60_000;

/** NOAA's answer (test/support/noaa-sun.ts) for a local date whose UTC offset the test states itself (independent of zone-time.ts). */
function reference(date: string, offsetH: number, lat: number, lng: number) {
  const sun = noaaSunTimes(date, offsetH, lat, lng);
  const civil = noaaSunTimes(date, offsetH, lat, lng, 96);
  return { sunrise: sun.sunrise, sunset: sun.sunset, dawn: civil.sunrise, dusk: civil.sunset, noon: sun.noon };
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

describe('sun times and step resolution against NOAA (±1 min)', () => {
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

describe('sun times between 60°S and 60°N against NOAA (±1 min)', () => {
  it('agrees on every sunrise and sunset of a year on a grid of places, and on which days have none', () => {
    let compared = 0;
    for (let lat = -60; lat <= 60; lat += 10) {
      for (const lng of [-179.5, -120, -78.5, -3.7, 18.96, 77.2, 121.47, 151.2]) {
        const offsetH = Math.round(lng / 15);
        const timeZone = offsetH === 0 ? 'Etc/GMT' : `Etc/GMT${offsetH > 0 ? '-' : '+'}${Math.abs(offsetH)}`;
        for (let day = 0; day < 365; day += 7) {
          const date = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
          const ref = reference(date, offsetH, lat, lng);
          const ours = solarTimes(date, lat, lng, timeZone);
          for (const k of ['sunrise', 'sunset', 'dawn', 'dusk'] as const) {
            expect(ours[k] === null, `${k} ${date} ${lat},${lng}`).toBe(ref[k] === null);
            if (ref[k] === null) continue;
            expect(Math.abs(ours[k]! - ref[k]!), `${k} ${date} ${lat},${lng}`).toBeLessThanOrEqual(MIN);
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(20_000);
  });
});

describe('polar days: the lamps follow the sun', () => {
  const tromso = { lat: 69.65, lng: 18.96, timeZone: 'Europe/Oslo' };
  it('fires a sunset step at solar noon in the polar night and a sunrise step at solar midnight under the midnight sun', () => {
    for (const [date, offsetH, sky] of [
      ['2026-05-10', 2, 'both'], ['2026-05-25', 2, 'light'], ['2026-07-24', 2, 'light'], ['2026-07-28', 2, 'both'], ['2026-11-20', 1, 'both'], ['2026-12-10', 1, 'dark'],
    ] as const) {
      const ref = reference(date, offsetH, tromso.lat, tromso.lng);
      expect(ref.sunset !== null, date).toBe(sky === 'both');
      expect(solarTimes(date, tromso.lat, tromso.lng, tromso.timeZone).allDay, date).toBe(sky === 'both' ? null : sky);
      const fired = firingsOn(PROGRAM, date, tromso);
      const at = (i: number) => fired.find((f) => f.index === i)?.at;
      expect(at(2), date).toBe(zonedTime(date, 23 * 60, tromso.timeZone));
      if (sky === 'both') {
        expect(Math.abs(at(0)! - (ref.sunset! - 10 * MIN)), date).toBeLessThanOrEqual(MIN);
        expect(Math.abs(at(4)! - (ref.sunrise! + 10 * MIN)), date).toBeLessThanOrEqual(MIN);
      } else if (sky === 'dark') {
        // No sunrise: the night goes on; the evening step asserts it again at noon, whatever its offset.
        expect(Math.abs(at(0)! - ref.noon)).toBeLessThanOrEqual(MIN);
        expect(at(4)).toBeUndefined();
      } else {
        expect(at(0)).toBeUndefined();
        expect(Math.abs(at(4)! - (ref.noon - 12 * 60 * MIN))).toBeLessThanOrEqual(2 * MIN);
      }
    }
  });
  it('is lit through a polar night and dark under the midnight sun, whatever the last firing was', () => {
    const steps: ProgramStep[] = [{ at: 'sunset', action: 'on' }, { at: 'sunrise', action: 'off' }];
    // 2026-12-05 … 2027-01-16 the sun does not rise at Tromsø: a week of replay has no sunset in it.
    for (const iso of ['2026-12-20T03:00:00Z', '2026-12-20T11:00:00Z', '2027-01-10T23:00:00Z']) expect(stateAt(steps, Date.parse(iso), tromso).on, iso).toEqual([true]);
    for (const iso of ['2026-06-21T00:00:00Z', '2026-06-21T12:00:00Z', '2026-07-10T22:30:00Z']) expect(stateAt(steps, Date.parse(iso), tromso).on, iso).toEqual([false]);
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
    const src = { planId: 'plan-1', policy: { steps: PROGRAM, openMode: 2 }, timeZone: 'Europe/Helsinki' };
    expect(compileBind(src, Date.UTC(2026, 0, 10)).tzOffsetMin).toBe(120);
    expect(compileBind(src, Date.UTC(2026, 6, 10)).tzOffsetMin).toBe(180);
  });
  it('binds with the zone: its name and every offset change of this year and the next, the same all year', () => {
    const src = { planId: 'plan-1', policy: { steps: PROGRAM, openMode: 2 }, timeZone: 'Europe/Berlin' };
    const { tz } = compileBind(src, Date.UTC(2026, 0, 10));
    expect(tz?.name).toBe('Europe/Berlin');
    expect(tz?.transitions.map((t) => [new Date(t.at).toISOString(), t.offsetMin])).toEqual([
      ['2026-01-01T00:00:00.000Z', 60], ['2026-03-29T01:00:00.000Z', 120], ['2026-10-25T01:00:00.000Z', 60],
      ['2027-03-28T01:00:00.000Z', 120], ['2027-10-31T01:00:00.000Z', 60],
    ]);
    expect(compileBind(src, Date.UTC(2026, 11, 31)).tz).toEqual(tz);
  });
});

describe('compiler', () => {
  it('runs an open-mode "today" policy on every day of its plan: no weekday is added to its steps', () => {
    const out = compileBind({ planId: 'plan-2', policy: { steps: PROGRAM, openMode: 1 }, timeZone: 'Asia/Shanghai' }, Date.UTC(2026, 10, 23));
    expect(out.program).toEqual(PROGRAM);
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
    expect(stateAt(steps, Date.UTC(2026, 5, 21, 4), place).on[0]).toBe(false);
    const late = stateAt(steps, Date.UTC(2026, 5, 21, 16), place);
    expect(late).toEqual({ on: [true], dim: 50 });
  });

  it('dims a lit lamp and never lights a dark one (Reykjavik, midsummer: the sun sets after midnight)', () => {
    const reykjavik = { lat: 64.15, lng: -21.94, timeZone: 'Atlantic/Reykjavik' };
    const steps: ProgramStep[] = [{ at: 'sunset', offsetMin: 15, action: 'on' }, { at: '00:00', action: 'dim', level: 50 }, { at: 'sunrise', offsetMin: -10, action: 'off' }];
    const sun = reference('2026-06-21', 0, reykjavik.lat, reykjavik.lng);
    expect(sun.sunset!).toBeGreaterThan(Date.UTC(2026, 5, 22)); // about 00:04
    expect(stateAt(steps, Date.UTC(2026, 5, 22, 0, 5), reykjavik).on).toEqual([false]);
    expect(stateAt(steps, sun.sunset! + 20 * MIN, reykjavik)).toEqual({ on: [true], dim: 100 });
    // An ordinary night: lit at 100 % from sunset + 15, dimmed to 50 % at midnight.
    expect(stateAt(steps, Date.UTC(2026, 0, 15, 20), reykjavik)).toEqual({ on: [true], dim: 100 });
    expect(stateAt(steps, Date.UTC(2026, 0, 16, 2), reykjavik)).toEqual({ on: [true], dim: 50 });
    expect(stateAt(steps, Date.UTC(2026, 0, 16, 14), reykjavik).on).toEqual([false]);
    // "On at a level" is an on step with that level.
    expect(stateAt([{ at: '18:00', action: 'on', level: 40 }, { at: '06:00', action: 'off' }], Date.UTC(2026, 0, 15, 20), reykjavik)).toEqual({ on: [true], dim: 40 });
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
  it('refuses clamps on a clock-time step, and clamps that leave no time between them', () => {
    expect(programIssue([{ at: 'sunset', action: 'on', notBefore: '15:00' }, { at: 'sunrise', action: 'off', notAfter: '09:00' }], 'rdcsm', 2)).toBeNull();
    expect(programIssue([{ at: '18:00', action: 'on', notAfter: '19:00' }, ...ok.slice(1)], 'rdcsm', 2)).toMatchObject({ key: 'control.clampOnClock', params: { n: 1 } });
    expect(programIssue([{ at: 'sunset', action: 'on', notBefore: '15:00', notAfter: '15:00' }, ...ok.slice(1)], 'rdcsm', 2)).toMatchObject({ key: 'control.clampOrder', params: { n: 1 } });
  });
  it('refuses a program that never switches on, or leaves loops on for ever', () => {
    expect(programIssue([{ at: '18:00', action: 'off' }], 'rdcsm', 2)?.key).toBe('control.neverOn');
    expect(programIssue([{ at: 'sunset', action: 'dim', level: 60 }, { at: 'sunrise', action: 'off' }], 'rdcsm', 2)?.key).toBe('control.neverOn');
    expect(programIssue([{ at: 'sunset', action: 'on' }, { at: '23:00', action: 'dim', level: 40 }, { at: 'sunrise', action: 'dim', level: 0 }], 'rdcsm', 2)).toBeNull();
    expect(programIssue([{ at: 'sunset', action: 'on' }, { at: '23:00', action: 'dim', level: 40 }], 'rdcsm', 2)?.key).toBe('control.neverOff');
    expect(programIssue([{ at: 'sunset', action: 'on', loops: [1, 2] }, { at: 'sunrise', action: 'off', loops: [1] }], 'rdc4m', 1)).toMatchObject({ key: 'control.neverOff', params: { loops: '2' } });
  });
});

describe('clock-time steps on daylight-saving nights (server timeline, Berlin)', () => {
  const berlin = { lat: 52.52, lng: 13.4, timeZone: 'Europe/Berlin' };
  const steps: ProgramStep[] = [{ at: '02:30', action: 'on' }, { at: '03:10', action: 'off' }];
  const utc = (iso: string) => Date.parse(`${iso}Z`);
  const lit = (iso: string) => stateAt(steps, utc(iso), berlin).on[0];

  it('2026-03-29: the 02:30 that does not exist fires at 03:00 CEST, the first instant after the gap', () => {
    expect(zonedTime('2026-03-29', 150, 'Europe/Berlin')).toBe(utc('2026-03-29T01:00'));
    expect([lit('2026-03-29T00:59'), lit('2026-03-29T01:00'), lit('2026-03-29T01:09'), lit('2026-03-29T01:10')]).toEqual([false, true, true, false]);
  });

  it('2026-10-25: the 02:30 that happens twice fires once, at 02:30 CEST', () => {
    expect(zonedTime('2026-10-25', 150, 'Europe/Berlin')).toBe(utc('2026-10-25T00:30'));
    expect([lit('2026-10-25T00:29'), lit('2026-10-25T00:30'), lit('2026-10-25T02:09'), lit('2026-10-25T02:10')]).toEqual([false, true, true, false]);
    const fired = firingsOn(steps, '2026-10-25', berlin).map((f) => new Date(f.at).toISOString().slice(11, 16));
    expect(fired).toEqual(['00:30', '02:10']);
  });
});
