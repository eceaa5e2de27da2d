import { describe, expect, it } from 'vitest';
import { lightStatesOf } from './light-state.js';

describe('light states of a heartbeat (feedback, actual)', () => {
  it('takes a lamp\'s light from its power, not its relay', () => {
    const lamp = { model: 2, loops: 0, ratedPowerW: 150 };
    expect(lightStatesOf({ on: true, dim: 100, powerA: 0.002, extra: { lampFailure: true } }, lamp)).toMatchObject({ feedback: { on: true }, actual: false, lampFailure: true, loops: [] });
    expect(lightStatesOf({ on: true, dim: 10, powerA: 0.015, extra: { mode: 'manual', manualUntil: 5 } }, lamp)).toMatchObject({ actual: true, mode: 'manual', manualUntil: 5 });
  });

  it('judges a cabinet\'s loops by their current where reported (230 V against their share of the rated power)', () => {
    const cabinet = { model: 1, loops: 4, ratedPowerW: null }; // 3 kW a loop: lit above 150 W, 0.65 A
    const loops = [{ no: 1, on: true, current: 10 }, { no: 2, on: true, current: 0.5 }, { no: 3, on: false, current: 0 }, { no: 4, on: true }];
    const light = lightStatesOf({ on: true, dim: null, powerA: 2.3, powerB: 0, powerC: 0, extra: { loops } }, cabinet);
    expect(light.actual).toBe(true);
    expect(light.loops).toEqual([{ no: 1, on: true, lit: true }, { no: 2, on: true, lit: false }, { no: 3, on: false, lit: false }, { no: 4, on: true, lit: null }]);
  });
});
