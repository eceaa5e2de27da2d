import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { id, requiredText } from '../api/fields.js';
import { NOTICE_LIST_PAGE_SIZE } from '../constants.js';
import { idArray, queryId, queryText, queryTime } from '../device/terminal-fields.js';
import { NoticeLevel, NoticeRecvStatus } from '../enums.js';

/**
 * The notice page's buttons. Reading and replying need only `query`: every user who can list a
 * department's notices is one of its recipients.
 */
export const NOTICE_PERMISSION = {
  query: 'notice:notice:query',
  add: 'notice:notice:add',
  remove: 'notice:notice:remove',
} as const;

/** Longest texts of a notice, in characters. */
export const NOTICE_LIMITS = { title: 128, content: 2000, reply: 1000 } as const;

const RECV_STATUSES = [NoticeRecvStatus.notOperated, NoticeRecvStatus.read, NoticeRecvStatus.replied] as const;
const LEVELS = [NoticeLevel.normal, NoticeLevel.important, NoticeLevel.urgent] as const;
const LEVEL_HINT = '1 (normal), 2 (important) or 3 (urgent)';
const RECV_STATUS_HINT = '0 (not operated), 1 (read) or 2 (replied)';

const levelField = z.literal(LEVELS, { error: `level must be ${LEVEL_HINT}` });

/**
 * Spec §3 "Bulletin notice": one row per receiving department (`deptId`). A send to several
 * departments makes one row each with the same title, content and sendTime. `uniqueId` is the
 * sender's session uniqueId, `sendDept` the sender's department name when it was sent.
 * `recvName`/`recvTime` describe the latest action on the receiving side (read, then reply).
 */
export const notice = z.object({
  id: z.number().int(),
  uniqueId: z.string(),
  deptId: z.number().int(),
  level: levelField,
  sendTitle: z.string(),
  sendContent: z.string(),
  sendDept: z.string(),
  sendTime: z.string(),
  recvContent: z.string(),
  recvName: z.string(),
  recvTime: z.string().nullable(),
  recvStatus: z.literal(RECV_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Notice = z.infer<typeof notice>;

/** What lists, info, updates and pushes answer: the notice with its receiving department's name. */
export const noticeRow = notice.extend({ deptName: z.string() });
export type NoticeRow = z.infer<typeof noticeRow>;

/** Consoles send unused filters as '' or null: both mean "no filter" (not recvStatus 0). */
const unsetIfBlank = (v: unknown) => (v === '' || v === null ? undefined : v);
const numberIn = <const T extends readonly [number, ...number[]]>(field: string, values: T, hint: string) =>
  z.preprocess(
    unsetIfBlank,
    z.coerce.number({ error: `${field} must be a number` }).pipe(z.literal(values, { error: `${field} must be ${hint}` })).optional(),
  );

/** `POST /energy/notice/list`: paging (default page size 10, spec §9) and filters in the body; newest first. */
export const noticeQuery = pageQuery.extend({
  pageSize: pageQuery.shape.pageSize.unwrap().default(NOTICE_LIST_PAGE_SIZE),
  recvStatus: numberIn('recvStatus', RECV_STATUSES, RECV_STATUS_HINT),
  level: numberIn('level', LEVELS, LEVEL_HINT),
  /** Part of sendTitle, case-insensitive. */
  title: queryText('title', NOTICE_LIMITS.title),
  deptId: z.preprocess(unsetIfBlank, queryId('deptId')),
  /** sendTime range, ISO 8601 or epoch milliseconds, both ends included. */
  from: z.preprocess(unsetIfBlank, queryTime('from')),
  to: z.preprocess(unsetIfBlank, queryTime('to')),
});
export type NoticeQuery = z.infer<typeof noticeQuery>;

/**
 * `POST /energy/notice/update`: the receiving side's actions. 1 marks read (0 → 1); 2 replies with
 * recvContent (0 or 1 → 2). recvName is the caller's name, set by the server; other fields are ignored.
 */
export const noticeUpdate = z.object({
  id: id('id'),
  recvStatus: z.literal([NoticeRecvStatus.read, NoticeRecvStatus.replied], {
    error: 'recvStatus must be 1 (read) or 2 (replied); a notice never returns to 0',
  }),
  recvContent: z
    .string({ error: 'recvContent must be a string' })
    .trim()
    .max(NOTICE_LIMITS.reply, `recvContent must be at most ${NOTICE_LIMITS.reply} characters`)
    .default(''),
});
export type NoticeUpdate = z.input<typeof noticeUpdate>;

/** `POST /energy/notice/add`: one notice to each department. */
export const noticeSend = z.object({
  deptIds: idArray('deptIds'),
  sendTitle: requiredText('sendTitle', NOTICE_LIMITS.title),
  sendContent: requiredText('sendContent', NOTICE_LIMITS.content),
  level: levelField.default(NoticeLevel.normal),
});
export type NoticeSend = z.input<typeof noticeSend>;

/** `GET /energy/notice/unread`: the caller's notices with recvStatus 0, for the top bar's badge. */
export interface NoticeUnread {
  unread: number;
}
