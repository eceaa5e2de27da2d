import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contains, paginate } from '../../db/paging.js';
import { menus, roleDepts, roleMenus, roles, userRoles } from '../../db/schema/index.js';
import type { PageQuery } from '@sl/contracts';

export type RoleRow = typeof roles.$inferSelect;
export type RoleValues = Pick<RoleRow, 'roleName' | 'roleKey' | 'roleSort' | 'status' | 'remark'>;

export class RoleRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: RoleRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new RoleRepository(tx as unknown as Db)));
  }

  page(q: PageQuery & { roleName?: string; roleKey?: string; status?: string }) {
    const where = and(
      q.roleName ? ilike(roles.roleName, contains(q.roleName)) : undefined,
      q.roleKey ? ilike(roles.roleKey, contains(q.roleKey)) : undefined,
      q.status ? eq(roles.status, q.status) : undefined,
    );
    return paginate(
      q,
      (limit, offset) => this.db.select().from(roles).where(where).orderBy(asc(roles.roleSort), asc(roles.roleId)).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(roles).where(where))[0].n,
    );
  }

  async findById(roleId: number): Promise<RoleRow | undefined> {
    return (await this.db.select().from(roles).where(eq(roles.roleId, roleId)))[0];
  }

  async findByKey(roleKey: string): Promise<RoleRow | undefined> {
    return (await this.db.select().from(roles).where(eq(roles.roleKey, roleKey)))[0];
  }

  async menuIds(roleId: number): Promise<number[]> {
    return (await this.db.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, roleId))).map((r) => r.id);
  }

  async deptIds(roleId: number): Promise<number[]> {
    return (await this.db.select({ id: roleDepts.deptId }).from(roleDepts).where(eq(roleDepts.roleId, roleId))).map((r) => r.id);
  }

  async existingMenuIds(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    return (await this.db.select({ id: menus.menuId }).from(menus).where(inArray(menus.menuId, ids))).map((r) => r.id);
  }

  async insert(values: RoleValues & { dataScope?: string }): Promise<RoleRow> {
    return (await this.db.insert(roles).values(values).returning())[0];
  }

  async update(roleId: number, values: Partial<RoleValues> & { dataScope?: string }): Promise<void> {
    await this.db.update(roles).set({ ...values, updatedAt: new Date() }).where(eq(roles.roleId, roleId));
  }

  async replaceMenus(roleId: number, menuIds: number[]): Promise<void> {
    await this.db.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
    if (menuIds.length) await this.db.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId, menuId })));
  }

  async replaceDepts(roleId: number, deptIds: number[]): Promise<void> {
    await this.db.delete(roleDepts).where(eq(roleDepts.roleId, roleId));
    if (deptIds.length) await this.db.insert(roleDepts).values(deptIds.map((deptId) => ({ roleId, deptId })));
  }

  async userCount(roleId: number): Promise<number> {
    return (await this.db.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, roleId)))[0].n;
  }

  async delete(roleId: number): Promise<void> {
    await this.db.delete(roles).where(eq(roles.roleId, roleId));
  }

  async all(): Promise<RoleRow[]> {
    return this.db.select().from(roles).orderBy(asc(roles.roleSort), asc(roles.roleId));
  }
}
