import { describe, expect, it } from 'vitest';
import type { ProgramStep } from '@sl/contracts';
import { decide, DEFAULT_PROGRAM, stepTime, type Site } from './program.js';
import { localDayStart } from './sun.js';

const shanghai: Site = { lat: 31.23, lng: 121.47, tzOffsetMin: 480, loops: 4 };
/** Epoch ms of a Shanghai local time (UTC+8). */
const local = (iso: string) => Date.parse(`${iso}+08:00`);
const hhmm = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(11, 16);
const allOn = [true, true, true, true];
const allOff = [false, false, false, false];

describe('astronomical times for Shanghai', () => {
  it('winter solstice: sunset about 16:57, sunrise about 06:50', () => {
    const day = localDayStart(local('2025-12-21T12:00:00'), 480);
    expect(hhmm(stepTime({ at: 'sunset', action: 'on' }, day, shanghai)!)).toBe('16:56');
    expect(hhmm(stepTime({ at: 'sunrise', action: 'off' }, day, shanghai)!)).toBe('06:49');
  });

  it('summer solstice: sunset about 19:02, sunrise about 04:52, offsets apply', () => {
    const day = localDayStart(local('2025-06-21T12:00:00'), 480);
    expect(hhmm(stepTime({ at: 'sunset', offsetMin: 15, action: 'on' }, day, shanghai)!)).toBe('19:17');
    expect(hhmm(stepTime({ at: 'sunrise', offsetMin: -30, action: 'off' }, day, shanghai)!)).toBe('04:21');
  });
});

describe('decide with the default program (sunset on, sunrise off)', () => {
  it.each([
    ['2025-12-21T16:50:00', allOff],
    ['2025-12-21T17:05:00', allOn],
    ['2025-12-22T03:00:00', allOn],
    ['2025-12-22T07:00:00', allOff],
    ['2025-06-21T18:55:00', allOff],
    ['2025-06-21T19:10:00', allOn],
    ['2025-06-22T04:45:00', allOn],
    ['2025-06-22T05:00:00', allOff],
  ])('%s local → %j', (at, loops) => {
    expect(decide(DEFAULT_PROGRAM, local(at), shanghai)).toEqual({ loops, dim: 100 });
  });
});

describe('decide with fixed times, dimming, loops and weekdays', () => {
  const program: ProgramStep[] = [
    { at: 'sunset', action: 'on' },
    { at: '23:30', action: 'dim', level: 40 },
    { at: '00:30', action: 'off', loops: [2, 4] },
    { at: 'sunrise', offsetMin: -10, action: 'off' },
  ];

  it('dims at 23:30 and switches half the loops off after midnight', () => {
    expect(decide(program, local('2025-12-21T23:45:00'), shanghai)).toEqual({ loops: allOn, dim: 40 });
    expect(decide(program, local('2025-12-22T01:00:00'), shanghai)).toEqual({ loops: [true, false, true, false], dim: 40 });
    expect(decide(program, local('2025-12-22T06:45:00'), shanghai).loops).toEqual(allOff);
  });

  it('runs a step only on its days (1 = Monday)', () => {
    const mondays: ProgramStep[] = [
      { at: '08:00', action: 'on', level: 70, days: [1] },
      { at: '09:00', action: 'off', days: [1] },
    ];
    // 2025-12-22 is a Monday, 2025-12-23 a Tuesday.
    expect(decide(mondays, local('2025-12-22T08:30:00'), shanghai)).toEqual({ loops: allOn, dim: 70 });
    expect(decide(mondays, local('2025-12-23T08:30:00'), shanghai).loops).toEqual(allOff);
  });

  it('is all off without steps', () => {
    expect(decide([], local('2025-12-22T01:00:00'), shanghai)).toEqual({ loops: allOff, dim: 100 });
  });
});
