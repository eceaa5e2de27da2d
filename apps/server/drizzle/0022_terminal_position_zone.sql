-- Statistics days are each terminal's local days (issue 25, item 3; docs/energy.md): its own zone, else its department's,
-- else the one at its position, else ROLLUP_TIME_ZONE. The zone at a position is found in TypeScript (offline
-- boundaries); the rollup job keeps it here, with the position it was found for, so SQL can read it.
CREATE TABLE "terminal_position_zone" (
	"terminal_id" integer PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"time_zone" varchar(64) NOT NULL
);--> statement-breakpoint
-- The next rollup run recomputes every stored reading on each terminal's hours and days.
UPDATE "scheduler_job" SET "last_run_at" = NULL WHERE "name" = 'fleet.rollups';
