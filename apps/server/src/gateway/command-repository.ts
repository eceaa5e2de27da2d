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

export interface ExpiredTask {
  id: number;
  terminalId: number;
  cmd: string;
  createdBy: number | null;
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
      .returning({ id: terminalCommands.id, cmd: terminalCommands.cmd, params: terminalCommands.params, createdBy: terminalCommands.createdBy });
    return row as { id: number; cmd: string; params: Record<string, unknown>; createdBy: number | null } | undefined;
  }

  /** Marks every pending task past its expiry as timed out; returns them. */
  expire(now: Date): Promise<ExpiredTask[]> {
    return this.db
      .update(terminalCommands)
      .set({ state: TaskState.timedOut, finishedAt: now })
      .where(and(eq(terminalCommands.state, TaskState.pending), lt(terminalCommands.expiresAt, now)))
      .returning({ id: terminalCommands.id, terminalId: terminalCommands.terminalId, cmd: terminalCommands.cmd, createdBy: terminalCommands.createdBy });
  }
}
