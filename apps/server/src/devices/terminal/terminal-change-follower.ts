import type { TerminalsChanged } from '../../events/domain-events.js';
import { FreshRead } from './fresh-read.js';
import type { ListSnapshot, TerminalChangeRepository } from './terminal-change-repository.js';

/**
 * Follows the terminal change notes (migrations 0033–0036) for a copy of terminal rows kept beside the lists' own (the
 * map's fleet): before each answer the copy hears which terminals changed since its last read, whichever instance or
 * connection changed them ('all' at the first read, after pruned notes or a truncation). One quiet statement when nothing did.
 */
export class TerminalChangeFollower {
  private snapshot?: ListSnapshot;
  private readonly fresh: FreshRead;

  constructor(changes: TerminalChangeRepository, apply: (changed: TerminalsChanged) => void) {
    this.fresh = new FreshRead(async () => {
      if (!this.snapshot) {
        this.snapshot = await changes.snapshot();
        return apply('all');
      }
      const read = await changes.changedSince(this.snapshot, true);
      this.snapshot = read.snapshot;
      if (read.stale) apply('all');
      else if (read.rows.length) apply(read.rows.map(([id]) => id));
    });
  }

  /** Resolves once every change committed before the call was applied. */
  caughtUp(): Promise<void> {
    return this.fresh.next();
  }
}
