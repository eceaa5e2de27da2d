import { randomUUID } from 'node:crypto';
import type { BatchAction, BatchSent, CommandName, ManualHold } from '@sl/contracts';
import type { Principal } from '../../system/access/principal.js';
import type { ScopedCommandService } from '../settings/scoped-command-service.js';
import type { BatchProgress } from './batch-progress.js';
import type { TerminalAdminRepository } from './terminal-admin-repository.js';
import { assertVisible } from './terminal-service.js';

/** The device command behind each quick action. */
export function actionCommand(action: BatchAction, level?: number): [CommandName, Record<string, unknown>] {
  switch (action) {
    case 'on':
      return ['light.open', {}];
    case 'off':
      return ['light.close', {}];
    case 'dim':
      return ['light.dim', { level: level ?? 0 }];
    default:
      return ['manauto.recover', {}];
  }
}

/** One quick command to many terminals; all must be in the caller's scope before anything is sent. */
export class BatchCommandService {
  constructor(
    private readonly repo: TerminalAdminRepository,
    private readonly commands: ScopedCommandService,
    private readonly progress: BatchProgress,
  ) {}

  async send(p: Principal, terminalIds: number[], action: BatchAction, level?: number, holdMin?: ManualHold): Promise<BatchSent> {
    const ids = [...new Set(terminalIds)];
    await assertVisible(this.repo, p, ids);
    const [cmd, params] = actionCommand(action, level);
    const sent = await this.commands.sendMany(p, ids, cmd, holdMin === undefined ? params : { ...params, holdMin });
    const batchId = randomUUID();
    const tasks = sent.map((s) => ({ terminalId: s.terminalId, taskId: s.taskId }));
    this.progress.track(batchId, p.userId, tasks.map((t) => t.taskId));
    return { batchId, tasks };
  }
}
