import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { MaintenanceSuggestion, SetKind } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { contains, paginate } from '../../db/paging.js';
import { controlSets, controlSetTerminals, terminals } from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql-rows.js';
import { dataScopeFilter } from '../../system/access/data-scope.js';
import type { Principal } from '../../system/access/principal.js';
import { intArray } from '../targets.js';

export type SetRecord = typeof controlSets.$inferSelect & { terminalCount: number };
const scope = (p: Principal) => dataScopeFilter(p, { dept: controlSets.deptId });
const members = sql<number>`(select count(*)::int from control_set_terminal st where st.set_id = ${controlSets.id})`;

/** The four kinds of control sets in one table; members in control_set_terminal. */
export class SetRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: SetRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new SetRepository(tx as unknown as Db)));
  }

  private select(p: Principal, kind: SetKind, where?: SQL) {
    return this.db.select({ id: controlSets.id, kind: controlSets.kind, name: controlSets.name, deptId: controlSets.deptId, isDefault: controlSets.isDefault, data: controlSets.data, createdAt: controlSets.createdAt, updatedAt: controlSets.updatedAt, terminalCount: members })
      .from(controlSets).where(and(eq(controlSets.kind, kind), scope(p), where)).$dynamic();
  }

  page(p: Principal, kind: SetKind, q: { pageIndex: number; pageSize: number; name?: string }) {
    const where = q.name ? ilike(controlSets.name, contains(q.name)) : undefined;
    return paginate(
      q,
      (limit, offset) => this.select(p, kind, where).orderBy(desc(controlSets.id)).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(controlSets).where(and(eq(controlSets.kind, kind), scope(p), where)))[0].n,
    );
  }

  all(p: Principal, kind: SetKind) {
    return this.select(p, kind).orderBy(controlSets.name).limit(1000);
  }

  async find(p: Principal, kind: SetKind, id: number): Promise<SetRecord | undefined> {
    return (await this.select(p, kind, eq(controlSets.id, id)))[0];
  }

  async defaultOf(p: Principal, kind: SetKind): Promise<SetRecord | undefined> {
    return (await this.select(p, kind, eq(controlSets.isDefault, true)).orderBy(desc(controlSets.id)).limit(1))[0];
  }

  async insert(kind: SetKind, row: { name: string; deptId: number | null; isDefault: boolean; data: Record<string, unknown> }): Promise<number> {
    if (row.isDefault) await this.db.update(controlSets).set({ isDefault: false }).where(eq(controlSets.kind, kind));
    return (await this.db.insert(controlSets).values({ kind, ...row }).returning({ id: controlSets.id }))[0].id;
  }

  async update(kind: SetKind, id: number, row: { name: string; isDefault: boolean; data: Record<string, unknown> }): Promise<void> {
    if (row.isDefault) await this.db.update(controlSets).set({ isDefault: false }).where(eq(controlSets.kind, kind));
    await this.db.update(controlSets).set({ ...row, updatedAt: new Date() }).where(eq(controlSets.id, id));
  }

  async delete(ids: number[]): Promise<void> {
    await this.db.delete(controlSets).where(inArray(controlSets.id, ids));
  }

  async memberIds(setId: number): Promise<number[]> {
    return (await this.db.select({ id: controlSetTerminals.terminalId }).from(controlSetTerminals).where(eq(controlSetTerminals.setId, setId)).limit(100_000)).map((r) => r.id);
  }

  /** Replaces a set's members; for strategies a terminal leaves any other strategy first (one per terminal). */
  async setMembers(kind: SetKind, setId: number, terminalIds: number[]): Promise<void> {
    await this.db.delete(controlSetTerminals).where(eq(controlSetTerminals.setId, setId));
    await this.addMembers(kind, setId, terminalIds);
  }

  async addMembers(kind: SetKind, setId: number, terminalIds: number[]): Promise<void> {
    if (kind === 'strategy') await this.leaveStrategies(terminalIds);
    for (let i = 0; i < terminalIds.length; i += 5000) {
      const chunk = terminalIds.slice(i, i + 5000);
      if (chunk.length) await this.db.insert(controlSetTerminals).values(chunk.map((terminalId) => ({ setId, terminalId }))).onConflictDoNothing();
    }
  }

  async leaveStrategies(terminalIds: number[]): Promise<void> {
    await this.db.execute(sql`delete from control_set_terminal st using control_set s where s.id = st.set_id and s.kind = 'strategy' and st.terminal_id = any(${intArray(terminalIds)})`);
  }

  /** The strategy set a terminal is assigned to, if any. */
  async strategyOf(terminalId: number) {
    const [row] = await this.db
      .select({ id: controlSets.id, name: controlSets.name, data: controlSets.data })
      .from(controlSetTerminals)
      .innerJoin(controlSets, and(eq(controlSets.id, controlSetTerminals.setId), eq(controlSets.kind, 'strategy')))
      .where(eq(controlSetTerminals.terminalId, terminalId));
    return row;
  }

  /**
   * Maintenance sets for the terminals of alarms (in the caller's scope): sets with a terminal as member,
   * and for terminals no set names, the sets of the terminal's department. Most terminals first.
   */
  async maintenanceFor(p: Principal, alarmIds: number[]): Promise<MaintenanceSuggestion[]> {
    const inScope = dataScopeFilter(p, { dept: terminals.deptId }) ?? sql`true`;
    return rowsOf<MaintenanceSuggestion>(
      await this.db.execute(sql`
        with t as (
          select distinct terminal.terminal_id, terminal.dept_id from alarm join terminal on terminal.terminal_id = alarm.terminal_id
          where alarm.alarm_id = any(${intArray(alarmIds)}) and ${inScope}
        ),
        by_member as (
          select st.set_id, count(*)::int as covers from t join control_set_terminal st on st.terminal_id = t.terminal_id
          join control_set s on s.id = st.set_id and s.kind = 'maintenance' group by st.set_id
        ),
        by_dept as (
          select s.id as set_id, count(*)::int as covers from t join control_set s on s.kind = 'maintenance' and s.dept_id = t.dept_id
          where not exists (select 1 from control_set_terminal st join control_set m on m.id = st.set_id and m.kind = 'maintenance' where st.terminal_id = t.terminal_id)
          group by s.id
        ),
        picked as (
          select set_id, covers, 'terminal' as by from by_member
          union all select set_id, covers, 'dept' from by_dept where set_id not in (select set_id from by_member)
        )
        select s.id, s.name, s.data->>'unit' as unit, coalesce(s.data->>'contact', '') as contact, coalesce(s.data->>'phone', '') as phone,
               (s.data->>'intervalDays')::int as "intervalDays", picked.covers, picked.by
        from picked join control_set s on s.id = picked.set_id
        order by picked.by desc, picked.covers desc, s.id limit 5`),
    );
  }

  /** The terminals among `ids` in the caller's scope. */
  async terminalsInScope(p: Principal, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db.select({ id: terminals.terminalId }).from(terminals).where(and(sql`${terminals.terminalId} = any(${intArray(ids)})`, dataScopeFilter(p, { dept: terminals.deptId })));
    return rows.map((r) => r.id);
  }
}
