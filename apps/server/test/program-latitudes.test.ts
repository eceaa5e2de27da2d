import { decide } from '@sl/simulator';
import { describe, expect, it } from 'vitest';
import type { ProgramStep } from '@sl/contracts';
import { preview } from '../src/control/compiler/timeline.js';
import { noaaElevation } from './support/noaa-sun.js';

/**
 * A year of a program's lit/dark state, every 5 minutes, judged against NOAA's sun written out in the
 * test (support/noaa-sun.ts): the server's timeline (the preview's level segments of each local date) and
 * the simulated terminal's `decide` (told the zone's offset of the moment, as `plan.bind` tells it) must be
 * lit whenever the sun is down and dark whenever it is up, outside each program's transition minutes
 * (2 min around each moment NOAA's sun crosses the sunrise/sunset altitude, plus the stretch the
 * program's own offsets leave out: 15 min after a sunset and 10 before a sunrise for the second program).
 * The clamped program ("sunset on, not before 15:00", "sunrise off, not after 09:00") must in addition be dark
 * from 09:00 to 15:00 local whatever the sun does: a polar night's dark midday.
 */

const MIN = 60_000;
const STEP = 5 * MIN;
const SUN_ALTITUDE = -0.833;
const MARGIN = 2 * MIN;

const PLACES = [
  { name: 'Tromsø', lat: 69.65, lng: 18.96, timeZone: 'Europe/Oslo' },
  { name: 'Reykjavik', lat: 64.15, lng: -21.94, timeZone: 'Atlantic/Reykjavik' },
  { name: 'Quito', lat: -0.18, lng: -78.47, timeZone: 'America/Guayaquil' },
  { name: 'Sydney', lat: -33.87, lng: 151.21, timeZone: 'Australia/Sydney' },
  { name: 'Shanghai', lat: 31.23, lng: 121.47, timeZone: 'Asia/Shanghai' },
] as const;

/**
 * `after`: minutes after sunset the program may still be dark; `before`: minutes before sunrise it may already be;
 * `darkFrom`–`darkTo`: local minutes of the day it must be dark even with the sun down (its clamps).
 */
const PROGRAMS: Array<{ name: string; steps: ProgramStep[]; after: number; before: number; darkFrom?: number; darkTo?: number; places?: string[] }> = [
  { name: '[sunset on, sunrise off]', steps: [{ at: 'sunset', action: 'on' }, { at: 'sunrise', action: 'off' }], after: 0, before: 0 },
  {
    name: '[sunset+15 on, 00:00 dim 50, sunrise-10 off]',
    steps: [{ at: 'sunset', offsetMin: 15, action: 'on' }, { at: '00:00', action: 'dim', level: 50 }, { at: 'sunrise', offsetMin: -10, action: 'off' }],
    after: 15,
    before: 10,
  },
  {
    name: '[sunset on not before 15:00, sunrise off not after 09:00]',
    steps: [{ at: 'sunset', action: 'on', notBefore: '15:00' }, { at: 'sunrise', action: 'off', notAfter: '09:00' }],
    after: 0,
    before: 0,
    darkFrom: 9 * 60,
    darkTo: 15 * 60,
    // Where the clamps bind: further south the sun always rises before 09:00 and sets after 15:00.
    places: ['Tromsø', 'Reykjavik'],
  },
];

const YEAR = Array.from({ length: 365 }, (_, i) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));

const formats = new Map<string, Intl.DateTimeFormat>();

/** The zone's UTC offset (hours) at an instant, from the platform's time-zone data. */
function offsetHours(timeZone: string, at: number): number {
  let format = formats.get(timeZone);
  if (!format) formats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })));
  const name = format.formatToParts(new Date(at)).find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) + Number(m[3]) / 60) : 0;
}

const hourOffsets = new Map<string, number>();
/** `offsetHours` read once per zone and UTC hour (the places here change offset on whole UTC hours). */
function offsetOfHour(timeZone: string, at: number): number {
  const key = `${timeZone} ${Math.floor(at / 3_600_000)}`;
  let off = hourOffsets.get(key);
  if (off === undefined) hourOffsets.set(key, (off = offsetHours(timeZone, Math.floor(at / 3_600_000) * 3_600_000)));
  return off;
}

/** Local midnight (epoch ms) of a date in the zone. */
function localMidnight(date: string, timeZone: string): number {
  const guess = Date.parse(`${date}T00:00:00Z`);
  return guess - offsetHours(timeZone, guess - offsetHours(timeZone, guess) * 3_600_000) * 3_600_000;
}

interface Verdict {
  judged: number;
  /** Moments the program should light (sun down, outside its clamps) and does not. */
  darkWhileDue: string[];
  /** Moments it lights though the sun is up or its clamps keep it dark. */
  litWhileNot: string[];
}

/**
 * Where each program may disagree with the sun: around every crossing of the sunrise/sunset altitude in
 * NOAA's elevation (found by bisection between samples), widened by the margin and the program's offsets.
 */
function transitions(place: (typeof PLACES)[number], from: number, to: number, after: number, before: number): Array<[number, number]> {
  const down = (t: number) => noaaElevation(t, place.lat, place.lng) < SUN_ALTITUDE;
  const out: Array<[number, number]> = [];
  for (let t = from; t < to; t += STEP) {
    const a = down(t);
    if (a === down(t + STEP)) continue;
    let lo = t;
    let hi = t + STEP;
    while (hi - lo > 1000) {
      const mid = (lo + hi) / 2;
      if (down(mid) === a) lo = mid;
      else hi = mid;
    }
    // Down to up is a sunrise: the program may be dark `before` minutes ahead of it; up to down a sunset.
    out.push(a ? [lo - before * MIN - MARGIN, lo + MARGIN] : [lo - MARGIN, lo + after * MIN + MARGIN]);
  }
  return out;
}

function judge(place: (typeof PLACES)[number], program: (typeof PROGRAMS)[number], litAt: (t: number, date: string, midnight: number) => boolean): Verdict {
  const start = localMidnight(YEAR[0], place.timeZone);
  const end = localMidnight('2027-01-01', place.timeZone);
  const windows = transitions(place, start - 86_400_000, end + 86_400_000, program.after, program.before);
  const verdict: Verdict = { judged: 0, darkWhileDue: [], litWhileNot: [] };
  const clamped = (t: number) => {
    if (program.darkFrom === undefined || program.darkTo === undefined) return false;
    const minute = Math.floor((((t + offsetOfHour(place.timeZone, t) * 3_600_000) % 86_400_000) + 86_400_000) % 86_400_000 / MIN);
    return program.darkFrom <= minute && minute < program.darkTo;
  };
  let w = 0;
  YEAR.forEach((date, i) => {
    const from = localMidnight(date, place.timeZone);
    const to = i + 1 < YEAR.length ? localMidnight(YEAR[i + 1], place.timeZone) : end;
    for (let t = from; t < to; t += STEP) {
      while (w < windows.length && windows[w][1] < t) w++;
      if (windows.slice(w, w + 4).some(([a, b]) => a <= t && t <= b)) continue;
      const due = noaaElevation(t, place.lat, place.lng) < SUN_ALTITUDE && !clamped(t);
      const lit = litAt(t, date, from);
      verdict.judged++;
      if (due && !lit) verdict.darkWhileDue.push(new Date(t).toISOString());
      if (!due && lit) verdict.litWhileNot.push(new Date(t).toISOString());
    }
  });
  return verdict;
}

describe('a year of lit and dark against NOAA’s sun, every 5 minutes, server timeline and terminal', () => {
  for (const place of PLACES) {
    for (const program of PROGRAMS.filter((p) => !p.places || p.places.includes(place.name))) {
      it(`${place.name}: ${program.name}`, () => {
        // Server: the policy preview's level segments (minutes of the local date) for each date.
        const segments = new Map<string, Array<{ from: number; to: number; level: number }>>();
        const server = judge(place, program, (t, date, midnight) => {
          let s = segments.get(date);
          if (!s) segments.set(date, (s = preview(program.steps, date, place).segments));
          const minute = Math.floor((t - midnight) / MIN);
          return s.find((x) => x.from <= minute && minute < x.to)!.level > 0;
        });
        // Terminal: the simulator's decide, with the zone's offset of the hour (the server re-binds when it changes).
        const terminal = judge(place, program, (t) =>
          decide(program.steps, t, { lat: place.lat, lng: place.lng, tzOffsetMin: Math.round(offsetOfHour(place.timeZone, t) * 60), loops: 1 }).loops[0],
        );
        for (const v of [server, terminal]) {
          expect(v.judged).toBeGreaterThan(90_000);
          expect(v.darkWhileDue.slice(0, 5)).toEqual([]);
          expect(v.litWhileNot.slice(0, 5)).toEqual([]);
        }
      });
    }
  }
});
