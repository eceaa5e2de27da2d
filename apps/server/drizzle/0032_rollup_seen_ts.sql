-- `heartbeat_rollup.seen_ts`: the last reading a bucket holds, metered or not (`last_ts` is the last one with a meter
-- value). The statistics' tail starts after it, so readings without a meter value that a rollup already counts are not
-- counted again. Rows written before stay null until the rollup job recomputes them; the tail starts after `last_ts` there.
ALTER TABLE "heartbeat_rollup" ADD COLUMN "seen_ts" timestamp with time zone;
