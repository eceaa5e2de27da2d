import { DataScope, type Role, type RoleOption, roleDataScopeInput, roleQuery, roleInput, idParams } from '@sl/contracts';
import type { z } from 'zod';
import { badRequest, notFound, text } from '../../http/errors.js';
import type { Delegation } from '../access/delegation.js';
import type { Principal } from '../access/principal.js';
import type { DeptRepository } from '../dept/dept-repository.js';
import type { RoleRepository, RoleRow } from './role-repository.js';

type RoleValues = z.output<typeof roleInput>;

const toRole = (row: RoleRow, menuIds: number[] = [], deptIds: number[] = []): Role => ({
  roleId: row.roleId,
  roleName: row.roleName,
  roleKey: row.roleKey,
  roleSort: row.roleSort,
  status: row.status as Role['status'],
  dataScope: row.dataScope as Role['dataScope'],
  admin: row.admin,
  remark: row.remark,
  menuIds,
  deptIds,
  createdAt: row.createdAt.toISOString(),
});

export class RoleService {
  constructor(
    private readonly repo: RoleRepository,
    private readonly depts: DeptRepository,
    private readonly delegation: Delegation,
  ) {}

  async page(q: z.output<typeof roleQuery>) {
    const page = await this.repo.page(q);
    return { ...page, list: page.list.map((r) => toRole(r)) };
  }

  /** What a role picker needs, nothing of what the roles grant. */
  async options(): Promise<RoleOption[]> {
    return (await this.repo.all()).map((r) => ({ roleId: r.roleId, roleName: r.roleName, roleKey: r.roleKey, status: r.status as RoleOption['status'] }));
  }

  async get(roleId: number): Promise<Role> {
    const row = await this.repo.findById(roleId);
    if (!row) throw notFound(text('system.roleNotFound', { id: roleId }));
    return toRole(row, await this.repo.menuIds(roleId), await this.repo.deptIds(roleId));
  }

  async create(p: Principal, input: RoleValues): Promise<Role> {
    const menuIds = await checkedMenus(this.repo, input.menuIds);
    await this.delegation.assertNoWildcardMenus(menuIds);
    const dataScope = await this.delegation.newRoleScope(p, menuIds);
    return this.repo.transaction(async (repo) => {
      if (await repo.findByKey(input.roleKey)) throw badRequest(text('system.roleKeyTaken', { key: input.roleKey }));
      const { menuIds: _menuIds, ...values } = input;
      const row = await repo.insert({ ...values, dataScope });
      await repo.replaceMenus(row.roleId, menuIds);
      return toRole(row, menuIds);
    });
  }

  async update(p: Principal, roleId: number, input: RoleValues | { status: '1' | '2' }): Promise<void> {
    const statusOnly = !('roleName' in input);
    const current = await this.mutable(roleId, statusOnly ? 'disable' : 'edit');
    const menuIds = statusOnly || current.admin ? undefined : await checkedMenus(this.repo, input.menuIds);
    await this.delegation.assertMayChangeRole(p, roleId, menuIds && { menuIds });
    if (menuIds) await this.delegation.assertNoWildcardMenus(menuIds);
    await this.repo.transaction(async (repo) => {
      if (statusOnly) return repo.update(roleId, { status: input.status });
      const other = await repo.findByKey(input.roleKey);
      if (other && other.roleId !== roleId) throw badRequest(text('system.roleKeyTaken', { key: input.roleKey }));
      if (current.admin && input.status !== '2') throw badRequest(text('system.adminRoleUndisableable'));
      const { menuIds: _menuIds, ...values } = input;
      await repo.update(roleId, values);
      if (menuIds) await repo.replaceMenus(roleId, menuIds);
    });
  }

  async setDataScope(p: Principal, input: z.output<typeof roleDataScopeInput>): Promise<void> {
    const deptIds = input.dataScope === DataScope.custom ? [...new Set(input.deptIds)] : [];
    if (input.dataScope === DataScope.custom && deptIds.length === 0) throw badRequest(text('system.customScopeEmpty'));
    // A department out of scope answers as a missing one: the list neither grants nor reveals it.
    const visible = new Set(await this.depts.visibleIds(p, deptIds));
    const unknown = deptIds.filter((id) => !visible.has(id));
    if (unknown.length) throw badRequest(text('system.deptNotFound', idParams(unknown)));
    await this.mutable(input.roleId, 'edit');
    await this.delegation.assertMayChangeRole(p, input.roleId, { dataScope: input.dataScope, deptIds });
    await this.repo.transaction(async (repo) => {
      await repo.update(input.roleId, { dataScope: input.dataScope });
      await repo.replaceDepts(input.roleId, deptIds);
    });
  }

  async remove(p: Principal, roleId: number): Promise<void> {
    const role = await this.mutable(roleId, 'delete');
    await this.delegation.assertMayChangeRole(p, roleId);
    await this.repo.transaction(async (repo) => {
      const users = await repo.userCount(roleId);
      if (users > 0) throw badRequest(text('system.roleInUse', { role: role.roleName, n: users }));
      await repo.delete(roleId);
    });
  }

  private async mutable(roleId: number, action: 'edit' | 'disable' | 'delete'): Promise<RoleRow> {
    const role = await this.repo.findById(roleId);
    if (!role) throw notFound(text('system.roleNotFound', { id: roleId }));
    if (role.admin && action !== 'edit') throw badRequest(text(action === 'delete' ? 'system.adminRoleUndeletable' : 'system.adminRoleUndisableable'));
    return role;
  }
}

async function checkedMenus(repo: RoleRepository, menuIds: number[]): Promise<number[]> {
  const unique = [...new Set(menuIds)];
  const found = await repo.existingMenuIds(unique);
  if (found.length !== unique.length) throw badRequest(text('system.unknownMenu'));
  return unique;
}
