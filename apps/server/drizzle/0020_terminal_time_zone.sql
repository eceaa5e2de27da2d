-- Every terminal has a time zone (issue 25, item 3): its own when set, else its department's, else the one at its
-- position, else the installation's (apps/server/src/devices/terminal/terminal-zone-domain.ts). Null: not set here.
ALTER TABLE "terminal" ADD COLUMN "time_zone" varchar(64);--> statement-breakpoint
ALTER TABLE "sys_dept" ADD COLUMN "time_zone" varchar(64);
