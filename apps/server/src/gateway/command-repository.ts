import { and, eq, gte, lt, sql } from 'drizzle-orm';
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

  async insert(task: NewTask): Promise<number> {
    const [row] = await this.db.insert(terminalCommands).values(task).returning({ id: terminalCommands.id });
    return row.id;
  }

  /** Settles a pending, unexpired task of this terminal; undefined when there is none (late or unknown reply). */
  async settle(terminalId: number, mid: string, at: Date, s: Settlement) {
    const [row] = await this.db
      .update(terminalCommands)
      .set({ ...s, replyMsg: s.replyMsg?.slice(0, 255), finishedAt: at })
      .where(
        and(
          eq(terminalCommands.mid, mid),
          eq(terminalCommands.terminalId, terminalId),
          eq(terminalCommands.state, TaskState.pending),
          gte(terminalCommands.expiresAt, at),
        ),
      )
      .returning({ id: terminalCommands.id, cmd: terminalCommands.cmd, params: terminalCommands.params, createdBy: terminalCommands.createdBy });
    return row as { id: number; cmd: string; params: Record<string, unknown>; createdBy: number | null } | undefined;
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
