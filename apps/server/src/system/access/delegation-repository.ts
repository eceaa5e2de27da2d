import { and, count, eq, inArray, like, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { departments, menus, roleDepts, roleMenus, roles, userRoles, users } from '../../db/schema/index.js';
import { dataScopeFilter } from './data-scope.js';
import type { RoleGrant } from './delegation.js';
import type { Principal } from './principal.js';

/** The reads the delegation rule needs: what roles grant, who holds them, and which departments lie below which. */
export class DelegationRepository {
  constructor(private readonly db: Db) {}

  async grants(roleIds: number[]): Promise<RoleGrant[]> {
    if (roleIds.length === 0) return [];
    const [rows, menuRows, deptRows] = await Promise.all([
      this.db.select({ roleId: roles.roleId, roleName: roles.roleName, admin: roles.admin, dataScope: roles.dataScope }).from(roles).where(inArray(roles.roleId, roleIds)),
      this.db.select({ roleId: roleMenus.roleId, id: roleMenus.menuId }).from(roleMenus).where(inArray(roleMenus.roleId, roleIds)),
      this.db.select({ roleId: roleDepts.roleId, id: roleDepts.deptId }).from(roleDepts).where(inArray(roleDepts.roleId, roleIds)),
    ]);
    const of = (list: Array<{ roleId: number; id: number }>, roleId: number) => list.filter((r) => r.roleId === roleId).map((r) => r.id);
    return rows.map((r) => ({ ...r, menuIds: of(menuRows, r.roleId), deptIds: of(deptRows, r.roleId) }));
  }

  async menuIdsOfRoles(roleIds: number[]): Promise<number[]> {
    if (roleIds.length === 0) return [];
    const rows = await this.db.selectDistinct({ id: roleMenus.menuId }).from(roleMenus).where(inArray(roleMenus.roleId, roleIds));
    return rows.map((r) => r.id);
  }

  /** Every role assigned to the user, enabled or not. */
  async roleIdsOfUser(userId: number): Promise<number[]> {
    return (await this.db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.id);
  }

  async visibleDeptIds(p: Principal): Promise<number[]> {
    const rows = await this.db.select({ id: departments.deptId }).from(departments).where(dataScopeFilter(p, { dept: departments.deptId }));
    return rows.map((r) => r.id);
  }

  /** Each department with the ids of itself and every department below it. */
  async subtrees(deptIds: number[]): Promise<Map<number, number[]>> {
    const result = new Map<number, number[]>(deptIds.map((id) => [id, []]));
    if (deptIds.length === 0) return result;
    const anchor = alias(departments, 'anchor');
    const rows = await this.db
      .select({ anchor: anchor.deptId, id: departments.deptId })
      .from(anchor)
      .innerJoin(departments, or(eq(departments.deptPath, anchor.deptPath), like(departments.deptPath, sql`${anchor.deptPath} || '/%'`)))
      .where(inArray(anchor.deptId, deptIds));
    for (const row of rows) result.get(row.anchor)?.push(row.id);
    return result;
  }

  /** The departments of the users holding the role (null for a user without one). */
  async holderDeptIds(roleId: number): Promise<Array<number | null>> {
    const rows = await this.db
      .selectDistinct({ deptId: users.deptId })
      .from(userRoles)
      .innerJoin(users, eq(users.userId, userRoles.userId))
      .where(eq(userRoles.roleId, roleId));
    return rows.map((r) => r.deptId);
  }

  /** How many users holding the role lie outside the principal's data scope (a user without a department lies outside every relative scope). */
  async holdersOutsideScope(p: Principal, roleId: number): Promise<number> {
    const scope = dataScopeFilter(p, { dept: users.deptId, owner: users.userId });
    if (scope === undefined) return 0;
    const rows = await this.db
      .select({ n: count() })
      .from(userRoles)
      .innerJoin(users, eq(users.userId, userRoles.userId))
      .where(and(eq(userRoles.roleId, roleId), sql`not coalesce(${scope}, false)`));
    return rows[0].n;
  }

  /** The ids among `menuIds` of menus whose permission string holds a wildcard. */
  async wildcardMenuIds(menuIds: number[]): Promise<number[]> {
    if (menuIds.length === 0) return [];
    const rows = await this.db.select({ id: menus.menuId }).from(menus).where(and(inArray(menus.menuId, menuIds), like(menus.permission, '%*%')));
    return rows.map((r) => r.id);
  }

  /** The names of the roles other than the administrator's that hold the menu. */
  async nonAdminRolesHolding(menuId: number): Promise<string[]> {
    const rows = await this.db
      .select({ name: roles.roleName })
      .from(roleMenus)
      .innerJoin(roles, eq(roles.roleId, roleMenus.roleId))
      .where(and(eq(roleMenus.menuId, menuId), eq(roles.admin, false)))
      .orderBy(roles.roleId);
    return rows.map((r) => r.name);
  }

  /** The ids among `userIds` of users holding the administrator role. */
  async adminHolders(userIds: number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectDistinct({ id: userRoles.userId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.roleId, userRoles.roleId))
      .where(and(inArray(userRoles.userId, userIds), eq(roles.admin, true)));
    return rows.map((r) => r.id);
  }
}
