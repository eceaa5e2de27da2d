import { REPLY_CODES } from '@sl/contracts';
import { activeOverride } from '../program.js';
import type { CommandTarget, Handlers } from './target.js';
import { badParams, checkLoops, CommandError } from './target.js';

type LightingCommand = 'light.open' | 'light.close' | 'light.dim' | 'relay.set' | 'manauto.set' | 'manauto.recover';
type Until = number | 'nextStep' | undefined;
type Lighting = { loops: boolean[]; dim: number };

/**
 * Switching by hand puts the terminal in manual mode, or the program would undo it at once. Without `until`
 * (a switch on site) it holds until `manauto` ends it and outranks overrides. With `until` (from the central
 * system) it holds until then, or until the program's next step, under any active emergency override, and the
 * terminal returns to its program by itself (protocol §5, priorities).
 */
function switchBy(t: CommandTarget, until: Until, change: (l: Lighting) => void) {
  if (until === undefined) {
    t.beforeChange();
    t.state.mode = 'manual';
    t.state.hold = undefined;
    change(t.state);
    t.afterChange();
    return undefined;
  }
  const now = t.now();
  const override = activeOverride(t.state.overrides, now);
  if (override) throw new CommandError(REPLY_CODES.outranked, `emergency override ${override.id} rules until ${new Date(override.expiresAt).toISOString()}`);
  const end = until === 'nextStep' ? t.nextStepAt(now) : until;
  if (end === null) throw badParams('the program has no next step within a week');
  if (end <= now) throw badParams('until must be later than the terminal clock');
  const base = t.state.hold ?? t.state;
  const hold = { loops: [...base.loops], dim: base.dim, until: end };
  change(hold);
  t.beforeChange();
  t.state.mode = 'manual';
  t.state.hold = hold;
  t.afterChange();
  return { until: end };
}

function setLoops(t: CommandTarget, loops: number[] | undefined, on: boolean, until: Until) {
  checkLoops(t, loops);
  return switchBy(t, until, (l) => {
    const targets = loops?.length ? loops : l.loops.map((_, i) => i + 1);
    for (const no of targets) l.loops[no - 1] = on;
  });
}

function setMode(t: CommandTarget, mode: 'manual' | 'auto') {
  t.beforeChange();
  t.state.mode = mode;
  t.state.hold = undefined;
  t.afterChange();
}

export const lightingHandlers: Handlers<LightingCommand> = {
  'light.open': (t, p) => setLoops(t, p.loops, true, p.until),
  'light.close': (t, p) => setLoops(t, p.loops, false, p.until),
  'light.dim': (t, p) => switchBy(t, p.until, (l) => (l.dim = p.level)),
  'relay.set': (t, p) => {
    checkLoops(t, [p.loop]);
    return switchBy(t, p.until, (l) => (l.loops[p.loop - 1] = p.on));
  },
  'manauto.set': (t, p) => setMode(t, p.mode),
  'manauto.recover': (t) => setMode(t, 'auto'),
};
