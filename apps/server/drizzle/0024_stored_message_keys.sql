-- Issue 27: stored messages worded when read. A catalogue key (and its parameters) next to the English text;
-- rows written before keep their text and no key, and are read as stored.
ALTER TABLE "alarm" ADD COLUMN "message_key" varchar(64);
--> statement-breakpoint
ALTER TABLE "control_task" ADD COLUMN "msg_key" varchar(64);
--> statement-breakpoint
ALTER TABLE "control_task" ADD COLUMN "msg_params" jsonb;
--> statement-breakpoint
ALTER TABLE "sys_oper_log" ADD COLUMN "msg_key" varchar(64);
--> statement-breakpoint
ALTER TABLE "sys_oper_log" ADD COLUMN "msg_params" jsonb;
