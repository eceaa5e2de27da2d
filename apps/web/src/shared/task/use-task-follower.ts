import { useRef, useState } from 'react';
import type { CommandResultPush, SentTask } from '@sl/contracts';
import { usePushChannel } from '../push';
import { isCommandResult, keepEarly, type TaskPhase } from './task-state';
import { OUTCOME_CATCH_UP_MS, useOutcomeCatchUp } from './use-outcome-catch-up';

export interface FollowedTask {
  key: number;
  label: string;
  terminalId: number;
  taskId?: number;
  state: TaskPhase;
  msg?: string;
  startedAt: number;
}

const KEPT = 10;

/**
 * Sends commands and follows each task live: pending until its outcome arrives on the `50rdcsm` channel.
 * An outcome that arrives before the send call answers is kept until the task id is known; one whose
 * push was lost is fetched (useOutcomeCatchUp).
 */
export function useTaskFollower(onSettled?: (task: FollowedTask, push: CommandResultPush) => void) {
  const [tasks, setTasks] = useState<FollowedTask[]>([]);
  const seq = useRef(0);
  const waiting = useRef(new Map<number, FollowedTask>());
  const early = useRef(new Map<number, CommandResultPush>());
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;

  const patch = (key: number, change: Partial<FollowedTask>) => setTasks((ts) => ts.map((t) => (t.key === key ? { ...t, ...change } : t)));
  const settle = (task: FollowedTask, push: CommandResultPush) => {
    waiting.current.delete(push.taskId);
    patch(task.key, { state: push.state, msg: push.msg });
    settledRef.current?.({ ...task, state: push.state, msg: push.msg }, push);
  };

  const arrived = (m: CommandResultPush) => {
    const task = waiting.current.get(m.taskId);
    if (task) settle(task, m);
    else keepEarly(early.current, m);
  };
  usePushChannel('50rdcsm', (m) => {
    if (isCommandResult(m)) arrived(m);
  });
  useOutcomeCatchUp(
    () => [...waiting.current.values()].filter((t) => Date.now() - t.startedAt >= OUTCOME_CATCH_UP_MS).map((t) => t.taskId!),
    arrived,
  );

  /** Sends through `send` and follows the task it answers; a refused send ends the task failed with the server's reason. */
  const run = async (label: string, terminalId: number, send: () => Promise<SentTask>): Promise<number | undefined> => {
    const key = ++seq.current;
    const task: FollowedTask = { key, label, terminalId, state: 'pending', startedAt: Date.now() };
    setTasks((ts) => [task, ...ts].slice(0, KEPT));
    try {
      const { taskId } = await send();
      const sent = { ...task, taskId };
      waiting.current.set(taskId, sent);
      patch(key, { taskId });
      const arrived = early.current.get(taskId);
      if (arrived) {
        early.current.delete(taskId);
        settle(sent, arrived);
      }
      return taskId;
    } catch (err) {
      patch(key, { state: 'failed', msg: err instanceof Error ? err.message : String(err) });
      return undefined;
    }
  };

  return { tasks, run, clear: () => setTasks([]) };
}
