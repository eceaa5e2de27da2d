import type { CommandParams, ProgramStep } from '@sl/contracts';
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
 * them, with the zone's current UTC offset (the server re-binds when daylight saving moves it).
 * Open mode does not restrict them: a plan's dates say which days its program runs ("today" and
 * "every day" alike run on every day of the plan), and the server binds and unbinds on those dates.
 */
export function compileBind(src: ProgramSource, now: number): CommandParams<'plan.bind'> {
  const program = src.policy.steps.map((s): ProgramStep => ({ ...s }));
  return { planId: src.planId, program, tzOffsetMin: zoneOffsetMin(src.timeZone, now) };
}

/** A short fingerprint of what was bound, so an unchanged program is not sent again. */
export function bindFingerprint(params: CommandParams<'plan.bind'>): string {
  return JSON.stringify(params);
}
