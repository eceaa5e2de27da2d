import type { SysUser, userCreate, userQuery, userUpdate } from '@sl/contracts';
import type { z } from 'zod';
import { badRequest, text } from '../../http/errors.js';
import type { AccountStates } from '../../auth/account-state.js';
import type { Delegation } from '../access/delegation.js';
import type { Principal } from '../access/principal.js';
import type { DeptRepository } from '../dept/dept-repository.js';
import type { UserAdminRepository, UserFilter, UserListRow } from './user-admin-repository.js';
import { assertVisible, BUILT_IN_ADMIN, checkDept, checkRoles, newPasswordHash, type NewPasswords } from './user-rules.js';

export const toSysUser = (row: UserListRow): SysUser => ({
  userId: row.userId,
  username: row.username,
  nickName: row.nickName,
  phone: row.phone,
  email: row.email,
  sex: row.sex as SysUser['sex'],
  avatar: row.avatar,
  introduction: row.introduction,
  deptId: row.deptId,
  deptName: row.deptName,
  status: row.status as SysUser['status'],
  roleIds: row.roles.map((r) => r.roleId),
  roleNames: row.roles.map((r) => r.roleName),
  remark: row.remark,
  createdAt: new Date(row.createdAt).toISOString(),
});

export class UserAdminService {
  constructor(
    private readonly repo: UserAdminRepository,
    private readonly depts: DeptRepository,
    private readonly passwords: NewPasswords,
    /** Told after a write that may end the users' sessions (password, status, deletion). */
    private readonly accounts: Pick<AccountStates, 'forget'>,
    private readonly delegation: Delegation,
  ) {}

  async page(p: Principal, q: z.output<typeof userQuery>) {
    const page = await this.repo.page(p, q);
    return { ...page, list: page.list.map(toSysUser) };
  }

  async list(p: Principal, filter: UserFilter, limit: number): Promise<SysUser[]> {
    return (await this.repo.all(p, filter, limit)).map(toSysUser);
  }

  async get(p: Principal, userId: number): Promise<SysUser> {
    await assertVisible(this.repo, p, [userId]);
    return toSysUser((await this.repo.find(p, userId))!);
  }

  async visibleDeptIds(p: Principal): Promise<Set<number>> {
    return new Set((await this.visibleDepts(p)).map((d) => d.deptId));
  }

  visibleDepts(p: Principal) {
    return this.depts.list(p);
  }

  async create(p: Principal, input: z.output<typeof userCreate>): Promise<SysUser> {
    const passwordHash = await newPasswordHash(this.passwords, input.password, input.username);
    checkDept(await this.visibleDeptIds(p), input.deptId);
    const roleIds = await checkRoles(this.repo, input.roleIds);
    await this.delegation.assertMayAssign(p, { deptId: input.deptId, roleIds });
    const userId = await this.repo.transaction(async (repo) => {
      if ((await repo.usernamesTaken([input.username])).length) throw badRequest(text('system.usernameTaken', { name: input.username }));
      const { roleIds: _roleIds, password: _password, ...values } = input;
      return repo.insert({ ...values, passwordHash }, roleIds);
    });
    return this.get(p, userId);
  }

  async update(p: Principal, input: z.output<typeof userUpdate>): Promise<void> {
    checkDept(await this.visibleDeptIds(p), input.deptId);
    await this.manageable(p, [input.userId]);
    const before = (await this.repo.find(p, input.userId))!;
    const roleIds = await checkRoles(this.repo, input.roleIds);
    const previous = { deptId: before.deptId, roleIds: before.roles.map((r) => r.roleId) };
    await this.delegation.assertMayAssign(p, { userId: input.userId, deptId: input.deptId, previous, roleIds });
    await this.repo.transaction(async (repo) => {
      await assertVisible(repo, p, [input.userId]);
      const current = (await repo.find(p, input.userId))!;
      const { userId, roleIds: _roleIds, ...values } = input;
      this.guardStatus(p, current, values.status);
      await repo.update(userId, values);
      await repo.setRoles(userId, roleIds);
    });
    this.accounts.forget([input.userId]);
  }

  async setStatus(p: Principal, userId: number, status: '1' | '2'): Promise<void> {
    await this.manageable(p, [userId]);
    await this.repo.transaction(async (repo) => {
      await assertVisible(repo, p, [userId]);
      this.guardStatus(p, (await repo.find(p, userId))!, status);
      await repo.update(userId, { status });
    });
    this.accounts.forget([userId]);
  }

  async resetPassword(p: Principal, userId: number, encrypted: string): Promise<void> {
    await this.manageable(p, [userId]);
    const { username } = (await this.repo.find(p, userId))!;
    const passwordHash = await newPasswordHash(this.passwords, encrypted, username);
    await this.repo.update(userId, { passwordHash });
    this.accounts.forget([userId]);
  }

  async remove(p: Principal, ids: number[]): Promise<void> {
    if (ids.includes(p.userId)) throw badRequest(text('system.deleteSelf'));
    await this.manageable(p, ids);
    await this.repo.transaction(async (repo) => {
      await assertVisible(repo, p, ids);
      const rows = await Promise.all(ids.map((id) => repo.find(p, id)));
      if (rows.some((r) => r?.username === BUILT_IN_ADMIN)) throw badRequest(text('system.adminUndeletable'));
      await repo.delete(ids);
    });
    this.accounts.forget(ids);
  }

  /** Refuses unless every user is in the caller's scope (404) and the caller may change them (403). */
  private async manageable(p: Principal, ids: number[]): Promise<void> {
    await assertVisible(this.repo, p, ids);
    await this.delegation.assertMayManageAccounts(p, ids);
  }

  private guardStatus(p: Principal, user: UserListRow, status: string): void {
    if (status === user.status) return;
    if (user.userId === p.userId) throw badRequest(text('system.ownStatus'));
    if (user.username === BUILT_IN_ADMIN) throw badRequest(text('system.adminUndisableable'));
  }
}
