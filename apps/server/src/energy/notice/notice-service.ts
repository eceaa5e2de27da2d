import { idParams } from '@sl/contracts';
import type { NoticePushEvent, NoticeQuery, NoticeRow, NoticeUnread, PageResult, noticeSend, noticeUpdate } from '@sl/contracts';
import type { z } from 'zod';
import { badRequest, forbidden, notFound, unauthorized, text } from '../../http/errors.js';
import type { Principal } from '../../system/access/principal.js';
import { withIsoDates } from '../../devices/logs/records.js';
import { nextReceipt } from './notice-receipt.js';
import type { NoticeRecord, NoticeRepository } from './notice-repository.js';

/** Announces rows to their recipients; never throws (a lost push must not undo a committed change). */
export type NoticePublisher = (rows: NoticeRow[], event: NoticePushEvent) => Promise<void>;

export const toNoticeRow = (row: NoticeRecord): NoticeRow => withIsoDates(row) as NoticeRow;
const missing = (ids: number[]) => notFound(text('notice.notFound', idParams(ids)));

/** Energy notices: sent to departments, read and answered by the people who can see them. */
export class NoticeService {
  constructor(
    private readonly repo: NoticeRepository,
    private readonly publish: NoticePublisher,
  ) {}

  async page(p: Principal, q: NoticeQuery): Promise<PageResult<NoticeRow>> {
    const page = await this.repo.page(p, q);
    return { ...page, list: page.list.map(toNoticeRow) };
  }

  async get(p: Principal, id: number): Promise<NoticeRow> {
    const row = await this.repo.find(p, id);
    if (!row) throw missing([id]);
    return toNoticeRow(row);
  }

  async unread(p: Principal): Promise<NoticeUnread> {
    return { unread: await this.repo.unreadCount(p) };
  }

  /** One notice per department, all or none; each reaches its department's audience as a `created` push. */
  async send(p: Principal, body: z.output<typeof noticeSend>): Promise<NoticeRow[]> {
    const deptIds = [...new Set(body.deptIds)];
    const rows = await this.repo.transaction(async (repo) => {
      const reachable = new Set(await repo.reachableDepts(p, deptIds));
      const absent = deptIds.filter((d) => !reachable.has(d));
      if (absent.length) throw badRequest(text('system.deptNotFound', idParams(absent)));
      const sender = await repo.person(p.userId);
      if (!sender) throw unauthorized(text('common.accountGone'));
      const sendTime = new Date();
      const ids = await repo.insert(
        deptIds.map((deptId) => ({ deptId, uniqueId: sender.uniqueId, sendDept: sender.deptName, sendTime, level: body.level, sendTitle: body.sendTitle, sendContent: body.sendContent })),
      );
      return (await repo.findMany(p, ids)).map(toNoticeRow);
    });
    await this.publish(rows, 'created');
    return rows;
  }

  /** Read (→ 1) or reply (→ 2) as the caller; the row is locked so concurrent answers apply one at a time. */
  async answer(p: Principal, body: z.output<typeof noticeUpdate>): Promise<NoticeRow> {
    const row = await this.repo.transaction(async (repo) => {
      const current = await repo.lockReceipt(p, body.id);
      if (!current) throw missing([body.id]);
      const actor = await repo.person(p.userId);
      if (!actor) throw unauthorized(text('common.accountGone'));
      await repo.setReceipt(body.id, nextReceipt(body.id, current.recvStatus, body, actor.name));
      return toNoticeRow((await repo.find(p, body.id))!);
    });
    await this.publish([row], 'updated');
    return row;
  }

  /**
   * All or nothing: one id outside the scope deletes none. A notice the caller sees only as a member of its
   * department (the scope does not cover it) is refused by name; one not visible at all answers as missing.
   */
  async remove(p: Principal, ids: number[]): Promise<void> {
    await this.repo.transaction(async (repo) => {
      const deleted = new Set(await repo.delete(p, ids));
      const absent = ids.filter((id) => !deleted.has(id));
      if (absent.length === 0) return;
      const visible = new Set((await repo.findMany(p, absent)).map((row) => row.id));
      const hidden = absent.filter((id) => !visible.has(id));
      if (hidden.length) throw missing(hidden);
      throw forbidden(text('notice.deleteOutOfScope', idParams(absent)));
    });
  }
}
