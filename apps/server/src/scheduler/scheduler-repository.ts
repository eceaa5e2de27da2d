import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/sql-rows.js';

/** Advisory-lock key space of the scheduler: one key per job name. */
const LOCK_SPACE = 7_425_100;

export interface Claim {
  lastRunAt: Date | null;
}

/** The scheduler's rows: a job's last successful run and the lease of a run in progress. */
export class SchedulerRepository {
  constructor(private readonly db: Db) {}

  /**
   * Claims a due run of `name` for `leaseMs`: under a transaction-scoped advisory lock, so two
   * instances cannot both claim it; null when it is not due, leased by another instance, or locked.
   */
  async claim(name: string, everyMs: number, now: Date, leaseMs: number): Promise<Claim | null> {
    return this.db.transaction(async (tx) => {
      const [lock] = rowsOf<{ got: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_SPACE}, hashtext(${name})) as got`));
      if (!lock?.got) return null;
      await tx.execute(sql`insert into scheduler_job (name) values (${name}) on conflict (name) do nothing`);
      const [row] = rowsOf<{ lastRunAt: string | Date | null; runningUntil: string | Date | null }>(
        await tx.execute(sql`select last_run_at as "lastRunAt", running_until as "runningUntil" from scheduler_job where name = ${name}`),
      );
      const last = row.lastRunAt ? new Date(row.lastRunAt) : null;
      if (row.runningUntil && new Date(row.runningUntil) > now) return null;
      if (last && now.getTime() - last.getTime() < everyMs) return null;
      await tx.execute(sql`update scheduler_job set running_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz, updated_at = now() where name = ${name}`);
      return { lastRunAt: last };
    });
  }

  /** A run finished: its `now` becomes the last run (a failed run keeps the old one, so the next catches up). */
  async finish(name: string, ranAt: Date | null, error: string | null): Promise<void> {
    await this.db.execute(sql`
      update scheduler_job set running_until = null, updated_at = now(), last_error = ${error},
        runs = runs + 1, last_run_at = coalesce(${ranAt?.toISOString() ?? null}::timestamptz, last_run_at)
      where name = ${name}`);
  }

  async lastRuns(): Promise<Array<{ name: string; lastRunAt: Date | null; lastError: string | null; runs: number }>> {
    return rowsOf(await this.db.execute(sql`select name, last_run_at as "lastRunAt", last_error as "lastError", runs from scheduler_job order by name`));
  }
}
