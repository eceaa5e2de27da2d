import { and, eq, lt, sql } from 'drizzle-orm';
import { TaskState, type CommandMessage, type TaskStateValue } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { terminalCommands } from '../db/schema/index.js';
import type { CommandQueue } from './command-queue.js';
import { rowsOf } from '../db/sql-rows.js';

export type NewTask = typeof terminalCommands.$inferInsert;

export interface Settlement {
  state: TaskStateValue;
  replyCode?: number;
  replyMsg?: string;
  replyData?: unknown;
}

/** A reply to settle its task with: which terminal answered, which command, when. */
export interface ReplySettlement extends Settlement {
  terminalId: number;
  mid: string;
  at: Date;
}

/** The task a reply settled. */
export interface SettledTask {
  id: number;
  cmd: string;
  params: Record<string, unknown>;
  createdBy: number | null;
}

export interface ExpiredTask {
  id: number;
  terminalId: number;
  cmd: string;
  createdBy: number | null;
  /** When it went out to the terminal; null while it waited for an offline terminal. */
  sentAt: Date | null;
}

/** Task execution records: one terminal_command row per command sent; the unsent ones are the offline queue. */
export class CommandRepository implements CommandQueue {
  constructor(private readonly db: Db) {}

  /** Writes the tasks in one statement; returns each one's id, in order. */
  async insertMany(tasks: NewTask[]): Promise<number[]> {
    if (!tasks.length) return [];
    const rows = await this.db.insert(terminalCommands).values(tasks).returning({ id: terminalCommands.id, mid: terminalCommands.mid });
    const ids = new Map(rows.map((r) => [r.mid, r.id]));
    return tasks.map((t) => ids.get(t.mid)!);
  }

  /**
   * Settles, in one statement, each reply's pending and unexpired task of its terminal; returns the task each reply
   * settled, or undefined (a late or unknown reply, or a mid answered twice: only its first reply counts).
   */
  async settleMany(replies: ReplySettlement[]): Promise<Array<SettledTask | undefined>> {
    if (!replies.length) return [];
    const key = (r: { terminalId: number; mid: string }) => `${r.terminalId}/${r.mid}`;
    const first = new Map<string, ReplySettlement>();
    for (const r of replies) if (!first.has(key(r))) first.set(key(r), r);
    const records = [...first.values()].map((r) => ({
      terminal_id: r.terminalId, mid: r.mid, at: r.at.toISOString(), state: r.state, reply_code: r.replyCode ?? null,
      reply_msg: r.replyMsg?.slice(0, 255) ?? null, reply_data: r.replyData ?? null,
    }));
    const result = await this.db.execute(sql`
      update terminal_command c set state = r.state, reply_code = r.reply_code, reply_msg = r.reply_msg, reply_data = r.reply_data, finished_at = r.at
      from json_to_recordset(${JSON.stringify(records)}::json)
        as r(terminal_id int, mid text, at timestamptz, state text, reply_code int, reply_msg text, reply_data jsonb)
      where c.mid = r.mid and c.terminal_id = r.terminal_id and c.state = ${TaskState.pending} and c.expires_at >= r.at
      returning c.id, c.terminal_id as "terminalId", c.mid, c.cmd, c.params, c.created_by as "createdBy"`);
    const settled = new Map(rowsOf<SettledTask & { terminalId: number; mid: string }>(result)
      .map((r) => [key({ terminalId: Number(r.terminalId), mid: r.mid }), { id: Number(r.id), cmd: r.cmd, params: r.params, createdBy: r.createdBy }]));
    // A task goes to the first reply that settled it; a second reply of the same mid is late.
    return replies.map((r) => {
      const task = settled.get(key(r));
      settled.delete(key(r));
      return task;
    });
  }

  async claim(terminalId: number, now: Date): Promise<CommandMessage[]> {
    // SKIP LOCKED: two instances told of the same terminal at once split its queue instead of both sending it.
    const result = await this.db.execute(sql`
      with q as (select id from terminal_command
        where terminal_id = ${terminalId} and sent_at is null and state = ${TaskState.pending} and expires_at > ${now.toISOString()}::timestamptz
        for update skip locked)
      update terminal_command c set sent_at = ${now.toISOString()}::timestamptz from q where c.id = q.id
      returning c.mid, c.cmd, c.params, c.created_at as "createdAt", c.expires_at as "expiresAt"`);
    return rowsOf<{ mid: string; cmd: string; params: Record<string, unknown>; createdAt: string | Date; expiresAt: string | Date }>(result)
      .map((r) => ({ mid: r.mid, ts: new Date(r.createdAt).getTime(), cmd: r.cmd as CommandMessage['cmd'], params: r.params, expiresAt: new Date(r.expiresAt).getTime() }))
      .sort((a, b) => a.ts - b.ts);
  }

  async release(mid: string): Promise<void> {
    await this.db.update(terminalCommands).set({ sentAt: null }).where(eq(terminalCommands.mid, mid));
  }

  /** Marks every pending task past its expiry as timed out; returns them. */
  expire(now: Date): Promise<ExpiredTask[]> {
    return this.db
      .update(terminalCommands)
      .set({ state: TaskState.timedOut, finishedAt: now })
      .where(and(eq(terminalCommands.state, TaskState.pending), lt(terminalCommands.expiresAt, now)))
      .returning({ id: terminalCommands.id, terminalId: terminalCommands.terminalId, cmd: terminalCommands.cmd, createdBy: terminalCommands.createdBy, sentAt: terminalCommands.sentAt });
  }
}
