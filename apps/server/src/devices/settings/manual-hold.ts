import { MANUAL_HOLD_DEFAULT_MIN, SWITCH_COMMANDS, type CommandName, type ManualHold } from '@sl/contracts';

const isSwitch = (cmd: CommandName) => (SWITCH_COMMANDS as readonly string[]).includes(cmd);

/**
 * A switch from the console holds for a while and then the terminal returns to its program by itself
 * (docs/control.md, "Who rules a lamp"): the body's `holdMin` (minutes, or `nextStep`; two hours when
 * absent) becomes the command's `until`. An `until` already given (the protocol's own) is sent as it is.
 */
export function withManualHold(cmd: CommandName, params: Record<string, unknown>, now: number): Record<string, unknown> {
  if (!isSwitch(cmd)) return params;
  const { holdMin, ...rest } = params as { holdMin?: ManualHold } & Record<string, unknown>;
  if (rest.until !== undefined) return rest;
  const hold = holdMin ?? MANUAL_HOLD_DEFAULT_MIN;
  return { ...rest, until: hold === 'nextStep' ? 'nextStep' : now + hold * 60_000 };
}
