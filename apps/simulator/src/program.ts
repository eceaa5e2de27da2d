import type { OverrideParams, ProgramStep } from '@sl/contracts';
import { DAY_MS, localDayStart, localWeekday, sunTimes } from './sun.js';

export interface Site {
  lat: number;
  lng: number;
  tzOffsetMin: number;
  loops: number;
}

export interface Decision {
  loops: boolean[];
  dim: number;
}

/** Without a bound program a terminal switches on at sunset and off at sunrise. */
export const DEFAULT_PROGRAM: ProgramStep[] = [
  { at: 'sunset', action: 'on' },
  { at: 'sunrise', action: 'off' },
];

/** When `step` fires on the local day starting at `dayStart`; undefined if it does not run that day. */
export function stepTime(step: ProgramStep, dayStart: number, site: Site): number | undefined {
  if (step.days?.length && !step.days.includes(localWeekday(dayStart, site.tzOffsetMin))) return undefined;
  let base: number;
  if (step.at === 'sunset' || step.at === 'sunrise' || step.at === 'dusk' || step.at === 'dawn') {
    base = sunTimes(dayStart, site.lat, site.lng)[step.at];
    if (Number.isNaN(base)) return undefined;
  } else {
    const [h, m] = step.at.split(':').map(Number);
    base = dayStart + (h * 60 + m) * 60_000;
  }
  return base + (step.offsetMin ?? 0) * 60_000;
}

/**
 * The lighting state at `now`: replays every step occurrence of the past week in time order
 * over an all-off start, so the latest step touching each loop wins.
 */
export function decide(steps: ProgramStep[], now: number, site: Site): Decision {
  const today = localDayStart(now, site.tzOffsetMin);
  const fired: { at: number; step: ProgramStep }[] = [];
  for (let d = -7; d <= 0; d++) {
    for (const step of steps) {
      const at = stepTime(step, today + d * DAY_MS, site);
      if (at !== undefined && at <= now) fired.push({ at, step });
    }
  }
  fired.sort((x, y) => x.at - y.at);
  const state: Decision = { loops: Array.from({ length: site.loops }, () => false), dim: 100 };
  for (const { step } of fired) apply(state, step);
  return state;
}

/** The override that rules at `now`: the active one (started, not expired) with the highest seq. */
export function activeOverride(overrides: Map<string, OverrideParams>, now: number): OverrideParams | undefined {
  let best: OverrideParams | undefined;
  for (const [id, o] of overrides) {
    if (o.expiresAt <= now) overrides.delete(id);
    else if (o.startsAt <= now && (!best || o.seq > best.seq)) best = o;
  }
  return best;
}

/** The lighting an override imposes: its loops (all by default) on at its level, or off. */
export function overrideDecision(o: OverrideParams, loops: number): Decision {
  const state: Decision = { loops: Array.from({ length: loops }, () => false), dim: 100 };
  apply(state, { at: '00:00', action: o.action, level: o.level, loops: o.loops });
  return state;
}

function apply(state: Decision, step: ProgramStep) {
  const on = step.action === 'on' || (step.action === 'dim' && (step.level ?? 100) > 0);
  if (step.action !== 'off') state.dim = step.level ?? (step.action === 'on' ? 100 : state.dim);
  const targets = step.loops?.length ? step.loops : state.loops.map((_, i) => i + 1);
  for (const no of targets) if (no >= 1 && no <= state.loops.length) state.loops[no - 1] = on;
}
