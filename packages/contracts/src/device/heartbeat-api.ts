import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { bigId, id, timeZoneField } from '../api/fields.js';
import type { DeviceFamily } from '../enums.js';
import { familyField, queryId, queryText, queryTime } from './terminal-fields.js';
import type { HeartbeatRecord } from './terminal-views.js';

export const familyParam = z.object({ family: familyField });
export const familyIdParam = z.object({ family: familyField, id: bigId('id') });

/** Filters shared by every per-terminal record list: heartbeats, device logs, events, tasks. */
export const deviceRecordQuery = pageQuery.extend({
  terminalId: queryId('terminalId'),
  sn: queryText('sn', 32),
  family: familyField.optional(),
  from: queryTime('from'),
  to: queryTime('to'),
});
export type DeviceRecordQuery = z.infer<typeof deviceRecordQuery>;

/** The terminal a record belongs to, repeated on every row so lists need no second call. */
export interface TerminalRef {
  terminalId: number;
  terminalName: string;
  sn: string;
  family: DeviceFamily;
}

/** A stored heartbeat in the heartbeat lists, with its terminal. */
export interface HeartbeatListItem extends HeartbeatRecord, TerminalRef {}

export const heartStatisticsQuery = z.object({
  terminalId: queryId('terminalId'),
  from: queryTime('from'),
  to: queryTime('to'),
  tz: timeZoneField('tz').default('UTC'),
});
export type HeartStatisticsQuery = z.infer<typeof heartStatisticsQuery>;
/** `GET /heart/data/statistics`: either family (one terminal's whatever its family), or the one asked. */
export const heartStatisticsAnyQuery = heartStatisticsQuery.extend({ family: familyField.optional() });
export type HeartStatisticsAnyQuery = z.infer<typeof heartStatisticsAnyQuery>;

/**
 * Energy and power of one day. Per terminal: energy = the meter's rises between consecutive readings (a drop is a
 * reset and counts nothing), each spread over the time between its two readings and cut at midnight (docs/energy.md);
 * power = the sum of the phases. Over several terminals the figures add up: energy and mean power are fleet totals,
 * maxPowerKw the sum of the terminals' peaks.
 */
export interface HeartStatisticsDay {
  day: string;
  energyKwh: number;
  avgPowerKw: number;
  maxPowerKw: number;
  terminals: number;
  samples: number;
}

/** The body of `POST /sendHeartAll` may be absent: every family. */
export const heartSendAllBody = z.preprocess((v) => v ?? {}, z.object({ family: familyField.optional() }));
export const terminalIdParam = z.object({ terminalId: id('terminalId') });

export const TERMINAL_LOG_KINDS = ['unline', 'gmt', 'heart', 'init', 'leakage', 'lock', 'status', 'timing'] as const;
export type TerminalLogKind = (typeof TERMINAL_LOG_KINDS)[number];

/** One device log entry of spec §7 "Logs". */
export interface DeviceLog extends TerminalRef {
  id: number;
  kind: TerminalLogKind;
  msg: string;
  detail: unknown;
  createdAt: string;
}

/** A fault a terminal reported, raised or cleared: the rdcsm report log. */
export interface DeviceEventRecord extends TerminalRef {
  id: number;
  mid: string;
  event: string;
  state: 'raised' | 'cleared';
  value: number | null;
  loop: number | null;
  phase: string | null;
  ts: string;
  receivedAt: string;
}
