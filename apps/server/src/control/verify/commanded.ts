import { stateAt, type LightStates, type ProgramStep } from '@sl/contracts';
import { firingsBetween } from '../compiler/timeline.js';
import { addDays, zoneCalendar, zonedDate } from '../compiler/zone-time.js';
import type { ConfirmedOverride } from './verification-repository.js';

/** Readings this close to a program step, or to an override's start or end, are not judged: the terminal's sun times and clock differ a little from ours. */
export const GRACE_MS = 20 * 60_000;

export interface Place {
  lat: number;
  lng: number;
  timeZone: string;
}

/**
 * What should rule the terminal at a reading, by priority: a manual switch made on site (no end), an
 * emergency override the terminal confirmed, a manual switch from the console (until its end), the program.
 */
export type Commanded =
  | { by: 'program' | 'override'; lit: boolean[] }
  /** Not judged: a manual switch rules, or the reading is within the grace of a step or an override boundary. */
  | { by: 'manual' | 'grace'; lit: null };

/** The program's lit loops at `at`, or null within GRACE_MS of one of its steps. */
export function programLit(steps: ProgramStep[], at: number, place: Place, loops: number): boolean[] | null {
  const date = zonedDate(at, place.timeZone);
  if (firingsBetween(steps, addDays(date, -1), addDays(date, 1), place).some((f) => Math.abs(f.at - at) < GRACE_MS)) return null;
  return stateAt(steps, at, place, zoneCalendar(place.timeZone), loops).on;
}

/** The targetLightCommand at a reading: which loops (one for a lamp) should be lit, and what decided it. */
export function commandedAt(
  at: number,
  light: Pick<LightStates, 'mode' | 'manualUntil'>,
  overrides: ConfirmedOverride[],
  program: { steps: ProgramStep[]; place: Place },
  loops: number,
): Commanded {
  const manual = light.mode === 'manual';
  if (manual && light.manualUntil === null) return { by: 'manual', lit: null };
  if (overrides.some((o) => Math.abs(o.from - at) < GRACE_MS || Math.abs(o.to - at) < GRACE_MS)) return { by: 'grace', lit: null };
  const ruling = overrides.filter((o) => o.from <= at && at < o.to).sort((a, b) => b.id - a.id)[0];
  if (ruling) return { by: 'override', lit: Array.from({ length: loops }, () => ruling.level > 0) };
  if (manual && light.manualUntil !== null && light.manualUntil > at) return { by: 'manual', lit: null };
  const lit = programLit(program.steps, at, program.place, loops);
  return lit ? { by: 'program', lit } : { by: 'grace', lit: null };
}
