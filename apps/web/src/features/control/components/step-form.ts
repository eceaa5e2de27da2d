import type { ProgramStep } from '@sl/contracts';

/** A step as the editor holds it: the solar event or "time" with a clock time beside it. */
export interface StepForm {
  when: 'time' | 'sunset' | 'sunrise' | 'dusk' | 'dawn';
  time?: string;
  offsetMin?: number;
  /** Clamps of a solar step (local HH:mm): no earlier than, no later than. */
  notBefore?: string;
  notAfter?: string;
  action: 'on' | 'off' | 'dim';
  level?: number;
  loops?: number[];
  days?: number[];
}

export const toStepForm = (s: ProgramStep): StepForm =>
  s.at.includes(':') ? { ...s, when: 'time', time: s.at } : { ...s, when: s.at as StepForm['when'] };

/** Back to the protocol's step, dropping empty fields. */
export function fromStepForm(f: StepForm): ProgramStep {
  const step: ProgramStep = { at: f.when === 'time' ? f.time ?? '' : f.when, action: f.action };
  if (f.offsetMin) step.offsetMin = f.offsetMin;
  if (f.when !== 'time' && f.notBefore) step.notBefore = f.notBefore;
  if (f.when !== 'time' && f.notAfter) step.notAfter = f.notAfter;
  if (f.action !== 'off' && f.level !== undefined && f.level !== null) step.level = f.level;
  if (f.loops?.length) step.loops = f.loops;
  if (f.days?.length && f.days.length < 7) step.days = f.days;
  return step;
}

/** One line describing a step: "sunset −10′ ≥15:00 → on 100%" (≥ not before, ≤ not after). */
export function describeStep(s: ProgramStep, t: (k: string) => string): string {
  const at = s.at.includes(':') ? s.at : t(`control.at.${s.at}`);
  const off = s.offsetMin ? ` ${s.offsetMin > 0 ? '+' : '−'}${Math.abs(s.offsetMin)}′` : '';
  const level = s.action !== 'off' && s.level !== undefined ? ` ${s.level}%` : '';
  const clamps = `${s.notBefore ? ` ≥${s.notBefore}` : ''}${s.notAfter ? ` ≤${s.notAfter}` : ''}`;
  return `${at}${off}${clamps} → ${t(`control.action.${s.action}`)}${level}`;
}
