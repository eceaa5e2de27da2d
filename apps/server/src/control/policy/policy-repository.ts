import { and, count, desc, eq, getTableColumns, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { PolicyQuery } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { contains, paginate } from '../../db/paging.js';
import { controlPlans, controlPolicies, controlSets, departments } from '../../db/schema/index.js';
import { dataScopeFilter } from '../../system/access/data-scope.js';
import type { Principal } from '../../system/access/principal.js';

export type PolicyRecord = typeof controlPolicies.$inferSelect & { deptName: string | null };
export type NewPolicy = Omit<typeof controlPolicies.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Policies of the caller's data scope; a policy without a department belongs to whoever sees everything. */
export const policyScope = (p: Principal) => dataScopeFilter(p, { dept: controlPolicies.deptId, owner: controlPolicies.createdBy });

export class PolicyRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: PolicyRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new PolicyRepository(tx as unknown as Db)));
  }

  private select(p: Principal, where?: SQL) {
    return this.db
      .select({ ...getTableColumns(controlPolicies), deptName: departments.deptName })
      .from(controlPolicies)
      .leftJoin(departments, eq(departments.deptId, controlPolicies.deptId))
      .where(and(policyScope(p), where))
      .$dynamic();
  }

  page(p: Principal, q: PolicyQuery) {
    const where = and(
      q.name ? ilike(controlPolicies.name, contains(q.name)) : undefined,
      q.family ? eq(controlPolicies.family, q.family) : undefined,
      q.model ? eq(controlPolicies.model, q.model) : undefined,
    );
    return paginate(
      q,
      (limit, offset) => this.select(p, where).orderBy(desc(controlPolicies.id)).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(controlPolicies).where(and(policyScope(p), where)))[0].n,
    );
  }

  async find(p: Principal, id: number): Promise<PolicyRecord | undefined> {
    return (await this.select(p, eq(controlPolicies.id, id)))[0];
  }

  async insert(row: NewPolicy): Promise<number> {
    return (await this.db.insert(controlPolicies).values(row).returning({ id: controlPolicies.id }))[0].id;
  }

  async update(id: number, row: Partial<NewPolicy>): Promise<void> {
    await this.db.update(controlPolicies).set({ ...row, updatedAt: new Date() }).where(eq(controlPolicies.id, id));
  }

  /** The first plan or strategy set that still names the policy. */
  async usedBy(id: number): Promise<string | undefined> {
    const [plan] = await this.db.select({ name: controlPlans.name }).from(controlPlans).where(eq(controlPlans.policyId, id)).limit(1);
    if (plan) return plan.name;
    const [set] = await this.db
      .select({ name: controlSets.name })
      .from(controlSets)
      .where(and(eq(controlSets.kind, 'strategy'), sql`(${controlSets.data}->>'policyId')::bigint = ${id}`))
      .limit(1);
    return set?.name;
  }

  async delete(p: Principal, ids: number[]): Promise<number[]> {
    const rows = await this.db.delete(controlPolicies).where(and(policyScope(p), inArray(controlPolicies.id, ids))).returning({ id: controlPolicies.id });
    return rows.map((r) => r.id);
  }
}
