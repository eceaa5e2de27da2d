import { describe, expect, it } from 'vitest';
import { Device } from './device.js';
import type { FaultName } from './faults.js';
import { cabinetReadings, lampReadings, makeProfile, Meter } from './readings.js';
import { cabinet, lamp } from './test-support/setup.js';

const noFaults = new Set<FaultName>();

describe('readings', () => {
  it('cabinet: plausible per-phase values and P = V·I·pf', () => {
    const cfg = cabinet('RD0001');
    const rd = cabinetReadings(cfg, makeProfile(Math.random), { loops: [true, true, true, true], dim: 100, faults: noFaults }, Math.random, 20);
    for (const ph of ['a', 'b', 'c'] as const) {
      expect(rd.voltage[ph]).toBeGreaterThanOrEqual(219);
      expect(rd.voltage[ph]).toBeLessThanOrEqual(236);
      expect(rd.powerFactor[ph]).toBeGreaterThanOrEqual(0.91);
      expect(rd.powerFactor[ph]).toBeLessThanOrEqual(0.99);
      expect(rd.activePower[ph]).toBeCloseTo((rd.voltage[ph] * rd.current[ph] * rd.powerFactor[ph]) / 1000, 2);
    }
    expect(rd.current.a).toBeGreaterThan(rd.current.b); // loops 1 and 4 both sit on phase a
    expect(rd.leakageMa).toBeLessThan(10);
  });

  it('lamp: power follows the dim level and a failed lamp draws almost nothing', () => {
    const p = makeProfile(Math.random);
    const full = lampReadings(p, { loops: [true], dim: 100, faults: noFaults }, Math.random);
    const half = lampReadings(p, { loops: [true], dim: 50, faults: noFaults }, Math.random);
    const failed = lampReadings(p, { loops: [true], dim: 100, faults: new Set<FaultName>(['lampFailure']) }, Math.random);
    expect(full.power).toBeCloseTo(0.15, 3);
    expect(half.power).toBeCloseTo(0.075, 3);
    expect(failed).toMatchObject({ power: 0, lampFailure: true });
    expect(failed.current).toBeLessThan(0.05);
  });

  it('meters integrate energy and burn hours over time', () => {
    const m = new Meter(100, 10, 0);
    m.advance(2 * 3_600_000, 0.15, true);
    expect(m.energyKwh).toBeCloseTo(100.3, 6);
    expect(m.burnHours).toBeCloseTo(12, 6);
  });

  it('a device accumulates energy while lit', () => {
    let hw = Date.parse('2025-12-21T12:00:00Z');
    const d = new Device(lamp('RD0002'), Math.random, hw);
    d.state.loops = [true];
    const first = d.heartbeat('1', hw, hw);
    hw += 3_600_000;
    const second = d.heartbeat('2', hw, hw);
    expect(second.energyKwh - first.energyKwh).toBeCloseTo(0.15, 2);
  });
});
