-- The severity an alarm was raised with: the family's alarm setting, else the catalogue's (null on older rows: the catalogue's).
ALTER TABLE "alarm" ADD COLUMN "severity" smallint;
