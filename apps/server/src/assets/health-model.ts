import type { ReasonFigure } from '@sl/contracts';

/** A lamp's running health (lamp_health), folded one complete day at a time. */
export interface Health {
  days: number;
  lastDay: string | null;
  baselineRatio: number | null;
  baselinePf: number | null;
  recentRatio: number | null;
  recentPf: number | null;
  ratioSlope: number;
  cyclesPerDay: number;
  burnHours: number | null;
}

export interface DaySums {
  day: string;
  litReadings: number;
  ratioSum: number;
  pfSum: number;
  cycles: number;
  burnHours: number | null;
}

/** What the score reads beside the health: the type's rated life and the lamp's repairs. */
export interface LampFacts {
  ratedLifeH: number;
  repairs: number;
  /** Burning hours estimated from the installation date where no counter reports (cabinet circuits). */
  estimatedBurnHours: number | null;
}

export const EMPTY_HEALTH: Health = { days: 0, lastDay: null, baselineRatio: null, baselinePf: null, recentRatio: null, recentPf: null, ratioSlope: 0, cyclesPerDay: 0, burnHours: null };

/** Days that set a lamp's baseline (after installation, a repair or the start of monitoring). */
export const BASELINE_DAYS = 14;
/** A day needs this many lit readings to judge power and power factor (an hour at one a minute). */
export const MIN_LIT_READINGS = 60;
const RECENT_ALPHA = 0.25;
const SLOPE_ALPHA = 0.15;
const CYCLE_ALPHA = 0.3;

/** Folds one complete day into the health; a day already folded is ignored. */
export function foldDay(h: Health, d: DaySums): Health {
  if (h.lastDay !== null && d.day <= h.lastDay) return h;
  const out: Health = { ...h, lastDay: d.day, burnHours: Math.max(h.burnHours ?? 0, d.burnHours ?? 0) || h.burnHours };
  out.cyclesPerDay = h.cyclesPerDay + CYCLE_ALPHA * (d.cycles - h.cyclesPerDay);
  if (d.litReadings < MIN_LIT_READINGS) return out;
  const ratio = d.ratioSum / d.litReadings;
  const pf = d.pfSum / d.litReadings;
  out.days = h.days + 1;
  if (out.days <= BASELINE_DAYS) {
    out.baselineRatio = ((h.baselineRatio ?? 0) * h.days + ratio) / out.days;
    out.baselinePf = ((h.baselinePf ?? 0) * h.days + pf) / out.days;
    out.recentRatio = out.baselineRatio;
    out.recentPf = out.baselinePf;
    return out;
  }
  const before = h.recentRatio ?? ratio;
  out.recentRatio = before + RECENT_ALPHA * (ratio - before);
  out.recentPf = (h.recentPf ?? pf) + RECENT_ALPHA * (pf - (h.recentPf ?? pf));
  out.ratioSlope = h.ratioSlope + SLOPE_ALPHA * (out.recentRatio - before - h.ratioSlope);
  return out;
}

const clip = (x: number) => Math.min(1, Math.max(0, x));
const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * The chance-like score (0-1) that the lamp fails within 30 days, with the reasons that weigh (docs/assets.md,
 * "Scoring model"). Each sign gives a probability; the score is 1 − Π(1 − p). Signs: burning hours past 90 % of rated
 * life; power at the same commanded level drifting from the lamp's own baseline, and its weekly slope; the power factor
 * declining from baseline; cycling; past repairs.
 */
export function scoreLamp(h: Health, f: LampFacts): { score: number; reasons: ReasonFigure[] } {
  const signs: Array<ReasonFigure & { p: number }> = [];
  const hours = h.burnHours ?? f.estimatedBurnHours;
  if (hours !== null && f.ratedLifeH > 0) {
    const used = hours / f.ratedLifeH;
    signs.push({ code: 'lifeUsed', value: round(used), p: 0.45 * clip((used - 0.9) / 0.3) });
  }
  const judged = h.days > BASELINE_DAYS && h.baselineRatio && h.recentRatio !== null;
  if (judged) {
    const drift = (h.recentRatio! - h.baselineRatio!) / h.baselineRatio!;
    signs.push({ code: 'powerDrift', value: round(drift), p: clip((Math.abs(drift) - 0.06) / 0.12) });
    const weekly = (h.ratioSlope * 7) / h.baselineRatio!;
    signs.push({ code: 'powerSlope', value: round(weekly), p: clip((Math.abs(weekly) - 0.012) / 0.025) });
  }
  if (judged && h.baselinePf && h.recentPf !== null) {
    const decline = (h.baselinePf - h.recentPf) / h.baselinePf;
    signs.push({ code: 'pfDecline', value: round(decline), p: clip((decline - 0.05) / 0.12) });
  }
  signs.push({ code: 'cycling', value: round(h.cyclesPerDay, 2), p: clip((h.cyclesPerDay - 1) / 4) });
  signs.push({ code: 'pastRepairs', value: f.repairs, p: f.repairs >= 2 ? Math.min(0.3, 0.1 * f.repairs) : 0 });
  const score = 1 - signs.reduce((keep, s) => keep * (1 - s.p), 1);
  const reasons = signs.filter((s) => s.p >= 0.1).sort((a, b) => b.p - a.p).map(({ code, value }) => ({ code, value }));
  return { score: round(score), reasons };
}
