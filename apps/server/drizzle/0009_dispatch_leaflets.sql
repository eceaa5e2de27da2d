CREATE SEQUENCE IF NOT EXISTS policy_document_id_seq;
--> statement-breakpoint
CREATE TABLE "dispatch_leaflet" (
	"id" bigint PRIMARY KEY DEFAULT nextval('policy_document_id_seq') NOT NULL,
	"title" varchar(64) NOT NULL,
	"instruction" varchar(1000) NOT NULL,
	"group_mode" smallint NOT NULL,
	"target_ids" integer[] NOT NULL,
	"terminal_count" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"dept_id" integer REFERENCES "sys_dept"("dept_id"),
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer REFERENCES "sys_user"("user_id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dispatch_leaflet_dept_idx" ON "dispatch_leaflet" USING btree ("dept_id","status");
--> statement-breakpoint
CREATE TABLE "dispatch_leaflet_receiver" (
	"leaflet_id" bigint NOT NULL REFERENCES "dispatch_leaflet"("id") ON DELETE cascade,
	"user_id" integer NOT NULL REFERENCES "sys_user"("user_id") ON DELETE cascade,
	"status" smallint DEFAULT 1 NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"note" varchar(500) DEFAULT '' NOT NULL,
	CONSTRAINT "dispatch_leaflet_receiver_pk" PRIMARY KEY("leaflet_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "dispatch_leaflet_receiver_user_idx" ON "dispatch_leaflet_receiver" USING btree ("user_id","status");
