import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { id } from '../api/fields.js';
import { idArray, queryId, queryText } from '../device/terminal-fields.js';
import type { RoundLamp } from '../assets/predictive.js';

const note = (field: string, required = false) => {
  const s = z.string({ error: `${field} must be a string` }).trim().max(500, `${field} must be at most 500 characters`);
  return required ? s.min(1, `${field} is required`) : s.default('');
};

/** `POST /dispatch/workorder/add`: one order for one or many alarms of one department. */
export const workOrderAddBody = z.object({
  alarmIds: idArray('alarmIds'),
  assigneeId: id('assigneeId'),
  priority: z.literal([1, 2, 3], { error: 'priority must be 1 (urgent), 2 (normal) or 3 (low)' }).default(2),
  dueAt: z.coerce.date({ error: 'dueAt must be a date' }).nullable().default(null),
  instruction: note('instruction'),
});
export type WorkOrderAddBody = z.infer<typeof workOrderAddBody>;

export const WORK_ORDER_ACTIONS = ['pickUp', 'progress', 'complete', 'rollBack', 'recall'] as const;
export type WorkOrderAction = (typeof WORK_ORDER_ACTIONS)[number];

/** `POST /dispatch/workorder/{action}`: the order, a note (required to roll back) and photo URLs (completion). */
export const workOrderActionBody = z.object({
  orderId: id('orderId'),
  note: note('note'),
  photos: z.array(z.string().max(255), { error: 'photos must be an array of URLs' }).max(6, 'at most 6 photos').default([]),
});
export type WorkOrderActionBody = z.infer<typeof workOrderActionBody>;

/** `POST /dispatch/workorder/list` (all in scope) and `/dispatch/workorder/mine`. */
export const workOrderQuery = pageQuery.extend({
  status: z.coerce.number({ error: 'status must be a number' }).pipe(z.literal([1, 2, 3, 4, 6], { error: 'status must be 1, 2, 3, 4 or 6' })).optional(),
  assigneeId: queryId('assigneeId'),
  alarmId: queryId('alarmId'),
  sn: queryText('sn', 32),
});
export type WorkOrderQuery = z.infer<typeof workOrderQuery>;

export interface WorkOrderAlarm {
  alarmId: number;
  kind: string;
  status: number;
  message: string;
  raisedAt: string;
  terminalId: number;
  terminalName: string;
  sn: string;
  lng: number | null;
  lat: number | null;
  address: string;
}

export interface WorkOrder {
  orderId: number;
  deptId: number | null;
  status: number;
  assigneeId: number;
  assigneeName: string;
  assigneePhone: string;
  priority: number;
  dueAt: string | null;
  instruction: string;
  progressNote: string;
  completionNote: string;
  photos: string[];
  createdBy: number | null;
  createdByName: string;
  createdAt: string;
  closedAt: string | null;
  /** 'repair': made from alarms; 'maintenance': a planned round of lamps (docs/assets.md). */
  kind: 'repair' | 'maintenance';
  alarms: WorkOrderAlarm[];
  /** A maintenance round's lamps in route order; empty for a repair order. */
  lamps: RoundLamp[];
}

/** Someone a work order may be assigned to: a user with a phone in the alarms' department or a parent. */
export interface Assignee {
  userId: number;
  nickName: string;
  phone: string;
  deptName: string;
}
export const assigneeBody = z.object({ alarmIds: idArray('alarmIds') });
