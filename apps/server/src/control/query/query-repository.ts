import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { ManautoOverview, PickedTerminal, PickerTreeNode } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { contains, paginate } from '../../db/paging.js';
import { departments, terminals } from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql-rows.js';
import { dataScopeFilter } from '../../system/access/data-scope.js';
import type { Principal } from '../../system/access/principal.js';

const scope = (p: Principal) => dataScopeFilter(p, { dept: terminals.deptId });

/** The console's pickers: searched and paged on the server, so they scale to any fleet. */
export class QueryRepository {
  constructor(private readonly db: Db) {}

  terminals(p: Principal, q: { pageIndex: number; pageSize: number; keyword?: string; deptId?: number; areaId?: number; family?: string; model?: number }) {
    const where = and(
      scope(p),
      q.keyword ? or(ilike(terminals.name, contains(q.keyword)), ilike(terminals.sn, contains(q.keyword))) : undefined,
      q.deptId ? sql`${terminals.deptId} in (select dept_id from sys_dept where dept_id = ${q.deptId} or dept_path like (select dept_path from sys_dept where dept_id = ${q.deptId}) || '/%')` : undefined,
      q.areaId ? sql`${terminals.terminalId} in (select terminal_id from control_set_terminal where set_id = ${q.areaId})` : undefined,
      q.family ? eq(terminals.family, q.family) : undefined,
      q.model ? eq(terminals.model, q.model) : undefined,
    );
    return paginate<PickedTerminal>(
      q,
      (limit, offset) =>
        this.db
          .select({ terminalId: terminals.terminalId, name: terminals.name, sn: terminals.sn, family: terminals.family, model: terminals.model, deptId: terminals.deptId, deptName: departments.deptName, onlineState: terminals.onlineState, controlMode: terminals.controlMode })
          .from(terminals)
          .leftJoin(departments, eq(departments.deptId, terminals.deptId))
          .where(where)
          .orderBy(asc(terminals.terminalId))
          .limit(limit)
          .offset(offset),
      async () => (await this.db.select({ n: count() }).from(terminals).where(where))[0].n,
    );
  }

  /**
   * The departments in scope, each with its count of terminals and its area sets: a tree built from two grouped
   * queries. A department whose parent is out of scope becomes a root; no other department's name is revealed.
   */
  async tree(p: Principal): Promise<PickerTreeNode[]> {
    const depts = rowsOf<{ deptId: number; parentId: number; deptName: string; n: number }>(
      await this.db.execute(sql`
        select d.dept_id as "deptId", d.parent_id as "parentId", d.dept_name as "deptName", count(terminal.terminal_id)::int as n
        from sys_dept d left join terminal on terminal.dept_id = d.dept_id and ${scope(p) ?? sql`true`}
        where ${dataScopeFilter(p, { dept: sql`d.dept_id` }) ?? sql`true`}
        group by d.dept_id order by d.sort, d.dept_id`),
    );
    const areas = rowsOf<{ id: number; name: string; deptId: number | null; n: number }>(
      await this.db.execute(sql`
        select s.id, s.name, s.dept_id as "deptId", count(terminal.terminal_id)::int as n
        from control_set s left join control_set_terminal st on st.set_id = s.id left join terminal on terminal.terminal_id = st.terminal_id and ${scope(p) ?? sql`true`}
        where s.kind = 'area' and ${dataScopeFilter(p, { dept: sql`s.dept_id` }) ?? sql`true`}
        group by s.id order by s.name`),
    );
    const nodes = new Map<number, PickerTreeNode & { parentId: number; own: number }>();
    for (const d of depts) nodes.set(d.deptId, { key: `d${d.deptId}`, title: d.deptName, deptId: d.deptId, count: d.n, own: d.n, parentId: d.parentId, children: [] });
    for (const a of areas) nodes.get(a.deptId ?? -1)?.children!.push({ key: `a${a.id}`, title: a.name, areaId: a.id, count: a.n });
    const roots: PickerTreeNode[] = [];
    for (const n of nodes.values()) {
      const parent = nodes.get(n.parentId);
      if (parent) parent.children!.push(n);
      else roots.push(n);
    }
    const total = (n: PickerTreeNode & { own?: number }): number => {
      if (n.deptId === undefined) return n.count;
      n.count = (n.own ?? 0) + (n.children ?? []).filter((c) => c.deptId !== undefined).reduce((s, c) => s + total(c), 0);
      return n.count;
    };
    roots.forEach(total);
    const strip = (n: PickerTreeNode & { own?: number; parentId?: number }): PickerTreeNode => {
      const { own: _o, parentId: _p, ...rest } = n;
      return { ...rest, children: n.children?.length ? n.children.map(strip) : undefined };
    };
    return roots.map(strip).filter((n) => n.count > 0 || n.children?.length);
  }

  async manauto(p: Principal): Promise<ManautoOverview> {
    const [row] = rowsOf<ManautoOverview>(
      await this.db.execute(sql`
        select count(*)::int as total,
          count(*) filter (where terminal.control_mode = 'manual')::int as manual,
          count(*) filter (where terminal.control_mode <> 'manual')::int as auto,
          count(*) filter (where terminal.online_state = 1)::int as online,
          count(b.terminal_id)::int as bound,
          count(*) filter (where exists (
            select 1 from control_task ct join control_emergency e on e.id = ct.source_id
            where ct.source = 'emergency' and ct.terminal_id = terminal.terminal_id and ct.state = 'succeeded' and e.start_at <= now() and e.expire_at > now() and e.cancelled_at is null))::int as overridden
        from terminal left join control_binding b on b.terminal_id = terminal.terminal_id
        where terminal.status <> 5 and ${scope(p) ?? sql`true`}`),
    );
    return row;
  }
}
