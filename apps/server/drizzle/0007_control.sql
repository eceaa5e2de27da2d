CREATE SEQUENCE IF NOT EXISTS policy_document_id_seq;
--> statement-breakpoint
CREATE TABLE "control_policy" (
	"id" bigint PRIMARY KEY DEFAULT nextval('policy_document_id_seq') NOT NULL,
	"name" varchar(64) NOT NULL,
	"family" varchar(8) NOT NULL,
	"model" smallint NOT NULL,
	"open_mode" smallint DEFAULT 2 NOT NULL,
	"steps" jsonb NOT NULL,
	"template_id" integer,
	"dept_id" integer REFERENCES "sys_dept"("dept_id"),
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_by" integer REFERENCES "sys_user"("user_id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "control_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"family" varchar(8) NOT NULL,
	"model" smallint NOT NULL,
	"name" varchar(64) NOT NULL,
	"steps" jsonb NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "control_template_family_idx" ON "control_template" USING btree ("family");
--> statement-breakpoint
CREATE TABLE "control_plan" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"policy_id" bigint NOT NULL REFERENCES "control_policy"("id"),
	"group_mode" smallint NOT NULL,
	"target_ids" integer[] NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"dept_id" integer REFERENCES "sys_dept"("dept_id"),
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_by" integer REFERENCES "sys_user"("user_id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "control_plan_dates_idx" ON "control_plan" USING btree ("start_date","end_date");
--> statement-breakpoint
CREATE TABLE "control_emergency" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"action" varchar(4) NOT NULL,
	"level" smallint NOT NULL,
	"group_mode" smallint NOT NULL,
	"target_ids" integer[] NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"dept_id" integer REFERENCES "sys_dept"("dept_id"),
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_by" integer REFERENCES "sys_user"("user_id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "control_emergency_expire_idx" ON "control_emergency" USING btree ("expire_at");
--> statement-breakpoint
CREATE TABLE "control_set" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"name" varchar(64) NOT NULL,
	"dept_id" integer REFERENCES "sys_dept"("dept_id"),
	"is_default" boolean DEFAULT false NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "control_set_kind_idx" ON "control_set" USING btree ("kind");
--> statement-breakpoint
CREATE TABLE "control_set_terminal" (
	"set_id" integer NOT NULL REFERENCES "control_set"("id") ON DELETE cascade,
	"terminal_id" integer NOT NULL REFERENCES "terminal"("terminal_id") ON DELETE cascade,
	CONSTRAINT "control_set_terminal_set_id_terminal_id_pk" PRIMARY KEY("set_id","terminal_id")
);
--> statement-breakpoint
CREATE INDEX "control_set_terminal_terminal_idx" ON "control_set_terminal" USING btree ("terminal_id");
--> statement-breakpoint
CREATE TABLE "control_task" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" varchar(12) NOT NULL,
	"source_id" integer NOT NULL,
	"terminal_id" integer NOT NULL REFERENCES "terminal"("terminal_id") ON DELETE cascade,
	"cmd" varchar(32) NOT NULL,
	"params" jsonb NOT NULL,
	"command_id" bigint,
	"state" varchar(12) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"msg" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "control_task_source_terminal" ON "control_task" USING btree ("source","source_id","terminal_id");
--> statement-breakpoint
CREATE INDEX "control_task_command_idx" ON "control_task" USING btree ("command_id");
--> statement-breakpoint
CREATE INDEX "control_task_terminal_idx" ON "control_task" USING btree ("terminal_id","state");
--> statement-breakpoint
CREATE TABLE "control_binding" (
	"terminal_id" integer PRIMARY KEY NOT NULL REFERENCES "terminal"("terminal_id") ON DELETE cascade,
	"source" varchar(12) NOT NULL,
	"source_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduler_job" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_error" text,
	"runs" integer DEFAULT 0 NOT NULL,
	"running_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "control_template" ("family", "model", "name", "steps", "remark") VALUES
	('rdcsm', 2, '日落开灯 日出关灯', '[{"at":"sunset","action":"on","level":100},{"at":"sunrise","action":"off"}]', 'Dusk to dawn at full power'),
	('rdcsm', 2, '午夜调光', '[{"at":"sunset","offsetMin":-10,"action":"on","level":100},{"at":"23:00","action":"dim","level":50},{"at":"sunrise","offsetMin":10,"action":"off"}]', 'Full power in the evening, half after 23:00'),
	('rdc4m', 1, '日落开灯 日出关灯', '[{"at":"sunset","action":"on"},{"at":"sunrise","action":"off"}]', 'All loops dusk to dawn'),
	('rdc4m', 1, '半夜关一半回路', '[{"at":"sunset","offsetMin":-10,"action":"on"},{"at":"23:00","action":"off","loops":[2,4]},{"at":"sunrise","offsetMin":10,"action":"off"}]', 'Loops 2 and 4 off after 23:00'),
	('rdcsm', 1, '日落开灯 日出关灯', '[{"at":"sunset","action":"on"},{"at":"sunrise","action":"off"}]', 'All loops dusk to dawn'),
	('rdc4m', 2, '午夜调光', '[{"at":"sunset","offsetMin":-10,"action":"on","level":100},{"at":"23:00","action":"dim","level":50},{"at":"sunrise","offsetMin":10,"action":"off"}]', 'Full power in the evening, half after 23:00');
