import { and, count, desc, eq, getTableColumns, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { ProgramStep } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { contains, paginate } from '../../db/paging.js';
import { controlPlans, controlPolicies } from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql-rows.js';
import { dataScopeFilter } from '../../system/access/data-scope.js';
import type { Principal } from '../../system/access/principal.js';
import { intArray, targetTerminalIds } from '../targets.js';
import { ControlTaskRepository } from '../download/control-task-repository.js';

export type PlanRecord = typeof controlPlans.$inferSelect & { policyName: string };
type NewPlan = Omit<typeof controlPlans.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const planScope = (p: Principal) => dataScopeFilter(p, { dept: controlPlans.deptId, owner: controlPlans.createdBy });

/** A plan already covering some of the terminals on overlapping days. */
export interface PlanClash {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
  count: number;
  names: string[];
}

export class PlanRepository {
  /** The download records' owner, on the same handle: inside a transaction they go with the plan. */
  private readonly tasks: ControlTaskRepository;

  constructor(private readonly db: Db) {
    this.tasks = new ControlTaskRepository(db);
  }

  transaction<T>(fn: (repo: PlanRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new PlanRepository(tx as unknown as Db)));
  }

  private select(p: Principal, where?: SQL) {
    return this.db
      .select({ ...getTableColumns(controlPlans), policyName: controlPolicies.name })
      .from(controlPlans)
      .innerJoin(controlPolicies, eq(controlPolicies.id, controlPlans.policyId))
      .where(and(planScope(p), where))
      .$dynamic();
  }

  page(p: Principal, q: { pageIndex: number; pageSize: number; name?: string; date?: string }) {
    const where = and(
      q.name ? ilike(controlPlans.name, contains(q.name)) : undefined,
      q.date ? and(lte(controlPlans.startDate, q.date), gte(controlPlans.endDate, q.date)) : undefined,
    );
    return paginate(
      q,
      (limit, offset) => this.select(p, where).orderBy(desc(controlPlans.id)).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(controlPlans).where(and(planScope(p), where)))[0].n,
    );
  }

  async find(p: Principal, id: number): Promise<PlanRecord | undefined> {
    return (await this.select(p, eq(controlPlans.id, id)))[0];
  }

  /** Plans of the caller's scope running on some day between `from` and `to`, optionally on one terminal, with their policy's steps. */
  async between(p: Principal, from: string, to: string, terminalId?: number): Promise<Array<PlanRecord & { policySteps: ProgramStep[] }>> {
    const onTerminal = terminalId ? sql`${terminalId} in ${targetTerminalIds(sql`${controlPlans.groupMode}`, sql`${controlPlans.targetIds}`)}` : undefined;
    return this.db
      .select({ ...getTableColumns(controlPlans), policyName: controlPolicies.name, policySteps: controlPolicies.steps })
      .from(controlPlans)
      .innerJoin(controlPolicies, eq(controlPolicies.id, controlPlans.policyId))
      .where(and(planScope(p), lte(controlPlans.startDate, to), gte(controlPlans.endDate, from), onTerminal))
      .orderBy(controlPlans.startDate);
  }

  /** The first plan (any scope: a terminal runs one plan a day) that covers one of `terminalIds` on a day of the range. */
  async clash(terminalIds: number[], from: string, to: string, exceptPlan = 0): Promise<PlanClash | undefined> {
    const rows = rowsOf<PlanClash>(
      await this.db.execute(sql`
        select p.id, p.name, p.start_date::text as "startDate", p.end_date::text as "endDate", count(*)::int as count,
               (array_agg(t.name order by t.terminal_id))[1:3] as names
        from control_plan p
        join terminal t on t.terminal_id in ${targetTerminalIds(sql`p.group_mode`, sql`p.target_ids`)}
        where p.id <> ${exceptPlan} and p.start_date <= ${to} and p.end_date >= ${from} and t.terminal_id = any(${intArray(terminalIds)})
        group by p.id order by p.id limit 1`),
    );
    return rows[0];
  }

  async insert(row: NewPlan): Promise<number> {
    return (await this.db.insert(controlPlans).values(row).returning({ id: controlPlans.id }))[0].id;
  }

  async update(id: number, row: Omit<NewPlan, 'createdBy'>): Promise<void> {
    await this.db.update(controlPlans).set({ ...row, updatedAt: new Date() }).where(eq(controlPlans.id, id));
  }

  /** Deletes plans and their download records. */
  async delete(ids: number[]): Promise<void> {
    await this.tasks.deleteOfPlans(ids);
    await this.db.delete(controlPlans).where(inArray(controlPlans.id, ids));
  }

  /** Drops a plan's download records of terminals it no longer names. */
  async dropTasksExcept(id: number, keepTerminals: number[]): Promise<void> {
    await this.tasks.deleteOfPlanExcept(id, keepTerminals);
  }
}
