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
  /** The power factor's slope per day (EWMA of daily differences). */
  pfSlope: number;
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

export const EMPTY_HEALTH: Health = { days: 0, lastDay: null, baselineRatio: null, baselinePf: null, recentRatio: null, recentPf: null, ratioSlope: 0, pfSlope: 0, cyclesPerDay: 0, burnHours: null };

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
  const pfBefore = h.recentPf ?? pf;
  out.recentPf = pfBefore + RECENT_ALPHA * (pf - pfBefore);
  out.ratioSlope = h.ratioSlope + SLOPE_ALPHA * (out.recentRatio - before - h.ratioSlope);
  out.pfSlope = h.pfSlope + SLOPE_ALPHA * (out.recentPf - pfBefore - h.pfSlope);
  return out;
}

const clip = (x: number) => Math.min(1, Math.max(0, x));
const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Relative power drift and power-factor decline at which a lamp is taken as failing (an LED driver past L70, a dried-out driver). */
export const CRITICAL_DRIFT = 0.3;
export const CRITICAL_PF_DECLINE = 0.3;
/** Days ahead the score looks: "fails within 30 days". */
const HORIZON_DAYS = 30;

/** How likely a trend reaches its critical level within the horizon: 1 within 30 days, ½ at 45, 0 from 60 (the EWMA lags the trend). */
function projected(level: number, perDay: number, critical: number): number {
  if (level >= critical) return 1;
  if (perDay <= 1e-5) return 0;
  const daysLeft = (critical - level) / perDay;
  return clip((HORIZON_DAYS * 2 - daysLeft) / HORIZON_DAYS);
}

/**
 * The chance-like score (0-1) that the lamp fails within 30 days, with the reasons that weigh (docs/assets.md,
 * "Scoring model"). Each sign gives a probability; the score is 1 − Π(1 − p). Signs: the power at the same commanded
 * level drifting from the lamp's own baseline (how far, and when its weekly trend reaches CRITICAL_DRIFT); the power
 * factor declining (likewise); cycling; burning hours past 90 % of rated life; past repairs.
 */
export function scoreLamp(h: Health, f: LampFacts): { score: number; reasons: ReasonFigure[] } {
  const signs: Array<ReasonFigure & { p: number }> = [];
  const judged = h.days > BASELINE_DAYS && h.baselineRatio && h.recentRatio !== null;
  if (judged) {
    const drift = (h.recentRatio! - h.baselineRatio!) / h.baselineRatio!;
    const perDay = Math.abs(h.ratioSlope / h.baselineRatio!) * (Math.sign(h.ratioSlope) === Math.sign(drift) ? 1 : 0);
    signs.push({ code: 'powerDrift', value: round(drift), p: clip((Math.abs(drift) - 0.2) / 0.1) });
    signs.push({ code: 'powerSlope', value: round(perDay * 7 * Math.sign(drift)), p: Math.abs(drift) > 0.03 ? projected(Math.abs(drift), perDay, CRITICAL_DRIFT) : 0 });
  }
  if (judged && h.baselinePf && h.recentPf !== null) {
    const decline = (h.baselinePf - h.recentPf) / h.baselinePf;
    const perDay = Math.max(0, -h.pfSlope / h.baselinePf);
    signs.push({ code: 'pfDecline', value: round(decline), p: decline > 0.03 ? projected(decline, perDay, CRITICAL_PF_DECLINE) : 0 });
  }
  signs.push({ code: 'cycling', value: round(h.cyclesPerDay, 2), p: clip((h.cyclesPerDay - 1) / 4) });
  const hours = h.burnHours ?? f.estimatedBurnHours;
  if (hours !== null && f.ratedLifeH > 0) {
    const used = hours / f.ratedLifeH;
    signs.push({ code: 'lifeUsed', value: round(used), p: 0.35 * clip((used - 0.9) / 0.3) });
  }
  signs.push({ code: 'pastRepairs', value: f.repairs, p: f.repairs >= 2 ? Math.min(0.2, 0.07 * f.repairs) : 0 });
  const score = 1 - signs.reduce((keep, s) => keep * (1 - s.p), 1);
  const reasons = signs.filter((s) => s.p >= 0.1).sort((a, b) => b.p - a.p).map(({ code, value }) => ({ code, value }));
  return { score: round(score), reasons };
}
