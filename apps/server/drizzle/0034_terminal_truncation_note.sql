-- A truncation is noted like any other change, as terminal 0 (no terminal has that id), in the truncating transaction:
-- a copy that cannot see that transaction reads the table again, and one that can does not. Before, it raised the
-- pruning horizon, which could not tell the two apart, so a copy kept reading the whole table while any older
-- transaction anywhere in the cluster stayed open. The horizon now only says which notes pruning deleted.
CREATE OR REPLACE FUNCTION sl_terminal_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO terminal_change (terminal_id) VALUES (0);
  RETURN NULL;
END $$;
