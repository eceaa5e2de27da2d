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

/** `after`: minutes after sunset the program may still be dark; `before`: minutes before sunrise it may already be. */
const PROGRAMS: Array<{ name: string; steps: ProgramStep[]; after: number; before: number }> = [
  { name: '[sunset on, sunrise off]', steps: [{ at: 'sunset', action: 'on' }, { at: 'sunrise', action: 'off' }], after: 0, before: 0 },
  {
    name: '[sunset+15 on, 00:00 dim 50, sunrise-10 off]',
    steps: [{ at: 'sunset', offsetMin: 15, action: 'on' }, { at: '00:00', action: 'dim', level: 50 }, { at: 'sunrise', offsetMin: -10, action: 'off' }],
    after: 15,
    before: 10,
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

/** Local midnight (epoch ms) of a date in the zone. */
function localMidnight(date: string, timeZone: string): number {
  const guess = Date.parse(`${date}T00:00:00Z`);
  return guess - offsetHours(timeZone, guess - offsetHours(timeZone, guess) * 3_600_000) * 3_600_000;
}

interface Verdict {
  judged: number;
  darkWhileDown: string[];
  litWhileUp: string[];
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
  const verdict: Verdict = { judged: 0, darkWhileDown: [], litWhileUp: [] };
  let w = 0;
  YEAR.forEach((date, i) => {
    const from = localMidnight(date, place.timeZone);
    const to = i + 1 < YEAR.length ? localMidnight(YEAR[i + 1], place.timeZone) : end;
    for (let t = from; t < to; t += STEP) {
      while (w < windows.length && windows[w][1] < t) w++;
      if (windows.slice(w, w + 4).some(([a, b]) => a <= t && t <= b)) continue;
      const down = noaaElevation(t, place.lat, place.lng) < SUN_ALTITUDE;
      const lit = litAt(t, date, from);
      verdict.judged++;
      if (down && !lit) verdict.darkWhileDown.push(new Date(t).toISOString());
      if (!down && lit) verdict.litWhileUp.push(new Date(t).toISOString());
    }
  });
  return verdict;
}

describe('a year of lit and dark against NOAA’s sun, every 5 minutes, server timeline and terminal', () => {
  for (const place of PLACES) {
    for (const program of PROGRAMS) {
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
        const offsets = new Map<number, number>();
        const terminal = judge(place, program, (t) => {
          const hour = Math.floor(t / 3_600_000);
          let off = offsets.get(hour);
          if (off === undefined) offsets.set(hour, (off = Math.round(offsetHours(place.timeZone, t) * 60)));
          return decide(program.steps, t, { lat: place.lat, lng: place.lng, tzOffsetMin: off, loops: 1 }).loops[0];
        });
        for (const v of [server, terminal]) {
          expect(v.judged).toBeGreaterThan(90_000);
          expect(v.darkWhileDown.slice(0, 5)).toEqual([]);
          expect(v.litWhileUp.slice(0, 5)).toEqual([]);
        }
      });
    }
  }
});
