-- The map's fleet copy keeps the department names beside its terminals (map/fleet-cache.ts) and re-reads them with any
-- terminal rows the change notes name: a renamed department notes its terminals, so every instance shows the new name
-- at its next answer instead of at its reload. Renames are rare; the lists read these rows again at no other cost.
CREATE OR REPLACE FUNCTION sl_department_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO terminal_change (terminal_id) SELECT terminal_id FROM terminal WHERE dept_id = NEW.dept_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER department_renamed AFTER UPDATE ON "sys_dept" FOR EACH ROW
  WHEN (OLD.dept_name IS DISTINCT FROM NEW.dept_name)
  EXECUTE FUNCTION sl_department_renamed();
