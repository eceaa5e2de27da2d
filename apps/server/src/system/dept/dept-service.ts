import { deptInput, type Dept, idParams } from '@sl/contracts';
import type { z } from 'zod';
import { badRequest, notFound, text } from '../../http/errors.js';
import { seesEverything } from '../access/data-scope.js';
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
  timeZone: row.timeZone,
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

  async get(p: Principal, deptId: number): Promise<Dept> {
    return toDept(await visible(this.repo, p, deptId));
  }

  /** Adds under a parent in the caller's scope; refused when the new department would be out of the caller's sight. */
  async create(p: Principal, values: DeptValues): Promise<Dept> {
    return this.repo.transaction(async (repo) => {
      if (values.parentId === 0 && !seesEverything(p)) throw badRequest(text('system.deptAddOutOfScope'));
      const row = await repo.insert(values, await parentPath(repo, p, values.parentId));
      if ((await repo.visibleIds(p, [row.deptId])).length === 0) throw badRequest(text('system.deptAddOutOfScope'));
      return toDept(row);
    });
  }

  /**
   * Edits a department in the caller's scope. A move needs the new parent, the department and everything
   * below it in the caller's scope, and all of them still in it afterwards; otherwise nothing is written.
   */
  async update(p: Principal, deptId: number, values: DeptValues): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const current = await visible(repo, p, deptId);
      if (values.parentId === current.parentId) return repo.update(deptId, values, current.deptPath, current.deptPath);
      if (values.parentId === 0 && !seesEverything(p)) throw badRequest(text('system.deptMoveOutOfScope', { id: deptId }));
      const parent = await parentPath(repo, p, values.parentId);
      if (values.parentId === deptId || `${parent}/`.startsWith(`${current.deptPath}/`)) {
        throw badRequest(text('system.deptUnderItself'));
      }
      const moving = await repo.subtreeIds(current.deptPath);
      const inScope = async () => (await repo.visibleIds(p, moving)).length === moving.length;
      if (!(await inScope())) throw badRequest(text('system.deptMoveOutOfScope', { id: deptId }));
      await repo.update(deptId, values, current.deptPath, `${parent}/${deptId}`);
      if (!(await inScope())) throw badRequest(text('system.deptMoveOutOfScope', { id: deptId }));
    });
  }

  /** Reorders departments, all in the caller's scope or none. */
  async sort(p: Principal, items: Array<{ deptId: number; sort: number }>): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const ids = [...new Set(items.map((i) => i.deptId))];
      const found = new Set(await repo.visibleIds(p, ids));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length) throw notFound(text('system.deptNotFound', idParams(missing)));
      for (const item of items) await repo.setSort(item.deptId, item.sort);
    });
  }

  async remove(p: Principal, deptId: number): Promise<void> {
    await this.repo.transaction(async (repo) => {
      await visible(repo, p, deptId);
      const usage = await repo.usage(deptId);
      if (usage.children > 0) throw badRequest(text('system.deptHasChildren', { n: usage.children }));
      if (usage.users > 0) throw badRequest(text('system.deptHasUsers', { n: usage.users }));
      await repo.delete(deptId);
    });
  }
}

/** The department, or 404 when it does not exist or lies outside the caller's scope (as for users). */
async function visible(repo: DeptRepository, p: Principal, deptId: number): Promise<DeptRow> {
  const row = await repo.findVisible(p, deptId);
  if (!row) throw notFound(text('system.deptNotFound', { id: deptId }));
  return row;
}

/** The path of a parent in the caller's scope ('/0' for the root). */
async function parentPath(repo: DeptRepository, p: Principal, parentId: number): Promise<string> {
  if (parentId === 0) return '/0';
  const parent = await repo.findVisible(p, parentId);
  if (!parent) throw badRequest(text('system.deptParentOutOfScope', { id: parentId }));
  return parent.deptPath;
}
