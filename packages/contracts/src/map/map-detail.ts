import { z } from 'zod';
import { id, timeZoneField } from '../api/fields.js';
import type { LightStates } from '../device/light-state.js';
import type { HeartbeatRecord } from '../device/terminal-views.js';

export const mapTerminalParam = z.object({ terminalId: id('terminalId') });

export interface MapOpenAlarm {
  alarmId: number;
  kind: string;
  message: string;
  raisedAt: string;
}

/** `GET /api/v1/map/terminal/{terminalId}`: what the lamp's popup shows. */
export interface MapTerminalDetail {
  terminalId: number;
  sn: string;
  name: string;
  family: string;
  model: number;
  deptName: string;
  address: string;
  onlineState: number;
  controlMode: string;
  lastSeenAt: string | null;
  state: number;
  latest: HeartbeatRecord | null;
  /** The latest heartbeat's relay (feedback) and measured light (actual), the mode and a manual hold's end; null before the first. */
  light: LightStates | null;
  alarms: MapOpenAlarm[];
}

/** `GET /api/v1/map/summary?tz=`: today's figures beside the map, in the caller's scope and time zone. */
export const mapSummaryQuery = z.object({
  tz: timeZoneField('tz').default('Asia/Shanghai'),
});
export interface MapSummary {
  alarmsByKind: Array<{ kind: string; count: number }>;
  energyByDept: Array<{ deptId: number; deptName: string; energyKwh: number }>;
}
