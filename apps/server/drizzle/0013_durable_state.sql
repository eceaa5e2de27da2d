-- Shared, durable state (issue 16): what one process used to keep in memory.
-- The latest heartbeat's voltage verdict, so every instance decides online/abnormal alike.
ALTER TABLE "terminal" ADD COLUMN "voltage_abnormal" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- When a command was handed to a connected terminal; null while it waits for the terminal to come back.
ALTER TABLE "terminal_command" ADD COLUMN "sent_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "terminal_command" SET "sent_at" = "created_at";
--> statement-breakpoint
CREATE INDEX "terminal_command_queued_idx" ON "terminal_command" USING btree ("terminal_id") WHERE "sent_at" IS NULL AND "state" = 'pending';
--> statement-breakpoint
-- Short-lived one-time values of QR sign-in (states, codes, access tokens), by scope.
CREATE TABLE "sys_expiring_entry" (
	"scope" varchar(16) NOT NULL,
	"key" varchar(128) NOT NULL,
	"value" varchar(256) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sys_expiring_entry_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE INDEX "sys_expiring_entry_expires_idx" ON "sys_expiring_entry" USING btree ("expires_at");
