import type { boxInput, boxQuery, TerminalBox } from '@sl/contracts';
import type { z } from 'zod';
import { badRequest, notFound, text } from '../../http/errors.js';
import type { Principal } from '../../system/access/principal.js';
import type { TerminalAdminRepository } from '../terminal/terminal-admin-repository.js';
import { assertVisible } from '../terminal/terminal-service.js';
import type { BoxRepository } from './box-repository.js';

type BoxValues = z.output<typeof boxInput>;
type BoxRow = NonNullable<Awaited<ReturnType<BoxRepository['find']>>>;

const toBox = ({ box, deptName, terminalCount }: BoxRow): TerminalBox => ({
  ...box,
  deptName,
  terminalCount,
  createdAt: box.createdAt.toISOString(),
  updatedAt: box.updatedAt.toISOString(),
});

export class BoxService {
  constructor(
    private readonly repo: BoxRepository,
    private readonly terminals: TerminalAdminRepository,
  ) {}

  async page(p: Principal, q: z.output<typeof boxQuery>) {
    const page = await this.repo.page(p, q);
    return { ...page, list: page.list.map(toBox) };
  }

  async get(p: Principal, boxId: number): Promise<TerminalBox> {
    const row = await this.repo.find(p, boxId);
    if (!row) throw notFound(text('records.boxNotFound', { ids: boxId }));
    return toBox(row);
  }

  async create(p: Principal, values: BoxValues): Promise<TerminalBox> {
    await this.checkDept(p, values.deptId);
    const boxId = await this.repo.transaction(async (repo) => {
      await assertCodeFree(repo, values.code);
      return repo.insert(values);
    });
    return this.get(p, boxId);
  }

  async update(p: Principal, boxId: number, values: BoxValues): Promise<TerminalBox> {
    await this.checkDept(p, values.deptId);
    await this.repo.transaction(async (repo) => {
      if (!(await repo.find(p, boxId))) throw notFound(text('records.boxNotFound', { ids: boxId }));
      await assertCodeFree(repo, values.code, boxId);
      await repo.update(boxId, values);
    });
    return this.get(p, boxId);
  }

  async remove(p: Principal, ids: number[]): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const visible = await repo.visibleIds(p, ids);
      const missing = ids.filter((id) => !visible.includes(id));
      if (missing.length) throw notFound(text('records.boxNotFound', { ids: missing.join(', ') }));
      const occupied = await repo.occupied(ids);
      if (occupied.length) throw badRequest(text('records.boxOccupied', { ids: occupied.join(', ') }));
      await repo.delete(ids);
    });
  }

  /** Mounts terminals into the box, moving them out of any box they were in. */
  async mount(p: Principal, boxId: number, terminalIds: number[]): Promise<void> {
    await this.get(p, boxId);
    await this.terminals.transaction(async (repo) => {
      await assertVisible(repo, p, terminalIds);
      await repo.setBox(terminalIds, boxId);
    });
  }

  async unmount(p: Principal, terminalIds: number[]): Promise<void> {
    await this.terminals.transaction(async (repo) => {
      await assertVisible(repo, p, terminalIds);
      await repo.setBox(terminalIds, null);
    });
  }

  private async checkDept(p: Principal, deptId: number): Promise<void> {
    if (!(await this.terminals.deptVisible(p, deptId))) throw badRequest(text('records.deptOutOfScope', { deptId }));
  }
}

async function assertCodeFree(repo: BoxRepository, code: string, ownId?: number): Promise<void> {
  if (await repo.codeTaken(code, ownId)) throw badRequest(text('records.boxCodeTaken', { code }));
}
