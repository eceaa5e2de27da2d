-- Calendars with rules (issue 30): a plan's ordered rules (holidays, special days: dates, yearly ranges, weekdays, the
-- n-th or last weekday of the month), each with its own policy, over the plan's policy (the default program), and when
-- their days start (local midnight, or noon for noon-to-noon days). Existing plans have no rules: unchanged.
ALTER TABLE "control_plan" ADD COLUMN "rules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "control_plan" ADD COLUMN "day_start" varchar(8) DEFAULT 'midnight' NOT NULL;
