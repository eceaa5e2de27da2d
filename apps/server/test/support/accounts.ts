import { eq, inArray } from 'drizzle-orm';
import { PasswordHashService } from '../../src/auth/password-hash-service.js';
import type { Db } from '../../src/db/client.js';
import { menus, roleDepts, roleMenus, roles, userRoles, users } from '../../src/db/schema/index.js';
import { testConfig } from './test-config.js';

const hashes = new PasswordHashService(testConfig().PASSWORD_HASH_COST);

/** Creates a role with the given data scope and the menus holding the given permissions (or all when '*'). */
export async function createRole(db: Db, key: string, opts: { dataScope?: string; permissions?: string[] | '*'; deptIds?: number[] } = {}) {
  const [role] = await db.insert(roles).values({ roleName: key, roleKey: key, dataScope: opts.dataScope ?? '1' }).returning();
  await grantPermissions(db, role.roleId, opts.permissions ?? []);
  if (opts.deptIds?.length) await db.insert(roleDepts).values(opts.deptIds.map((deptId) => ({ roleId: role.roleId, deptId })));
  return role.roleId;
}

export async function grantPermissions(db: Db, roleId: number, permissions: string[] | '*') {
  await db.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  const rows =
    permissions === '*'
      ? await db.select({ id: menus.menuId }).from(menus)
      : permissions.length
        ? await db.select({ id: menus.menuId }).from(menus).where(inArray(menus.permission, permissions))
        : [];
  if (rows.length) await db.insert(roleMenus).values(rows.map((r) => ({ roleId, menuId: r.id })));
}

export async function createUser(db: Db, username: string, deptId: number, roleIds: number[], password = '123456') {
  const [user] = await db.insert(users).values({ username, nickName: username, passwordHash: await hashes.hash(password), deptId }).returning();
  if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: user.userId, roleId })));
  return user.userId;
}
