-- Citizen fault reports (issue 31): each pole (terminal) gets a public code for its QR code and short URL /r/{code};
-- a report becomes an alarm of source 'citizen' (or joins the lamp's open alarm) and the reporter follows it by a
-- secret token. The reporter's address is kept only for throttling; phone and photo only operators see.
ALTER TABLE "alarm" ADD COLUMN "source" varchar(16) DEFAULT 'device' NOT NULL;--> statement-breakpoint
CREATE TABLE "citizen_pole" (
	"terminal_id" integer PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "citizen_pole_terminal_id_terminal_terminal_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminal"("terminal_id") ON DELETE cascade ON UPDATE no action
);--> statement-breakpoint
CREATE UNIQUE INDEX "citizen_pole_code" ON "citizen_pole" USING btree ("code");--> statement-breakpoint
CREATE TABLE "citizen_report" (
	"report_id" serial PRIMARY KEY NOT NULL,
	"token" varchar(64) NOT NULL,
	"terminal_id" integer NOT NULL,
	"alarm_id" integer,
	"problem" varchar(16) NOT NULL,
	"phone" varchar(32) DEFAULT '' NOT NULL,
	"photo" varchar(255) DEFAULT '' NOT NULL,
	"address" varchar(64) DEFAULT '' NOT NULL,
	"locale" varchar(8) DEFAULT 'zh-CN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "citizen_report_terminal_id_terminal_terminal_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminal"("terminal_id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "citizen_report_alarm_id_alarm_alarm_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarm"("alarm_id") ON DELETE set null ON UPDATE no action
);--> statement-breakpoint
CREATE UNIQUE INDEX "citizen_report_token" ON "citizen_report" USING btree ("token");--> statement-breakpoint
CREATE INDEX "citizen_report_address_idx" ON "citizen_report" USING btree ("address","created_at");--> statement-breakpoint
CREATE INDEX "citizen_report_terminal_idx" ON "citizen_report" USING btree ("terminal_id","created_at");--> statement-breakpoint
CREATE INDEX "citizen_report_alarm_idx" ON "citizen_report" USING btree ("alarm_id");--> statement-breakpoint
-- Alarm notices beside SMS: e-mail, WeCom and DingTalk group robots, per department and severity.
CREATE TABLE "notify_channel" (
	"channel_id" serial PRIMARY KEY NOT NULL,
	"dept_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"name" varchar(64) DEFAULT '' NOT NULL,
	"target" varchar(1024) NOT NULL,
	"secret" varchar(128) DEFAULT '' NOT NULL,
	"severities" jsonb DEFAULT '[1,2,3]'::jsonb NOT NULL,
	"locale" varchar(8) DEFAULT 'zh-CN' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notify_channel_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE cascade ON UPDATE no action
);--> statement-breakpoint
CREATE INDEX "notify_channel_dept_idx" ON "notify_channel" USING btree ("dept_id");--> statement-breakpoint
CREATE TABLE "notify_log" (
	"log_id" bigserial PRIMARY KEY NOT NULL,
	"channel_id" integer,
	"alarm_id" integer,
	"kind" varchar(12) NOT NULL,
	"state" varchar(12) NOT NULL,
	"error" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notify_log_channel_id_notify_channel_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."notify_channel"("channel_id") ON DELETE set null ON UPDATE no action
);--> statement-breakpoint
CREATE INDEX "notify_log_created_idx" ON "notify_log" USING btree ("created_at");
