-- The map's fleet copy follows the same change notes as the terminal lists (devices/terminal/terminal-change-follower.ts),
-- so a terminal moved is noted too: its position is the one field the map reads that the lists do not filter by.
DROP TRIGGER "terminal_list_fields_changed" ON "terminal";--> statement-breakpoint
CREATE TRIGGER terminal_list_fields_changed AFTER UPDATE ON "terminal" FOR EACH ROW
  WHEN (OLD.terminal_id IS DISTINCT FROM NEW.terminal_id OR OLD.sn IS DISTINCT FROM NEW.sn OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.family IS DISTINCT FROM NEW.family OR OLD.model IS DISTINCT FROM NEW.model OR OLD.manufacturer IS DISTINCT FROM NEW.manufacturer
    OR OLD.imsi IS DISTINCT FROM NEW.imsi OR OLD.enterprise_id IS DISTINCT FROM NEW.enterprise_id OR OLD.dept_id IS DISTINCT FROM NEW.dept_id
    OR OLD.area IS DISTINCT FROM NEW.area OR OLD.box_id IS DISTINCT FROM NEW.box_id OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.register_state IS DISTINCT FROM NEW.register_state OR OLD.online_state IS DISTINCT FROM NEW.online_state
    OR OLD.lng IS DISTINCT FROM NEW.lng OR OLD.lat IS DISTINCT FROM NEW.lat)
  EXECUTE FUNCTION sl_terminal_changed();
