import { deptInput, type Dept } from '@sl/contracts';
import type { z } from 'zod';
import { badRequest, notFound } from '../../http/errors.js';
import type { Principal } from '../access/principal.js';
import { toTree } from '../tree.js';
import type { DeptRepository, DeptRow } from './dept-repository.js';

type DeptValues = z.output<typeof deptInput>;

export const toDept = (row: DeptRow): Dept => ({
  deptId: row.deptId,
  parentId: row.parentId,
  deptPath: row.deptPath,
  deptName: row.deptName,
  sort: row.sort,
  leader: row.leader,
  phone: row.phone,
  email: row.email,
  status: row.status as Dept['status'],
  createdAt: row.createdAt.toISOString(),
});

export class DeptService {
  constructor(private readonly repo: DeptRepository) {}

  async list(principal: Principal, filter: { deptName?: string; status?: string }): Promise<Dept[]> {
    return (await this.repo.list(principal, filter)).map(toDept);
  }

  /** The visible departments as a tree; a department whose parent is out of scope becomes a root. */
  async tree(principal: Principal): Promise<Dept[]> {
    return toTree((await this.repo.list(principal)).map(toDept), (d) => d.deptId, (d) => d.parentId);
  }

  async get(deptId: number): Promise<Dept> {
    const row = await this.repo.findById(deptId);
    if (!row) throw notFound(`Department ${deptId} does not exist`);
    return toDept(row);
  }

  async create(values: DeptValues): Promise<Dept> {
    return this.repo.transaction(async (repo) => toDept(await repo.insert(values, await parentPath(repo, values.parentId))));
  }

  async update(deptId: number, values: DeptValues): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const current = await repo.findById(deptId);
      if (!current) throw notFound(`Department ${deptId} does not exist`);
      const parent = await parentPath(repo, values.parentId);
      if (values.parentId === deptId || `${parent}/`.startsWith(`${current.deptPath}/`)) {
        throw badRequest('A department cannot be moved under itself or one of its sub-departments');
      }
      await repo.update(deptId, values, current.deptPath, `${parent}/${deptId}`);
    });
  }

  async sort(items: Array<{ deptId: number; sort: number }>): Promise<void> {
    await this.repo.transaction(async (repo) => {
      for (const item of items) await repo.setSort(item.deptId, item.sort);
    });
  }

  async remove(deptId: number): Promise<void> {
    await this.repo.transaction(async (repo) => {
      if (!(await repo.findById(deptId))) throw notFound(`Department ${deptId} does not exist`);
      const usage = await repo.usage(deptId);
      if (usage.children > 0) throw badRequest(`The department has ${usage.children} sub-department(s); delete or move them first`);
      if (usage.users > 0) throw badRequest(`The department has ${usage.users} user(s); move them to another department first`);
      await repo.delete(deptId);
    });
  }
}

async function parentPath(repo: DeptRepository, parentId: number): Promise<string> {
  if (parentId === 0) return '/0';
  const parent = await repo.findById(parentId);
  if (!parent) throw badRequest(`Parent department ${parentId} does not exist`);
  return parent.deptPath;
}
