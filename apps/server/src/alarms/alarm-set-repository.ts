import { and, asc, count, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { AlarmSetInput, AlarmSetQuery } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { paginate } from '../db/paging.js';
import { alarmSets, departments, users } from '../db/schema/index.js';
import { rowsOf } from '../db/sql-rows.js';
import { dataScopeFilter } from '../system/access/data-scope.js';
import type { Principal } from '../system/access/principal.js';

export type AlarmSetRow = typeof alarmSets.$inferSelect;
export type AlarmSetValues = Omit<AlarmSetInput, 'deptId'> & { deptId: number };

/** A department as the settings resolve it: where it sits in the tree. */
export interface DeptNode {
  deptId: number;
  parentId: number;
  deptPath: string;
}

const inScope = (p: Principal) => dataScopeFilter(p, { dept: alarmSets.deptId });

export class AlarmSetRepository {
  constructor(private readonly db: Db) {}

  all(): Promise<AlarmSetRow[]> {
    return this.db.select().from(alarmSets).orderBy(alarmSets.deptId, alarmSets.family);
  }

  /** Every department, top-level ones first in their order (the first is the root the old global settings went to). */
  depts(): Promise<DeptNode[]> {
    return this.db
      .select({ deptId: departments.deptId, parentId: departments.parentId, deptPath: departments.deptPath })
      .from(departments)
      .orderBy(sql`${departments.parentId} <> 0`, asc(departments.sort), asc(departments.deptId));
  }

  /** The settings of the departments in the caller's data scope. */
  page(p: Principal, q: AlarmSetQuery) {
    const where = and(inScope(p), q.family ? eq(alarmSets.family, q.family) : undefined, q.deptId ? eq(alarmSets.deptId, q.deptId) : undefined);
    return paginate(
      q,
      (limit, offset) => this.db.select().from(alarmSets).where(where).orderBy(alarmSets.deptId, alarmSets.family).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(alarmSets).where(where))[0].n,
    );
  }

  /** The settings when they exist and their department lies in the caller's data scope. */
  async findVisible(p: Principal, setId: number): Promise<AlarmSetRow | undefined> {
    return (await this.db.select().from(alarmSets).where(and(eq(alarmSets.setId, setId), inScope(p))))[0];
  }

  async of(deptId: number, family: string): Promise<AlarmSetRow | undefined> {
    return (await this.db.select().from(alarmSets).where(and(eq(alarmSets.deptId, deptId), eq(alarmSets.family, family))))[0];
  }

  /** undefined when the department already has settings for the family. */
  async insert(values: AlarmSetValues): Promise<AlarmSetRow | undefined> {
    return (await this.db.insert(alarmSets).values(values).onConflictDoNothing().returning())[0];
  }

  /** undefined when the settings are gone, or when the department they move to already has settings for the family. */
  async update(setId: number, values: AlarmSetValues): Promise<AlarmSetRow | undefined> {
    const clash = await this.of(values.deptId, values.family);
    if (clash && clash.setId !== setId) return undefined;
    return (await this.db.update(alarmSets).set({ ...values, updatedAt: new Date() }).where(eq(alarmSets.setId, setId)).returning())[0];
  }

  async remove(setId: number): Promise<boolean> {
    return (await this.db.delete(alarmSets).where(eq(alarmSets.setId, setId)).returning()).length > 0;
  }

  async removeOf(deptId: number, family: string): Promise<void> {
    await this.db.delete(alarmSets).where(and(eq(alarmSets.deptId, deptId), eq(alarmSets.family, family)));
  }

  /** Whether the department or one below it (all that its settings may govern) lies outside the caller's data scope. */
  async governsOutside(p: Principal, deptId: number): Promise<boolean> {
    const filter = dataScopeFilter(p, { dept: sql`d.dept_id` });
    if (!filter) return false;
    const rows = await this.db.execute(sql`
      select 1 from sys_dept top join sys_dept d on d.dept_id = top.dept_id or d.dept_path like top.dept_path || '/%'
      where top.dept_id = ${deptId} and not ${filter} limit 1`);
    return rowsOf(rows).length > 0;
  }

  /** The users among `userIds` that belong to the department of `deptPath` or one below it and lie in the caller's scope. */
  async usersWithin(p: Principal, deptPath: string, userIds: number[]): Promise<number[]> {
    if (!userIds.length) return [];
    const rows = await this.db
      .select({ userId: users.userId })
      .from(users)
      .innerJoin(departments, eq(departments.deptId, users.deptId))
      .where(and(inArray(users.userId, userIds), or(eq(departments.deptPath, deptPath), like(departments.deptPath, `${deptPath}/%`)), dataScopeFilter(p, { dept: users.deptId, owner: users.userId })));
    return rows.map((r) => r.userId);
  }

  /** The ids of the principals whose data scope covers department `deptId`, in one statement for them all. */
  async covering(principals: Principal[], deptId: number): Promise<number[]> {
    if (!principals.length) return [];
    const checks = principals.map(
      (p) => sql`select ${p.userId}::int as "userId" where exists (select 1 from sys_dept d where d.dept_id = ${deptId} and ${dataScopeFilter(p, { dept: sql`d.dept_id` }) ?? sql`true`})`,
    );
    return rowsOf<{ userId: number }>(await this.db.execute(sql.join(checks, sql` union all `))).map((r) => Number(r.userId));
  }
}
