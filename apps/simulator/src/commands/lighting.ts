import type { CommandTarget, Handlers } from './target.js';
import { checkLoops } from './target.js';

type LightingCommand = 'light.open' | 'light.close' | 'light.dim' | 'relay.set' | 'manauto.set' | 'manauto.recover';

/** Switching by hand puts the terminal in manual mode, or the program would undo it at once. */
function manual(t: CommandTarget, change: () => void) {
  t.beforeChange();
  t.state.mode = 'manual';
  change();
  t.afterChange();
}

function setLoops(t: CommandTarget, loops: number[] | undefined, on: boolean) {
  checkLoops(t, loops);
  manual(t, () => {
    const targets = loops?.length ? loops : t.state.loops.map((_, i) => i + 1);
    for (const no of targets) t.state.loops[no - 1] = on;
  });
}

function setMode(t: CommandTarget, mode: 'manual' | 'auto') {
  t.beforeChange();
  t.state.mode = mode;
  t.afterChange();
}

export const lightingHandlers: Handlers<LightingCommand> = {
  'light.open': (t, p) => setLoops(t, p.loops, true),
  'light.close': (t, p) => setLoops(t, p.loops, false),
  'light.dim': (t, p) => manual(t, () => (t.state.dim = p.level)),
  'relay.set': (t, p) => {
    checkLoops(t, [p.loop]);
    manual(t, () => (t.state.loops[p.loop - 1] = p.on));
  },
  'manauto.set': (t, p) => setMode(t, p.mode),
  'manauto.recover': (t) => setMode(t, 'auto'),
};
