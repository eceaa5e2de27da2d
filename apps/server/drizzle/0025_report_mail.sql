-- The monthly report e-mail (issue 29): per department, who receives its month PDF, sent by the scheduler's
-- `reports.monthly` job on the 1st at 08:00 in the department's zone; `last_month` is the month last sent.
CREATE TABLE "report_mail" (
  "id" serial PRIMARY KEY NOT NULL,
  "dept_id" integer NOT NULL,
  "recipients" text[] NOT NULL,
  "locale" varchar(8) DEFAULT 'zh-CN' NOT NULL,
  "enabled" boolean DEFAULT true NOT NULL,
  "last_month" varchar(7),
  "last_error" varchar(255) DEFAULT '' NOT NULL,
  "created_by" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "report_mail_dept_unique" UNIQUE("dept_id")
);--> statement-breakpoint
ALTER TABLE "report_mail" ADD CONSTRAINT "report_mail_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_mail" ADD CONSTRAINT "report_mail_created_by_sys_user_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("user_id") ON DELETE set null ON UPDATE no action;
