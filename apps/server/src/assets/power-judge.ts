import { LIT_POWER_SHARE, SUPPLY_LOSS_V, type CloPoint, type PowerFaultKind } from '@sl/contracts';

/** The thresholds one lamp is judged by: its type's, with its department's overrides applied. */
export interface PowerLimits {
  ratedPowerW: number;
  lampCount: number;
  tolerancePct: number;
  absoluteMinW: number | null;
  absoluteMaxW: number | null;
  debounceS: number;
  cyclingPerHour: number;
  cloCurve: CloPoint[];
}

/** What a single-lamp heartbeat says, in watts. */
export interface LampReading {
  ts: number;
  on: boolean;
  dim: number;
  powerW: number;
  voltage: number;
  powerFactor: number;
  burnHours: number;
}

/** The share of the commanded level a constant-light-output driver runs at after `hours` (1 without a curve). */
export function cloFactor(curve: CloPoint[], hours: number): number {
  let level = 100;
  for (const p of curve) if (hours >= p.hours) level = p.levelPct;
  return level / 100;
}

/** Rated power × lamps × commanded level (× the CLO factor): what a healthy lamp draws now. */
export const expectedW = (l: PowerLimits, r: LampReading) => l.ratedPowerW * l.lampCount * (r.dim / 100) * cloFactor(l.cloCurve, r.burnHours);

export const absoluteMinW = (l: PowerLimits) => l.absoluteMinW ?? LIT_POWER_SHARE * l.ratedPowerW * l.lampCount;
export const absoluteMaxW = (l: PowerLimits) => l.absoluteMaxW ?? l.ratedPowerW * l.lampCount * (1 + (2 * l.tolerancePct) / 100);

/** Whether the lamp is commanded to give light, so its power can be judged against the band. */
export const commandedLit = (r: LampReading) => r.on && r.dim > 0;

/**
 * Each power condition of one reading: true holds, false judged in band, absent not judged (a lamp commanded off
 * cannot be judged against its band, and nothing but the supply is judged while the supply is gone).
 * Cycling is judged by the watch over an hour of readings (power-watch.ts).
 */
export function judgePower(l: PowerLimits, r: LampReading): Partial<Record<PowerFaultKind, boolean>> {
  const out: Partial<Record<PowerFaultKind, boolean>> = { supplyLoss: r.voltage < SUPPLY_LOSS_V };
  if (out.supplyLoss) return out;
  out.absoluteLampPowerTooHigh = r.powerW > absoluteMaxW(l);
  if (!commandedLit(r)) return out;
  const expected = expectedW(l, r);
  const tol = l.tolerancePct / 100;
  out.lampPowerTooLow = r.powerW < expected * (1 - tol);
  out.lampPowerTooHigh = r.powerW > expected * (1 + tol);
  out.absoluteLampPowerTooLow = r.powerW < absoluteMinW(l);
  return out;
}
