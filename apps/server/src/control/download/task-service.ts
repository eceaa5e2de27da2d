import { wordStored, type ControlTaskRow, type Locale, type PageResult } from '@sl/contracts';
import type { Principal } from '../../system/access/principal.js';
import { isoRow, missing } from '../control-errors.js';
import type { DownloadService } from './download-service.js';
import type { TaskRecord, TaskSource } from './control-task-repository.js';

/** The task as the reader sees it: its outcome in the reader's language (a terminal's own text and older rows as stored). */
const toRow = (r: TaskRecord, locale: Locale) => {
  const { params: _p, commandId: _c, createdAt: _a, msgKey, msgParams, ...rest } = isoRow(r);
  return { ...rest, msg: wordStored({ text: r.msg, key: msgKey, params: msgParams }, locale) } as unknown as ControlTaskRow;
};

/** The spec's policy task calls: what each download did, and sending again. */
export class ControlTaskService {
  constructor(private readonly downloads: DownloadService) {}

  async page(p: Principal, q: { pageIndex: number; pageSize: number; source?: TaskSource; sourceId?: number; state?: string; terminalId?: number }, locale: Locale = 'en-US'): Promise<PageResult<ControlTaskRow>> {
    const page = await this.downloads.tasks.page(p, q);
    return { ...page, list: page.list.map((row) => toRow(row, locale)) };
  }

  async get(p: Principal, id: number, locale: Locale = 'en-US'): Promise<ControlTaskRow> {
    const row = await this.downloads.tasks.find(p, id);
    if (!row) throw missing('control.taskNotFound', id);
    return toRow(row, locale);
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
