import type { CommandName, CommandParams } from '@sl/contracts';
import type { TerminalState } from '../state.js';
import type { TerminalConfig } from '../types.js';

/** A failed command: `code` is a reply code of protocol §4 (2 bad parameters, 3 busy, 4 hardware). */
export class CommandError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

export const badParams = (msg: string) => new CommandError(2, msg);

/** What a command handler may touch on a terminal. */
export interface CommandTarget {
  readonly config: TerminalConfig;
  readonly state: TerminalState;
  /** The terminal's clock (hardware clock plus the offset set by clock.set). */
  now(): number;
  hardwareNow(): number;
  /** Call before changing lighting state so the meters integrate the old load. */
  beforeChange(): void;
  /** Call after a change: follows the program in auto mode and reports alarm changes. */
  afterChange(): void;
  /** When the program's next step fires after `now` (terminal clock), null when none within a week. */
  nextStepAt(now: number): number | null;
  sendHeartbeat(): void;
  rescheduleHeartbeat(): void;
  reset(): void;
}

export type Handler<C extends CommandName> = (t: CommandTarget, p: CommandParams<C>) => Record<string, unknown> | void;
export type Handlers<C extends CommandName> = { [K in C]: Handler<K> };

/** Checks loop numbers against the terminal's loop count. */
export function checkLoops(t: CommandTarget, loops: number[] | undefined) {
  const bad = loops?.find((no) => no > t.state.loops.length);
  if (bad !== undefined) throw badParams(`loop ${bad} does not exist (terminal has ${t.state.loops.length})`);
}
