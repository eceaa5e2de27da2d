-- The open API (issue 31): API clients with OAuth 2.0 client credentials, their access tokens (hashed), webhook
-- subscriptions and the durable queue of webhook deliveries that the scheduler's `webhooks.deliver` job works off.
CREATE TABLE "open_client" (
  "id" serial PRIMARY KEY NOT NULL,
  "client_id" varchar(40) NOT NULL,
  "name" varchar(64) NOT NULL,
  "secret_hash" varchar(128) NOT NULL,
  "dept_id" integer NOT NULL,
  "scopes" text[] NOT NULL,
  "rate_limit_per_minute" integer DEFAULT 120 NOT NULL,
  "enabled" boolean DEFAULT true NOT NULL,
  "created_by" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_used_at" timestamp with time zone,
  CONSTRAINT "open_client_client_id_unique" UNIQUE("client_id")
);--> statement-breakpoint
ALTER TABLE "open_client" ADD CONSTRAINT "open_client_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_client" ADD CONSTRAINT "open_client_created_by_sys_user_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "open_token" (
  "token_hash" varchar(64) PRIMARY KEY NOT NULL,
  "client_id" integer NOT NULL,
  "scopes" text[] NOT NULL,
  "expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "open_token" ADD CONSTRAINT "open_token_client_id_open_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."open_client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_token_expires_idx" ON "open_token" USING btree ("expires_at");--> statement-breakpoint
CREATE TABLE "webhook_subscription" (
  "id" serial PRIMARY KEY NOT NULL,
  "client_id" integer NOT NULL,
  "url" varchar(500) NOT NULL,
  "events" text[] NOT NULL,
  "secret" varchar(64) NOT NULL,
  "enabled" boolean DEFAULT true NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "webhook_subscription" ADD CONSTRAINT "webhook_subscription_client_id_open_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."open_client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "webhook_delivery" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "subscription_id" integer NOT NULL,
  "event_id" varchar(40) NOT NULL,
  "event_type" varchar(32) NOT NULL,
  "payload" jsonb NOT NULL,
  "state" varchar(12) DEFAULT 'pending' NOT NULL,
  "attempts" smallint DEFAULT 0 NOT NULL,
  "last_status" integer,
  "last_error" varchar(255) DEFAULT '' NOT NULL,
  "next_attempt_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "delivered_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_subscription_id_webhook_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."webhook_subscription"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_delivery_event" ON "webhook_delivery" USING btree ("subscription_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_delivery_due_idx" ON "webhook_delivery" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_delivery_created_idx" ON "webhook_delivery" USING btree ("created_at");
