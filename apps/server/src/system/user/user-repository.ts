import { and, eq, inArray, notLike } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { menus, roleMenus, roles, userRoles, users } from '../../db/schema/index.js';
import { STATUS_NORMAL } from '@sl/contracts';

export type UserRow = typeof users.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

export class UserRepository {
  constructor(private readonly db: Db) {}

  async findByUsername(username: string): Promise<UserRow | undefined> {
    const rows = await this.db.select().from(users).where(eq(users.username, username)).limit(1);
    return rows[0];
  }

  async findById(userId: number): Promise<UserRow | undefined> {
    const rows = await this.db.select().from(users).where(eq(users.userId, userId)).limit(1);
    return rows[0];
  }

  /** What decides whether the user's tokens still work (see AccountStates). */
  async sessionState(userId: number): Promise<{ status: string; tokenVersion: number } | undefined> {
    const rows = await this.db.select({ status: users.status, tokenVersion: users.tokenVersion }).from(users).where(eq(users.userId, userId)).limit(1);
    return rows[0];
  }

  /** The user's roles that are enabled. */
  async activeRoles(userId: number): Promise<RoleRow[]> {
    const rows = await this.db
      .select({ role: roles })
      .from(userRoles)
      .innerJoin(roles, eq(roles.roleId, userRoles.roleId))
      .where(and(eq(userRoles.userId, userId), eq(roles.status, STATUS_NORMAL)))
      .orderBy(roles.roleSort);
    return rows.map((r) => r.role);
  }

  /**
   * The permission strings the (non-administrator) roles' menus carry. A wildcard string is left out: only the
   * administrator role holds every permission, by its flag, so a wildcard that reached another role grants nothing.
   */
  async permissionsOfRoles(roleIds: number[]): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const rows = await this.db
      .selectDistinct({ permission: menus.permission })
      .from(roleMenus)
      .innerJoin(menus, eq(menus.menuId, roleMenus.menuId))
      .where(and(inArray(roleMenus.roleId, roleIds), notLike(menus.permission, '%*%')));
    return rows.map((r) => r.permission).filter(Boolean).sort();
  }
}
