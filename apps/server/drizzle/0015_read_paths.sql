-- Read paths at city scale (issue 17, docs/fleet.md "Read paths").
-- The device log lists order by (created_at, id) within one kind: the index gives that order whole, so a page
-- reads its rows and stops instead of walking every kind's newest rows.
DROP INDEX IF EXISTS "terminal_log_kind_time";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "terminal_log_kind_time_id" ON "terminal_log" USING btree ("kind", "created_at", "id");
