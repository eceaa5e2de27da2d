import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { bigId, id, optionalText, requiredText } from '../api/fields.js';
import { queryText } from '../device/terminal-fields.js';

const hhmm = (field: string) => z.string({ error: `${field} must be a time` }).regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, `${field} must be a time HH:mm`);
const terminalIds = z.array(id('terminalIds'), { error: 'terminalIds must be an array of ids' }).max(100_000).default([]);

/** The four kinds of settings of the 控制策略 area, each a named set owned by a department. */
export const SET_KINDS = ['strategy', 'area', 'electricity', 'maintenance'] as const;
export type SetKind = (typeof SET_KINDS)[number];

/** Strategy set: the policy terminals run when no plan covers them; one set is the default. */
export const strategySetBody = z.object({
  name: requiredText('name', 64),
  policyId: bigId('policyId'),
  isDefault: z.boolean().default(false),
  remark: optionalText('remark', 255),
});
/** Area set: a named group of terminals, used by plans (group mode 2) and filters. */
export const areaSetBody = z.object({ name: requiredText('name', 64), terminalIds, remark: optionalText('remark', 255) });
/** Electricity set: time-of-use tariff periods covering the day, price per kWh. */
export const tariffPeriod = z.object({ from: hhmm('from'), to: hhmm('to'), price: z.number({ error: 'price must be a number' }).min(0, 'price must not be negative').max(100) });
export type TariffPeriod = z.infer<typeof tariffPeriod>;
export const electricitySetBody = z.object({
  name: requiredText('name', 64),
  currency: z.string().trim().max(8).default('CNY'),
  periods: z.array(tariffPeriod).min(1, 'periods must not be empty').max(24),
  remark: optionalText('remark', 255),
});
/** Maintenance set: the unit that maintains terminals, its contact and the interval between visits. */
export const maintenanceSetBody = z.object({
  name: requiredText('name', 64),
  unit: requiredText('unit', 128),
  contact: optionalText('contact', 64),
  phone: z.string().trim().regex(/^(\+?\d[\d -]{5,19})?$/, 'phone must be a phone number').default(''),
  intervalDays: z.number({ error: 'intervalDays must be a number' }).int().min(1, 'intervalDays must be 1 to 3650').max(3650, 'intervalDays must be 1 to 3650'),
  terminalIds,
  remark: optionalText('remark', 255),
});

export const SET_BODIES = { strategy: strategySetBody, area: areaSetBody, electricity: electricitySetBody, maintenance: maintenanceSetBody } as const;
export type SetBody<K extends SetKind> = z.output<(typeof SET_BODIES)[K]>;

export interface SetRow {
  id: number;
  kind: SetKind;
  name: string;
  deptId: number | null;
  isDefault: boolean;
  data: Record<string, unknown>;
  terminalCount: number;
  createdAt: string;
  updatedAt: string;
}
export const setQuery = pageQuery.extend({ name: queryText('name', 64) });
/** Alarms about to be dispatched: which maintenance units look after their terminals. */
export const maintenanceSuggestBody = z.object({ alarmIds: z.array(id('alarmIds'), { error: 'alarmIds must be an array of ids' }).min(1, 'alarmIds must not be empty').max(500) });
/** A maintenance unit suggested for a dispatch: by its own terminals first, else by the terminals' department. */
export interface MaintenanceSuggestion {
  id: number;
  name: string;
  unit: string;
  contact: string;
  phone: string;
  intervalDays: number;
  /** How many of the alarms' terminals it covers, and whether as a member (`terminal`) or by department (`dept`). */
  covers: number;
  by: 'terminal' | 'dept';
}
/** Per-terminal strategy: the set a terminal runs instead of the default (null clears the override). */
export const strategyTerminalUpdate = z.object({ terminalIds: z.array(id('terminalIds')).min(1, 'terminalIds must not be empty').max(500), strategyId: id('strategyId').nullable() });

/** `/strategy/set/terminal/info`: the terminal's own strategy, and the default it follows without one. */
export interface TerminalStrategyInfo {
  terminalId: number;
  strategy: { id: number; name: string; policyId: number } | null;
  default: SetRow | null;
}
