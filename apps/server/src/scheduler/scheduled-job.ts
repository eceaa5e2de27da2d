/** A job the server runs on time, on exactly one instance, catching up after downtime. */
export interface ScheduledJob {
  /** Unique name; the scheduler stores each job's last run under it. */
  name: string;
  /** How often the job runs. */
  everyMs: number;
  /** `lastRunAt` is null on the first run ever; a job catches up on what it missed since then. */
  run(ctx: { now: Date; lastRunAt: Date | null }): Promise<void>;
}
