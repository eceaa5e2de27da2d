ALTER TABLE "control_emergency" ADD COLUMN "cancelled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "control_emergency" ADD COLUMN "cancelled_by" integer REFERENCES "sys_user"("user_id") ON DELETE set null;
