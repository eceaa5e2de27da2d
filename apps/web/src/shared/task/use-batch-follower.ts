import { useRef, useState } from 'react';
import type { BatchProgressPush, BatchSent, CommandResultPush } from '@sl/contracts';
import { usePushChannel } from '../push';
import { isCommandResult, keepEarly, type TaskPhase } from './task-state';
import { useOutcomeCatchUp } from './use-outcome-catch-up';

export interface BatchTask {
  terminalId: number;
  taskId: number;
  state: TaskPhase;
  msg?: string;
}

export interface BatchView {
  batchId: string;
  label: string;
  tasks: BatchTask[];
  /** The server's count of settled tasks (from `msg`); the per-task outcomes come on `50rdcsm`. */
  reported: number;
}

const isProgress = (m: unknown): m is BatchProgressPush => (m as BatchProgressPush | null)?.event === 'batchProgress';

/** Follows one batch: each task's outcome from `50rdcsm`, the server's progress count from `msg`. */
export function useBatchFollower() {
  const [batch, setBatch] = useState<BatchView | null>(null);
  const [sending, setSending] = useState(false);
  const current = useRef<string | undefined>(undefined);
  const early = useRef(new Map<number, CommandResultPush>());

  const apply = (push: CommandResultPush) =>
    setBatch((b) => (b ? { ...b, tasks: b.tasks.map((t) => (t.taskId === push.taskId ? { ...t, state: push.state, msg: push.msg } : t)) } : b));

  usePushChannel('50rdcsm', (m) => {
    if (!isCommandResult(m)) return;
    if (current.current) apply(m);
    else keepEarly(early.current, m);
  });
  useOutcomeCatchUp(
    () => batch?.tasks.filter((t) => t.state === 'pending').map((t) => t.taskId) ?? [],
    (push) => current.current && apply(push),
  );
  usePushChannel('msg', (m) => {
    if (!isProgress(m) || m.batchId !== current.current) return;
    const reported = m.succeeded + m.failed + m.timedOut;
    setBatch((b) => (b ? { ...b, reported: Math.max(b.reported, reported) } : b));
  });

  const start = async (label: string, send: () => Promise<BatchSent>) => {
    current.current = undefined;
    early.current.clear();
    setSending(true);
    try {
      const sent = await send();
      current.current = sent.batchId;
      const tasks = sent.tasks.map((t): BatchTask => {
        const arrived = early.current.get(t.taskId);
        return arrived ? { ...t, state: arrived.state, msg: arrived.msg } : { ...t, state: 'pending' };
      });
      early.current.clear();
      setBatch({ batchId: sent.batchId, label, tasks, reported: 0 });
    } finally {
      setSending(false);
    }
  };

  return { batch, sending, start, close: () => ((current.current = undefined), setBatch(null)) };
}

/** Settled, succeeded, failed and timed-out counts of a batch; settled never runs behind the server's count. */
export function batchCounts(b: BatchView) {
  const by = (s: TaskPhase) => b.tasks.filter((t) => t.state === s).length;
  const succeeded = by('succeeded');
  const failed = by('failed');
  const timedOut = by('timedOut');
  const settled = Math.max(succeeded + failed + timedOut, b.reported);
  return { total: b.tasks.length, settled, succeeded, failed, timedOut, percent: b.tasks.length ? Math.round((settled / b.tasks.length) * 100) : 100 };
}
