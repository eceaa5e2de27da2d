import { and, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { MessageParams, PageResult } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { paginate } from '../../db/paging.js';
import { controlTasks, terminals } from '../../db/schema/index.js';
import { idArray, rowsOf } from '../../db/sql-rows.js';
import { dataScopeFilter } from '../../system/access/data-scope.js';
import type { Principal } from '../../system/access/principal.js';
import { intArray } from '../targets.js';

export type TaskSource = 'plan' | 'emergency' | 'strategy';
export type TaskRecord = typeof controlTasks.$inferSelect & { terminalName: string; sn: string };

export interface TaskWrite {
  source: TaskSource;
  sourceId: number;
  terminalId: number;
  cmd: string;
  params: Record<string, unknown>;
  commandId: number | null;
  state: string;
  /** The outcome in English (exports, older tools); `msgKey` and `msgParams` word it in the reader's language. */
  msg: string;
  msgKey?: string | null;
  msgParams?: MessageParams | null;
}

const scope = (p: Principal) => dataScopeFilter(p, { dept: terminals.deptId });

/** Download tasks: one row per document and terminal, rewritten by every attempt. The only writer of `control_task`. */
export class ControlTaskRepository {
  constructor(private readonly db: Db) {}

  private select(p: Principal, where?: SQL) {
    return this.db
      .select({ ...getTableColumns(controlTasks), terminalName: terminals.name, sn: terminals.sn })
      .from(controlTasks)
      .innerJoin(terminals, eq(terminals.terminalId, controlTasks.terminalId))
      .where(and(scope(p), where))
      .$dynamic();
  }

  page(p: Principal, q: { pageIndex: number; pageSize: number; source?: TaskSource; sourceId?: number; state?: string; terminalId?: number }): Promise<PageResult<TaskRecord>> {
    const where = and(
      q.source ? eq(controlTasks.source, q.source) : undefined,
      q.sourceId ? eq(controlTasks.sourceId, q.sourceId) : undefined,
      q.state ? eq(controlTasks.state, q.state) : undefined,
      q.terminalId ? eq(controlTasks.terminalId, q.terminalId) : undefined,
    );
    return paginate(
      q,
      (limit, offset) => this.select(p, where).orderBy(desc(controlTasks.updatedAt), desc(controlTasks.id)).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(controlTasks).innerJoin(terminals, eq(terminals.terminalId, controlTasks.terminalId)).where(and(scope(p), where)))[0].n,
    );
  }

  async find(p: Principal, id: number): Promise<TaskRecord | undefined> {
    return (await this.select(p, eq(controlTasks.id, id)))[0];
  }

  findMany(p: Principal, ids: number[]): Promise<TaskRecord[]> {
    return this.select(p, inArray(controlTasks.id, ids));
  }

  /** Tasks of documents, visible to the caller, that did not succeed. */
  unsettled(p: Principal, source: TaskSource | undefined, sourceId: number): Promise<TaskRecord[]> {
    return this.select(p, and(source ? eq(controlTasks.source, source) : undefined, eq(controlTasks.sourceId, sourceId), sql`${controlTasks.state} <> 'succeeded'`));
  }

  /** Records attempts in one statement (a row per document and terminal: a later attempt rewrites it). */
  async writeMany(list: TaskWrite[]): Promise<void> {
    const rows = [...new Map(list.map((t) => [`${t.source}/${t.sourceId}/${t.terminalId}`, t])).values()];
    if (!rows.length) return;
    await this.db
      .insert(controlTasks)
      .values(rows.map((t) => ({ ...t, msgKey: t.msgKey ?? null, msgParams: t.msgParams ?? null, attempts: 1 })))
      .onConflictDoUpdate({
        target: [controlTasks.source, controlTasks.sourceId, controlTasks.terminalId],
        set: {
          cmd: sql`excluded.cmd`, params: sql`excluded.params`, commandId: sql`excluded.command_id`, state: sql`excluded.state`, msg: sql`excluded.msg`, msgKey: sql`excluded.msg_key`, msgParams: sql`excluded.msg_params`,
          attempts: sql`${controlTasks.attempts} + 1`, updatedAt: sql`now()`,
        },
      });
  }

  /**
   * Copies the outcome of the tasks' commands that are already settled: a fast terminal can reply (and
   * the reply be settled, on this or another instance) before the task row names its command.
   */
  async catchUp(commandIds: number[]): Promise<void> {
    if (!commandIds.length) return;
    await this.db.execute(sql`
      update control_task ct set state = tc.state, msg = left(coalesce(tc.reply_msg, ''), 255), msg_key = null, msg_params = null, updated_at = now()
      from terminal_command tc where tc.id = any(${idArray(commandIds)}::bigint[]) and ct.command_id = tc.id and tc.state <> 'pending'`);
  }

  /** Fails the unconfirmed tasks of emergency overrides that expired in (since, now]: too late to apply them. */
  async expireOverrides(now: Date, since: Date): Promise<void> {
    await this.db.execute(sql`
      update control_task set state = 'failed', msg = 'expired before the terminal confirmed it', msg_key = 'stored.overrideExpired', msg_params = null, updated_at = now()
      where source = 'emergency' and state in ('pending', 'failed', 'timedOut', 'offline')
        and source_id in (select id from control_emergency where expire_at <= ${now.toISOString()}::timestamptz
          and expire_at > ${since.toISOString()}::timestamptz)`);
  }

  /** Records commands' outcomes, in one statement, on the tasks that sent them (a command no task sent is left). */
  async settleMany(outcomes: Array<{ commandId: number; state: string; msg: string }>): Promise<void> {
    if (!outcomes.length) return;
    const records = outcomes.map((o) => ({ command_id: o.commandId, state: o.state, msg: o.msg.slice(0, 255) }));
    await this.db.execute(sql`
      update control_task ct set state = o.state, msg = o.msg, msg_key = null, msg_params = null, updated_at = now()
      from json_to_recordset(${JSON.stringify(records)}::json) as o(command_id bigint, state text, msg text)
      where ct.command_id = o.command_id`);
  }

  /** Tasks to send again: not succeeded, on terminals that are online (or the one given), oldest first. */
  async due(terminalId?: number, limit = 500): Promise<TaskRecord[]> {
    return this.db
      .select({ ...getTableColumns(controlTasks), terminalName: terminals.name, sn: terminals.sn })
      .from(controlTasks)
      .innerJoin(terminals, eq(terminals.terminalId, controlTasks.terminalId))
      .where(and(
        inArray(controlTasks.state, ['failed', 'timedOut', 'offline']),
        terminalId ? eq(controlTasks.terminalId, terminalId) : eq(terminals.onlineState, 1),
        // A withdrawal is sent again until the override's own expiry (the expiry job then closes it).
        sql`(${controlTasks.source} <> 'emergency' or ${controlTasks.cmd} = 'override.clear' or (${controlTasks.params}->>'expiresAt')::bigint > ${Date.now()})`,
      ))
      .orderBy(controlTasks.updatedAt)
      .limit(limit);
  }

  /** Terminals that have a task of the document. */
  async terminalsOf(source: TaskSource, sourceId: number): Promise<number[]> {
    const rows = await this.db.select({ id: controlTasks.terminalId }).from(controlTasks).where(and(eq(controlTasks.source, source), eq(controlTasks.sourceId, sourceId)));
    return rows.map((r) => r.id);
  }

  /** Counts by state of each document's tasks. */
  async counts(source: TaskSource, ids: number[]): Promise<Map<number, { total: number; pending: number; succeeded: number; failed: number }>> {
    const out = new Map<number, { total: number; pending: number; succeeded: number; failed: number }>();
    if (!ids.length) return out;
    const rows = rowsOf<{ id: number; state: string; n: number }>(
      await this.db.execute(sql`select source_id as id, state, count(*)::int as n from control_task where source = ${source} and source_id = any(${intArray(ids)}) group by source_id, state`),
    );
    for (const id of ids) out.set(id, { total: 0, pending: 0, succeeded: 0, failed: 0 });
    for (const r of rows) {
      const c = out.get(r.id)!;
      c.total += r.n;
      if (r.state === 'succeeded') c.succeeded += r.n;
      else if (r.state === 'pending') c.pending += r.n;
      else c.failed += r.n;
    }
    return out;
  }

  /** Deletes the plans' tasks (PlanRepository, in the transaction that deletes the plans). */
  async deleteOfPlans(planIds: number[]): Promise<void> {
    await this.db.execute(sql`delete from control_task where source = 'plan' and source_id = any(${intArray(planIds)})`);
  }

  /** Deletes a plan's tasks of terminals it no longer names. */
  async deleteOfPlanExcept(planId: number, keepTerminals: number[]): Promise<void> {
    await this.db.execute(sql`delete from control_task where source = 'plan' and source_id = ${planId} and terminal_id <> all(${intArray(keepTerminals)})`);
  }

  async delete(p: Principal, ids: number[]): Promise<number[]> {
    const visible = (await this.findMany(p, ids)).map((t) => t.id);
    if (visible.length) await this.db.delete(controlTasks).where(inArray(controlTasks.id, visible));
    return visible;
  }
}
