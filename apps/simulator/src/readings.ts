import type { TerminalConfig } from './types.js';
import { FAULT_LEVELS, type FaultName } from './faults.js';
import { NO_EFFECT, type DegradationEffect } from './degradation.js';

const PHASES = ['a', 'b', 'c'] as const;
export type Phase = (typeof PHASES)[number];
type PerPhase = Record<Phase, number>;

/** Per-terminal constants, drawn once so each terminal looks a little different. */
export interface Profile {
  voltage: number;
  powerFactor: number;
  loadPerLoopA: number;
  lampW: number;
  leakageMa: number;
}

export const makeProfile = (rng: () => number): Profile => ({
  voltage: 222 + rng() * 10,
  powerFactor: 0.92 + rng() * 0.06,
  loadPerLoopA: 8 + rng() * 6,
  lampW: 150,
  leakageMa: 1 + rng() * 4,
});

export interface Inputs {
  loops: boolean[];
  dim: number;
  faults: ReadonlySet<FaultName>;
  /** A single lamp's wear at this moment (degradation.ts). */
  wear?: DegradationEffect;
}

const r = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;
const noise = (rng: () => number, amp: number) => (rng() * 2 - 1) * amp;
const pf = (p: Profile, rng: () => number) => r(Math.min(0.98, Math.max(0.92, p.powerFactor + noise(rng, 0.01))));

/** The phase a loop is wired to: loops are spread round-robin over the phases. */
export const phaseOfLoop = (no: number, phases: number): Phase => PHASES[(no - 1) % Math.max(1, phases)];

function supplyVoltage(p: Profile, faults: ReadonlySet<FaultName>, rng: () => number) {
  if (faults.has('voltageHigh')) return FAULT_LEVELS.voltageHigh + noise(rng, 1);
  if (faults.has('voltageLow')) return FAULT_LEVELS.voltageLow + noise(rng, 1);
  return p.voltage + noise(rng, 1.5);
}

export function cabinetReadings(cfg: TerminalConfig, p: Profile, s: Inputs, rng: () => number, hour: number) {
  const loopCurrents = s.loops.map((on) => (on ? p.loadPerLoopA * (0.3 + 0.7 * s.dim / 100) + noise(rng, 0.2) : 0));
  if (s.faults.has('overCurrent')) loopCurrents[0] += FAULT_LEVELS.overCurrentExtraA;
  const voltage = {} as PerPhase, current = {} as PerPhase, activePower = {} as PerPhase, powerFactor = {} as PerPhase;
  PHASES.forEach((ph, i) => {
    const live = i < cfg.phases;
    const amps = loopCurrents.reduce((sum, a, l) => (phaseOfLoop(l + 1, cfg.phases) === ph ? sum + a : sum), 0);
    voltage[ph] = live ? r(supplyVoltage(p, s.faults, rng), 1) : 0;
    current[ph] = live ? r(amps + 0.05) : 0;
    powerFactor[ph] = live ? pf(p, rng) : 0;
    activePower[ph] = r((voltage[ph] * current[ph] * powerFactor[ph]) / 1000, 3);
  });
  const leakageMa = r(s.faults.has('leakage') ? FAULT_LEVELS.leakageMa + noise(rng, 2) : p.leakageMa + noise(rng, 0.5), 1);
  const temperatureC = r(24 + 8 * Math.sin(((hour - 9) / 24) * 2 * Math.PI) + noise(rng, 0.5), 1);
  const totalKw = activePower.a + activePower.b + activePower.c;
  return { voltage, current, activePower, powerFactor, leakageMa, temperatureC, loopCurrents, totalKw };
}

export function lampReadings(p: Profile, s: Inputs, rng: () => number) {
  const on = s.loops[0];
  const failed = s.faults.has('lampFailure');
  const voltage = r(supplyVoltage(p, s.faults, rng), 1);
  const wear = s.wear ?? NO_EFFECT;
  const powerFactor = r(Math.max(0.3, pf(p, rng) - wear.pfDrop));
  const watts = on && !failed && !wear.dark ? ((p.lampW * Math.max(s.dim, 10)) / 100) * wear.powerFactor : 0;
  const current = on ? r(failed ? FAULT_LEVELS.failedLampA : watts / (voltage * powerFactor), 3) : 0;
  const power = r(watts / 1000, 3);
  return { voltage, current, power, powerFactor, lampFailure: failed, totalKw: power };
}

export type CabinetReadings = ReturnType<typeof cabinetReadings>;
export type LampReadings = ReturnType<typeof lampReadings>;

/** Energy and burn hours, integrated from power over time. */
export class Meter {
  constructor(public energyKwh: number, public burnHours: number, private last: number) {}

  advance(now: number, kw: number, burning: boolean) {
    const hours = Math.max(0, now - this.last) / 3_600_000;
    this.last = now;
    this.energyKwh += kw * hours;
    if (burning) this.burnHours += hours;
  }
}
