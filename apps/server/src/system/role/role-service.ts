import { DataScope, type Role, roleDataScopeInput, roleQuery, roleInput } from '@sl/contracts';
import type { z } from 'zod';
import { badRequest, notFound } from '../../http/errors.js';
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
  ) {}

  async page(q: z.output<typeof roleQuery>) {
    const page = await this.repo.page(q);
    return { ...page, list: page.list.map((r) => toRole(r)) };
  }

  async options(): Promise<Role[]> {
    return (await this.repo.all()).map((r) => toRole(r));
  }

  async get(roleId: number): Promise<Role> {
    const row = await this.repo.findById(roleId);
    if (!row) throw notFound(`Role ${roleId} does not exist`);
    return toRole(row, await this.repo.menuIds(roleId), await this.repo.deptIds(roleId));
  }

  async create(input: RoleValues): Promise<Role> {
    return this.repo.transaction(async (repo) => {
      if (await repo.findByKey(input.roleKey)) throw badRequest(`The role key "${input.roleKey}" is already in use`);
      const { menuIds, ...values } = input;
      const row = await repo.insert(values);
      await repo.replaceMenus(row.roleId, await checkedMenus(repo, menuIds));
      return toRole(row, menuIds);
    });
  }

  async update(roleId: number, input: RoleValues | { status: '1' | '2' }): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const current = await this.mutable(repo, roleId, 'status' in input && !('roleName' in input) ? 'disable' : 'edit');
      if (!('roleName' in input)) return repo.update(roleId, { status: input.status });
      const other = await repo.findByKey(input.roleKey);
      if (other && other.roleId !== roleId) throw badRequest(`The role key "${input.roleKey}" is already in use`);
      if (current.admin && input.status !== '2') throw badRequest('The administrator role cannot be disabled');
      const { menuIds, ...values } = input;
      await repo.update(roleId, values);
      if (!current.admin) await repo.replaceMenus(roleId, await checkedMenus(repo, menuIds));
    });
  }

  async setDataScope(input: z.output<typeof roleDataScopeInput>): Promise<void> {
    const deptIds = input.dataScope === DataScope.custom ? input.deptIds : [];
    if (input.dataScope === DataScope.custom && deptIds.length === 0) throw badRequest('Choose at least one department for a custom data scope');
    if (!(await this.depts.exists(deptIds))) throw badRequest('deptIds names a department that does not exist');
    await this.repo.transaction(async (repo) => {
      await this.mutable(repo, input.roleId, 'edit');
      await repo.update(input.roleId, { dataScope: input.dataScope });
      await repo.replaceDepts(input.roleId, deptIds);
    });
  }

  async remove(roleId: number): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const role = await this.mutable(repo, roleId, 'delete');
      const users = await repo.userCount(roleId);
      if (users > 0) throw badRequest(`The role "${role.roleName}" is assigned to ${users} user(s); reassign them before deleting it`);
      await repo.delete(roleId);
    });
  }

  private async mutable(repo: RoleRepository, roleId: number, action: 'edit' | 'disable' | 'delete'): Promise<RoleRow> {
    const role = await repo.findById(roleId);
    if (!role) throw notFound(`Role ${roleId} does not exist`);
    if (role.admin && action !== 'edit') throw badRequest(`The administrator role cannot be ${action === 'delete' ? 'deleted' : 'disabled'}`);
    return role;
  }
}

async function checkedMenus(repo: RoleRepository, menuIds: number[]): Promise<number[]> {
  const unique = [...new Set(menuIds)];
  const found = await repo.existingMenuIds(unique);
  if (found.length !== unique.length) throw badRequest('menuIds names a menu that does not exist');
  return unique;
}
