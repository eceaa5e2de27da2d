import { idParams } from '@sl/contracts';
import type { CommandName, DeviceFamily, SentTask } from '@sl/contracts';
import { badRequest, notFound, text } from '../../http/errors.js';
import type { CommandSender } from '../../gateway/ports.js';
import type { Principal } from '../../system/access/principal.js';
import { withManualHold } from './manual-hold.js';
import type { ScopedTerminalRepository } from './scoped-terminal-repository.js';

/** Sends a command to a terminal the caller may see; the gateway records it as a task. A switch holds for a while (manual-hold.ts). */
export class ScopedCommandService {
  constructor(
    private readonly terminals: ScopedTerminalRepository,
    /** Read on every call: the gateway may start after the routes are registered. */
    private readonly sender: () => CommandSender | undefined,
  ) {}

  async send(principal: Principal, terminalId: number, cmd: CommandName, params: Record<string, unknown>, family?: DeviceFamily): Promise<SentTask> {
    const terminal = await this.terminals.find(principal, terminalId);
    if (!terminal) throw notFound(text('device.terminalNotFound', idParams(terminalId)));
    if (family && terminal.family !== family) throw badRequest(text('device.familyMismatch', { id: terminalId, actual: terminal.family, family }));
    return this.gateway().send(terminalId, cmd, withManualHold(cmd, params, Date.now()), { userId: principal.userId });
  }

  /** Sends the same command to many terminals already checked against the scope, 500 task rows a statement. */
  async sendMany(principal: Principal, terminalIds: number[], cmd: CommandName, params: Record<string, unknown>) {
    const sender = this.gateway();
    params = withManualHold(cmd, params, Date.now());
    const sent: Array<SentTask & { terminalId: number }> = [];
    for (let i = 0; i < terminalIds.length; i += 500) {
      const batch = terminalIds.slice(i, i + 500);
      const outcomes = await sender.sendMany(batch.map((terminalId) => ({ terminalId, cmd, params })), { userId: principal.userId });
      outcomes.forEach((o, j) => {
        if ('error' in o) throw o.error;
        sent.push({ ...o, terminalId: batch[j] });
      });
    }
    return sent;
  }

  terminalsInScope(principal: Principal, family?: DeviceFamily) {
    return this.terminals.commandable(principal, family);
  }

  private gateway(): CommandSender {
    const sender = this.sender();
    if (!sender) throw badRequest(text('device.gatewayDown'));
    return sender;
  }
}
