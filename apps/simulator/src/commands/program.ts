import { REPLY_CODES } from '@sl/contracts';
import type { CommandTarget, Handlers } from './target.js';
import { badParams, CommandError } from './target.js';

type ProgramCommand =
  | 'plan.bind' | 'plan.clear' | 'localControl.add' | 'localControl.update'
  | 'localControl.delete' | 'localControl.list' | 'localControl.status' | 'override.set' | 'override.clear';

const MAX_LOCAL_CONTROLS = 64;
const MAX_OVERRIDES = 16;

function change(t: CommandTarget, fn: () => void) {
  t.beforeChange();
  fn();
  t.afterChange();
}

function existing(t: CommandTarget, id: string) {
  const item = t.state.localControls.get(id);
  if (!item) throw badParams(`no local control ${id}`);
  return item;
}

export const programHandlers: Handlers<ProgramCommand> = {
  'plan.bind': (t, p) => change(t, () => (t.state.plan = { planId: p.planId, program: p.program, tzOffsetMin: p.tzOffsetMin, tz: p.tz, fingerprint: p.fingerprint })),
  'plan.clear': (t) => change(t, () => (t.state.plan = undefined)),
  'localControl.add': (t, p) => {
    if (t.state.localControls.has(p.id)) throw badParams(`local control ${p.id} exists`);
    if (t.state.localControls.size >= MAX_LOCAL_CONTROLS) throw badParams(`at most ${MAX_LOCAL_CONTROLS} local controls`);
    change(t, () => t.state.localControls.set(p.id, { step: p.step, enabled: true }));
  },
  'localControl.update': (t, p) => change(t, () => (existing(t, p.id).step = p.step)),
  'localControl.delete': (t, p) => {
    existing(t, p.id);
    change(t, () => t.state.localControls.delete(p.id));
  },
  'localControl.list': (t) => ({
    items: [...t.state.localControls].map(([id, c]) => ({ id, step: c.step, enabled: c.enabled })),
  }),
  'localControl.status': (t, p) => change(t, () => (existing(t, p.id).enabled = p.enabled)),
  'override.set': (t, p) => {
    if (p.expiresAt <= p.startsAt) throw badParams('expiresAt must be after startsAt');
    if (t.state.overrides.size >= MAX_OVERRIDES && !t.state.overrides.has(p.id)) throw badParams(`at most ${MAX_OVERRIDES} overrides`);
    change(t, () => t.state.overrides.set(p.id, p));
    // Kept, and it rules once the terminal is back in auto; until then the reply says it is not in effect.
    if (t.state.mode === 'manual' && !t.state.hold) throw new CommandError(REPLY_CODES.outranked, 'stored, not in effect: the terminal is in manual mode (switched on site)');
  },
  'override.clear': (t, p) => change(t, () => (p.id ? t.state.overrides.delete(p.id) : t.state.overrides.clear())),
};
