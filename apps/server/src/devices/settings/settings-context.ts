import type { Db } from '../../db/client.js';
import type { CommandSender } from '../../gateway/ports.js';
import { ScopedCommandService } from './scoped-command-service.js';
import { ScopedTerminalRepository } from './scoped-terminal-repository.js';
import { CommandTaskRepository } from './command-task-repository.js';
import { TaskService } from './task-service.js';

/** The command and task services of one app, built once by the root and shared by every device registrar. */
export function createSettingsContext(db: Db, sender: () => CommandSender | undefined) {
  const terminals = new ScopedTerminalRepository(db);
  return { terminals, commands: new ScopedCommandService(terminals, sender), tasks: new TaskService(new CommandTaskRepository(db)) };
}

export type SettingsContext = ReturnType<typeof createSettingsContext>;
