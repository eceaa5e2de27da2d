/** A job the server runs on time, on exactly one instance, catching up after downtime. */
export interface ScheduledJob {
  /** Unique name; the scheduler stores each job's last run under it. */
  name: string;
  /** How often the job runs. */
  everyMs: number;
  /**
   * `lastRunAt` is null on the first run ever; a job catches up on what it missed since then. `signal` aborts
   * when the server stops: a long job stops between steps and answers the time it has caught up to, which
   * the next run is given as its `lastRunAt` (a job that answers nothing has run up to `now`).
   */
  run(ctx: { now: Date; lastRunAt: Date | null; signal: AbortSignal }): Promise<Date | void>;
}
