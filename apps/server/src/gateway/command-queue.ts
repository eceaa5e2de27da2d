import type { CommandMessage } from '@sl/contracts';

/**
 * Commands waiting for an offline terminal. They live in the task rows (terminal_command, `sent_at`
 * null), so a restarted server or another instance delivers them when the terminal comes back.
 */
export interface CommandQueue {
  /** Takes the terminal's pending, unexpired commands not yet sent; a command is taken by one caller only. */
  claim(terminalId: number, now: Date): Promise<CommandMessage[]>;
  /** Puts back a claimed command that could not be published. */
  release(mid: string): Promise<void>;
}
