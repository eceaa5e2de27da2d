import type { BatchProgressPush } from '@sl/contracts';
import type { TaskNotice } from '../../gateway/ports.js';

type Outcome = TaskNotice['state'];
interface Batch {
  batchId: string;
  userId: number;
  total: number;
  counts: Record<Outcome, number>;
  open: Set<number>;
}

/** Outcomes heard before their batch was registered are kept this long (a fast terminal answers before the send returns). */
const EARLY_KEEP_MS = 60_000;
/** A batch nobody settles (server restarted, terminals silent past their time-out) is forgotten after this long. */
const BATCH_KEEP_MS = 15 * 60_000;

/** Counts a batch's settled tasks and tells its sender after each one, on the `msg` channel. */
export class BatchProgress {
  private readonly byTask = new Map<number, Batch>();
  private readonly early = new Map<number, { state: Outcome; at: number }>();

  constructor(private readonly publish: (userId: number, push: BatchProgressPush) => void) {}

  track(batchId: string, userId: number, taskIds: number[]): void {
    const batch: Batch = { batchId, userId, total: taskIds.length, counts: { succeeded: 0, failed: 0, timedOut: 0 }, open: new Set(taskIds) };
    for (const id of taskIds) this.byTask.set(id, batch);
    setTimeout(() => this.forget(batch), BATCH_KEEP_MS).unref();
    for (const id of taskIds) {
      const heard = this.early.get(id);
      if (heard) {
        this.early.delete(id);
        this.settle(id, heard.state);
      }
    }
  }

  /** A settled task (any task: those of no batch are kept a minute in case their batch is still being sent). */
  settle(taskId: number, state: Outcome): void {
    const batch = this.byTask.get(taskId);
    if (!batch) {
      this.pruneEarly();
      this.early.set(taskId, { state, at: Date.now() });
      return;
    }
    this.byTask.delete(taskId);
    if (!batch.open.delete(taskId)) return;
    batch.counts[state]++;
    this.publish(batch.userId, { code: 200, event: 'batchProgress', batchId: batch.batchId, total: batch.total, ...batch.counts });
  }

  private forget(batch: Batch) {
    for (const id of batch.open) this.byTask.delete(id);
  }

  private pruneEarly() {
    const cutoff = Date.now() - EARLY_KEEP_MS;
    for (const [id, e] of this.early) if (e.at < cutoff) this.early.delete(id);
  }
}
