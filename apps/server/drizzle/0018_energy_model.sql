-- The energy model of issue 25 (docs/energy.md): energy is the sum of the meter's rises between consecutive
-- readings (a drop is a reset), spread over the time between them and cut at local midnights.
-- An hourly rollup keeps its first and last meter reading by time (energy_first/energy_last were the
-- hour's lowest and highest), when they were read, and the rises between its own readings (energy_used);
-- a daily rollup's energy_used is the day's energy, rises between hours included.
ALTER TABLE "heartbeat_rollup" ADD COLUMN "first_ts" timestamp with time zone, ADD COLUMN "last_ts" timestamp with time zone, ADD COLUMN "energy_used" double precision;--> statement-breakpoint
-- Rollups the next run cannot recompute (their raw rows are gone) keep the old figure.
UPDATE "heartbeat_rollup" SET "energy_used" = greatest("energy_last" - "energy_first", 0);--> statement-breakpoint
-- What lit means (measured power above a share of it) and the ceiling of a day's energy. Null: the default of
-- the model (contracts: ratedPowerW).
ALTER TABLE "terminal" ADD COLUMN "rated_power_w" integer;--> statement-breakpoint
-- The next rollup run recomputes every stored reading (as its first run did).
UPDATE "scheduler_job" SET "last_run_at" = NULL WHERE "name" = 'fleet.rollups';
