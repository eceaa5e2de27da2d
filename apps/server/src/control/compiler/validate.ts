import type { DeviceFamily, MessageKey, MessageParams, ProgramStep } from '@sl/contracts';

export interface ProgramIssue {
  key: MessageKey;
  params: MessageParams;
}

/** Loops a cabinet of each family has at most (protocol §1). */
export const MAX_LOOPS: Record<DeviceFamily, number> = { rdc4m: 4, rdcsm: 16 };

const overlaps = (a: number[] | undefined, b: number[] | undefined) => !a?.length || !b?.length || a.some((x) => b.includes(x));
const moment = (s: ProgramStep) =>
  `${s.at}${s.offsetMin ? (s.offsetMin > 0 ? `+${s.offsetMin}` : s.offsetMin) : ''}${s.notBefore ? ` ≥${s.notBefore}` : ''}${s.notAfter ? ` ≤${s.notAfter}` : ''}`;
/** Only `on` lights a loop (a dim step changes the level of a lit one); `off` and `dim` 0 darken it. */
const lit = (s: ProgramStep) => s.action === 'on';
const darkens = (s: ProgramStep) => s.action === 'off' || (s.action === 'dim' && s.level === 0);
const sameEffect = (a: ProgramStep, b: ProgramStep) => a.action === b.action && (a.action === 'off' || (a.level ?? 100) === (b.level ?? 100));

/**
 * The first step whose clamps cannot hold: on a clock-time step, or with no time between "not before" and "not
 * after". A preview refuses these too (its timeline would be meaningless); it draws drafts the other rules refuse.
 */
export function clampIssue(steps: ProgramStep[]): ProgramIssue | null {
  for (const [i, s] of steps.entries()) {
    const n = i + 1;
    if ((s.notBefore || s.notAfter) && s.at.includes(':')) return { key: 'control.clampOnClock', params: { n } };
    if (s.notBefore && s.notAfter && s.notBefore >= s.notAfter) return { key: 'control.clampOrder', params: { n, notBefore: s.notBefore, notAfter: s.notAfter } };
  }
  return null;
}

/**
 * The first reason a program cannot run as written, or null. Refused: a dim without a level, an
 * off with a level, loops on a single lamp or beyond the family's loops, two steps that fire at the
 * same moment on the same loops and days (contradictory or duplicate), clamps on a clock-time step or
 * that leave no time between them, a program that never switches on, and loops switched on but never off.
 */
export function programIssue(steps: ProgramStep[], family: DeviceFamily, model: number): ProgramIssue | null {
  for (const [i, s] of steps.entries()) {
    const n = i + 1;
    if (s.action === 'dim' && s.level === undefined) return { key: 'control.dimNeedsLevel', params: { n } };
    if (s.action === 'off' && (s.level ?? 0) > 0) return { key: 'control.offWithLevel', params: { n, level: s.level! } };
    if (s.loops?.length && model === 2) return { key: 'control.loopsOnLamp', params: { n } };
    const high = s.loops?.find((l) => l > MAX_LOOPS[family]);
    if (high) return { key: 'control.loopTooHigh', params: { n, loop: high, family, max: MAX_LOOPS[family] } };
  }
  const clamp = clampIssue(steps);
  if (clamp) return clamp;
  for (let a = 0; a < steps.length; a++) {
    for (let b = a + 1; b < steps.length; b++) {
      const x = steps[a];
      const y = steps[b];
      if (moment(x) !== moment(y) || !overlaps(x.days, y.days) || !overlaps(x.loops, y.loops)) continue;
      const params = { a: a + 1, b: b + 1, at: moment(x), actionA: x.action, actionB: y.action };
      return { key: sameEffect(x, y) ? 'control.stepsDuplicate' : 'control.stepsClash', params };
    }
  }
  if (!steps.some(lit)) return { key: 'control.neverOn', params: {} };
  const loopsOn = new Set(steps.filter(lit).flatMap((s) => s.loops?.length ? s.loops : [0]));
  const offs = steps.filter(darkens);
  const allOff = offs.some((s) => !s.loops?.length);
  const unswitched = [...loopsOn].filter((l) => !allOff && !offs.some((s) => l !== 0 && s.loops?.includes(l)));
  if (unswitched.length) return { key: 'control.neverOff', params: { loops: unswitched.map((l) => (l === 0 ? '*' : l)).join(', ') } };
  return null;
}
