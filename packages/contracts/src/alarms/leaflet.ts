import { z } from 'zod';
import type { Locale } from '../constants.js';
import { pageQuery } from '../api/envelope.js';
import { bigId, id, optionalText, requiredText } from '../api/fields.js';
import { queryText } from '../device/terminal-fields.js';
import { groupModeField } from '../control/plan.js';

/** Permission strings of the 派发传单 page (menu catalogue: dispatch:leaflet). */
export const LEAFLET_PERMISSION = {
  query: 'dispatch:leaflet:query',
  add: 'dispatch:leaflet:add',
  edit: 'dispatch:leaflet:edit',
  remove: 'dispatch:leaflet:remove',
} as const;

/** A receiver's progress, and the leaflet's overall status (the lowest of its receivers'). */
export const LeafletStatus = { sent: 1, acknowledged: 2, completed: 3 } as const;
export type LeafletStatus = (typeof LeafletStatus)[keyof typeof LeafletStatus];

export const LEAFLET_STATUS_NAMES: Record<number, Record<Locale, string>> = {
  1: { 'zh-CN': '已派发', 'en-US': 'Sent' },
  2: { 'zh-CN': '已确认', 'en-US': 'Acknowledged' },
  3: { 'zh-CN': '已完成', 'en-US': 'Completed' },
};

const leafletStatusField = z.coerce
  .number({ error: 'status must be a number' })
  .pipe(z.literal([1, 2, 3], { error: 'status must be 1 (sent), 2 (acknowledged) or 3 (completed)' }));

/** `POST /dispatch/addDistributeLeaflets`: an instruction for terminals or area sets, sent to receivers, due at a time. */
export const leafletBody = z.object({
  title: requiredText('title', 64),
  instruction: requiredText('instruction', 1000),
  groupMode: groupModeField.default(1),
  targetIds: z.array(id('targetIds'), { error: 'targetIds must be an array of ids' }).min(1, 'targetIds must not be empty').max(100_000, 'targetIds must hold at most 100,000 ids'),
  receiverIds: z.array(id('receiverIds'), { error: 'receiverIds must be an array of user ids' }).min(1, 'receiverIds must not be empty').max(200, 'receiverIds must hold at most 200 users'),
  dueAt: z.coerce.date({ error: 'dueAt must be a date' }),
  /** The department the leaflet is filed under (its data scope); the caller's own when absent. */
  deptId: id('deptId').nullable().default(null),
  remark: optionalText('remark', 255),
});
export type LeafletBody = z.output<typeof leafletBody>;

/** `PUT /dispatch/updateDistributeLeaflets`: the whole leaflet again; receivers kept keep their progress. */
export const leafletUpdate = leafletBody.extend({ id: bigId('id') });
export type LeafletUpdate = z.output<typeof leafletUpdate>;

/** The supervisor's list (`/dispatch/leaflet/list`) and the receiver's (`/dispatch/myDispatchList`). */
export const leafletQuery = pageQuery.extend({
  title: queryText('title', 64),
  status: leafletStatusField.optional(),
  overdue: z.coerce.boolean({ error: 'overdue must be true or false' }).optional(),
});
export type LeafletQuery = z.infer<typeof leafletQuery>;

/** `POST /dispatch/leaflet/acknowledge|complete`: the caller's own receipt; completing takes a note. */
export const leafletReceiptBody = z.object({
  id: bigId('id'),
  note: z.string({ error: 'note must be a string' }).trim().max(500, 'note must be at most 500 characters').default(''),
});
export type LeafletReceiptBody = z.output<typeof leafletReceiptBody>;

export const leafletReceiverQuery = z.object({ keyword: queryText('keyword', 64) });

export interface LeafletReceiver {
  userId: number;
  nickName: string;
  phone: string;
  status: number;
  acknowledgedAt: string | null;
  completedAt: string | null;
  note: string;
}

export interface Leaflet {
  /** Tells a leaflet from a control policy in `/policy/getData`. */
  kind: 'leaflet';
  id: number;
  title: string;
  instruction: string;
  groupMode: 1 | 2;
  targetIds: number[];
  /** The targets named, for display: terminals (group mode 1) or area sets (2). */
  targets: { id: number; name: string }[];
  terminalCount: number;
  dueAt: string;
  deptId: number | null;
  deptName: string | null;
  remark: string;
  status: number;
  createdBy: number | null;
  createdByName: string;
  createdAt: string;
  updatedAt: string;
  receivers: LeafletReceiver[];
}

/** Someone a leaflet may be sent to: an active user of the caller's data scope. */
export interface LeafletReceiverOption {
  userId: number;
  nickName: string;
  phone: string;
  deptName: string;
}

export const LEAFLET_ACTIONS = ['acknowledge', 'complete'] as const;
export type LeafletAction = (typeof LEAFLET_ACTIONS)[number];

/** A receiver's moves: acknowledge from sent, complete from sent or acknowledged. */
export const LEAFLET_MOVES: Record<LeafletAction, { from: number[]; to: LeafletStatus; name: Record<Locale, string> }> = {
  acknowledge: { from: [LeafletStatus.sent], to: LeafletStatus.acknowledged, name: { 'zh-CN': '确认', 'en-US': 'acknowledged' } },
  complete: { from: [LeafletStatus.sent, LeafletStatus.acknowledged], to: LeafletStatus.completed, name: { 'zh-CN': '完成', 'en-US': 'completed' } },
};
