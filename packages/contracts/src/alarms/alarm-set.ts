import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { id } from '../api/fields.js';
import { DEVICE_FAMILIES } from '../enums.js';
import { ALARM_KINDS } from './alarm-kinds.js';

const KINDS = ALARM_KINDS.map((k) => k.kind) as [string, ...string[]];
const limit = (field: string, min: number, max: number) =>
  z.number({ error: `${field} must be a number` }).min(min, `${field} must be at least ${min}`).max(max, `${field} must be at most ${max}`).nullable().default(null);
const hhmm = (field: string) => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${field} must be HH:mm`).nullable().default(null);

/** Thresholds a terminal of the family is set to (sent with the remote settings) and the gateway checks. */
export const alarmThresholds = z
  .object({
    voltageHigh: limit('voltageHigh', 0, 500), voltageLow: limit('voltageLow', 0, 500),
    currentHigh: limit('currentHigh', 0, 1000), currentLow: limit('currentLow', 0, 1000),
    leakageMa: limit('leakageMa', 0, 10_000), powerFactorLow: limit('powerFactorLow', 0, 1),
    dayBurnStart: hhmm('dayBurnStart'), dayBurnEnd: hhmm('dayBurnEnd'),
  })
  .refine((t) => t.voltageHigh === null || t.voltageLow === null || t.voltageLow < t.voltageHigh, { message: 'voltageLow must be below voltageHigh', path: ['voltageLow'] })
  .refine((t) => t.currentHigh === null || t.currentLow === null || t.currentLow < t.currentHigh, { message: 'currentLow must be below currentHigh', path: ['currentLow'] });

const setFields = {
  family: z.enum(DEVICE_FAMILIES, { error: 'family must be rdcsm or rdc4m' }),
  enabledKinds: z.array(z.enum(KINDS, { error: `enabledKinds must hold kinds of ${KINDS.join(', ')}` })).max(KINDS.length),
  thresholds: alarmThresholds.default({} as never),
  debounceS: z.number().int().min(0, 'debounceS must not be negative').max(3600, 'debounceS must be at most 3600').default(0),
  severities: z.partialRecord(z.enum(KINDS), z.literal([1, 2, 3], { error: 'a severity must be 1, 2 or 3' })).default({}),
  smsUserIds: z.array(id('smsUserIds')).max(20, 'at most 20 people are texted').default([]),
  remark: z.string().trim().max(255).default(''),
};
/** The department the settings belong to (they govern its terminals and those below it); the caller's own when left out. */
const deptId = id('deptId').optional();
export const alarmSetAddBody = z.object({ ...setFields, deptId });
export const alarmSetUpdateBody = z.object({ setId: id('setId'), ...setFields, deptId });
export const alarmSetQuery = pageQuery.extend({ family: z.enum(DEVICE_FAMILIES).optional(), deptId });
export const alarmSetDelBody = z.object({ setId: id('setId') });
/** `?deptId=` of `/alarm/set/{family}/info` and `/reset`: the caller's own department when left out. */
export const alarmSetDeptQuery = z.object({ deptId });
/** `GET /alarm/set/info`: the spec's form without a family in the path means rdcsm unless `?family=` says otherwise. */
export const alarmSetInfoQuery = z.object({ deptId, family: z.enum(DEVICE_FAMILIES, { error: 'family must be rdcsm or rdc4m' }).default('rdcsm') });
/** The spec's `/alarm/set/rdc4m/...` forms: the family is rdc4m, and a body naming another is refused. */
const rdc4mOnly = { family: z.literal('rdc4m', { error: 'family must be rdc4m on an /alarm/set/rdc4m/ route' }).default('rdc4m') };
export const alarmSetRdc4mAddBody = alarmSetAddBody.extend(rdc4mOnly);
export const alarmSetRdc4mUpdateBody = alarmSetUpdateBody.extend(rdc4mOnly);
export const alarmSetRdc4mQuery = alarmSetQuery.extend(rdc4mOnly);
export type AlarmSetInput = z.infer<typeof alarmSetAddBody>;
export type AlarmSetQuery = z.infer<typeof alarmSetQuery>;

export interface AlarmSet extends AlarmSetInput {
  setId: number;
  deptId: number;
  updatedAt: string;
}

/**
 * The settings in force for a department's terminals: its own (`setId` > 0), else a copy of those of the nearest
 * department above it that has its own (`setId` 0, `smsUserIds` empty), else the defaults. `fromDeptId` is the
 * department whose settings they are (null for the defaults).
 */
export interface AlarmSetInForce extends Omit<AlarmSet, 'updatedAt'> {
  updatedAt: string | null;
  fromDeptId: number | null;
}

/** A family without a set of its own: every kind raises, no thresholds, nobody texted. */
export const defaultAlarmSet = (family: (typeof DEVICE_FAMILIES)[number]): AlarmSetInput => ({
  family, enabledKinds: [...KINDS], debounceS: 0, severities: {}, smsUserIds: [], remark: '',
  thresholds: { voltageHigh: null, voltageLow: null, currentHigh: null, currentLow: null, leakageMa: null, powerFactorLow: null, dayBurnStart: null, dayBurnEnd: null },
});
