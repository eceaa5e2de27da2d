import type { DeviceEvent } from '@sl/contracts';

/** Faults that can be injected into a terminal, on demand or at random. */
export const FAULTS = [
  'lampFailure', 'leakage', 'overCurrent', 'doorOpen', 'voltageHigh', 'voltageLow', 'silent', 'offline',
] as const;
export type FaultName = (typeof FAULTS)[number];

/** The up/event each fault raises; `silent` and `offline` only stop the terminal talking. */
export const FAULT_EVENTS: Record<FaultName, DeviceEvent | undefined> = {
  lampFailure: 'lampFailure',
  leakage: 'leakage',
  overCurrent: 'overCurrent',
  doorOpen: 'doorOpen',
  voltageHigh: 'voltageHigh',
  voltageLow: 'voltageLow',
  silent: undefined,
  offline: undefined,
};

const CABINET_ONLY: FaultName[] = ['leakage', 'overCurrent', 'doorOpen'];

/** Faults that make sense for a model: cabinets have no lamp, lamps no door or leakage sensor. */
export const faultsFor = (model: 1 | 2): FaultName[] =>
  FAULTS.filter((f) => (model === 1 ? f !== 'lampFailure' : !CABINET_ONLY.includes(f)));

export const isFaultName = (v: string): v is FaultName => (FAULTS as readonly string[]).includes(v);

/** Physical effect of the faults on the readings. */
export const FAULT_LEVELS = {
  voltageHigh: 260,
  voltageLow: 180,
  leakageMa: 45,
  overCurrentExtraA: 80,
  /** A failed lamp still draws its driver's standby current. */
  failedLampA: 0.01,
} as const;

/** Picks faults at random and remembers when each random fault clears. */
export class RandomFaults {
  private readonly until = new Map<FaultName, number>();

  constructor(
    private readonly rate: number,
    private readonly durationS: [number, number],
    private readonly rng: () => number,
  ) {}

  /** Returns the fault to raise and the faults to clear at `now`. */
  tick(now: number, model: 1 | 2, active: ReadonlySet<FaultName>): { raise?: FaultName; clear: FaultName[] } {
    const clear = [...this.until].filter(([, t]) => t <= now).map(([f]) => f);
    for (const f of clear) this.until.delete(f);
    if (this.rate <= 0 || this.rng() >= this.rate) return { clear };
    const candidates = faultsFor(model).filter((f) => !active.has(f));
    if (!candidates.length) return { clear };
    const raise = candidates[Math.floor(this.rng() * candidates.length)];
    const [min, max] = this.durationS;
    this.until.set(raise, now + (min + this.rng() * (max - min)) * 1000);
    return { raise, clear };
  }

  forget(fault: FaultName) {
    this.until.delete(fault);
  }
}
