import { describe, expect, it } from 'vitest';
import type { ProgramStep } from '../device/commands.js';
import { addDays, fixedOffsetCalendar } from './calendar.js';
import { applyStep, firingsBetween, firingsOn, levelOf, solarDayOf, stateAt, type LightState } from './program.js';

const MIN = 60_000;
const oslo = fixedOffsetCalendar(120);
const tromso = { lat: 69.65, lng: 18.96 };

describe('applyStep', () => {
  const fresh = (loops: number): LightState => ({ on: Array.from({ length: loops }, () => false), dim: 100 });

  it('dims only lit loops and never lights a dark one; on at a level lights at that level; dim 0 is off', () => {
    const s = fresh(2);
    applyStep(s, { at: '18:00', action: 'dim', level: 40 });
    expect(s).toEqual({ on: [false, false], dim: 100 });
    applyStep(s, { at: '18:00', action: 'on', level: 70, loops: [1] });
    applyStep(s, { at: '18:00', action: 'dim', level: 40 });
    expect(s).toEqual({ on: [true, false], dim: 40 });
    expect(levelOf(s)).toBe(20);
    applyStep(s, { at: '18:00', action: 'dim', level: 0, loops: [1] });
    expect(s.on).toEqual([false, false]);
  });
});

describe('firings where the sun does not set or rise', () => {
  const steps: ProgramStep[] = [{ at: 'sunset', offsetMin: 15, action: 'on' }, { at: 'sunrise', offsetMin: -10, action: 'off' }];

  it('never swaps a night shorter than the offsets: the evening step and the next morning step meet at the solar midnight, in that order', () => {
    // 2026-05-17/18 at Tromsø the sun is down 22 minutes around 00:40 local; the offsets ask for 25.
    const fired = firingsBetween(steps, '2026-05-17', '2026-05-18', tromso, oslo);
    const night = fired.filter((f) => f.at > Date.parse('2026-05-17T21:00:00Z') && f.at < Date.parse('2026-05-18T02:00:00Z'));
    expect(night.map((f) => f.step.action)).toEqual(['on', 'off']);
    expect(night[0].at).toBe(solarDayOf('2026-05-17', tromso, oslo).midnightAfter);
    expect(night[1].at).toBeGreaterThanOrEqual(night[0].at);
    // So the lamp is dark through the next day, not lit until the next night.
    expect(stateAt(steps, Date.parse('2026-05-18T10:00:00Z'), tromso, oslo).on).toEqual([false]);
  });

  it('keeps the solar midnights of consecutive days identical', () => {
    for (let d = '2026-01-01'; d < '2026-12-31'; d = addDays(d, 17)) {
      expect(solarDayOf(d, tromso, oslo).midnightAfter).toBe(solarDayOf(addDays(d, 1), tromso, oslo).midnightBefore);
    }
  });

  it('fires the evening step at noon in the polar night and the morning step at midnight under the midnight sun', () => {
    const winter = solarDayOf('2026-12-20', tromso, fixedOffsetCalendar(60));
    expect(winter.events).toMatchObject({ sunrise: 'below', sunset: 'below' });
    expect(firingsOn(steps, '2026-12-20', tromso, fixedOffsetCalendar(60)).map((f) => [f.step.action, f.at])).toEqual([['on', winter.noon]]);
    const summer = solarDayOf('2026-06-21', tromso, oslo);
    expect(summer.events).toMatchObject({ sunrise: 'above', sunset: 'above' });
    expect(firingsOn(steps, '2026-06-21', tromso, oslo).map((f) => [f.step.action, f.at])).toEqual([['off', summer.midnightBefore]]);
  });
});

describe('stateAt', () => {
  /** The plain rule: every firing of the eight days before replayed over an all-off start. */
  function fullReplay(steps: ProgramStep[], at: number, loops: number): LightState {
    const date = oslo.dateOf(at);
    const state: LightState = { on: Array.from({ length: loops }, () => false), dim: 100 };
    for (const f of firingsBetween(steps, addDays(date, -8), addDays(date, 1), tromso, oslo)) {
      if (f.at > at) break;
      applyStep(state, f.step);
    }
    return state;
  }

  it('gives what a week of replay gives, for random programs on cabinets (its shortcut is exact)', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const ats = ['sunset', 'sunrise', 'dusk', 'dawn', '00:00', '06:30', '18:00', '23:15'];
    for (let p = 0; p < 2000; p++) {
      const steps: ProgramStep[] = Array.from({ length: 1 + rnd(5) }, () => {
        const action = (['on', 'off', 'dim'] as const)[rnd(3)];
        const step: ProgramStep = { at: ats[rnd(ats.length)], action };
        if (rnd(2)) step.offsetMin = rnd(61) - 30;
        if (action !== 'off') step.level = action === 'dim' ? rnd(3) * 40 : 30 + rnd(71);
        if (rnd(3) === 0) step.loops = [1 + rnd(3)];
        if (rnd(4) === 0) step.days = [1 + rnd(7), 1 + rnd(7)];
        return step;
      });
      const at = Date.UTC(2026, rnd(12), 1 + rnd(28), rnd(24), rnd(60));
      expect(stateAt(steps, at, tromso, oslo, 3), JSON.stringify({ steps, at })).toEqual(fullReplay(steps, at, 3));
    }
  });

  it('replays the week when a loop lit before the last two days was dimmed before it was switched', () => {
    // Loop 2 is lit on Monday and stays lit until Thursday 21:00; a loop-2 dim at 20:00 sets the level meanwhile.
    const steps: ProgramStep[] = [
      { at: '18:00', action: 'on', loops: [2], days: [1] },
      { at: '19:00', action: 'on', loops: [1] },
      { at: '20:00', action: 'dim', level: 50, loops: [2] },
      { at: '21:00', action: 'off', loops: [2], days: [4] },
      { at: '05:00', action: 'off', loops: [1] },
    ];
    const thursday = oslo.at('2026-03-12', 21 * 60 + 30);
    expect(stateAt(steps, thursday, tromso, oslo, 2)).toEqual({ on: [true, false], dim: 50 });
    expect(fullReplay(steps, thursday, 2)).toEqual({ on: [true, false], dim: 50 });
  });

  it('sees a firing at its own instant', () => {
    const steps: ProgramStep[] = [{ at: '18:00', action: 'on' }, { at: '06:00', action: 'off' }];
    const six = oslo.at('2026-03-10', 18 * 60);
    expect(stateAt(steps, six - MIN, tromso, oslo).on).toEqual([false]);
    expect(stateAt(steps, six, tromso, oslo).on).toEqual([true]);
  });
});
