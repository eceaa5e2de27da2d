import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { LOG_TYPE_COMMANDS, type TaskQuery } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { paginate } from '../../db/paging.js';
import { terminalCommands, terminals, users } from '../../db/schema/index.js';
import type { Principal } from '../../system/access/principal.js';
import { recordWhere, terminalRef } from '../logs/records.js';

/** Narrows a task list to some commands, and to `param.set` tasks touching some parameter names. */
export interface TaskFilter extends Partial<TaskQuery> {
  cmds?: readonly string[];
  paramNames?: readonly string[];
}

const columns = {
  ...getTableColumns(terminalCommands),
  ...terminalRef,
  createdByName: sql<string>`coalesce(${users.nickName}, '')`,
};

export class CommandTaskRepository {
  constructor(private readonly db: Db) {}

  private where(principal: Principal, f: TaskFilter) {
    return recordWhere(
      principal, f, { terminalId: terminalCommands.terminalId, time: terminalCommands.createdAt },
      f.cmd ? eq(terminalCommands.cmd, f.cmd) : undefined,
      f.state ? eq(terminalCommands.state, f.state) : undefined,
      f.cmds ? inArray(terminalCommands.cmd, [...f.cmds]) : undefined,
      f.logType ? inArray(terminalCommands.cmd, [...LOG_TYPE_COMMANDS[f.logType]]) : undefined,
      f.paramNames ? sql`${terminalCommands.params} ?| array[${sql.join(f.paramNames.map((n) => sql`${n}`), sql`, `)}]::text[]` : undefined,
    );
  }

  private select() {
    return this.db
      .select(columns)
      .from(terminalCommands)
      .innerJoin(terminals, eq(terminals.terminalId, terminalCommands.terminalId))
      .leftJoin(users, eq(users.userId, terminalCommands.createdBy))
      .$dynamic();
  }

  page(principal: Principal, q: TaskQuery, f: TaskFilter = {}) {
    const where = this.where(principal, { ...q, ...f });
    return paginate(
      q,
      (limit, offset) => this.select().where(where).orderBy(desc(terminalCommands.id)).limit(limit).offset(offset),
      async () =>
        (await this.db.select({ n: count() }).from(terminalCommands).innerJoin(terminals, eq(terminals.terminalId, terminalCommands.terminalId)).where(where))[0].n,
    );
  }

  /** The outcome of each of `ids` the principal may see: what a push would have carried. */
  outcomes(principal: Principal, ids: number[]) {
    return this.db
      .select({ taskId: terminalCommands.id, terminalId: terminalCommands.terminalId, cmd: terminalCommands.cmd, state: terminalCommands.state, msg: sql<string>`coalesce(${terminalCommands.replyMsg}, '')` })
      .from(terminalCommands)
      .innerJoin(terminals, eq(terminals.terminalId, terminalCommands.terminalId))
      .where(and(inArray(terminalCommands.id, ids), this.where(principal, {})));
  }

  async find(principal: Principal, taskId: number, f: TaskFilter = {}) {
    return (await this.select().where(and(eq(terminalCommands.id, taskId), this.where(principal, f))))[0];
  }
}

export type TaskRow = NonNullable<Awaited<ReturnType<CommandTaskRepository['find']>>>;
