-- Alarm notices are retried (issue 31): a failed delivery through a channel is tried again by the scheduler's
-- `notify.retry` job with back-off, claimed so that each attempt is made once across instances. `words` keeps the
-- notice as first worded, so a retry sends the same text. Rows from before stay as they were (one attempt).
ALTER TABLE "notify_log" ADD COLUMN "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notify_log" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notify_log" ADD COLUMN "words" jsonb;--> statement-breakpoint
CREATE INDEX "notify_log_due_idx" ON "notify_log" USING btree ("state","next_attempt_at");
