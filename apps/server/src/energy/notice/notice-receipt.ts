import { NoticeRecvStatus, type noticeUpdate } from '@sl/contracts';
import type { z } from 'zod';
import { badRequest } from '../../http/errors.js';
import type { NoticeReceipt } from './notice-repository.js';

type UpdateBody = z.output<typeof noticeUpdate>;

/**
 * The receiving side's answer to a notice, or a 400 saying why it is not allowed. Forward only:
 * 0 → 1 (read), 0 or 1 → 2 (replied, with recvContent); nothing leaves 2. recvName and recvTime
 * record who acted last and when, so after a reply they name the replier.
 */
export function nextReceipt(id: number, current: number, body: UpdateBody, actor: string, now = new Date()): NoticeReceipt {
  if (current === NoticeRecvStatus.replied) throw badRequest(`Notice ${id} has already been replied to and cannot change`);
  if (body.recvStatus === NoticeRecvStatus.read) {
    if (current === NoticeRecvStatus.read) throw badRequest(`Notice ${id} is already read`);
    if (body.recvContent) throw badRequest('recvContent is only accepted with recvStatus 2 (replied)');
    return { recvStatus: NoticeRecvStatus.read, recvName: actor, recvTime: now };
  }
  if (!body.recvContent) throw badRequest('recvContent is required to reply (recvStatus 2)');
  return { recvStatus: NoticeRecvStatus.replied, recvContent: body.recvContent, recvName: actor, recvTime: now };
}
