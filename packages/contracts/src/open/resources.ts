import { z } from 'zod';
import { id } from '../api/fields.js';

/** Cursor paging of the open API: `cursor` is the `nextCursor` of the previous page (opaque), `limit` at most 200. */
export const openCursorQuery = z.object({
  cursor: z.string({ error: 'cursor must be a string' }).regex(/^[A-Za-z0-9_-]{1,40}$/, 'cursor must be the nextCursor of a previous page').optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be an integer').min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').default(50),
});
export type OpenCursorQuery = z.infer<typeof openCursorQuery>;

export const openEventQuery = openCursorQuery.extend({
  open: z.enum(['true', 'false'], { error: 'open must be true or false' }).optional(),
  deviceId: id('deviceId').optional(),
});
export type OpenEventQuery = z.infer<typeof openEventQuery>;

export const openDeviceParams = z.object({ deviceId: id('deviceId') });
export const openCommandParams = z.object({ commandId: z.coerce.number({ error: 'commandId must be a number' }).int().positive('commandId must be positive').max(Number.MAX_SAFE_INTEGER) });

/** Lamp commands of the open API (TALQ LampActuator): on, off, dim to a level, back to the program. */
export const OPEN_COMMAND_ACTIONS = ['switchOn', 'switchOff', 'dim', 'auto'] as const;
export const openCommandBody = z
  .object({
    action: z.enum(OPEN_COMMAND_ACTIONS, { error: `action must be one of ${OPEN_COMMAND_ACTIONS.join(', ')}` }),
    level: z.number({ error: 'level must be a number' }).int('level must be an integer').min(0, 'level must be 0-100').max(100, 'level must be 0-100').optional(),
    /** Wait for the terminal's reply (up to the command time-out) before answering; otherwise answer at once with state pending. */
    wait: z.boolean({ error: 'wait must be true or false' }).default(true),
  })
  .refine((b) => b.action !== 'dim' || b.level !== undefined, { message: 'level is required to dim', path: ['level'] });
export type OpenCommandBody = z.infer<typeof openCommandBody>;

/** OAuth 2.0 client-credentials token request (RFC 6749 §4.4), as JSON or form fields. */
export const openTokenBody = z.object({
  grant_type: z.string({ error: 'grant_type must be a string' }).max(64),
  client_id: z.string({ error: 'client_id must be a string' }).max(64).optional(),
  client_secret: z.string({ error: 'client_secret must be a string' }).max(128).optional(),
  scope: z.string({ error: 'scope must be a string' }).max(256).optional(),
});

export interface OpenPage<T> {
  items: T[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** A TALQ function of a device with its attributes. */
export interface OpenFunction {
  id: string;
  type: 'controller' | 'lampActuator' | 'relay' | 'electricalMeter';
  attributes: Record<string, string | number | boolean | null>;
}

export interface OpenDevice {
  id: number;
  sn: string;
  name: string;
  family: string;
  model: 1 | 2;
  deptId: number | null;
  location: { lat: number | null; lng: number | null; address: string };
  functions: OpenFunction[];
}

export interface OpenEvent {
  id: number;
  deviceId: number;
  type: string;
  severity: number | null;
  status: number;
  open: boolean;
  message: string;
  raisedAt: string;
  clearedAt: string | null;
}

export interface OpenReading {
  time: string;
  voltage: number | null;
  current: number | null;
  activePower: number | null;
  powerFactor: number | null;
  energyKwh: number | null;
  dimLevel: number | null;
  lampOn: boolean | null;
}

export interface OpenCommand {
  id: number;
  deviceId: number;
  action: string;
  state: 'pending' | 'succeeded' | 'failed' | 'timedOut';
  message: string;
  createdAt: string;
  finishedAt: string | null;
}

export interface OpenCalendar {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  targets: { groupMode: number; ids: number[] };
  program: { id: number; name: string; steps: unknown[] };
}

export interface OpenOverride {
  id: number;
  name: string;
  action: string;
  level: number;
  startAt: string;
  expireAt: string;
  cancelledAt: string | null;
  targets: { groupMode: number; ids: number[] };
}
