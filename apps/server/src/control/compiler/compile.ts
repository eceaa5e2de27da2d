import { zoneTransitions, type CommandParams, type ProgramStep, type ZoneTransition } from '@sl/contracts';
import { zoneOffsetMin } from './zone-time.js';

export interface CompiledPolicy {
  steps: ProgramStep[];
  openMode: number;
}

/** The document a terminal is told to run: a plan's policy, or the strategy fallback. */
export interface ProgramSource {
  /** Stable id the terminal echoes in its logs: `plan-12`, `strategy-3`. */
  planId: string;
  policy: CompiledPolicy;
  timeZone: string;
}

/**
 * The `plan.bind` parameters for a terminal at `now`: the policy's steps as the protocol carries
 * them, with the zone (`tz`: its name and offset transitions from the start of this UTC year to the end
 * of the next, so the terminal keeps clock times right across daylight saving) and, for terminals that
 * know only a fixed offset, the zone's current one (`tzOffsetMin`; the server re-binds when it moves).
 * Open mode does not restrict them: a plan's dates say which days its program runs ("today" and
 * "every day" alike run on every day of the plan), and the server binds and unbinds on those dates.
 */
export function compileBind(src: ProgramSource, now: number): CommandParams<'plan.bind'> {
  const program = src.policy.steps.map((s): ProgramStep => ({ ...s }));
  return { planId: src.planId, program, tzOffsetMin: zoneOffsetMin(src.timeZone, now), tz: { name: src.timeZone, transitions: transitionsFor(src.timeZone, now) } };
}

const windows = new Map<string, ZoneTransition[]>();

/** The zone's transitions over this UTC year and the next (the same for every bind of the year). */
function transitionsFor(timeZone: string, now: number): ZoneTransition[] {
  const year = new Date(now).getUTCFullYear();
  const key = `${timeZone} ${year}`;
  let t = windows.get(key);
  if (!t) {
    if (windows.size > 1_000) windows.clear();
    windows.set(key, (t = zoneTransitions(timeZone, Date.UTC(year, 0, 1), Date.UTC(year + 2, 0, 1))));
  }
  return t;
}

/** A short fingerprint of what was bound, so an unchanged program is not sent again. */
export function bindFingerprint(params: CommandParams<'plan.bind'>): string {
  return JSON.stringify(params);
}
