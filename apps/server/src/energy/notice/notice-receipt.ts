import { NoticeRecvStatus, type noticeUpdate } from '@sl/contracts';
import type { z } from 'zod';
import { badRequest, text } from '../../http/errors.js';
import type { NoticeReceipt } from './notice-repository.js';

type UpdateBody = z.output<typeof noticeUpdate>;

/**
 * The receiving side's answer to a notice, or a 400 saying why it is not allowed. Forward only:
 * 0 → 1 (read), 0 or 1 → 2 (replied, with recvContent); nothing leaves 2. recvName and recvTime
 * record who acted last and when, so after a reply they name the replier.
 */
export function nextReceipt(id: number, current: number, body: UpdateBody, actor: string, now = new Date()): NoticeReceipt {
  if (current === NoticeRecvStatus.replied) throw badRequest(text('notice.alreadyReplied', { id }));
  if (body.recvStatus === NoticeRecvStatus.read) {
    if (current === NoticeRecvStatus.read) throw badRequest(text('notice.alreadyRead', { id }));
    if (body.recvContent) throw badRequest(text('notice.contentWithoutReply'));
    return { recvStatus: NoticeRecvStatus.read, recvName: actor, recvTime: now };
  }
  if (!body.recvContent) throw badRequest(text('notice.replyContentRequired'));
  return { recvStatus: NoticeRecvStatus.replied, recvContent: body.recvContent, recvName: actor, recvTime: now };
}
