-- The terminal list's keyword matches name, serial and IMSI by substring: each needs its trigram index, or one
-- ILIKE on the IMSI turns the OR into a scan of every terminal (issue 17, docs/fleet.md "Read paths").
CREATE INDEX IF NOT EXISTS "terminal_imsi_trgm" ON "terminal" USING gin ("imsi" gin_trgm_ops);
