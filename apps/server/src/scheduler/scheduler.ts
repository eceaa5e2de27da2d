import type { Db } from '../db/client.js';
import type { ScheduledJob } from './scheduled-job.js';
import { SchedulerRepository } from './scheduler-repository.js';

export interface SchedulerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SchedulerOptions {
  /** How often due jobs are looked for. */
  tickMs?: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

/**
 * The one scheduler of the server: every instance runs it, and each run of a job is claimed in the
 * database under an advisory lock with a lease, so exactly one instance runs it. The last successful
 * run is stored, so after a restart (or a crash, once the lease ends) the job runs at once and is
 * told since when it has to catch up.
 */
export class Scheduler {
  private readonly jobs = new Map<string, ScheduledJob>();
  private readonly running = new Set<string>();
  private readonly repo: SchedulerRepository;
  private timer?: NodeJS.Timeout;
  private readonly tickMs: number;
  private readonly now: () => Date;
  private readonly stopping = new AbortController();

  constructor(db: Db, private readonly log: SchedulerLog, opts: SchedulerOptions = {}) {
    this.repo = new SchedulerRepository(db);
    this.tickMs = opts.tickMs ?? 5_000;
    this.now = opts.now ?? (() => new Date());
  }

  register(job: ScheduledJob): void {
    if (this.jobs.has(job.name)) throw new Error(`scheduled job ${job.name} is registered twice`);
    this.jobs.set(job.name, job);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref();
    void this.tick();
  }

  /** Stops ticking and waits for running jobs, which are told to stop at their next step. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.stopping.abort();
    while (this.running.size) await new Promise((r) => setTimeout(r, 50));
  }

  /** Runs every due job once (each job at most once at a time on this instance). */
  async tick(): Promise<void> {
    await Promise.all([...this.jobs.values()].map((job) => this.runIfDue(job)));
  }

  lastRuns() {
    return this.repo.lastRuns();
  }

  private async runIfDue(job: ScheduledJob): Promise<void> {
    if (this.running.has(job.name) || this.stopping.signal.aborted) return;
    this.running.add(job.name);
    try {
      const now = this.now();
      const claim = await this.repo.claim(job.name, job.everyMs, now, Math.max(job.everyMs, 60_000) * 5);
      if (!claim) return;
      let error: string | null = null;
      let upTo: Date | void = undefined;
      try {
        upTo = await job.run({ now, lastRunAt: claim.lastRunAt, signal: this.stopping.signal });
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
        this.log.error({ err, job: job.name }, 'scheduled job failed; it runs again and catches up');
      }
      await this.repo.finish(job.name, error ? null : (upTo ?? now), error);
    } catch (err) {
      this.log.error({ err, job: job.name }, 'scheduler could not claim a job');
    } finally {
      this.running.delete(job.name);
    }
  }
}
