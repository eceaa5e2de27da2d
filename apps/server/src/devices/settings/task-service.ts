import { idParams } from '@sl/contracts';
import type { CommandName, CommandResultPush, PageResult, Task, TaskQuery, TaskStateValue } from '@sl/contracts';
import { notFound, text } from '../../http/errors.js';
import type { Principal } from '../../system/access/principal.js';
import { withIsoDates } from '../logs/records.js';
import type { TaskFilter, CommandTaskRepository, TaskRow } from './command-task-repository.js';

export const toTask = ({ id, ...row }: TaskRow): Task => ({
  ...withIsoDates(row),
  taskId: id,
  cmd: row.cmd as CommandName,
  params: row.params as Record<string, unknown>,
  state: row.state as TaskStateValue,
  durationMs: row.finishedAt ? row.finishedAt.getTime() - row.createdAt.getTime() : null,
});

/** Command tasks: what was sent, by whom, and how the terminal answered. */
export class TaskService {
  constructor(private readonly repo: CommandTaskRepository) {}

  async page(principal: Principal, q: TaskQuery, f?: TaskFilter): Promise<PageResult<Task>> {
    const page = await this.repo.page(principal, q, f);
    return { ...page, list: page.list.map(toTask) };
  }

  /** The settled ones among `ids`, in the shape of their push; a task still pending is left out. */
  async outcomes(principal: Principal, ids: number[]): Promise<CommandResultPush[]> {
    const rows = await this.repo.outcomes(principal, ids);
    return rows.flatMap((r) => (r.state === 'pending' ? [] : [{ code: 200 as const, event: 'task' as const, ...r, state: r.state as CommandResultPush['state'] }]));
  }

  async get(principal: Principal, taskId: number, f?: TaskFilter): Promise<Task> {
    const row = await this.repo.find(principal, taskId, f);
    if (!row) throw notFound(text('device.taskNotFound', idParams(taskId)));
    return toTask(row);
  }
}
