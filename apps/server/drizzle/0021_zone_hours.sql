-- Hourly rollups are the local hours of ROLLUP_TIME_ZONE (docs/energy.md), no longer UTC hours: in a half-hour or
-- 45-minute zone (Asia/Kolkata, Asia/Kathmandu) a day is whole hours, so its energy is exact. The next rollup run
-- recomputes every stored reading on the zone's hours and drops the hours rolled up on other edges it overlaps;
-- rollups older than the raw rows keep their figure. In a whole-hour zone the hours are the same as before.
UPDATE "scheduler_job" SET "last_run_at" = NULL WHERE "name" = 'fleet.rollups';
