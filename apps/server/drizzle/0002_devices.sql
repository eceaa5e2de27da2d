CREATE TABLE "alarm_read" (
	"alarm_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm" (
	"alarm_id" serial PRIMARY KEY NOT NULL,
	"terminal_id" integer NOT NULL,
	"dept_id" integer,
	"kind" varchar(32) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"message" varchar(255) DEFAULT '' NOT NULL,
	"value" real,
	"loop" smallint,
	"phase" char(1),
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"terminal_id" integer NOT NULL,
	"mid" varchar(64) NOT NULL,
	"event" varchar(32) NOT NULL,
	"state" varchar(8) NOT NULL,
	"value" real,
	"loop" smallint,
	"phase" char(1),
	"ts" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "heartbeat" (
	"id" bigserial PRIMARY KEY NOT NULL,
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
	"extra" jsonb
);
--> statement-breakpoint
CREATE TABLE "terminal_box" (
	"box_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"code" varchar(64) NOT NULL,
	"dept_id" integer,
	"area" varchar(128) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminal_box_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "terminal_command" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mid" varchar(64) NOT NULL,
	"terminal_id" integer NOT NULL,
	"cmd" varchar(32) NOT NULL,
	"params" jsonb NOT NULL,
	"state" varchar(12) DEFAULT 'pending' NOT NULL,
	"reply_code" integer,
	"reply_msg" varchar(255),
	"reply_data" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "terminal_command_mid_unique" UNIQUE("mid")
);
--> statement-breakpoint
CREATE TABLE "terminal_image" (
	"id" serial PRIMARY KEY NOT NULL,
	"terminal_id" integer NOT NULL,
	"url" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"terminal_id" integer NOT NULL,
	"msg" varchar(255) DEFAULT '' NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_repair" (
	"id" serial PRIMARY KEY NOT NULL,
	"terminal_id" integer NOT NULL,
	"replacement_id" integer,
	"reason" varchar(255) DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_status_change" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"terminal_id" integer NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"reason" varchar(255) DEFAULT '' NOT NULL,
	"user_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal" (
	"terminal_id" serial PRIMARY KEY NOT NULL,
	"sn" varchar(32) NOT NULL,
	"family" varchar(8) NOT NULL,
	"name" varchar(64) NOT NULL,
	"model" smallint NOT NULL,
	"manufacturer" varchar(8) DEFAULT 'HW' NOT NULL,
	"imsi" varchar(20) DEFAULT '' NOT NULL,
	"enterprise_id" integer,
	"dept_id" integer,
	"area" varchar(128) DEFAULT '' NOT NULL,
	"box_id" integer,
	"lng" double precision,
	"lat" double precision,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"register_state" smallint DEFAULT 2 NOT NULL,
	"online_state" smallint DEFAULT 2 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"control_mode" varchar(8) DEFAULT 'auto' NOT NULL,
	"phases" smallint DEFAULT 3 NOT NULL,
	"loops" smallint DEFAULT 0 NOT NULL,
	"install_date" date,
	"firmware" varchar(32) DEFAULT '' NOT NULL,
	"heartbeat_s" integer DEFAULT 60 NOT NULL,
	"secret_hash" varchar(128) DEFAULT '' NOT NULL,
	"last_seen_at" timestamp with time zone,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_read" ADD CONSTRAINT "alarm_read_alarm_id_alarm_alarm_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarm"("alarm_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_read" ADD CONSTRAINT "alarm_read_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm" ADD CONSTRAINT "alarm_terminal_id_terminal_terminal_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminal"("terminal_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_box" ADD CONSTRAINT "terminal_box_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_command" ADD CONSTRAINT "terminal_command_terminal_id_terminal_terminal_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminal"("terminal_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_command" ADD CONSTRAINT "terminal_command_created_by_sys_user_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_image" ADD CONSTRAINT "terminal_image_terminal_id_terminal_terminal_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminal"("terminal_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_repair" ADD CONSTRAINT "terminal_repair_terminal_id_terminal_terminal_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminal"("terminal_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_repair" ADD CONSTRAINT "terminal_repair_replacement_id_terminal_terminal_id_fk" FOREIGN KEY ("replacement_id") REFERENCES "public"."terminal"("terminal_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_repair" ADD CONSTRAINT "terminal_repair_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_status_change" ADD CONSTRAINT "terminal_status_change_terminal_id_terminal_terminal_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminal"("terminal_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_status_change" ADD CONSTRAINT "terminal_status_change_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal" ADD CONSTRAINT "terminal_enterprise_id_sys_enterprise_enterprise_id_fk" FOREIGN KEY ("enterprise_id") REFERENCES "public"."sys_enterprise"("enterprise_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal" ADD CONSTRAINT "terminal_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal" ADD CONSTRAINT "terminal_box_id_terminal_box_box_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."terminal_box"("box_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_read_pk" ON "alarm_read" USING btree ("alarm_id","user_id");--> statement-breakpoint
CREATE INDEX "alarm_terminal_kind_idx" ON "alarm" USING btree ("terminal_id","kind","status");--> statement-breakpoint
CREATE INDEX "alarm_dept_idx" ON "alarm" USING btree ("dept_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "device_event_terminal_mid" ON "device_event" USING btree ("terminal_id","mid");--> statement-breakpoint
CREATE INDEX "device_event_terminal_ts" ON "device_event" USING btree ("terminal_id","ts");--> statement-breakpoint
CREATE UNIQUE INDEX "heartbeat_terminal_mid" ON "heartbeat" USING btree ("terminal_id","mid");--> statement-breakpoint
CREATE INDEX "heartbeat_terminal_ts" ON "heartbeat" USING btree ("terminal_id","ts");--> statement-breakpoint
CREATE INDEX "terminal_command_terminal_idx" ON "terminal_command" USING btree ("terminal_id","created_at");--> statement-breakpoint
CREATE INDEX "terminal_command_pending_idx" ON "terminal_command" USING btree ("state","expires_at");--> statement-breakpoint
CREATE INDEX "terminal_log_kind_time" ON "terminal_log" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "terminal_log_terminal" ON "terminal_log" USING btree ("terminal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_family_sn" ON "terminal" USING btree ("family","sn");--> statement-breakpoint
CREATE INDEX "terminal_dept_idx" ON "terminal" USING btree ("dept_id");