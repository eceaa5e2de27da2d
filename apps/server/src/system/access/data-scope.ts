import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { DataScope } from '@sl/contracts';
import type { Principal } from './principal.js';

export interface ScopedColumns {
  /** The row's department. */
  dept: SQLWrapper;
  /** The row's owner (the user id the row belongs to, or the user's own id for user rows). */
  owner?: SQLWrapper;
}

const NOTHING = sql`false`;

/** Rows whose department (`dept`) is `deptId` or any department below it: a list's department filter. */
export const inDeptAndBelow = (dept: SQLWrapper, deptId: number): SQL =>
  sql`${dept} in (select d.dept_id from sys_dept d join sys_dept p on d.dept_path = p.dept_path or d.dept_path like p.dept_path || '/%' where p.dept_id = ${deptId})`;

/** Whether the principal's data scope has no limit: the administrator, or a role with scope 1 (all data). */
export function seesEverything(p: Principal): boolean {
  return p.isAdmin || p.roles.some((r) => r.dataScope === DataScope.all);
}

/**
 * The one data-scope mechanism: a WHERE condition limiting rows to what the principal's roles may see.
 * Roles combine with OR; undefined means no limit (scope 1 or the administrator).
 */
export function dataScopeFilter(p: Principal, cols: ScopedColumns): SQL | undefined {
  if (seesEverything(p)) return undefined;
  const parts = p.roles.map((role): SQL => {
    switch (role.dataScope) {
      case DataScope.custom:
        return sql`${cols.dept} in (select dept_id from sys_role_dept where role_id = ${role.roleId})`;
      case DataScope.ownDept:
        return p.deptId === null ? NOTHING : sql`${cols.dept} = ${p.deptId}`;
      case DataScope.ownDeptAndBelow:
        return p.deptPath === null
          ? NOTHING
          : sql`${cols.dept} in (select dept_id from sys_dept where dept_path = ${p.deptPath} or dept_path like ${p.deptPath + '/%'})`;
      case DataScope.self:
        return cols.owner ? sql`${cols.owner} = ${p.userId}` : NOTHING;
      default:
        return NOTHING;
    }
  });
  if (parts.length === 0) return NOTHING;
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** What `dataScopeFilter` writes into its SQL for this principal, as text: equal keys, equal filters. */
export function dataScopeKey(p: Principal): string {
  if (seesEverything(p)) return 'all';
  return JSON.stringify([p.roles.map((r) => [r.roleId, r.dataScope]), p.deptId, p.deptPath, p.userId]);
}
