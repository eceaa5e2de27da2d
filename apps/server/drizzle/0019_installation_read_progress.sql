-- Issue 26: the installation's id prefixes every Redis channel and key (written at first use, see
-- src/db/schema/system.ts), and each gateway instance's read progress lets the offline sweep tell a
-- backlog or a dead instance's queue from silence.
CREATE TABLE "sys_installation" (
	"one" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("one" = 1),
	"installation_id" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "gateway_read_progress" (
	"reader_id" varchar(128) PRIMARY KEY NOT NULL,
	"caught_up_to" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"hold_ms" integer NOT NULL
);
