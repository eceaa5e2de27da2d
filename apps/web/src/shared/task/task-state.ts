import type { CommandResultPush } from '@sl/contracts';

/** What became of a command: sent and waiting, or settled by the terminal's reply or its time-out. */
export type TaskOutcome = CommandResultPush['state'];
export type TaskPhase = 'pending' | TaskOutcome;

export const TASK_COLOURS: Record<TaskPhase, string> = { pending: 'processing', succeeded: 'success', failed: 'error', timedOut: 'warning' };

/** Outcomes pushed before the send call answered with their task id are kept this many, newest last. */
export const EARLY_OUTCOMES_KEPT = 500;

export const isCommandResult = (m: unknown): m is CommandResultPush => (m as CommandResultPush | null)?.event === 'task' && typeof (m as CommandResultPush).taskId === 'number';

/** Remembers an outcome whose task is not known yet; the oldest are dropped past the limit. */
export function keepEarly(early: Map<number, CommandResultPush>, push: CommandResultPush): void {
  early.set(push.taskId, push);
  if (early.size > EARLY_OUTCOMES_KEPT) early.delete(early.keys().next().value!);
}
