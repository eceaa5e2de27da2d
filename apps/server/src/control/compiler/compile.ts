import type { CommandParams, ProgramStep } from '@sl/contracts';
import { OpenMode } from '@sl/contracts';
import { isoWeekday, zoneOffsetMin } from './zone-time.js';

export interface CompiledPolicy {
  steps: ProgramStep[];
  openMode: number;
}

/** The document a terminal is told to run: a plan's policy, or the strategy fallback. */
export interface ProgramSource {
  /** Stable id the terminal echoes in its logs: `plan-12`, `strategy-3`. */
  planId: string;
  policy: CompiledPolicy;
  /** The plan's first day (YYYY-MM-DD): an open-mode "today" policy runs on that weekday only. */
  firstDate: string;
  timeZone: string;
}

/**
 * The `plan.bind` parameters for a terminal at `now`: the policy's steps as the protocol carries
 * them, restricted to the first day's weekday for open mode "today", with the zone's current UTC
 * offset (the server re-binds when daylight saving moves it).
 */
export function compileBind(src: ProgramSource, now: number): CommandParams<'plan.bind'> {
  const onlyDay = src.policy.openMode === OpenMode.today ? isoWeekday(src.firstDate) : undefined;
  const program = src.policy.steps.map((s) => {
    const step: ProgramStep = { ...s };
    if (onlyDay !== undefined) step.days = [onlyDay];
    return step;
  });
  return { planId: src.planId, program, tzOffsetMin: zoneOffsetMin(src.timeZone, now) };
}

/** A short fingerprint of what was bound, so an unchanged program is not sent again. */
export function bindFingerprint(params: CommandParams<'plan.bind'>): string {
  return JSON.stringify(params);
}
