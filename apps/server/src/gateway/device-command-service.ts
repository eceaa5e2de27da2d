import { randomUUID } from 'node:crypto';
import { COMMAND_PARAMS, DEFAULT_COMMAND_TTL_MS, TaskState, TerminalStatus, deviceIdentity, downTopic, type CommandMessage, type CommandName, type DeviceFamily, type ReplyMessage, idParams } from '@sl/contracts';
import { badRequest, notFound, text } from '../http/errors.js';
import type { CommandEffects } from './command-effects.js';
import type { CommandRepository, ExpiredTask } from './command-repository.js';
import type { DeviceTransport, GatewayLog } from './device-transport.js';
import type { CommandCounts, CommandSender, SendOptions, SentCommand, TaskNotice } from './ports.js';
import type { TerminalDirectory } from './terminal-directory.js';
import type { TerminalRecord } from './terminal-record-repository.js';

/** The reply message kept on a task whose reply was refused (like the publish failure's, in English as the terminals write theirs). */
const REFUSED_REPLY = 'reply refused: its data holds \\u0000 or a lone surrogate, which cannot be stored';

/** Sends commands as task records; replies settle them, the sweep times them out. */
export class DeviceCommandService implements CommandSender {
  readonly counts: CommandCounts = { sent: 0, succeeded: 0, failed: 0, timedOut: 0 };

  constructor(
    private readonly repo: CommandRepository,
    private readonly directory: TerminalDirectory,
    private readonly transport: DeviceTransport,
    private readonly effects: CommandEffects,
    private readonly log: GatewayLog,
    private readonly defaultTtlMs = DEFAULT_COMMAND_TTL_MS,
    /** Told of every settled task (the push channel shows the outcome to whoever sent it). */
    private readonly onSettled: (n: TaskNotice) => void = () => undefined,
  ) {}

  // An offline terminal still gets the command on its return, or it times out: the embedded broker's
  // terminals through the queue in the database, an external broker's through its persistent session.
  async send(terminalId: number, cmd: CommandName, params: Record<string, unknown>, opts: SendOptions = {}): Promise<SentCommand> {
    const schema = COMMAND_PARAMS[cmd];
    if (!schema) throw badRequest(text('device.unknownCommand', { cmd: String(cmd) }));
    const parsed = schema.safeParse(params ?? {});
    if (!parsed.success) throw badRequest(text('device.badParams', { cmd, problems: parsed.error.issues.map((i) => `${i.path.join('.') || 'params'} ${i.message}`).join('; ') }));
    const terminal = await this.directory.findById(terminalId);
    if (!terminal) throw notFound(text('device.terminalNotFound', idParams(terminalId)));
    if (terminal.status === TerminalStatus.scrapped) throw badRequest(text('device.terminalScrapped'));
    const ts = Date.now();
    const message: CommandMessage = { mid: `c-${randomUUID()}`, ts, cmd, params: parsed.data as Record<string, unknown>, expiresAt: ts + (opts.ttlMs ?? this.defaultTtlMs) };
    const clientId = deviceIdentity(terminal.family as DeviceFamily, terminal.sn);
    const queued = this.transport.isReady?.(clientId) === false;
    const taskId = await this.repo.insert({
      mid: message.mid, terminalId, cmd, params: message.params, createdBy: opts.userId ?? null, createdAt: new Date(ts), expiresAt: new Date(message.expiresAt),
      sentAt: queued ? null : new Date(ts),
    });
    if (queued) {
      // The terminal may have become ready while the row was written: its ready handler then claimed
      // the queue before this row was in it. Claiming is atomic, so a second claim sends nothing twice.
      if (this.transport.isReady?.(clientId)) await this.deliverQueued(terminal);
      return { taskId, mid: message.mid };
    }
    try {
      await this.transport.publish(downTopic(terminal.family as DeviceFamily, terminal.sn, 'command'), JSON.stringify(message));
    } catch (err) {
      await this.repo.settle(terminalId, message.mid, new Date(), { state: TaskState.failed, replyMsg: 'could not publish to the broker' });
      this.counts.failed++;
      throw err;
    }
    this.counts.sent++;
    return { taskId, mid: message.mid };
  }

  /** Publishes what was queued for a terminal that just became ready; what cannot be published stays queued. */
  async deliverQueued(terminal: Pick<TerminalRecord, 'terminalId' | 'family' | 'sn'>, now = new Date()): Promise<number> {
    const queued = await this.repo.claim(terminal.terminalId, now);
    const topic = downTopic(terminal.family as DeviceFamily, terminal.sn, 'command');
    for (const message of queued) {
      try {
        await this.transport.publish(topic, JSON.stringify(message));
        this.counts.sent++;
      } catch (err) {
        this.log.warn({ err, terminalId: terminal.terminalId, mid: message.mid }, 'queued command not delivered, kept for the next connect');
        await this.repo.release(message.mid);
      }
    }
    return queued.length;
  }

  /** Settles the task a reply refers to; a late or unknown reply is logged and ignored. */
  settle(terminal: TerminalRecord, reply: ReplyMessage, at: Date): Promise<void> {
    return this.record(terminal, reply, at, reply.ok && reply.code === 0, { replyMsg: reply.msg, replyData: reply.data });
  }

  /** A reply the gateway refused (its data cannot be stored): its task fails now instead of timing out. */
  refuseReply(terminal: TerminalRecord, reply: ReplyMessage, at: Date): Promise<void> {
    return this.record(terminal, reply, at, false, { replyMsg: REFUSED_REPLY });
  }

  private async record(terminal: TerminalRecord, reply: ReplyMessage, at: Date, ok: boolean, stored: { replyMsg: string; replyData?: unknown }) {
    const state = ok ? TaskState.succeeded : TaskState.failed;
    const task = await this.repo.settle(terminal.terminalId, reply.ref, at, { state, replyCode: reply.code, ...stored });
    if (!task) return this.log.info({ terminalId: terminal.terminalId, ref: reply.ref }, 'late or unknown command reply ignored');
    this.counts[state]++;
    this.onSettled({ taskId: task.id, terminalId: terminal.terminalId, cmd: task.cmd, state, msg: stored.replyMsg, userId: task.createdBy });
    await this.effects.apply({ terminalId: terminal.terminalId, cmd: task.cmd, params: task.params, ok, code: reply.code, msg: stored.replyMsg });
  }

  /** Marks pending tasks past their expiry timed out. */
  async sweep(now = new Date()): Promise<ExpiredTask[]> {
    const expired = await this.repo.expire(now);
    this.counts.timedOut += expired.length;
    for (const t of expired) this.onSettled({ taskId: t.id, terminalId: t.terminalId, cmd: t.cmd, state: TaskState.timedOut, msg: '', userId: t.createdBy });
    return expired;
  }
}
