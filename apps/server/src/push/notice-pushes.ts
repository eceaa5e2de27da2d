import { PushSender, type NoticePush, type NoticePushEvent, type NoticeRow, NOTICE_PERMISSION } from '@sl/contracts';
import type { NoticeRepository } from '../energy/notice/notice-repository.js';
import type { NoticePublisher } from '../energy/notice/notice-service.js';
import type { PushHub } from './push-hub.js';

export const noticePush = (row: NoticeRow, event: NoticePushEvent): NoticePush => ({
  code: 200,
  sendUserId: PushSender.notice,
  event,
  unread: 0,
  data: row,
});

/**
 * Notice pushes on the `notice` channel: each row goes to the users who can list it (its department's
 * members and those whose scope covers it, holding the list permission), with their own unread count.
 * Registers that count on the hub and returns the publisher the notice service calls.
 */
export function startNoticePushes(hub: PushHub, repo: NoticeRepository): NoticePublisher {
  hub.shape('notice', async (viewer, message) =>
    message.sendUserId === PushSender.notice ? { ...message, unread: await repo.unreadCount(viewer.principal) } : message,
  );
  return async (rows, event) => {
    await Promise.all(
      rows.map((row) =>
        hub
          .publish('notice', noticePush(row, event), { deptId: row.deptId, members: true, permission: NOTICE_PERMISSION.query })
          .catch((err: unknown) => hub.log.error({ err, noticeId: row.id }, 'notice push failed')),
      ),
    );
  };
}
