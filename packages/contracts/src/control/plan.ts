import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { bigId, id, optionalText, requiredText, timeZoneField } from '../api/fields.js';
import { queryText } from '../device/terminal-fields.js';
import { calendarRules, dayStartField } from './calendar.js';

const dateField = (field: string) => z.string({ error: `${field} must be a date` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date YYYY-MM-DD`);

/** Spec §3 group mode: 1 the chosen terminals, 2 the terminals of the chosen area sets. */
export const groupModeField = z.literal([1, 2], { error: 'groupMode must be 1 (by group) or 2 (by area)' });
const targetIds = z.array(id('targetIds'), { error: 'targetIds must be an array of ids' }).min(1, 'targetIds must not be empty').max(100_000, 'targetIds must hold at most 100,000 ids');

/** A schedule plan: one policy on a set of terminals for a date range (inclusive, each terminal's local dates). */
export const planBody = z.object({
  name: requiredText('name', 64),
  policyId: bigId('policyId'),
  groupMode: groupModeField,
  targetIds,
  startDate: dateField('startDate'),
  endDate: dateField('endDate'),
  /**
   * The zone the console shows the plan in (its calendar's today, a preview's default). Terminals do not run in it: each
   * runs the plan's dates and clock times in its own zone (docs/control.md).
   */
  timeZone: timeZoneField('timeZone').default('Asia/Shanghai'),
  remark: optionalText('remark', 255),
  /** Calendar rules (holidays, special days) over the plan's own policy, highest priority first (calendar.ts). */
  rules: calendarRules.default([]),
  /** When the rules' days start: local midnight, or noon (noon-to-noon, a night is one day's). */
  dayStart: dayStartField.default('midnight'),
});
export type PlanBody = z.output<typeof planBody>;
export const planUpdate = planBody.extend({ id: id('id') });

export const downloadCounts = z.object({ total: z.number(), pending: z.number(), succeeded: z.number(), failed: z.number() });
export type DownloadCounts = z.infer<typeof downloadCounts>;

export const planRow = planBody.extend({
  id: z.number().int(),
  policyName: z.string(),
  deptId: z.number().nullable(),
  terminalCount: z.number(),
  downloads: downloadCounts,
  createdAt: z.string(),
});
export type PlanRow = z.infer<typeof planRow>;
export const planQuery = pageQuery.extend({ name: queryText('name', 64), date: dateField('date').optional() });

/** Without dates: the current month. */
export const planCalendarQuery = z.object({ from: dateField('from').optional(), to: dateField('to').optional(), terminalId: id('terminalId').optional() });
/**
 * One day of the plan calendar: the plans (and their policies) that run that day, whatever their
 * open mode, and `steps`, how many of the policy's steps run on that weekday (0: the plan holds its
 * terminals that day but nothing switches).
 */
export interface PlanCalendarDay {
  date: string;
  /**
   * `rule`: the calendar rule that wins that day (its name and index, highest priority first), null when the plan's own
   * policy runs; `policyId`/`policyName`/`steps` are then the rule's policy.
   */
  plans: { id: number; name: string; policyId: number; policyName: string; steps: number; rule: { index: number; name: string } | null }[];
}

/** Emergency override (TALQ override): replaces every plan on its terminals from start to expiry; the newest active one wins. */
export const emergencyBody = z.object({
  name: requiredText('name', 64),
  action: z.enum(['on', 'off', 'dim'], { error: 'action must be on, off or dim' }),
  level: z.number({ error: 'level must be a number' }).int().min(0, 'level must be 0-100').max(100, 'level must be 0-100').default(100),
  groupMode: groupModeField,
  targetIds,
  /** Epoch ms or ISO; now when absent. */
  startAt: z.coerce.date({ error: 'startAt must be a date' }).optional(),
  durationMin: z.number({ error: 'durationMin must be a number' }).int().min(1, 'durationMin must be 1 to 10080 minutes').max(10_080, 'durationMin must be 1 to 10080 minutes'),
  remark: optionalText('remark', 255),
});
export type EmergencyBody = z.output<typeof emergencyBody>;

/** What an emergency plan would reach, asked before it is sent so its confirmation names it. */
export const emergencyReachBody = emergencyBody.pick({ groupMode: true, targetIds: true });
export type EmergencyReachBody = z.output<typeof emergencyReachBody>;
export interface EmergencyReach {
  terminals: number;
  /** From the lamp register: a record's lamps (a cabinet circuit feeds several); a terminal without records counts as one. */
  lamps: number;
}

export const EmergencyState = { scheduled: 'scheduled', active: 'active', expired: 'expired', cancelled: 'cancelled' } as const;
export const emergencyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  action: z.enum(['on', 'off', 'dim']),
  level: z.number(),
  groupMode: groupModeField,
  targetIds: z.array(z.number()),
  startAt: z.string(),
  expireAt: z.string(),
  state: z.enum(['scheduled', 'active', 'expired', 'cancelled']),
  /** When an operator ended it early (the terminals then returned to their programs). */
  cancelledAt: z.string().nullable(),
  deptId: z.number().nullable(),
  terminalCount: z.number(),
  downloads: downloadCounts,
  remark: z.string(),
  createdAt: z.string(),
});
export type EmergencyRow = z.infer<typeof emergencyRow>;
export const emergencyQuery = pageQuery.extend({ name: queryText('name', 64), state: z.enum(['scheduled', 'active', 'expired', 'cancelled']).optional() });

/** One download of a program or override to one terminal (spec "policy task"). */
export const ControlTaskState = { pending: 'pending', succeeded: 'succeeded', failed: 'failed', timedOut: 'timedOut', offline: 'offline' } as const;
export const controlTaskRow = z.object({
  id: z.number(),
  source: z.enum(['plan', 'emergency', 'strategy']),
  sourceId: z.number().nullable(),
  terminalId: z.number(),
  terminalName: z.string(),
  sn: z.string(),
  cmd: z.string(),
  state: z.string(),
  attempts: z.number(),
  msg: z.string(),
  updatedAt: z.string(),
});
export type ControlTaskRow = z.infer<typeof controlTaskRow>;
export const controlTaskQuery = pageQuery.extend({
  source: z.enum(['plan', 'emergency', 'strategy']).optional(),
  sourceId: id('sourceId').optional(),
  state: z.enum(['pending', 'succeeded', 'failed', 'timedOut', 'offline']).optional(),
  terminalId: id('terminalId').optional(),
});
/** Send again: a plan's or an emergency's downloads (all that did not succeed), or the given tasks. */
export const controlTaskResend = z.object({ source: z.enum(['plan', 'emergency']).optional(), sourceId: id('sourceId').optional(), ids: z.array(bigId('ids')).max(500).optional() });
