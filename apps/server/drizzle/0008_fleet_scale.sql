-- Fleet at city scale (issue 17): heartbeat, device_event and terminal_log become range partitions by day
-- (their rows are kept), rollup tables, and the read-path indexes. Every unique key includes the time.
-- One day's partition of `parent` (on `col`, UTC days). Rows already in the default partition for that day
-- (a device clock far ahead) move into it, so creating a partition never fails on them.
CREATE OR REPLACE FUNCTION sl_partition_day(parent text, col text, day date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  child text := parent || '_p' || to_char(day, 'YYYYMMDD');
  lo timestamptz := day::timestamp AT TIME ZONE 'UTC';
  hi timestamptz := (day + 1)::timestamp AT TIME ZONE 'UTC';
BEGIN
  IF to_regclass(child) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', child, parent);
  IF to_regclass(parent || '_default') IS NOT NULL THEN
    EXECUTE format('WITH moved AS (DELETE FROM %I WHERE %I >= %L AND %I < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
      parent || '_default', col, lo, col, hi, child);
  END IF;
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, child, lo, hi);
  RETURN true;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sl_partition_existing(parent text, old text, col text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  lo date; hi date; d date;
BEGIN
  EXECUTE format('SELECT (min(%I) AT TIME ZONE ''UTC'')::date, (max(%I) AT TIME ZONE ''UTC'')::date FROM %I', col, col, old) INTO lo, hi;
  -- Days far from today (a wrong device clock) stay in the default partition rather than making thousands.
  lo := least(greatest(coalesce(lo, current_date), current_date - 400), current_date - 1);
  hi := greatest(least(coalesce(hi, current_date), current_date + 30), current_date + 2);
  d := lo;
  WHILE d <= hi LOOP
    PERFORM sl_partition_day(parent, col, d);
    d := d + 1;
  END LOOP;
  EXECUTE format('INSERT INTO %I SELECT * FROM %I', parent, old);
END $$;
--> statement-breakpoint
ALTER TABLE "heartbeat" RENAME TO "heartbeat_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "heartbeat_id_seq" OWNED BY NONE;--> statement-breakpoint
ALTER TABLE "heartbeat_unpartitioned" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
DROP INDEX "heartbeat_terminal_mid";--> statement-breakpoint
DROP INDEX "heartbeat_terminal_ts";--> statement-breakpoint
ALTER TABLE "heartbeat_unpartitioned" DROP CONSTRAINT "heartbeat_pkey";--> statement-breakpoint
CREATE TABLE "heartbeat" (
	"id" bigint DEFAULT nextval('heartbeat_id_seq') NOT NULL,
	"terminal_id" integer NOT NULL,
	"mid" varchar(64) NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"model" smallint NOT NULL,
	"voltage_a" real,
	"voltage_b" real,
	"voltage_c" real,
	"current_a" real,
	"current_b" real,
	"current_c" real,
	"power_a" real,
	"power_b" real,
	"power_c" real,
	"power_factor" real,
	"energy_kwh" double precision,
	"leakage_ma" real,
	"dim" smallint,
	"on" boolean,
	"burn_hours" real,
	"temperature_c" real,
	"extra" jsonb,
	CONSTRAINT "heartbeat_pkey" PRIMARY KEY ("id", "ts")
) PARTITION BY RANGE ("ts");--> statement-breakpoint
ALTER SEQUENCE "heartbeat_id_seq" OWNED BY "heartbeat"."id";--> statement-breakpoint
CREATE TABLE "heartbeat_default" PARTITION OF "heartbeat" DEFAULT;--> statement-breakpoint
SELECT sl_partition_existing('heartbeat', 'heartbeat_unpartitioned', 'ts');--> statement-breakpoint
DROP TABLE "heartbeat_unpartitioned";--> statement-breakpoint
CREATE UNIQUE INDEX "heartbeat_terminal_mid" ON "heartbeat" USING btree ("terminal_id", "mid", "ts");--> statement-breakpoint
CREATE INDEX "heartbeat_terminal_ts" ON "heartbeat" USING btree ("terminal_id", "ts");--> statement-breakpoint
CREATE INDEX "heartbeat_ts" ON "heartbeat" USING btree ("ts", "id");--> statement-breakpoint
ALTER TABLE "device_event" RENAME TO "device_event_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "device_event_id_seq" OWNED BY NONE;--> statement-breakpoint
ALTER TABLE "device_event_unpartitioned" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
DROP INDEX "device_event_terminal_mid";--> statement-breakpoint
DROP INDEX "device_event_terminal_ts";--> statement-breakpoint
ALTER TABLE "device_event_unpartitioned" DROP CONSTRAINT "device_event_pkey";--> statement-breakpoint
CREATE TABLE "device_event" (
	"id" bigint DEFAULT nextval('device_event_id_seq') NOT NULL,
	"terminal_id" integer NOT NULL,
	"mid" varchar(64) NOT NULL,
	"event" varchar(32) NOT NULL,
	"state" varchar(8) NOT NULL,
	"value" real,
	"loop" smallint,
	"phase" char(1),
	"ts" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_event_pkey" PRIMARY KEY ("id", "ts")
) PARTITION BY RANGE ("ts");--> statement-breakpoint
ALTER SEQUENCE "device_event_id_seq" OWNED BY "device_event"."id";--> statement-breakpoint
CREATE TABLE "device_event_default" PARTITION OF "device_event" DEFAULT;--> statement-breakpoint
SELECT sl_partition_existing('device_event', 'device_event_unpartitioned', 'ts');--> statement-breakpoint
DROP TABLE "device_event_unpartitioned";--> statement-breakpoint
CREATE UNIQUE INDEX "device_event_terminal_mid" ON "device_event" USING btree ("terminal_id", "mid", "ts");--> statement-breakpoint
CREATE INDEX "device_event_terminal_ts" ON "device_event" USING btree ("terminal_id", "ts");--> statement-breakpoint
ALTER TABLE "terminal_log" RENAME TO "terminal_log_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "terminal_log_id_seq" OWNED BY NONE;--> statement-breakpoint
ALTER TABLE "terminal_log_unpartitioned" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
DROP INDEX "terminal_log_kind_time";--> statement-breakpoint
DROP INDEX "terminal_log_terminal";--> statement-breakpoint
ALTER TABLE "terminal_log_unpartitioned" DROP CONSTRAINT "terminal_log_pkey";--> statement-breakpoint
CREATE TABLE "terminal_log" (
	"id" bigint DEFAULT nextval('terminal_log_id_seq') NOT NULL,
	"kind" varchar(16) NOT NULL,
	"terminal_id" integer NOT NULL,
	"msg" varchar(255) DEFAULT '' NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminal_log_pkey" PRIMARY KEY ("id", "created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER SEQUENCE "terminal_log_id_seq" OWNED BY "terminal_log"."id";--> statement-breakpoint
CREATE TABLE "terminal_log_default" PARTITION OF "terminal_log" DEFAULT;--> statement-breakpoint
SELECT sl_partition_existing('terminal_log', 'terminal_log_unpartitioned', 'created_at');--> statement-breakpoint
DROP TABLE "terminal_log_unpartitioned";--> statement-breakpoint
CREATE INDEX "terminal_log_kind_time" ON "terminal_log" USING btree ("kind", "created_at");--> statement-breakpoint
CREATE INDEX "terminal_log_terminal" ON "terminal_log" USING btree ("terminal_id", "created_at");--> statement-breakpoint
CREATE INDEX "terminal_log_time" ON "terminal_log" USING btree ("created_at", "id");--> statement-breakpoint
DROP FUNCTION sl_partition_existing(text, text, text);--> statement-breakpoint
CREATE TABLE "heartbeat_rollup" (
	"terminal_id" integer NOT NULL,
	"grain" char(1) NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"samples" integer NOT NULL,
	"voltage_min" real,
	"voltage_avg" real,
	"voltage_max" real,
	"current_min" real,
	"current_avg" real,
	"current_max" real,
	"power_avg" real,
	"power_max" real,
	"energy_first" double precision,
	"energy_last" double precision,
	"burn_first" real,
	"burn_last" real,
	"availability" real NOT NULL,
	CONSTRAINT "heartbeat_rollup_pkey" PRIMARY KEY ("terminal_id", "grain", "bucket")
);--> statement-breakpoint
CREATE INDEX "heartbeat_rollup_bucket" ON "heartbeat_rollup" USING btree ("grain", "bucket");--> statement-breakpoint
CREATE TABLE "heartbeat_rollup_dept" (
	"dept_id" integer NOT NULL,
	"family" varchar(8) NOT NULL,
	"day" date NOT NULL,
	"terminals" integer NOT NULL,
	"samples" integer NOT NULL,
	"energy_kwh" double precision NOT NULL,
	"avg_power_kw" double precision NOT NULL,
	"max_power_kw" double precision NOT NULL,
	CONSTRAINT "heartbeat_rollup_dept_pkey" PRIMARY KEY ("day", "dept_id", "family")
);--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "terminal_sn_trgm" ON "terminal" USING gin ("sn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "terminal_name_trgm" ON "terminal" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "terminal_status_idx" ON "terminal" USING btree ("status", "terminal_id");--> statement-breakpoint
CREATE INDEX "terminal_online_idx" ON "terminal" USING btree ("online_state", "terminal_id");--> statement-breakpoint
CREATE INDEX "terminal_family_idx" ON "terminal" USING btree ("family", "terminal_id");--> statement-breakpoint
CREATE INDEX "terminal_box_idx" ON "terminal" USING btree ("box_id");--> statement-breakpoint
CREATE INDEX "alarm_raised_idx" ON "alarm" USING btree ("raised_at", "alarm_id");--> statement-breakpoint
CREATE INDEX "alarm_status_raised_idx" ON "alarm" USING btree ("status", "raised_at");
