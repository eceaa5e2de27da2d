import type { ControlTaskRow, PageResult } from '@sl/contracts';
import type { Principal } from '../../system/access/principal.js';
import { isoRow, missing } from '../control-errors.js';
import type { DownloadService } from './download-service.js';
import type { TaskRecord, TaskSource } from './task-repository.js';

const toRow = (r: TaskRecord) => {
  const { params: _p, commandId: _c, createdAt: _a, ...rest } = isoRow(r);
  return rest as unknown as ControlTaskRow;
};

/** The spec's policy task calls: what each download did, and sending again. */
export class ControlTaskService {
  constructor(private readonly downloads: DownloadService) {}

  async page(p: Principal, q: { pageIndex: number; pageSize: number; source?: TaskSource; sourceId?: number; state?: string; terminalId?: number }): Promise<PageResult<ControlTaskRow>> {
    const page = await this.downloads.tasks.page(p, q);
    return { ...page, list: page.list.map(toRow) };
  }

  async get(p: Principal, id: number): Promise<ControlTaskRow> {
    const row = await this.downloads.tasks.find(p, id);
    if (!row) throw missing('control.taskNotFound', id);
    return toRow(row);
  }

  /** Sends again the given tasks, or a document's tasks that did not succeed; returns how many. */
  async resend(p: Principal, body: { source?: 'plan' | 'emergency'; sourceId?: number; ids?: number[] }): Promise<{ count: number }> {
    let rows: TaskRecord[] = [];
    if (body.ids?.length) {
      rows = await this.downloads.tasks.findMany(p, body.ids);
      const have = new Set(rows.map((r) => r.id));
      const absent = body.ids.filter((id) => !have.has(id));
      if (absent.length) throw missing('control.taskNotFound', absent);
    } else if (body.sourceId) {
      rows = await this.downloads.tasks.unsettled(p, body.source, body.sourceId);
    }
    await this.downloads.sendAgain(rows);
    return { count: rows.length };
  }

  async remove(p: Principal, ids: number[]): Promise<void> {
    const visible = new Set((await this.downloads.tasks.findMany(p, ids)).map((t) => t.id));
    const absent = ids.filter((id) => !visible.has(id));
    if (absent.length) throw missing('control.taskNotFound', absent);
    await this.downloads.tasks.delete(p, ids);
  }
}
