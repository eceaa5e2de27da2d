import type { Services } from '../../services.js';
import { BrokerAccountSync } from './broker-account-sync.js';
import { TerminalDataRepository } from './terminal-data-repository.js';
import { TerminalDataService } from './terminal-data-service.js';
import { TerminalRepository } from './terminal-repository.js';
import { TerminalService } from './terminal-service.js';
import { TerminalLifecycleService } from './terminal-status.js';

const cache = new WeakMap<Services, ReturnType<typeof create>>();

function create(services: Services) {
  const { db, files, config } = services;
  const repo = new TerminalRepository(db);
  const data = new TerminalDataRepository(db);
  const accounts = new BrokerAccountSync(() => services.gateway?.accounts);
  return {
    terminalRepo: repo,
    terminals: new TerminalService(repo, accounts, config.TERMINAL_ARCHIVE_DIR ? { dir: config.TERMINAL_ARCHIVE_DIR, uploadsRoot: files.root } : undefined),
    terminalData: new TerminalDataService(repo, data, files),
    lifecycle: new TerminalLifecycleService(repo, data, accounts),
  };
}

/** The terminal services of one app, shared by every terminal, box, inventory and position route. */
export function terminalServices(services: Services) {
  let found = cache.get(services);
  if (!found) cache.set(services, (found = create(services)));
  return found;
}
