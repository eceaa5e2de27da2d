import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { TerminalChange, TerminalsChanged } from '../../events/domain-events.js';
import type { GatewayHandle } from '../../gateway/ports.js';
import type { DiskFileStore } from '../../storage/file-store.js';
import type { ScheduledJob } from '../../scheduler/scheduled-job.js';
import { BrokerAccountSync } from './broker-account-sync.js';
import { TerminalChangeRepository } from './terminal-change-repository.js';
import { LampRepository } from './lamp-repository.js';
import { TerminalDataRepository } from './terminal-data-repository.js';
import { TerminalDataService } from './terminal-data-service.js';
import { TerminalAdminRepository } from './terminal-admin-repository.js';
import { TerminalChangeFollower } from './terminal-change-follower.js';
import { TerminalListIndex } from './terminal-list-index.js';
import { TerminalService } from './terminal-service.js';
import { TerminalLifecycleService } from './terminal-status.js';

export interface TerminalServiceDeps {
  db: Db;
  files: DiskFileStore;
  config: Pick<Config, 'TERMINAL_ARCHIVE_DIR' | 'DEVICE_CLOCK_SKEW_S'>;
  /** Read on every write: a gateway attached after start-up (tests) is used. */
  accounts: () => GatewayHandle['accounts'];
  /** Every write of terminal rows, after it committed (the root raises `terminal.changed`). */
  changed: (change: TerminalChange) => void;
}

/** The terminal services of one app, built once by the root; shared by every terminal, box, inventory and position route. */
export function createTerminalServices({ db, files, config, accounts: accountsOf, changed }: TerminalServiceDeps) {
  const changes = new TerminalChangeRepository(db);
  const repo = new TerminalAdminRepository(db, changed, config.DEVICE_CLOCK_SKEW_S * 1000, new TerminalListIndex(changes));
  const data = new TerminalDataRepository(db);
  const accounts = new BrokerAccountSync(accountsOf);
  return {
    terminalRepo: repo,
    terminals: new TerminalService(repo, accounts, new LampRepository(db), config.TERMINAL_ARCHIVE_DIR ? { dir: config.TERMINAL_ARCHIVE_DIR, uploadsRoot: files.root } : undefined),
    terminalData: new TerminalDataService(repo, data, files),
    lifecycle: new TerminalLifecycleService(repo, data, accounts),
    /** Follows the terminals changed by any instance for another copy of their rows (the map's fleet); see FleetCache. */
    followChanges: (apply: (changed: TerminalsChanged) => void) => {
      const follower = new TerminalChangeFollower(changes, apply);
      return () => follower.caughtUp();
    },
    /** Deletes the notes of terminal changes every list copy has seen (`terminal.list-changes`, half-hourly). */
    listChangesJob: { name: 'terminal.list-changes', everyMs: 30 * 60_000, run: () => changes.prune() } satisfies ScheduledJob,
  };
}

export type TerminalServices = ReturnType<typeof createTerminalServices>;
