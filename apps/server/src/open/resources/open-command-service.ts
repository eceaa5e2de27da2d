import type { OpenCommand, OpenCommandBody } from '@sl/contracts';
import { idParams } from '@sl/contracts';
import { notFound, text } from '../../http/errors.js';
import type { Principal } from '../../system/access/principal.js';
import type { OpenRepository } from './open-repository.js';

type CommandRow = NonNullable<Awaited<ReturnType<OpenRepository['command']>>>;

/** The console's quick actions behind the open API's lamp commands (TALQ LampActuator names). */
const QUICK_ACTION = { switchOn: 'on', switchOff: 'off', dim: 'dim', auto: 'auto' } as const;

export interface CommandPorts {
  /** The console's command path: scope check, manual hold, the gateway's task (devices/settings). */
  send(p: Principal, deviceId: number, action: (typeof QUICK_ACTION)[keyof typeof QUICK_ACTION], level?: number): Promise<{ taskId: number }>;
  /** How long a terminal has to answer before its task times out. */
  ttlMs: number;
}

const toCommand = (c: CommandRow): OpenCommand => ({
  id: c.id, deviceId: c.terminalId, action: c.cmd, state: c.state as OpenCommand['state'], message: c.replyMsg ?? '',
  createdAt: c.createdAt.toISOString(), finishedAt: c.finishedAt?.toISOString() ?? null,
});

/** Lamp commands of the open API: sent like the console's, answered with the terminal's outcome when asked to wait. */
export class OpenCommandService {
  constructor(
    private readonly repo: OpenRepository,
    private readonly ports: CommandPorts,
    private readonly pollMs = 200,
  ) {}

  async send(p: Principal, deviceId: number, body: OpenCommandBody, signal?: AbortSignal): Promise<OpenCommand> {
    if (!(await this.repo.deviceVisible(p, deviceId))) throw notFound(text('open.deviceNotFound', idParams(deviceId)));
    const { taskId } = await this.ports.send(p, deviceId, QUICK_ACTION[body.action], body.level);
    // The task settles on whichever instance hears the reply, so its row is read rather than an event awaited.
    const deadline = Date.now() + this.ports.ttlMs + 5_000;
    for (;;) {
      const row = await this.repo.command(p, taskId);
      if (!row) throw notFound(text('open.commandNotFound', idParams(taskId)));
      if (!body.wait || row.state !== 'pending' || Date.now() > deadline || signal?.aborted) return toCommand(row);
      await new Promise((r) => setTimeout(r, this.pollMs));
    }
  }

  async get(p: Principal, commandId: number): Promise<OpenCommand> {
    const row = await this.repo.command(p, commandId);
    if (!row) throw notFound(text('open.commandNotFound', idParams(commandId)));
    return toCommand(row);
  }
}
