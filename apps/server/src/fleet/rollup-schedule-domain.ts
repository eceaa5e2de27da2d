const HOUR_MS = 3_600_000;

/** Readings may arrive this late (a terminal back online sends what it buffered): the rollup job redoes these hours. */
export const LATE_MS = 2 * HOUR_MS;

/**
 * The rollup job's name in the scheduler. Its last run less LATE_MS is where its next run starts: every reading stored
 * before that run with an earlier time is rolled up (readings later still than LATE_MS never are).
 */
export const ROLLUP_JOB = 'fleet.rollups';
