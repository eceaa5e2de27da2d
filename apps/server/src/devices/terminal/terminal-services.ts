import type { Services } from '../../services.js';
import { TerminalDataRepository } from './terminal-data-repository.js';
import { TerminalDataService } from './terminal-data-service.js';
import { TerminalRepository } from './terminal-repository.js';
import { TerminalService } from './terminal-service.js';
import { TerminalLifecycleService } from './terminal-status.js';

const cache = new WeakMap<Services, ReturnType<typeof create>>();

function create({ db, files }: Services) {
  const repo = new TerminalRepository(db);
  const data = new TerminalDataRepository(db);
  return {
    terminalRepo: repo,
    terminals: new TerminalService(repo),
    terminalData: new TerminalDataService(repo, data, files),
    lifecycle: new TerminalLifecycleService(repo, data),
  };
}

/** The terminal services of one app, shared by every terminal, box, inventory and position route. */
export function terminalServices(services: Services) {
  let found = cache.get(services);
  if (!found) cache.set(services, (found = create(services)));
  return found;
}
