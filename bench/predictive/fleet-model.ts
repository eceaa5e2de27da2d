// The simulated fleet of bench/predictive: each lamp's days drawn from the simulator's degradation curves
// (apps/simulator/src/degradation.ts) with measurement noise, so the bench scores what the gateway would sum.
import { cyclesIn, degradationAt, type Degradation, type DegradationMode } from '@sl/simulator';
import type { DaySums } from '../../apps/server/src/assets/health-model.js';

export const DAY_MS = 86_400_000;
/** Lit readings a night at one heartbeat a minute. */
const READINGS = 660;
const NIGHT_HOURS = READINGS / 60;
const WEAR_MODES: DegradationMode[] = ['powerDrift', 'pfDecline', 'cycling', 'suddenFailure'];

export interface BenchLamp {
  assetId: number;
  ratedLifeH: number;
  startBurnHours: number;
  repairs: number;
  /** The lamp's own draw ratio and power factor when healthy. */
  ratio: number;
  pf: number;
  degradation: Degradation | null;
  /** The day the lamp fails (null: it lasts the run). */
  failDay: number | null;
}

/** A small deterministic generator (mulberry32), so every run draws the same fleet. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const gauss = (r: () => number) => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());

/** `n` lamps over `days` days from `t0`; `degradedShare` of them wear out (a quarter of those with no warning). */
export function makeFleet(n: number, days: number, degradedShare: number, t0: number, seed = 30): BenchLamp[] {
  const r = rng(seed);
  return Array.from({ length: n }, (_, i) => {
    const degraded = r() < degradedShare;
    const mode = WEAR_MODES[Math.floor(r() * WEAR_MODES.length)];
    // Power drift and power-factor decline show weeks to months ahead; cycling is a late sign (10-28 days ahead).
    const warnDays = mode === 'cycling' ? 10 + Math.floor(r() * 19) : 35 + Math.floor(r() * 50);
    const failDay = degraded ? 40 + Math.floor(r() * (days - 40)) : null;
    const lamp: BenchLamp = {
      assetId: i + 1,
      ratedLifeH: 50_000 + Math.floor(r() * 4) * 25_000,
      startBurnHours: r() * 40_000,
      repairs: r() < 0.1 ? 1 + Math.floor(r() * 2) : 0,
      ratio: 0.97 + r() * 0.06,
      pf: 0.92 + r() * 0.06,
      degradation: null,
      failDay,
    };
    if (failDay !== null) {
      const start = mode === 'suddenFailure' ? failDay - 1 : Math.max(0, failDay - warnDays);
      lamp.degradation = { mode, startedAt: t0 + start * DAY_MS, failAfterDays: failDay - start };
    }
    return lamp;
  });
}

/** One lamp's day as the gateway sums it (lamp_day); null after the lamp has failed (it draws nothing). */
export function daySums(l: BenchLamp, dayIndex: number, t0: number, r: () => number): DaySums | null {
  if (l.failDay !== null && dayIndex >= l.failDay) return null;
  const midnight = t0 + dayIndex * DAY_MS;
  const at = midnight + 0.9 * DAY_MS; // the night's middle, in UTC terms of the bench
  const wear = degradationAt(l.degradation, at);
  const dark = wear.dark ? 0.5 : 0; // a cycling lamp is dark half its lit minutes
  const lit = Math.round(READINGS * (1 - dark));
  const ratio = l.ratio * wear.powerFactor + gauss(r) * 0.01;
  const pf = l.pf - wear.pfDrop + gauss(r) * 0.005;
  return {
    day: new Date(midnight).toISOString().slice(0, 10),
    litReadings: lit,
    ratioSum: ratio * lit,
    pfSum: pf * lit,
    cycles: cyclesIn(l.degradation, at, NIGHT_HOURS) + (r() < 0.02 ? 1 : 0),
    burnHours: l.startBurnHours + dayIndex * NIGHT_HOURS,
  };
}
