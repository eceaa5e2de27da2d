import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contains, paginate } from '../../db/paging.js';
import { departments, roles, userRoles, users } from '../../db/schema/index.js';
import { STATUS_DISABLED, type PageQuery } from '@sl/contracts';
import { dataScopeFilter, inDeptAndBelow } from '../access/data-scope.js';
import type { Principal } from '../access/principal.js';

export interface UserFilter {
  username?: string;
  nickName?: string;
  phone?: string;
  status?: string;
  deptId?: number;
}

export type UserValues = Omit<typeof users.$inferInsert, 'userId' | 'uniqueId' | 'createdAt' | 'updatedAt'>;

const listColumns = {
  userId: users.userId,
  username: users.username,
  nickName: users.nickName,
  phone: users.phone,
  email: users.email,
  sex: users.sex,
  avatar: users.avatar,
  introduction: users.introduction,
  deptId: users.deptId,
  deptName: sql<string>`coalesce(${departments.deptName}, '')`,
  status: users.status,
  remark: users.remark,
  createdAt: users.createdAt,
  roles: sql<Array<{ roleId: number; roleName: string }>>`coalesce((
    select json_agg(json_build_object('roleId', r.role_id, 'roleName', r.role_name) order by r.role_sort)
    from sys_user_role ur join sys_role r on r.role_id = ur.role_id where ur.user_id = ${users.userId}), '[]'::json)`,
};
export interface UserListRow {
  userId: number;
  username: string;
  nickName: string;
  phone: string;
  email: string;
  sex: string;
  avatar: string;
  introduction: string;
  deptId: number | null;
  deptName: string;
  status: string;
  remark: string;
  createdAt: Date;
  roles: Array<{ roleId: number; roleName: string }>;
}

/** Administration queries on users; every read and write is limited to the caller's data scope. */
export class UserAdminRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: UserAdminRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new UserAdminRepository(tx as unknown as Db)));
  }

  private where(p: Principal, f: UserFilter, extra?: SQL): SQL | undefined {
    return and(
      dataScopeFilter(p, { dept: users.deptId, owner: users.userId }),
      f.username ? ilike(users.username, contains(f.username)) : undefined,
      f.nickName ? ilike(users.nickName, contains(f.nickName)) : undefined,
      f.phone ? ilike(users.phone, contains(f.phone)) : undefined,
      f.status ? eq(users.status, f.status) : undefined,
      f.deptId ? inDeptAndBelow(users.deptId, f.deptId) : undefined,
      extra,
    );
  }

  private select(where: SQL | undefined) {
    return this.db.select(listColumns).from(users).leftJoin(departments, eq(departments.deptId, users.deptId)).where(where).orderBy(asc(users.userId));
  }

  page(p: Principal, q: PageQuery & UserFilter) {
    const where = this.where(p, q);
    return paginate(
      q,
      (limit, offset) => this.select(where).limit(limit).offset(offset),
      async () => (await this.db.select({ n: count() }).from(users).where(where))[0].n,
    );
  }

  all(p: Principal, f: UserFilter, limit: number): Promise<UserListRow[]> {
    return this.select(this.where(p, f)).limit(limit);
  }

  async find(p: Principal, userId: number): Promise<UserListRow | undefined> {
    return (await this.select(this.where(p, {}, eq(users.userId, userId))))[0];
  }

  /** A user's own row, whatever the data scope of their roles. */
  async findUnscoped(userId: number): Promise<UserListRow | undefined> {
    return (await this.select(eq(users.userId, userId)))[0];
  }

  /** The ids among `ids` that the principal may see. */
  async visibleIds(p: Principal, ids: number[]): Promise<number[]> {
    const rows = await this.db.select({ id: users.userId }).from(users).where(this.where(p, {}, inArray(users.userId, ids)));
    return rows.map((r) => r.id);
  }

  async usernamesTaken(names: string[]): Promise<string[]> {
    if (names.length === 0) return [];
    const rows = await this.db.select({ u: users.username }).from(users).where(inArray(users.username, names));
    return rows.map((r) => r.u);
  }

  /** The users with these names, whatever the caller's scope (an import tells taken names from its own users). */
  async findByUsernames(names: string[]): Promise<UserListRow[]> {
    if (names.length === 0) return [];
    return this.select(inArray(users.username, names));
  }

  /** Roles by name (names may repeat) or, for files written before names, by key. */
  async rolesByNamesOrKeys(values: string[]) {
    if (values.length === 0) return [];
    return this.db
      .select({ roleId: roles.roleId, roleName: roles.roleName, roleKey: roles.roleKey, admin: roles.admin })
      .from(roles)
      .where(or(inArray(roles.roleName, values), inArray(roles.roleKey, values)));
  }

  async rolesByIds(ids: number[]) {
    if (ids.length === 0) return [];
    return this.db.select({ roleId: roles.roleId, roleKey: roles.roleKey, admin: roles.admin }).from(roles).where(inArray(roles.roleId, ids));
  }

  async insert(values: UserValues, roleIds: number[]): Promise<number> {
    const [row] = await this.db.insert(users).values(values).returning({ userId: users.userId });
    await this.setRoles(row.userId, roleIds);
    return row.userId;
  }

  /** Setting a password or disabling the account also raises its token version, which ends all its sessions. */
  async update(userId: number, values: Partial<Omit<UserValues, 'tokenVersion'>>): Promise<void> {
    const endsSessions = values.passwordHash !== undefined || values.status === STATUS_DISABLED;
    await this.db
      .update(users)
      .set({ ...values, updatedAt: new Date(), ...(endsSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}) })
      .where(eq(users.userId, userId));
  }

  /**
   * Sets the user's avatar and answers the one it replaces (undefined when the user is gone). The
   * old value is read under the row's lock, so concurrent changes each learn their own predecessor.
   */
  replaceAvatar(userId: number, avatar: string): Promise<string | undefined> {
    return this.transaction(async (repo) => {
      const [old] = await repo.db.select({ avatar: users.avatar }).from(users).where(eq(users.userId, userId)).for('update');
      if (!old) return undefined;
      await repo.db.update(users).set({ avatar, updatedAt: new Date() }).where(eq(users.userId, userId));
      return old.avatar;
    });
  }

  async setRoles(userId: number, roleIds: number[]): Promise<void> {
    await this.db.delete(userRoles).where(eq(userRoles.userId, userId));
    if (roleIds.length) await this.db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  }

  async delete(ids: number[]): Promise<void> {
    await this.db.delete(users).where(inArray(users.userId, ids));
  }
}
