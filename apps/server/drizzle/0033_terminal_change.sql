-- Which terminals changed in a way their lists filter by, and in which transaction: the terminal lists answer their
-- filters, counts and pages from a copy in memory (devices/terminal/terminal-list-index.ts) and bring it up to date on
-- each call with the rows changed by the transactions its last read could not see (pg_visible_in_snapshot), so a list
-- is as current as a query of the table, whichever instance or connection wrote the change.
CREATE TABLE "terminal_change" (
	"xid" xid8 NOT NULL DEFAULT pg_current_xact_id(),
	"terminal_id" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "terminal_change_xid" ON "terminal_change" ("xid");--> statement-breakpoint
-- One row. `horizon`: changes of transactions below it may be deleted, so a copy read before it reads the table again.
-- `next_horizon`: the snapshot the next pruning deletes below (taken at the pruning before, so no reader still needs them).
CREATE TABLE "terminal_change_horizon" (
	"id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"horizon" xid8 NOT NULL DEFAULT '0',
	"next_horizon" text
);--> statement-breakpoint
INSERT INTO "terminal_change_horizon" ("id") VALUES (1);--> statement-breakpoint
CREATE OR REPLACE FUNCTION sl_terminal_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO terminal_change (terminal_id) VALUES (OLD.terminal_id);
  ELSE
    INSERT INTO terminal_change (terminal_id) VALUES (NEW.terminal_id);
    IF TG_OP = 'UPDATE' AND OLD.terminal_id <> NEW.terminal_id THEN
      INSERT INTO terminal_change (terminal_id) VALUES (OLD.terminal_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A truncation names no rows: every copy reads the table again.
CREATE OR REPLACE FUNCTION sl_terminal_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE terminal_change_horizon SET horizon = greatest(horizon, pg_current_xact_id());
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER terminal_added_or_removed AFTER INSERT OR DELETE ON "terminal" FOR EACH ROW EXECUTE FUNCTION sl_terminal_changed();--> statement-breakpoint
CREATE TRIGGER terminal_list_fields_changed AFTER UPDATE ON "terminal" FOR EACH ROW
  WHEN (OLD.terminal_id IS DISTINCT FROM NEW.terminal_id OR OLD.sn IS DISTINCT FROM NEW.sn OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.family IS DISTINCT FROM NEW.family OR OLD.model IS DISTINCT FROM NEW.model OR OLD.manufacturer IS DISTINCT FROM NEW.manufacturer
    OR OLD.imsi IS DISTINCT FROM NEW.imsi OR OLD.enterprise_id IS DISTINCT FROM NEW.enterprise_id OR OLD.dept_id IS DISTINCT FROM NEW.dept_id
    OR OLD.area IS DISTINCT FROM NEW.area OR OLD.box_id IS DISTINCT FROM NEW.box_id OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.register_state IS DISTINCT FROM NEW.register_state OR OLD.online_state IS DISTINCT FROM NEW.online_state)
  EXECUTE FUNCTION sl_terminal_changed();--> statement-breakpoint
CREATE TRIGGER terminal_truncated AFTER TRUNCATE ON "terminal" FOR EACH STATEMENT EXECUTE FUNCTION sl_terminal_truncated();
