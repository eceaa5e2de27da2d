import { DataScope } from '@sl/contracts';
import { forbidden, notFound, text, type LocalizedText } from '../../http/errors.js';
import { seesEverything } from './data-scope.js';
import type { DelegationRepository } from './delegation-repository.js';
import type { Principal } from './principal.js';

/**
 * The delegation rule, the one place that decides who may hand what to whom (docs/security/delegation.md):
 * - a user grants only menus (permissions) and a data scope they hold themselves;
 * - a user never changes their own roles, nor a role they hold;
 * - only the administrator changes the administrator role, assigns it, or changes an account holding it;
 * - a role held by a user outside the caller's data scope is, to that caller, a role that does not exist;
 * - only the administrator adds menus or changes their permission strings, and a wildcard permission
 *   belongs to the administrator role alone (every other role's wildcards grant nothing).
 */

/** What a role hands to its holders: menus (each carrying a permission) and a data scope. */
export interface Grant {
  menuIds: number[];
  dataScope: string;
  deptIds: number[];
}

export interface RoleGrant extends Grant {
  roleId: number;
  roleName: string;
  admin: boolean;
}

/** What the caller holds, and so the most they may hand on. */
export interface Authority {
  /** Holds every permission: the administrator only (a wildcard menu on any other role grants nothing). */
  allMenus: boolean;
  menuIds: ReadonlySet<number>;
  /** Sees every row: the administrator, or a role with scope 1. */
  allData: boolean;
  /** The scopes of the caller's enabled roles. */
  scopes: ReadonlySet<string>;
  /** The departments the caller's data scope includes, by the same filter every query uses. */
  deptIds: ReadonlySet<number>;
  hasDept: boolean;
}

/** Where a relative scope (3, 4) is read: a holder's department with every department below it; null for no department. */
export type Anchor = { deptId: number; subtree: number[] } | null;

/** A change of one user's roles. */
export interface RoleAssignment {
  /** Absent for a user being created. */
  userId?: number;
  deptId: number | null;
  /** The user's department and roles before the change, for an existing user. */
  previous?: { deptId: number | null; roleIds: number[] };
  roleIds: number[];
}

/** A permission string with a wildcard, such as `*:*:*`: only the administrator role may carry one. */
const hasWildcard = (permission: string) => permission.includes('*');

export function menusNotHeld(a: Authority, menuIds: number[]): number[] {
  return a.allMenus ? [] : [...new Set(menuIds)].filter((id) => !a.menuIds.has(id));
}

/**
 * Whether a scope, whoever comes to hold it, is no wider than the caller's. Own department (3) and own
 * department and below (4) follow their holder, so they compare by kind: self (5) ⊂ 3 ⊂ 4 ⊂ all (1).
 * A custom list (2) is covered when every listed department is in the caller's scope, so 4 covers a
 * list inside the caller's subtree; a list never covers 3 or 4, which grow with the holder's department.
 */
export function coversScope(a: Authority, scope: Pick<Grant, 'dataScope' | 'deptIds'>): boolean {
  if (a.allData) return true;
  switch (scope.dataScope) {
    case DataScope.custom:
      return scope.deptIds.every((id) => a.deptIds.has(id));
    case DataScope.ownDept:
      return a.hasDept && (a.scopes.has(DataScope.ownDept) || a.scopes.has(DataScope.ownDeptAndBelow));
    case DataScope.ownDeptAndBelow:
      return a.hasDept && a.scopes.has(DataScope.ownDeptAndBelow);
    case DataScope.self:
      return true;
    default:
      return false;
  }
}

/** Whether a holder at `anchor` would see, through this scope, only departments the caller sees. */
export function coversScopeAt(a: Authority, scope: Pick<Grant, 'dataScope' | 'deptIds'>, anchor: Anchor): boolean {
  if (a.allData) return true;
  switch (scope.dataScope) {
    case DataScope.custom:
      return scope.deptIds.every((id) => a.deptIds.has(id));
    case DataScope.ownDept:
      return anchor === null || a.deptIds.has(anchor.deptId);
    case DataScope.ownDeptAndBelow:
      return anchor === null || anchor.subtree.every((id) => a.deptIds.has(id));
    case DataScope.self:
      return true;
    default:
      return false;
  }
}

/** Refuses a grant of menus or a scope the caller does not hold, for the role's holders at `anchors`. */
export function assertGrantable(a: Authority, grant: Grant, anchors: Anchor[]): void {
  const missing = menusNotHeld(a, grant.menuIds);
  if (missing.length) {
    const ids = missing.slice(0, 10).join(', ') + (missing.length > 10 ? `, … (${missing.length})` : '');
    throw forbidden(text('system.grantMenusNotHeld', { ids }));
  }
  if (!coversScope(a, grant) || anchors.some((anchor) => !coversScopeAt(a, grant, anchor))) throw forbidden(text('system.grantScopeNotHeld'));
}

const covers = (a: Authority, grant: Grant, anchors: Anchor[]) =>
  menusNotHeld(a, grant.menuIds).length === 0 && coversScope(a, grant) && anchors.every((anchor) => coversScopeAt(a, grant, anchor));

export class Delegation {
  constructor(private readonly repo: DelegationRepository) {}

  async authority(p: Principal): Promise<Authority> {
    const [menuIds, deptIds] = await Promise.all([this.repo.menuIdsOfRoles(p.roles.map((r) => r.roleId)), this.repo.visibleDeptIds(p)]);
    return {
      allMenus: p.isAdmin,
      menuIds: new Set(menuIds),
      allData: seesEverything(p),
      scopes: new Set(p.roles.map((r) => r.dataScope)),
      deptIds: new Set(deptIds),
      hasDept: p.deptId !== null,
    };
  }

  /**
   * Checks the menus of a new role and answers the scope it starts with: all data for a caller who
   * sees everything, otherwise self only, to be widened within the caller's own scope.
   */
  async newRoleScope(p: Principal, menuIds: number[]): Promise<string> {
    if (p.isAdmin) return DataScope.all;
    const a = await this.authority(p);
    assertGrantable(a, { menuIds, dataScope: DataScope.self, deptIds: [] }, []);
    return a.allData ? DataScope.all : DataScope.self;
  }

  /**
   * Refuses a change to a role (edit, status, data scope, delete) unless the caller may make it: not the
   * administrator role, not a role the caller holds (enabled or not), and a role that grants no more than
   * the caller holds, to holders within the caller's scope, before the change and, with `next`, after it.
   */
  async assertMayChangeRole(p: Principal, roleId: number, next?: Partial<Grant>): Promise<void> {
    if (p.isAdmin) return;
    const [role] = await this.repo.grants([roleId]);
    if (!role) return;
    if (role.admin) throw forbidden(text('system.adminRoleLocked'));
    if ((await this.repo.roleIdsOfUser(p.userId)).includes(roleId)) throw forbidden(text('system.ownRoleLocked', { role: role.roleName }));
    // Changing it would change what users the caller cannot see may do: answered as the scope matrix answers.
    if ((await this.repo.holdersOutsideScope(p, roleId)) > 0) throw notFound(text('system.roleNotFound', { id: roleId }));
    const a = await this.authority(p);
    const holderDepts = await this.repo.holderDeptIds(roleId);
    const anchors = this.anchors(holderDepts, await this.repo.subtrees(holderDepts.filter((d) => d !== null)));
    if (!covers(a, role, anchors)) throw forbidden(text('system.roleBeyondYou', { role: role.roleName }));
    if (next) assertGrantable(a, { ...role, ...next }, anchors);
  }

  /**
   * What is wrong with each change of a user's roles, or undefined where it is allowed. Nobody changes
   * their own roles. A role added or removed must be one the caller could grant to that user: never the
   * administrator role unless the caller is the administrator, only menus the caller holds, and a scope
   * that at the user's department sees nothing the caller does not. A kept role is checked again, for
   * its scope, when the user moves to another department.
   */
  async assignmentProblems(p: Principal, changes: RoleAssignment[]): Promise<Array<LocalizedText | undefined>> {
    const plans = changes.map((change) => {
      const before = new Set(change.previous?.roleIds ?? []);
      const after = new Set(change.roleIds);
      const moved = change.previous !== undefined && change.previous.deptId !== change.deptId;
      return {
        change,
        added: [...after].filter((id) => !before.has(id)),
        removed: [...before].filter((id) => !after.has(id)),
        reanchored: moved ? [...after].filter((id) => before.has(id)) : [],
      };
    });
    const own = (plan: (typeof plans)[number]) =>
      plan.change.userId === p.userId && plan.added.length + plan.removed.length > 0 ? text('system.ownRolesLocked') : undefined;
    if (p.isAdmin) return plans.map(own);

    const a = await this.authority(p);
    const grants = new Map((await this.repo.grants([...new Set(plans.flatMap((x) => [...x.added, ...x.removed, ...x.reanchored]))])).map((g) => [g.roleId, g]));
    const depts = [...new Set(changes.flatMap((c) => [c.deptId, c.previous?.deptId ?? null]).filter((d) => d !== null))];
    const subtrees = await this.repo.subtrees(depts);
    const anchorOf = (deptId: number | null | undefined) => this.anchors([deptId ?? null], subtrees)[0];
    return plans.map((plan) => {
      const problem = own(plan);
      if (problem) return problem;
      const checks: Array<[number[], Anchor, boolean]> = [
        [plan.added, anchorOf(plan.change.deptId), true],
        [plan.removed, anchorOf(plan.change.previous?.deptId), true],
        [plan.reanchored, anchorOf(plan.change.deptId), false],
      ];
      for (const [ids, anchor, withMenus] of checks) {
        for (const g of ids.map((id) => grants.get(id)).filter((g) => g !== undefined)) {
          if (g.admin) return text('system.assignAdminRole', { role: g.roleName });
          if ((withMenus && menusNotHeld(a, g.menuIds).length > 0) || !coversScopeAt(a, g, anchor)) return text('system.assignRoleNotCovered', { role: g.roleName });
        }
      }
      return undefined;
    });
  }

  async assertMayAssign(p: Principal, change: RoleAssignment): Promise<void> {
    const [problem] = await this.assignmentProblems(p, [change]);
    if (problem) throw forbidden(problem);
  }

  /** Refuses menus carrying a wildcard permission for any role but the administrator's. */
  async assertNoWildcardMenus(menuIds: number[]): Promise<void> {
    const ids = await this.repo.wildcardMenuIds(menuIds);
    if (ids.length) throw forbidden(text('system.grantWildcardMenu', { ids: ids.join(', ') }));
  }

  /**
   * Refuses a menu write unless the caller may make it: only the administrator adds a menu or changes a
   * menu's permission string, and a wildcard one only on a menu no role but the administrator's holds.
   */
  async assertMayWriteMenu(p: Principal, change: { menuId?: number; before?: string; permission: string }): Promise<void> {
    if (!p.isAdmin && (change.menuId === undefined || change.before !== change.permission)) throw forbidden(text('system.menuAdminOnly'));
    if (change.menuId === undefined || !hasWildcard(change.permission)) return;
    const [role] = await this.repo.nonAdminRolesHolding(change.menuId);
    if (role !== undefined) throw forbidden(text('system.wildcardMenuHeld', { id: change.menuId, role }));
  }

  /** Only the administrator edits, resets, disables or deletes an account that holds the administrator role. */
  async assertMayManageAccounts(p: Principal, userIds: number[]): Promise<void> {
    if (p.isAdmin) return;
    if ((await this.repo.adminHolders(userIds)).length > 0) throw forbidden(text('system.adminAccountLocked'));
  }

  private anchors(deptIds: Array<number | null>, subtrees: Map<number, number[]>): Anchor[] {
    return deptIds.map((deptId) => (deptId === null ? null : { deptId, subtree: subtrees.get(deptId) ?? [deptId] }));
  }
}
