import { and, eq } from 'drizzle-orm';
import { STATUS_NORMAL } from '@sl/contracts';
import type { Db } from '../../db/client.js';
import { departments, roles, userRoles, users } from '../../db/schema/index.js';
import type { UserRepository } from '../user/user-repository.js';
import type { Principal } from './principal.js';

export class AccessRepository {
  constructor(
    private readonly db: Db,
    private readonly users: UserRepository,
  ) {}

  /** The enabled user with enabled roles and their permissions, or undefined when the account is gone or disabled. */
  async principal(userId: number): Promise<Principal | undefined> {
    const [user] = await this.db
      .select({ userId: users.userId, username: users.username, deptId: users.deptId, status: users.status, deptPath: departments.deptPath })
      .from(users)
      .leftJoin(departments, eq(departments.deptId, users.deptId))
      .where(eq(users.userId, userId));
    if (!user || user.status !== STATUS_NORMAL) return undefined;
    const roleRows = await this.db
      .select({ roleId: roles.roleId, roleKey: roles.roleKey, dataScope: roles.dataScope, admin: roles.admin })
      .from(userRoles)
      .innerJoin(roles, eq(roles.roleId, userRoles.roleId))
      .where(and(eq(userRoles.userId, userId), eq(roles.status, STATUS_NORMAL)));
    const isAdmin = roleRows.some((r) => r.admin);
    const permissions = new Set(isAdmin ? [] : await this.users.permissionsOfRoles(roleRows.map((r) => r.roleId)));
    return { userId: user.userId, username: user.username, deptId: user.deptId, deptPath: user.deptPath, roles: roleRows, permissions, isAdmin };
  }
}
