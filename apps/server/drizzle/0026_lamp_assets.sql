-- The lamp as an asset (issue 30): the lamp-type catalogue with its fault thresholds, department overrides, the
-- register of lamps and cabinet circuits on poles, each lamp's daily readings summary and running health with its
-- failure score, and planned maintenance rounds (work orders of kind 'maintenance' holding lamps, not alarms).
CREATE TABLE "lamp_type" (
  "lamp_type_id" serial PRIMARY KEY,
  "manufacturer" varchar(64) NOT NULL,
  "model" varchar(64) NOT NULL,
  "rated_power_w" real NOT NULL,
  "tolerance_pct" real NOT NULL DEFAULT 10,
  "rated_life_h" integer NOT NULL,
  "driver_type" varchar(16) NOT NULL DEFAULT 'dali',
  "clo_curve" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "maintenance_factor" real NOT NULL DEFAULT 0.8,
  "absolute_min_w" real,
  "absolute_max_w" real,
  "debounce_s" integer NOT NULL DEFAULT 300,
  "cycling_per_hour" integer NOT NULL DEFAULT 6,
  "remark" varchar(255) NOT NULL DEFAULT '',
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX "lamp_type_make_model" ON "lamp_type" ("manufacturer", "model");--> statement-breakpoint
CREATE TABLE "lamp_fault_override" (
  "dept_id" integer NOT NULL REFERENCES "sys_dept"("dept_id") ON DELETE CASCADE,
  "lamp_type_id" integer NOT NULL REFERENCES "lamp_type"("lamp_type_id") ON DELETE CASCADE,
  "tolerance_pct" real,
  "debounce_s" integer,
  "cycling_per_hour" integer,
  PRIMARY KEY ("dept_id", "lamp_type_id")
);--> statement-breakpoint
CREATE TABLE "lamp_asset" (
  "asset_id" serial PRIMARY KEY,
  "pole_no" varchar(32) NOT NULL,
  "lamp_type_id" integer NOT NULL REFERENCES "lamp_type"("lamp_type_id"),
  "terminal_id" integer REFERENCES "terminal"("terminal_id") ON DELETE SET NULL,
  "loop" smallint,
  "lamp_count" smallint NOT NULL DEFAULT 1,
  "dept_id" integer REFERENCES "sys_dept"("dept_id") ON DELETE SET NULL,
  "install_date" date,
  "warranty_end" date,
  "supplier" varchar(64) NOT NULL DEFAULT '',
  "photos" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "remark" varchar(255) NOT NULL DEFAULT '',
  "repairs" integer NOT NULL DEFAULT 0,
  "last_repair_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX "lamp_asset_pole_terminal_loop" ON "lamp_asset" ("pole_no", coalesce("terminal_id", 0), coalesce("loop", 0));--> statement-breakpoint
CREATE INDEX "lamp_asset_pole_idx" ON "lamp_asset" ("pole_no");--> statement-breakpoint
CREATE INDEX "lamp_asset_terminal_idx" ON "lamp_asset" ("terminal_id");--> statement-breakpoint
CREATE INDEX "lamp_asset_dept_idx" ON "lamp_asset" ("dept_id");--> statement-breakpoint
CREATE INDEX "lamp_asset_type_idx" ON "lamp_asset" ("lamp_type_id");--> statement-breakpoint
CREATE TABLE "lamp_day" (
  "asset_id" integer NOT NULL REFERENCES "lamp_asset"("asset_id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "lit_readings" integer NOT NULL DEFAULT 0,
  "ratio_sum" double precision NOT NULL DEFAULT 0,
  "pf_sum" double precision NOT NULL DEFAULT 0,
  "cycles" integer NOT NULL DEFAULT 0,
  "burn_hours" real,
  PRIMARY KEY ("asset_id", "day")
);--> statement-breakpoint
CREATE INDEX "lamp_day_day_idx" ON "lamp_day" ("day");--> statement-breakpoint
CREATE TABLE "lamp_health" (
  "asset_id" integer PRIMARY KEY REFERENCES "lamp_asset"("asset_id") ON DELETE CASCADE,
  "days" integer NOT NULL DEFAULT 0,
  "last_day" date,
  "baseline_ratio" double precision,
  "baseline_pf" double precision,
  "recent_ratio" double precision,
  "recent_pf" double precision,
  "ratio_slope" double precision NOT NULL DEFAULT 0,
  "pf_slope" double precision NOT NULL DEFAULT 0,
  "cycles_per_day" double precision NOT NULL DEFAULT 0,
  "burn_hours" real,
  "score" real NOT NULL DEFAULT 0,
  "reasons" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "scored_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "lamp_health_score_idx" ON "lamp_health" ("score");--> statement-breakpoint
ALTER TABLE "work_order" ADD COLUMN "kind" varchar(16) NOT NULL DEFAULT 'repair';--> statement-breakpoint
CREATE TABLE "work_order_asset" (
  "order_id" integer NOT NULL REFERENCES "work_order"("order_id") ON DELETE CASCADE,
  "asset_id" integer NOT NULL REFERENCES "lamp_asset"("asset_id") ON DELETE CASCADE,
  "seq" smallint NOT NULL,
  PRIMARY KEY ("order_id", "asset_id")
);--> statement-breakpoint
CREATE INDEX "work_order_asset_asset_idx" ON "work_order_asset" ("asset_id");
