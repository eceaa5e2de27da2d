import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { id } from '../api/fields.js';
import type { DeviceFamily } from '../enums.js';
import { queryId, queryText, queryTime } from './terminal-fields.js';

/** Counts behind the terminal console's tabs, within the caller's data scope. */
export interface TerminalTab {
  total: number;
  online: number;
  offline: number;
  abnormal: number;
  inFactory: number;
  warehouse: number;
  inUse: number;
  underRepair: number;
  scrapped: number;
}

/** One entry of `GET /terminal/query`, for pickers. */
export interface TerminalPick {
  terminalId: number;
  sn: string;
  name: string;
  family: DeviceFamily;
}
export const TERMINAL_PICK_LIMIT = 20;
export const terminalKeywordQuery = z.object({ keyword: queryText('keyword', 64) });

export interface TerminalImage {
  id: number;
  terminalId: number;
  url: string;
  createdAt: string;
}
export const TERMINAL_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const terminalImageParam = z.object({ id: id('id'), imageId: id('imageId') });

export interface TerminalStatusChange {
  id: number;
  terminalId: number;
  fromStatus: number;
  toStatus: number;
  reason: string;
  userId: number | null;
  userName: string;
  changedAt: string;
}

/** One stored heartbeat as the terminal views show it; columns a model does not report are null. */
export interface HeartbeatRecord {
  id: number;
  terminalId: number;
  mid: string;
  ts: string;
  receivedAt: string;
  model: number;
  voltageA: number | null;
  voltageB: number | null;
  voltageC: number | null;
  currentA: number | null;
  currentB: number | null;
  currentC: number | null;
  powerA: number | null;
  powerB: number | null;
  powerC: number | null;
  powerFactor: number | null;
  energyKwh: number | null;
  leakageMa: number | null;
  dim: number | null;
  on: boolean | null;
  burnHours: number | null;
  temperatureC: number | null;
  extra: unknown;
}
export const terminalDataQuery = pageQuery.extend({ from: queryTime('from'), to: queryTime('to') });
export type TerminalDataQuery = z.input<typeof terminalDataQuery>;

export const positionQuery = z.object({ terminalId: queryId('terminalId') });
export interface TerminalPosition {
  terminalId: number;
  sn: string;
  name: string;
  lng: number | null;
  lat: number | null;
  address: string;
  lastSeenAt: string | null;
}
export interface MapPoint {
  terminalId: number;
  sn: string;
  name: string;
  lng: number;
  lat: number;
  onlineState: number;
}
