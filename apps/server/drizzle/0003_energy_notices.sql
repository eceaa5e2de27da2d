CREATE TABLE "energy_notice" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" varchar(64) NOT NULL,
	"dept_id" integer NOT NULL,
	"level" smallint DEFAULT 1 NOT NULL,
	"send_title" varchar(128) NOT NULL,
	"send_content" varchar(2000) NOT NULL,
	"send_dept" varchar(64) DEFAULT '' NOT NULL,
	"send_time" timestamp with time zone DEFAULT now() NOT NULL,
	"recv_content" varchar(1000) DEFAULT '' NOT NULL,
	"recv_name" varchar(64) DEFAULT '' NOT NULL,
	"recv_time" timestamp with time zone,
	"recv_status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "energy_notice_level_check" CHECK ("energy_notice"."level" in (1, 2, 3)),
	CONSTRAINT "energy_notice_recv_status_check" CHECK ("energy_notice"."recv_status" in (0, 1, 2))
);
--> statement-breakpoint
ALTER TABLE "energy_notice" ADD CONSTRAINT "energy_notice_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "energy_notice_send_time_idx" ON "energy_notice" USING btree ("send_time","id");--> statement-breakpoint
CREATE INDEX "energy_notice_dept_status_idx" ON "energy_notice" USING btree ("dept_id","recv_status");