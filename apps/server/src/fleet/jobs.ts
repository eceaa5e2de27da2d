import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { ScheduledJob } from '../scheduler/scheduled-job.js';
import { sweepImageFiles } from './orphans.js';
import { dropBefore, ensureAhead, type PartitionedTable } from './partitions.js';
import { LATE_MS, ROLLUP_JOB } from './rollup-schedule-domain.js';
import { RollupRepository } from './rollups.js';

const DAY_MS = 86_400_000;

export type FleetConfig = Pick<
  Config,
  'RETENTION_HEARTBEAT_DAYS' | 'RETENTION_EVENT_DAYS' | 'RETENTION_LOG_DAYS' | 'RETENTION_HOURLY_ROLLUP_DAYS' | 'PARTITIONS_AHEAD_DAYS' | 'ROLLUP_TIME_ZONE' | 'DATA_DIR'
>;

/** The days each partitioned table keeps. */
export const retentionDays = (c: FleetConfig): Record<PartitionedTable, number> => ({
  heartbeat: c.RETENTION_HEARTBEAT_DAYS,
  device_event: c.RETENTION_EVENT_DAYS,
  terminal_log: c.RETENTION_LOG_DAYS,
});

/** Partitions ahead, then retention: dropping whole partitions, hourly rollups and orphaned image files. */
export async function maintainStorage(db: Db, config: FleetConfig, now: Date) {
  await ensureAhead(db, now, config.PARTITIONS_AHEAD_DAYS);
  const dropped: string[] = [];
  for (const [table, days] of Object.entries(retentionDays(config)) as Array<[PartitionedTable, number]>) {
    dropped.push(...(await dropBefore(db, table, new Date(now.getTime() - days * DAY_MS))));
  }
  await db.execute(sql`delete from heartbeat_rollup where grain = 'h' and bucket < ${new Date(now.getTime() - config.RETENTION_HOURLY_ROLLUP_DAYS * DAY_MS)}`);
  const files = await sweepImageFiles(db, path.join(config.DATA_DIR, 'uploads'), now);
  return { dropped, files };
}

/**
 * The fleet's scheduled jobs (register each with the scheduler): `fleet.storage` daily (partitions
 * ahead, retention, orphan files), `fleet.rollups` every 5 minutes (hours since the last run, plus the
 * late window, recomputed from the raw rows). Both are idempotent, so a repeated or overlapping run is harmless.
 */
export function fleetJobs(deps: { db: Db; config: FleetConfig }): ScheduledJob[] {
  const rollups = new RollupRepository(deps.db, deps.config.ROLLUP_TIME_ZONE);
  return [
    {
      name: 'fleet.storage',
      everyMs: DAY_MS / 4,
      run: async ({ now }) => {
        await maintainStorage(deps.db, deps.config, now);
      },
    },
    {
      name: ROLLUP_JOB,
      everyMs: 5 * 60_000,
      run: async ({ now, lastRunAt, signal }) => {
        // The first run ever rolls up every reading still stored.
        const since = lastRunAt ? new Date(lastRunAt.getTime() - LATE_MS) : ((await oldestReading(deps.db)) ?? now);
        // A long downtime is caught up a day at a time: each transaction stays small, and a stopping server
        // waits for one day's at most; the next run goes on from there.
        for (let from = since; from < now; from = new Date(from.getTime() + DAY_MS)) {
          // Recorded as the last run, so that the next one starts at `from`.
          if (signal.aborted) return new Date(from.getTime() + LATE_MS);
          await rollups.rollUp(from, new Date(Math.min(now.getTime(), from.getTime() + DAY_MS)));
        }
        // Days rolled up before the reports' department sums existed (migration 0031): a week of them per run.
        if (!signal.aborted) await rollups.healDepartmentDays(deps.config.RETENTION_HOURLY_ROLLUP_DAYS);
      },
    },
  ];
}

async function oldestReading(db: Db): Promise<Date | undefined> {
  const result = await db.execute(sql`select min(ts) as first from heartbeat`);
  const first = (result as unknown as { rows: Array<{ first: string | Date | null }> }).rows[0]?.first;
  return first ? new Date(first) : undefined;
}
