import type { Services } from '../../services.js';
import { CommandService } from './command-service.js';
import { ScopedTerminalRepository } from './scoped-terminal-repository.js';
import { TaskRepository } from './task-repository.js';
import { TaskService } from './task-service.js';

const built = new WeakMap<Services, { commands: CommandService; tasks: TaskService; terminals: ScopedTerminalRepository }>();

/** The command and task services of one app, shared by every device registrar. */
export function settingsContext(services: Services) {
  let ctx = built.get(services);
  if (!ctx) {
    const terminals = new ScopedTerminalRepository(services.db);
    ctx = { terminals, commands: new CommandService(terminals, () => services.gateway?.commands), tasks: new TaskService(new TaskRepository(services.db)) };
    built.set(services, ctx);
  }
  return ctx;
}
