import { describe, expect, it } from 'vitest';
import { PowerWatch } from './power-watch.js';
import type { LampReading, PowerLimits } from './power-judge.js';

const limits: PowerLimits = { ratedPowerW: 100, lampCount: 1, tolerancePct: 10, absoluteMinW: null, absoluteMaxW: null, debounceS: 120, cyclingPerHour: 3, cloCurve: [] };
const reading = (ts: number, powerW: number, over: Partial<LampReading> = {}): LampReading => ({ ts, on: true, dim: 100, powerW, voltage: 230, powerFactor: 0.95, burnHours: 0, ...over });
const raised = (w: PowerWatch, key: number, l: PowerLimits, r: LampReading) => w.observe(key, l, r).changes.filter((c) => c.raised).map((c) => c.kind);

describe('PowerWatch', () => {
  it('raises lampPowerTooLow only once the condition has held for the debounce, by reading time', () => {
    const w = new PowerWatch();
    w.observe(1, limits, reading(0, 100));
    expect(raised(w, 1, limits, reading(60_000, 50))).toEqual([]);
    expect(raised(w, 1, limits, reading(120_000, 50))).toEqual([]); // 60 s held
    expect(raised(w, 1, limits, reading(179_999, 50))).toEqual([]);
    expect(raised(w, 1, limits, reading(180_000, 50))).toEqual(['lampPowerTooLow']); // 120 s held
    expect(raised(w, 1, limits, reading(240_000, 50))).toEqual([]); // once
    const back = w.observe(1, limits, reading(300_000, 98)).changes;
    expect(back).toEqual([expect.objectContaining({ kind: 'lampPowerTooLow', raised: false })]);
  });

  it('judges against rated power × commanded level, within the tolerance', () => {
    const w = new PowerWatch();
    const l = { ...limits, debounceS: 0 };
    expect(raised(w, 1, l, reading(0, 45, { dim: 50 }))).toEqual([]); // 45 W of 50 W expected: -10 %, in band
    expect(raised(w, 1, l, reading(1, 44, { dim: 50 }))).toEqual(['lampPowerTooLow']);
    expect(raised(w, 2, l, reading(0, 56, { dim: 50 }))).toEqual(['lampPowerTooHigh']);
    expect(raised(w, 3, l, reading(0, 130))).toEqual(['absoluteLampPowerTooHigh', 'lampPowerTooHigh']); // over 120 W = rated + 2 × tolerance
    expect(raised(w, 4, l, reading(0, 2))).toEqual(['lampPowerTooLow', 'absoluteLampPowerTooLow']);
  });

  it('leaves the band unjudged while the lamp is commanded off, and reports supply loss alone', () => {
    const w = new PowerWatch();
    const l = { ...limits, debounceS: 0 };
    expect(raised(w, 1, l, reading(0, 0, { on: false }))).toEqual([]);
    expect(raised(w, 1, l, reading(1, 0, { voltage: 0 }))).toEqual(['supplyLoss']);
  });

  it('applies the constant-light-output curve to the expected power', () => {
    const w = new PowerWatch();
    const l = { ...limits, debounceS: 0, cloCurve: [{ hours: 0, levelPct: 80 }, { hours: 50_000, levelPct: 100 }] };
    expect(raised(w, 1, l, reading(0, 80, { burnHours: 10 }))).toEqual([]); // new: the driver runs at 80 %
    expect(raised(w, 1, l, reading(1, 80, { burnHours: 60_000 }))).toEqual(['lampPowerTooLow']); // old: it should run at 100 %
  });

  it('flags cycling above cyclingPerHour lit → dark changes in the last hour, and clears when the hour holds no more', () => {
    const w = new PowerWatch();
    const at = (m: number) => m * 60_000;
    const flags: number[] = [];
    for (let m = 0; m <= 8; m++) if (raised(w, 1, limits, reading(at(m), m % 2 ? 0 : 100)).includes('cyclingFailure')) flags.push(m);
    expect(flags).toEqual([7]); // the 4th change (minutes 1, 3, 5, 7)
    const later = w.observe(1, limits, reading(at(68), 100)).changes; // the hour after minute 7 holds no change
    expect(later).toContainEqual(expect.objectContaining({ kind: 'cyclingFailure', raised: false }));
  });

  it('sums what a lit reading adds to its day', () => {
    const w = new PowerWatch();
    expect(w.observe(1, limits, reading(0, 90, { dim: 100, powerFactor: 0.9 })).day).toMatchObject({ litReadings: 1, ratio: 0.9, pf: 0.9, cycles: 0 });
    expect(w.observe(1, limits, reading(1, 0, { on: false })).day).toMatchObject({ litReadings: 0, ratio: 0 });
  });
});
