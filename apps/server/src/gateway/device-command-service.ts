import { randomUUID } from 'node:crypto';
import { COMMAND_PARAMS, DEFAULT_COMMAND_TTL_MS, TaskState, TerminalStatus, deviceIdentity, downTopic, type CommandMessage, type CommandName, type DeviceFamily, type ReplyMessage, idParams } from '@sl/contracts';
import { badRequest, notFound, text } from '../http/errors.js';
import { BatchWriter } from '../db/batch-writer.js';
import { isDataError } from '../db/sql-state.js';
import type { CommandEffects, CommandOutcome } from './command-effects.js';
import type { CommandRepository, ExpiredTask, NewTask, ReplySettlement } from './command-repository.js';
import type { DeviceTransport, GatewayLog } from './device-transport.js';
import type { CommandCounts, CommandRequest, CommandSender, SendOptions, SendOutcome, SentCommand, TaskNotice } from './ports.js';
import type { TerminalDirectory } from './terminal-directory.js';
import type { TerminalRecord } from './terminal-record-repository.js';

/** The reply message kept on a task whose reply was refused (like the publish failure's, in English as the terminals write theirs). */
const REFUSED_REPLY = 'reply refused: its data holds \\u0000 or a lone surrogate, which cannot be stored';

/** Commands published at once; the rest wait, so a fleet-wide change does not flood the broker. */
const PUBLISH_PARALLEL = 32;

/** A command checked and addressed, its task row not written yet. */
interface Addressed {
  terminal: TerminalRecord;
  clientId: string;
  message: CommandMessage;
  /** The terminal is not ready: the row waits in the queue until it is. */
  queued: boolean;
}

/** Sends commands as task records; replies settle them, the sweep times them out. */
export class DeviceCommandService implements CommandSender {
  readonly counts: CommandCounts = { sent: 0, succeeded: 0, failed: 0, timedOut: 0 };
  /**
   * Replies settle their tasks a batch at a time: a fleet-wide download is answered by every terminal within
   * seconds, and a statement per reply (and a log row, and the control task's) was most of its cost.
   */
  private readonly replies: BatchWriter<ReplySettlement>;
  /**
   * Task rows, the commands of one call (a slice of a download) in one insert. A row the database refuses (its
   * terminal deleted on another instance, whose directory entry here has not expired yet) fails alone.
   */
  private readonly tasks: BatchWriter<NewTask, number>;

  constructor(
    private readonly repo: CommandRepository,
    private readonly directory: TerminalDirectory,
    private readonly transport: DeviceTransport,
    private readonly effects: CommandEffects,
    private readonly log: GatewayLog,
    private readonly defaultTtlMs = DEFAULT_COMMAND_TTL_MS,
    /** Told of every settled task (the push channel shows the outcome to whoever sent it). */
    private readonly onSettled: (n: TaskNotice) => void = () => undefined,
  ) {
    this.replies = new BatchWriter<ReplySettlement>({
      write: (items) => this.settleReplies(items),
      eager: true,
      isItemError: isDataError,
      onError: (err, items) => this.log.error({ err, replies: items.length }, 'command replies not recorded'),
    });
    this.tasks = new BatchWriter<NewTask, number>({
      write: (rows) => this.repo.insertMany(rows),
      eager: true,
      isItemError: isDataError,
      onError: (err, rows) => isDataError(err)
        ? this.log.warn({ err, rows: rows.length }, 'command task rows refused by the database; writing them in parts to isolate the refused ones')
        : this.log.error({ err, rows: rows.length }, 'command task rows not written; their commands are not sent'),
    });
  }

  async send(terminalId: number, cmd: CommandName, params: Record<string, unknown>, opts: SendOptions = {}): Promise<SentCommand> {
    const [outcome] = await this.sendMany([{ terminalId, cmd, params }], opts);
    if ('error' in outcome) throw outcome.error;
    return outcome;
  }

  /**
   * Sends each command, its task rows written together; each outcome is the task or why it was not sent.
   * An offline terminal still gets the command on its return, or it times out: the embedded broker's terminals
   * through the queue in the database, an external broker's through its persistent session.
   */
  async sendMany(requests: CommandRequest[], opts: SendOptions = {}): Promise<SendOutcome[]> {
    const addressed = await Promise.all(requests.map((r) => this.address(r, opts).catch((error: unknown) => ({ error }))));
    const ready = addressed.filter((a): a is Addressed => !('error' in a));
    const written = await Promise.all(ready.map(({ terminal, message, queued }) => this.tasks.push({
      mid: message.mid, terminalId: terminal.terminalId, cmd: message.cmd, params: message.params, createdBy: opts.userId ?? null,
      createdAt: new Date(message.ts), expiresAt: new Date(message.expiresAt), sentAt: queued ? null : new Date(message.ts),
    }).catch((error: unknown) => ({ error }))));
    const ids = new Map(ready.map((a, i) => [a, written[i]]));
    return mapLimited(addressed, PUBLISH_PARALLEL, async (a) => {
      if ('error' in a) return a;
      const taskId = ids.get(a)!;
      if (typeof taskId !== 'number') return taskId;
      try {
        await this.hand(a);
        return { taskId, mid: a.message.mid };
      } catch (error) {
        return { error };
      }
    });
  }

  private async address(r: CommandRequest, opts: SendOptions): Promise<Addressed> {
    const schema = COMMAND_PARAMS[r.cmd];
    if (!schema) throw badRequest(text('device.unknownCommand', { cmd: String(r.cmd) }));
    const parsed = schema.safeParse(r.params ?? {});
    if (!parsed.success) throw badRequest(text('device.badParams', { cmd: r.cmd, problems: parsed.error.issues.map((i) => `${i.path.join('.') || 'params'} ${i.message}`).join('; ') }));
    const terminal = await this.directory.findById(r.terminalId);
    if (!terminal) throw notFound(text('device.terminalNotFound', idParams(r.terminalId)));
    if (terminal.status === TerminalStatus.scrapped) throw badRequest(text('device.terminalScrapped'));
    const ts = Date.now();
    const message: CommandMessage = { mid: `c-${randomUUID()}`, ts, cmd: r.cmd, params: parsed.data as Record<string, unknown>, expiresAt: ts + (opts.ttlMs ?? this.defaultTtlMs) };
    const clientId = deviceIdentity(terminal.family as DeviceFamily, terminal.sn);
    return { terminal, clientId, message, queued: this.transport.isReady?.(clientId) === false };
  }

  /** Publishes a command whose row is written, or leaves it queued. */
  private async hand({ terminal, clientId, message, queued }: Addressed) {
    if (queued) {
      // The terminal may have become ready while the row was written: its ready handler then claimed
      // the queue before this row was in it. Claiming is atomic, so a second claim sends nothing twice.
      if (this.transport.isReady?.(clientId)) await this.deliverQueued(terminal);
      return;
    }
    try {
      await this.transport.publish(downTopic(terminal.family as DeviceFamily, terminal.sn, 'command'), JSON.stringify(message));
    } catch (err) {
      await this.repo.settleMany([{ terminalId: terminal.terminalId, mid: message.mid, at: new Date(), state: TaskState.failed, replyMsg: 'could not publish to the broker' }]);
      this.counts.failed++;
      throw err;
    }
    this.counts.sent++;
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

  /** Settles the task a reply refers to, once its batch is written; a late or unknown reply is logged and ignored. */
  settle(terminal: TerminalRecord, reply: ReplyMessage, at: Date): Promise<void> {
    const ok = reply.ok && reply.code === 0;
    return this.replies.push({ terminalId: terminal.terminalId, mid: reply.ref, at, state: ok ? TaskState.succeeded : TaskState.failed, replyCode: reply.code, replyMsg: reply.msg, replyData: reply.data });
  }

  /** A reply the gateway refused (its data cannot be stored): its task fails now instead of timing out. */
  refuseReply(terminal: TerminalRecord, reply: ReplyMessage, at: Date): Promise<void> {
    return this.replies.push({ terminalId: terminal.terminalId, mid: reply.ref, at, state: TaskState.failed, replyCode: reply.code, replyMsg: REFUSED_REPLY });
  }

  /** Writes the task rows and replies not written yet (before the gateway closes). */
  async flush(): Promise<void> {
    await Promise.all([this.tasks.flush(), this.replies.flush()]);
  }

  private async settleReplies(replies: ReplySettlement[]) {
    const tasks = await this.repo.settleMany(replies);
    const outcomes: CommandOutcome[] = [];
    replies.forEach((r, i) => {
      const task = tasks[i];
      if (!task) return this.log.info({ terminalId: r.terminalId, ref: r.mid }, 'late or unknown command reply ignored');
      const state = r.state as typeof TaskState.succeeded | typeof TaskState.failed;
      const msg = r.replyMsg ?? '';
      this.counts[state]++;
      this.onSettled({ taskId: task.id, terminalId: r.terminalId, cmd: task.cmd, state, msg, userId: task.createdBy });
      outcomes.push({ terminalId: r.terminalId, cmd: task.cmd, params: task.params, ok: state === TaskState.succeeded, code: r.replyCode ?? 0, msg });
    });
    await this.effects.applyMany(outcomes);
  }

  /** Marks pending tasks past their expiry timed out. */
  async sweep(now = new Date()): Promise<ExpiredTask[]> {
    const expired = await this.repo.expire(now);
    this.counts.timedOut += expired.length;
    for (const t of expired) this.onSettled({ taskId: t.id, terminalId: t.terminalId, cmd: t.cmd, state: TaskState.timedOut, msg: '', userId: t.createdBy });
    return expired;
  }
}

async function mapLimited<T, R>(items: T[], parallel: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return out;
}
