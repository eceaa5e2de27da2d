import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { id, optionalText, requiredText, timeZoneField } from '../api/fields.js';
import type { CONTROL_MODES, DeviceFamily } from '../enums.js';
import * as f from './terminal-fields.js';

/** Where a terminal's time zone comes from: its own, its department's, its position's, the installation's. */
export const TIME_ZONE_SOURCES = ['terminal', 'department', 'position', 'installation'] as const;
export type TimeZoneSource = (typeof TIME_ZONE_SOURCES)[number];

export interface Terminal {
  terminalId: number;
  sn: string;
  family: DeviceFamily;
  name: string;
  model: 1 | 2;
  manufacturer: string;
  imsi: string;
  enterpriseId: number | null;
  enterpriseName: string;
  deptId: number | null;
  deptName: string;
  area: string;
  boxId: number | null;
  boxName: string;
  lng: number | null;
  lat: number | null;
  address: string;
  registerState: 1 | 2;
  onlineState: 1 | 2 | 3;
  status: 1 | 2 | 3 | 4 | 5;
  locked: boolean;
  controlMode: (typeof CONTROL_MODES)[number];
  phases: number;
  loops: number;
  installDate: string | null;
  firmware: string;
  heartbeatS: number;
  /** Watts; null: the model's default (`ratedPowerW`). What lit means, and the ceiling of a day's energy. */
  ratedPowerW: number | null;
  /** Its own IANA time zone; null: the one in `zone` is found elsewhere. */
  timeZone: string | null;
  /** The zone its programs, alarm windows and days are read in, and where it comes from. */
  zone: { timeZone: string; source: TimeZoneSource };
  lastSeenAt: string | null;
  remark: string;
  createdAt: string;
  updatedAt: string;
}

/** The answer of add and register: the device secret appears here once and is never stored in clear. */
export type TerminalWithSecret = Terminal & { secret: string };

const editable = {
  sn: f.snField,
  name: requiredText('name', 64),
  family: f.familyField,
  model: f.modelField,
  manufacturer: f.manufacturerField.default('HW'),
  imsi: f.imsiField,
  enterpriseId: f.optionalId('enterpriseId'),
  deptId: id('deptId'),
  area: optionalText('area', 128),
  boxId: f.optionalId('boxId'),
  lng: f.lngField,
  lat: f.latField,
  address: optionalText('address', 255),
  controlMode: f.controlModeField.default('auto'),
  phases: z.number({ error: 'phases must be a number' }).int('phases must be an integer').min(1, 'phases must be 1 to 3').max(3, 'phases must be 1 to 3').default(3),
  loops: z.number({ error: 'loops must be a number' }).int('loops must be an integer').min(0, 'loops must be 0 to 16').max(16, 'loops must be 0 to 16').default(0),
  installDate: z.iso.date({ error: 'installDate must be a date (YYYY-MM-DD)' }).nullable().default(null),
  ratedPowerW: z
    .number({ error: 'ratedPowerW must be a number of watts' })
    .int('ratedPowerW must be a whole number of watts')
    .min(1, 'ratedPowerW must be 1 to 1,000,000 W')
    .max(1_000_000, 'ratedPowerW must be 1 to 1,000,000 W')
    .nullable()
    .default(null),
  timeZone: timeZoneField('timeZone').nullable().default(null),
  remark: optionalText('remark', 255),
};

export const terminalInput = z.object({ ...editable, status: f.terminalStatusField.default(1) });
export type TerminalInput = z.input<typeof terminalInput>;
/** Status changes go through `/terminal/status/update`, so an edit leaves it alone. */
export const terminalUpdate = z.object({ terminalId: id('terminalId'), ...editable });
export type TerminalUpdate = z.input<typeof terminalUpdate>;

export const terminalFilter = {
  sn: f.queryText('sn', 32),
  name: f.queryText('name', 64),
  family: f.familyField.optional(),
  model: f.queryNumberIn('model', [1, 2], '1 or 2'),
  onlineState: f.queryNumberIn('onlineState', [1, 2, 3], '1 (online), 2 (offline) or 3 (abnormal)'),
  /** 6 means every status. */
  status: f.queryNumberIn('status', [1, 2, 3, 4, 5, 6], '1 to 6 (6 = all)'),
  registerState: f.queryNumberIn('registerState', [1, 2], '1 (registered) or 2 (not registered)'),
  deptId: f.queryId('deptId'),
  enterpriseId: f.queryId('enterpriseId'),
  area: f.queryText('area', 128),
  boxId: f.queryId('boxId'),
  manufacturer: f.manufacturerField.optional(),
  /** Free text matched against name, serial number and IMSI. */
  keyword: f.queryText('keyword', 64),
};
export const terminalQuery = pageQuery.extend({
  ...terminalFilter,
  /**
   * Keyset paging: the last terminalId of the page before. The page then starts after that terminal
   * instead of skipping (pageIndex − 1) × pageSize rows, so page 2,000 costs what page 1 does.
   */
  afterId: f.queryId('afterId'),
});
export type TerminalQuery = z.input<typeof terminalQuery>;
export type TerminalFilter = Omit<z.output<typeof terminalQuery>, 'pageIndex' | 'pageSize' | 'afterId'>;
/** Inventory: terminals in the factory (1) or the warehouse (2). */
export const inventoryQuery = terminalQuery.extend({ status: f.queryNumberIn('status', [1, 2], '1 (in factory) or 2 (warehouse)') });

export const terminalRegister = z.object({
  terminalId: id('terminalId'),
  registerState: f.registerStateField,
  regenerateSecret: z.boolean({ error: 'regenerateSecret must be true or false' }).default(false),
});
export interface TerminalRegistration {
  terminalId: number;
  registerState: 1 | 2;
  /** Present only when a new secret was issued. */
  secret?: string;
}

export const terminalStatusUpdate = z.object({ terminalId: id('terminalId'), status: f.terminalStatusField, reason: requiredText('reason', 255) });
export type TerminalStatusUpdate = z.input<typeof terminalStatusUpdate>;
