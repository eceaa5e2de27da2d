import { and, eq, gte, lt } from 'drizzle-orm';
import { TaskState, type TaskStateValue } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { terminalCommands } from '../db/schema/index.js';

export type NewTask = typeof terminalCommands.$inferInsert;

export interface Settlement {
  state: TaskStateValue;
  replyCode?: number;
  replyMsg?: string;
  replyData?: unknown;
}

/** Task execution records: one terminal_command row per command sent. */
export class CommandRepository {
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
      .returning({ id: terminalCommands.id, cmd: terminalCommands.cmd, params: terminalCommands.params });
    return row as { id: number; cmd: string; params: Record<string, unknown> } | undefined;
  }

  /** Marks every pending task past its expiry as timed out; returns how many. */
  async expire(now: Date): Promise<number> {
    const rows = await this.db
      .update(terminalCommands)
      .set({ state: TaskState.timedOut, finishedAt: now })
      .where(and(eq(terminalCommands.state, TaskState.pending), lt(terminalCommands.expiresAt, now)))
      .returning({ id: terminalCommands.id });
    return rows.length;
  }
}
