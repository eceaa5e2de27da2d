import { TerminalModel } from '../enums.js';

/** A single lamp's rated power when its terminal has none set. */
export const DEFAULT_LAMP_RATED_W = 150;
/** A cabinet's rated power per loop (a feeder of street lamps) when its terminal has none set. */
export const DEFAULT_LOOP_RATED_W = 3000;
/**
 * Lit means measured light: the power drawn above this share of the rated power. A lamp dimmed to its lowest
 * level (10 %) is lit; a dead lamp whose relay is closed draws its driver's standby power at most, and is dark.
 */
export const LIT_POWER_SHARE = 0.05;

export interface RatedTerminal {
  model: number;
  loops: number;
  /** Set on the terminal; null or absent: the model's default. */
  ratedPowerW?: number | null;
}

/** The rated power in watts: the terminal's own, else a lamp's default or a cabinet's per loop (one loop at least). */
export function ratedPowerW(t: RatedTerminal): number {
  if (t.ratedPowerW) return t.ratedPowerW;
  return t.model === TerminalModel.singleLamp ? DEFAULT_LAMP_RATED_W : DEFAULT_LOOP_RATED_W * Math.max(1, t.loops);
}

/** Whether a reading of `powerKw` (all phases) is light, not a relay flag or standby draw. */
export const litByPower = (powerKw: number | null | undefined, ratedW: number): boolean => (powerKw ?? 0) * 1000 > LIT_POWER_SHARE * ratedW;
