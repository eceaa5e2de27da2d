import { z } from 'zod';
import type { PageResult } from '../api/envelope.js';
import { bigId, bigIdList, id } from '../api/fields.js';
import { COMMAND_NAMES, COMMAND_PARAMS, manualHoldField, SWITCH_COMMANDS, type CommandName, type TaskStateValue, TaskState } from './commands.js';
import { deviceRecordQuery, type TerminalRef } from './heartbeat-api.js';
import { queryNumberIn } from './terminal-fields.js';

const terminalId = id('terminalId');

/**
 * The body of a send endpoint: the terminal and the command's own parameters side by side (`param.set` nests them in
 * `params`); a switch also takes `holdMin`, how long it holds (minutes or `nextStep`, two hours when absent).
 */
export function commandBody<C extends CommandName>(cmd: C) {
  const params = COMMAND_PARAMS[cmd];
  const hold = (SWITCH_COMMANDS as readonly string[]).includes(cmd) ? { holdMin: manualHoldField } : {};
  if ('shape' in params) return z.object({ terminalId, ...params.shape, ...hold });
  return z.object({ terminalId, params });
}

/** A body carrying only the terminal, for commands whose parameters the server fills in. */
export const terminalBody = z.object({ terminalId });

/** What a send endpoint answers: the task recording the command, and the command's message id. */
export interface SentTask {
  taskId: number;
  mid: string;
}

/** Thresholds `POST /set/alarm/rdc4m/reset` restores: 198–242 V is the normal supply range of protocol §6. */
export const DEFAULT_ALARM_THRESHOLDS = { voltageHigh: 242, voltageLow: 198, currentHigh: 63, currentLow: 0 } as const;

/** Parameter names that make a `param.set` task an electricity setting (`/terminal/set/elc/...`). */
export const ELECTRICITY_PARAMS = ['ctRatio', 'ptRatio', 'ratedVoltage', 'ratedCurrent', 'ratedPowerKw', 'meterAddress'] as const;

/** The remote-setting pages of spec §7 and the commands whose tasks each one lists. */
export const SETTING_KINDS = {
  alarm: ['alarm.set'],
  elc: ['param.set'],
  elec: ['param.query'],
  leakage: ['leakage.set'],
  lock: ['lock.set'],
  manauto: ['manauto.set', 'manauto.recover'],
  'over/current': ['overCurrent.set'],
  relay: ['relay.set'],
} as const satisfies Record<string, readonly CommandName[]>;
export type SettingKind = keyof typeof SETTING_KINDS;

export const TASK_STATES = Object.values(TaskState) as [TaskStateValue, ...TaskStateValue[]];

/** Spec §3's log types (dictionary `sl_log_type`) and the commands each covers: 1 light switching. */
export const LOG_TYPE_COMMANDS = { 1: SWITCH_COMMANDS } as const satisfies Record<number, readonly CommandName[]>;

export const taskQuery = deviceRecordQuery.extend({
  logType: queryNumberIn('logType', [1], '1 (light switching)'),
  cmd: z.enum(COMMAND_NAMES as [CommandName, ...CommandName[]], { error: 'cmd must be a command name of protocol §5' }).optional(),
  state: z.enum(TASK_STATES, { error: `state must be one of ${TASK_STATES.join(', ')}` }).optional(),
});
export type TaskQuery = z.infer<typeof taskQuery>;
export const taskIdParam = z.object({ taskId: bigId('taskId') });
/** `GET /api/v1/task/outcomes?ids=…`: the states of tasks a screen follows, when their pushes may have been missed (none asked: none answered). */
export const taskOutcomesQuery = z.object({ ids: bigIdList.optional() });

/** A command sent to a terminal and what became of it. */
export interface Task extends TerminalRef {
  taskId: number;
  mid: string;
  cmd: CommandName;
  params: Record<string, unknown>;
  state: TaskStateValue;
  replyCode: number | null;
  replyMsg: string | null;
  replyData: unknown;
  createdBy: number | null;
  createdByName: string;
  createdAt: string;
  expiresAt: string;
  finishedAt: string | null;
  /** From sending to the reply or the time-out; null while pending. */
  durationMs: number | null;
}

export interface OverCurrentEvent {
  id: number;
  state: 'raised' | 'cleared';
  value: number | null;
  loop: number | null;
  phase: string | null;
  ts: string;
}

/** `GET /over/current/data/:terminalId`: the latest per-phase currents and a page of over-current events, newest first. */
export interface OverCurrentData {
  terminalId: number;
  latest: { ts: string; currentA: number | null; currentB: number | null; currentC: number | null } | null;
  events: PageResult<OverCurrentEvent>;
}
