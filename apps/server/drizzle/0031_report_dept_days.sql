-- Reports read department days (issue 29): a department-year is 365 rows per department instead of 365 per terminal.
-- `heartbeat_rollup.lit_hours`: on a daily row, the bits of the local hours (0–23) whose mean power was light, so a
-- lighting rate over any range reads daily rows. `heartbeat_rollup_dept` gains the sums the energy report needs. Rows
-- written before stay null until the rollup job recomputes their day; the reports read the terminals' rows meanwhile.
ALTER TABLE "heartbeat_rollup" ADD COLUMN "lit_hours" integer;--> statement-breakpoint
ALTER TABLE "heartbeat_rollup" ALTER COLUMN "lit_hours" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "heartbeat_rollup_dept" ADD COLUMN "burn_hours" double precision;--> statement-breakpoint
ALTER TABLE "heartbeat_rollup_dept" ADD COLUMN "full_kwh" double precision;--> statement-breakpoint
ALTER TABLE "heartbeat_rollup_dept" ADD COLUMN "availability" double precision;--> statement-breakpoint
ALTER TABLE "heartbeat_rollup_dept" ADD COLUMN "lit_by_hour" integer[];
