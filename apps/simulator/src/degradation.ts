/**
 * Ways a lamp wears out (docs/assets.md): the simulator applies them to a single lamp's readings, and the predictive
 * bench and the demo history draw their days from the same curves.
 * - powerDrift: the power at the same commanded level falls slowly (an ageing driver or LED string), then the lamp fails;
 * - pfDecline: the power factor falls (a driver's capacitors drying out), then the lamp fails;
 * - cycling: the lamp goes dark and back every minute while commanded on (a failing driver or thermal cut-out), then fails;
 * - suddenFailure: nothing shows until the lamp fails;
 * - halfPower: from the start the lamp draws half its power (half its LED strings out), and stays so.
 */
export const DEGRADATION_MODES = ['powerDrift', 'pfDecline', 'cycling', 'suddenFailure', 'halfPower'] as const;
export type DegradationMode = (typeof DEGRADATION_MODES)[number];

export interface Degradation {
  mode: DegradationMode;
  /** Epoch ms the wear starts. */
  startedAt: number;
  /** Days from the start to the failure (not used by halfPower). */
  failAfterDays: number;
}

/** What the wear does to one reading at a moment. */
export interface DegradationEffect {
  /** Multiplies the power drawn. */
  powerFactor: number;
  /** Subtracted from the power factor. */
  pfDrop: number;
  /** The lamp gives no light although commanded on (failed, or the dark half of a cycle). */
  dark: boolean;
  failed: boolean;
}

const DAY_MS = 86_400_000;
export const NO_EFFECT: DegradationEffect = { powerFactor: 1, pfDrop: 0, dark: false, failed: false };
/** How far power drifts and the power factor falls just before the failure. */
export const DRIFT_AT_FAILURE = 0.3;
export const PF_DROP_AT_FAILURE = 0.3;
/** A cycling lamp's half-period: dark every other minute. */
export const CYCLE_HALF_MS = 60_000;

export const isDegradationMode = (v: string): v is DegradationMode => (DEGRADATION_MODES as readonly string[]).includes(v);

/** The effect of `d` at `now` (epoch ms). */
export function degradationAt(d: Degradation | null | undefined, now: number): DegradationEffect {
  if (!d || now < d.startedAt) return NO_EFFECT;
  if (d.mode === 'halfPower') return { ...NO_EFFECT, powerFactor: 0.5 };
  const days = (now - d.startedAt) / DAY_MS;
  if (days >= d.failAfterDays) return { powerFactor: 0, pfDrop: 0, dark: true, failed: true };
  const progress = days / d.failAfterDays;
  switch (d.mode) {
    case 'powerDrift':
      return { ...NO_EFFECT, powerFactor: 1 - DRIFT_AT_FAILURE * progress };
    case 'pfDecline':
      return { ...NO_EFFECT, pfDrop: PF_DROP_AT_FAILURE * progress };
    case 'cycling':
      return { ...NO_EFFECT, dark: Math.floor(now / CYCLE_HALF_MS) % 2 === 1 };
    default:
      return NO_EFFECT;
  }
}

/** Lit → dark changes of a cycling lamp in `hours` of burning (for day summaries): one each two half-periods. */
export const cyclesIn = (d: Degradation | null | undefined, now: number, hours: number): number =>
  d?.mode === 'cycling' && now >= d.startedAt && !degradationAt(d, now).failed ? Math.floor((hours * 3_600_000) / (2 * CYCLE_HALF_MS)) : 0;
