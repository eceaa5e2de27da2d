import { z } from 'zod';
import { id } from './api/fields.js';
import type { NoticeRow } from './energy/notice.js';

/** Push connections of spec §7: `/api/v1/ws/{name}/{uniqueId}/{userId}` and `/api/v1/ws/notice/{uniqueId}`, token in `?token=`. */
/** `map` (ours, beside the spec's three) carries the digital map's state deltas. */
export const USER_PUSH_CHANNELS = ['msg', 'alarm', '50rdcsm', 'map'] as const;
export const PUSH_CHANNELS = [...USER_PUSH_CHANNELS, 'notice'] as const;
export type PushChannel = (typeof PUSH_CHANNELS)[number];

export const pushPath = (channel: PushChannel, uniqueId: string, userId: number) =>
  channel === 'notice' ? `/api/v1/ws/notice/${uniqueId}` : `/api/v1/ws/${channel}/${uniqueId}/${userId}`;

export const pushChannelParams = z.object({
  name: z.enum(USER_PUSH_CHANNELS, { error: `name must be one of ${USER_PUSH_CHANNELS.join(', ')}` }),
  uniqueId: z.string().min(1).max(64),
  userId: id('userId'),
});
export const noticeChannelParams = z.object({ uniqueId: z.string().min(1).max(64) });
export const pushQuery = z.object({ token: z.string().max(4096).optional() });

/** Who a push item comes from: the console branches on it. */
export const PushSender = { system: 'systemUser', notice: 'noticeData' } as const;
export type PushSenderValue = (typeof PushSender)[keyof typeof PushSender];

/** Every push is JSON with a code; the console processes code 200. */
export interface PushMessage {
  code: number;
  [key: string]: unknown;
}

export interface AlarmPushItem {
  sortId: number;
  terminalName: string;
  alarmMsg: string;
  sendUserId: typeof PushSender.system;
  /** The alarm's status after the change, and the workflow event (raise, dispatch, pickUp, ...). */
  status?: number;
  event?: string;
  /** 1 critical, 2 major, 3 minor (the family's alarm setting, else the catalogue). */
  severity?: number;
}

/** Spec §3 "Alarm push message"; alarmCount is the recipient's open alarms in scope, as `GET /alarm/number` counts them (`open`). */
export interface AlarmPush extends PushMessage {
  code: 200;
  alarmCount: number;
  data: AlarmPushItem[];
  /** In an alarm storm pushes are coalesced (at most one a second): how many changes this one stands for; `data` holds the latest 20. */
  coalesced?: number;
}

/** `created`: a notice reached the recipient (pop-up and badge); `updated`: it was read or replied to (badge and lists only). */
export const NOTICE_PUSH_EVENTS = ['created', 'updated'] as const;
export type NoticePushEvent = (typeof NOTICE_PUSH_EVENTS)[number];

/** A push on the `notice` channel: one notice row; unread is the recipient's count, as `GET /energy/notice/unread` counts it. */
export interface NoticePush extends PushMessage {
  code: 200;
  sendUserId: typeof PushSender.notice;
  event: NoticePushEvent;
  unread: number;
  data: NoticeRow;
}

/** Keep-alive: the console sends either form after 120 s of silence and expects the matching answer. */
export const PUSH_PING_TEXT = 'ping';
export const PUSH_PONG_TEXT = 'pong';
export const PUSH_PING_JSON = { type: 'ping' } as const;
export const PUSH_PONG_JSON = { type: 'pong' } as const;

/** Close codes after an accepted upgrade (a missing or invalid token is refused before it, with HTTP 401). */
export const PushCloseCode = { unauthorized: 4401, forbidden: 4403 } as const;

/** A push on the `50rdcsm` channel to the user who sent a command: its task settled (succeeded, failed or timed out). */
export interface CommandResultPush extends PushMessage {
  code: 200;
  event: 'task';
  taskId: number;
  terminalId: number;
  cmd: string;
  state: 'succeeded' | 'failed' | 'timedOut';
  msg: string;
}
