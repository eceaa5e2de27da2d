CREATE SEQUENCE IF NOT EXISTS policy_document_id_seq;--> statement-breakpoint
DROP INDEX IF EXISTS "alarm_one_open";--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_one_open" ON "alarm" USING btree ("terminal_id","kind",coalesce("loop", -1)) WHERE "alarm"."cleared_at" is null and "alarm"."status" in (1, 2, 3, 4, 7);--> statement-breakpoint
CREATE TABLE "alarm_log" (
	"log_id" bigserial PRIMARY KEY NOT NULL,
	"alarm_id" integer NOT NULL,
	"order_id" integer,
	"event" varchar(24) NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"note" varchar(500) DEFAULT '' NOT NULL,
	"user_id" integer,
	"user_name" varchar(64) DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "work_order" (
	"order_id" serial PRIMARY KEY NOT NULL,
	"dept_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"assignee_id" integer NOT NULL,
	"priority" smallint DEFAULT 2 NOT NULL,
	"due_at" timestamp with time zone,
	"instruction" varchar(500) DEFAULT '' NOT NULL,
	"progress_note" varchar(500) DEFAULT '' NOT NULL,
	"completion_note" varchar(500) DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "work_order_alarm" (
	"order_id" integer NOT NULL,
	"alarm_id" integer NOT NULL
);--> statement-breakpoint
CREATE TABLE "sms_log" (
	"sms_id" bigserial PRIMARY KEY NOT NULL,
	"dept_id" integer,
	"user_id" integer,
	"phone" varchar(32) NOT NULL,
	"template" varchar(32) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content" varchar(500) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"state" varchar(12) DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_error" varchar(255) DEFAULT '' NOT NULL,
	"alarm_id" integer,
	"order_id" integer,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "alarm_log" ADD CONSTRAINT "alarm_log_alarm_id_alarm_alarm_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarm"("alarm_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_log" ADD CONSTRAINT "alarm_log_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order" ADD CONSTRAINT "work_order_assignee_id_sys_user_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."sys_user"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order" ADD CONSTRAINT "work_order_created_by_sys_user_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_alarm" ADD CONSTRAINT "work_order_alarm_order_id_work_order_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."work_order"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_alarm" ADD CONSTRAINT "work_order_alarm_alarm_id_alarm_alarm_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarm"("alarm_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_log" ADD CONSTRAINT "sms_log_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_log_alarm_idx" ON "alarm_log" USING btree ("alarm_id","at");--> statement-breakpoint
CREATE INDEX "alarm_log_at_idx" ON "alarm_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "work_order_assignee_idx" ON "work_order" USING btree ("assignee_id","status");--> statement-breakpoint
CREATE INDEX "work_order_dept_idx" ON "work_order" USING btree ("dept_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_alarm_pk" ON "work_order_alarm" USING btree ("order_id","alarm_id");--> statement-breakpoint
CREATE INDEX "work_order_alarm_alarm_idx" ON "work_order_alarm" USING btree ("alarm_id");--> statement-breakpoint
CREATE INDEX "sms_log_created_idx" ON "sms_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sms_log_retry_idx" ON "sms_log" USING btree ("state","next_attempt_at");
--> statement-breakpoint
CREATE TABLE "alarm_set" (
	"set_id" serial PRIMARY KEY NOT NULL,
	"family" varchar(8) NOT NULL,
	"enabled_kinds" jsonb NOT NULL,
	"thresholds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"debounce_s" integer DEFAULT 0 NOT NULL,
	"severities" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sms_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_set_family" ON "alarm_set" USING btree ("family");
