import type { ReplyMessage } from '@sl/contracts';
import { runCommand } from './commands/index.js';
import type { SimTerminal } from './terminal.js';

const REMEMBERED = 64;

/** Executes down/command messages and answers each with up/reply; a redelivered command gets its first reply again. */
export class Replier {
  private readonly done = new Map<string, ReplyMessage>();

  constructor(private readonly terminal: SimTerminal) {}

  handle(payload: Buffer) {
    const t = this.terminal;
    let msg: { mid?: unknown; cmd?: unknown; params?: unknown; expiresAt?: unknown };
    try {
      msg = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    if (typeof msg?.mid !== 'string' || !/^[A-Za-z0-9_.:-]{1,64}$/.test(msg.mid)) return;
    const previous = this.done.get(msg.mid);
    if (previous) return void t.publish('reply', previous);
    if (typeof msg.expiresAt === 'number' && msg.expiresAt < t.now()) return;
    const outcome = runCommand(t, String(msg.cmd), msg.params);
    t.stats.commands++;
    const reply: ReplyMessage = { mid: t.mid(), ts: t.now(), ref: msg.mid, ...outcome };
    this.done.set(msg.mid, reply);
    if (this.done.size > REMEMBERED) this.done.delete(this.done.keys().next().value as string);
    t.publish('reply', reply);
  }
}
