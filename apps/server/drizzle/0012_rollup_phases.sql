-- What the terminal plots draw, kept in the rollups so that ranges over two days read them (and survive
-- the raw rows' retention): each phase's voltage and current (min/avg/max), each phase's active power
-- (avg/max), and the means of power factor, leakage, dim level and the share of readings with the lamp on.
-- voltage_* stay phase A; current_* and power_* stay the phases' sum.
ALTER TABLE "heartbeat_rollup"
	ADD COLUMN "voltage_b_min" real, ADD COLUMN "voltage_b_avg" real, ADD COLUMN "voltage_b_max" real,
	ADD COLUMN "voltage_c_min" real, ADD COLUMN "voltage_c_avg" real, ADD COLUMN "voltage_c_max" real,
	ADD COLUMN "current_a_min" real, ADD COLUMN "current_a_avg" real, ADD COLUMN "current_a_max" real,
	ADD COLUMN "current_b_min" real, ADD COLUMN "current_b_avg" real, ADD COLUMN "current_b_max" real,
	ADD COLUMN "current_c_min" real, ADD COLUMN "current_c_avg" real, ADD COLUMN "current_c_max" real,
	ADD COLUMN "power_a_avg" real, ADD COLUMN "power_a_max" real,
	ADD COLUMN "power_b_avg" real, ADD COLUMN "power_b_max" real,
	ADD COLUMN "power_c_avg" real, ADD COLUMN "power_c_max" real,
	ADD COLUMN "power_factor_avg" real, ADD COLUMN "leakage_avg" real, ADD COLUMN "dim_avg" real, ADD COLUMN "on_share" real;
--> statement-breakpoint
-- The next rollup run recomputes every stored reading (as its first run did), filling the new columns of
-- the existing rollups; rollups whose raw rows retention already dropped keep them empty.
UPDATE "scheduler_job" SET "last_run_at" = NULL WHERE "name" = 'fleet.rollups';
