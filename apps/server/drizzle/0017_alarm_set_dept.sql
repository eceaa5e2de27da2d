-- Alarm settings belong to a department (issue 24, item 3): they govern its terminals and those below it that have
-- none of their own. The global settings become the root department's (the first top-level one, which also governs
-- terminals without a department), with a copy for any other top-level department, so every terminal keeps the
-- settings it had. Without any department no terminal has a department either; such settings are dropped.
ALTER TABLE "alarm_set" ADD COLUMN "dept_id" integer;--> statement-breakpoint
DROP INDEX "alarm_set_family";--> statement-breakpoint
UPDATE "alarm_set" SET "dept_id" = (SELECT "dept_id" FROM "sys_dept" WHERE "parent_id" = 0 ORDER BY "sort", "dept_id" LIMIT 1);--> statement-breakpoint
INSERT INTO "alarm_set" ("dept_id", "family", "enabled_kinds", "thresholds", "debounce_s", "severities", "sms_user_ids", "remark", "created_at", "updated_at")
  SELECT d."dept_id", s."family", s."enabled_kinds", s."thresholds", s."debounce_s", s."severities", s."sms_user_ids", s."remark", s."created_at", s."updated_at"
  FROM "alarm_set" s CROSS JOIN "sys_dept" d
  WHERE s."dept_id" IS NOT NULL AND d."parent_id" = 0 AND d."dept_id" <> s."dept_id";--> statement-breakpoint
DELETE FROM "alarm_set" WHERE "dept_id" IS NULL;--> statement-breakpoint
ALTER TABLE "alarm_set" ALTER COLUMN "dept_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_set" ADD CONSTRAINT "alarm_set_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_set_dept_family" ON "alarm_set" USING btree ("dept_id","family");
