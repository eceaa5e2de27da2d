import { describe, expect, it } from 'vitest';
import { firingsOn, fixedOffsetCalendar, zoneTransitions, type ProgramStep } from '@sl/contracts';
import { nextStepAt } from './next-step.js';
import { decide, DEFAULT_PROGRAM, type Site } from './program.js';

const shanghai: Site = { lat: 31.23, lng: 121.47, tzOffsetMin: 480, loops: 4 };
/** Epoch ms of a Shanghai local time (UTC+8). */
const local = (iso: string) => Date.parse(`${iso}+08:00`);
const hhmm = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(11, 16);
const allOn = [true, true, true, true];
const allOff = [false, false, false, false];
/** When the steps fire on a Shanghai date, as the terminal evaluates them (NOAA's sun, shared with the server). */
const fired = (steps: ProgramStep[], date: string) => firingsOn(steps, date, shanghai, fixedOffsetCalendar(480)).map((f) => hhmm(f.at));

describe('astronomical times for Shanghai', () => {
  it('winter solstice: sunset 16:55, sunrise 06:48', () => {
    expect(fired([{ at: 'sunrise', action: 'off' }, { at: 'sunset', action: 'on' }], '2025-12-21')).toEqual(['06:48', '16:55']);
  });

  it('summer solstice: sunset 19:01, sunrise 04:50, offsets apply', () => {
    expect(fired([{ at: 'sunrise', offsetMin: -30, action: 'off' }, { at: 'sunset', offsetMin: 15, action: 'on' }], '2025-06-21')).toEqual(['04:20', '19:16']);
  });
});

describe('decide with the default program (sunset on, sunrise off)', () => {
  it.each([
    ['2025-12-21T16:50:00', allOff],
    ['2025-12-21T16:56:00', allOn],
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

  it('dims only a lit lamp: a dim step never switches a dark one on', () => {
    const dimFirst: ProgramStep[] = [{ at: '17:30', action: 'dim', level: 50 }, { at: '19:00', action: 'on', level: 80 }, { at: '22:00', action: 'dim', level: 30 }, { at: '06:00', action: 'off' }];
    expect(decide(dimFirst, local('2025-12-21T18:00:00'), shanghai).loops).toEqual(allOff);
    expect(decide(dimFirst, local('2025-12-21T19:30:00'), shanghai)).toEqual({ loops: allOn, dim: 80 });
    expect(decide(dimFirst, local('2025-12-21T23:00:00'), shanghai)).toEqual({ loops: allOn, dim: 30 });
  });

  it('is all off without steps', () => {
    expect(decide([], local('2025-12-22T01:00:00'), shanghai)).toEqual({ loops: allOff, dim: 100 });
  });
});

describe('decide where the sun does not set or rise (Tromsø, 69.65°N)', () => {
  const tromso: Site = { lat: 69.65, lng: 18.96, tzOffsetMin: 60, loops: 1 };
  const midnightDim: ProgramStep[] = [{ at: 'sunset', offsetMin: 15, action: 'on' }, { at: '00:00', action: 'dim', level: 50 }, { at: 'sunrise', offsetMin: -10, action: 'off' }];

  it('is lit all through the polar night, dimmed after midnight', () => {
    for (const hour of [0, 6, 11, 13, 18, 23]) {
      const at = Date.UTC(2026, 11, 20, hour, 30);
      expect(decide(DEFAULT_PROGRAM, at, tromso).loops, `${hour}h`).toEqual([true]);
      expect(decide(midnightDim, at, tromso).loops, `${hour}h`).toEqual([true]);
    }
    // After midnight at 50 %; from solar noon (about 11:44 local) the evening step says 100 % again.
    expect(decide(midnightDim, Date.UTC(2026, 11, 20, 8), tromso).dim).toBe(50);
    expect(decide(midnightDim, Date.UTC(2026, 11, 20, 15), tromso).dim).toBe(100);
  });

  it('is dark all through the midnight sun, the midnight dim step included', () => {
    const summer = { ...tromso, tzOffsetMin: 120 };
    for (const hour of [0, 6, 12, 18, 22, 23]) {
      const at = Date.UTC(2026, 5, 21, hour, 30);
      expect(decide(DEFAULT_PROGRAM, at, summer).loops, `${hour}h`).toEqual([false]);
      expect(decide(midnightDim, at, summer).loops, `${hour}h`).toEqual([false]);
    }
  });
});

describe('clock-time steps on daylight-saving nights (Berlin, bound with the zone)', () => {
  const utc = (iso: string) => Date.parse(`${iso}Z`);
  const tz = { name: 'Europe/Berlin', transitions: zoneTransitions('Europe/Berlin', Date.UTC(2026, 0, 1), Date.UTC(2028, 0, 1)) };
  // The offset the server sent when it bound the program in winter: a terminal that reads only `tzOffsetMin` would keep it.
  const berlin: Site = { lat: 52.52, lng: 13.4, tzOffsetMin: 60, tz, loops: 1 };
  const program: ProgramStep[] = [{ at: '02:30', action: 'on' }, { at: '03:10', action: 'off' }];

  it('2026-03-29: 02:30 does not exist, the step fires at 03:00 CEST (01:00 UTC), not at 03:30 or later', () => {
    expect(decide(program, utc('2026-03-29T00:59'), berlin).loops).toEqual([false]);
    expect(decide(program, utc('2026-03-29T01:00'), berlin).loops).toEqual([true]);
    expect(nextStepAt(program, utc('2026-03-28T12:00'), berlin)).toBe(utc('2026-03-29T01:00'));
    expect(nextStepAt(program, utc('2026-03-29T01:00'), berlin)).toBe(utc('2026-03-29T01:10'));
  });

  it('2026-10-25: 02:30 happens twice, the step fires once, at the first (00:30 UTC)', () => {
    expect(nextStepAt(program, utc('2026-10-24T12:00'), berlin)).toBe(utc('2026-10-25T00:30'));
    expect(decide(program, utc('2026-10-25T00:31'), berlin).loops).toEqual([true]);
    // Nothing fires at the second 02:30 (01:30 UTC): the next step is 03:10 CET.
    expect(nextStepAt(program, utc('2026-10-25T00:31'), berlin)).toBe(utc('2026-10-25T02:10'));
    expect(decide(program, utc('2026-10-25T02:11'), berlin).loops).toEqual([false]);
    expect(nextStepAt(program, utc('2026-10-25T02:11'), berlin)).toBe(utc('2026-10-26T01:30'));
  });

  it('a program bound with only a fixed offset (an old server) keeps it', () => {
    expect(nextStepAt(program, utc('2026-10-24T12:00'), { ...berlin, tz: undefined, tzOffsetMin: 120 })).toBe(utc('2026-10-25T00:30'));
    expect(nextStepAt(program, utc('2026-10-25T12:00'), { ...berlin, tz: undefined, tzOffsetMin: 120 })).toBe(utc('2026-10-26T00:30'));
  });
});
