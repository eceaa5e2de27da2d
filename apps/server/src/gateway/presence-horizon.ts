import type { ReadProgressRow, ReadProgressStore } from './read-progress-repository.js';

/** An instance that has not reported for this long is taken as stopped (it reports every second). */
export const STALE_MS = 10_000;

/**
 * Up to when the instances have read what terminals sent: silence is judged only up to there, so a message
 * still queued for an instance (a backlog, or the broker's queue of a dead instance) is not taken for silence.
 * - A running instance (it reported within STALE_MS) counts as caught up to what it last reported, moved on by the
 *   time since that report: its lag, not the age of its report, holds the horizon back.
 * - A stopped one holds the horizon where it stopped for as long as the broker keeps its queue (`holdMs`, its
 *   session expiry; at least STALE_MS), since those messages are read once it returns.
 * - After that its queue is gone (or handed to the others), and its share of the traffic reaches the others: the
 *   horizon moves on from where it stopped, so each terminal has a full offline window to be heard by another
 *   instance before its silence counts, and after `resumeMs` (the longest window) the row is dropped.
 */
export function presenceHorizon(rows: readonly ReadProgressRow[], now: Date, resumeMs: number): { horizon: Date; gone: ReadProgressRow[] } {
  let horizon = now.getTime();
  const gone: ReadProgressRow[] = [];
  for (const r of rows) {
    const sinceReport = now.getTime() - r.reportedAt.getTime();
    const releasedFor = now.getTime() - releaseAt(r);
    if (releasedFor >= resumeMs && releasedFor > 0) gone.push(r);
    else if (sinceReport < STALE_MS) horizon = Math.min(horizon, r.caughtUpTo.getTime() + Math.max(0, sinceReport));
    else horizon = Math.min(horizon, r.caughtUpTo.getTime() + Math.max(0, releasedFor));
  }
  return { horizon: new Date(horizon), gone };
}

const releaseAt = (r: ReadProgressRow) => r.reportedAt.getTime() + Math.max(r.holdMs, STALE_MS);

/** The horizon of the offline sweep, from the reports every instance shares in the database. */
export class PresenceHorizon {
  constructor(
    private readonly store: ReadProgressStore,
    private readonly offlineAfterMissed: number,
  ) {}

  async at(now: Date): Promise<Date> {
    const rows = await this.store.list();
    // The longest offline window is read only when an instance has stopped for longer than its queue is kept.
    const released = rows.some((r) => now.getTime() > releaseAt(r));
    const resumeMs = released ? (await this.store.longestHeartbeatS()) * this.offlineAfterMissed * 1000 : Infinity;
    const { horizon, gone } = presenceHorizon(rows, now, resumeMs);
    if (gone.length) await this.store.remove(gone);
    return horizon;
  }
}
