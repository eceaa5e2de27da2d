CREATE TABLE "sys_dict_data" (
	"dict_code" serial PRIMARY KEY NOT NULL,
	"dict_type" varchar(128) NOT NULL,
	"dict_label" varchar(128) NOT NULL,
	"dict_label_en" varchar(128) DEFAULT '' NOT NULL,
	"dict_value" varchar(128) NOT NULL,
	"dict_sort" integer DEFAULT 0 NOT NULL,
	"list_class" varchar(32) DEFAULT 'default' NOT NULL,
	"is_default" char(1) DEFAULT 'N' NOT NULL,
	"status" char(1) DEFAULT '2' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_dict_data_type_value" UNIQUE("dict_type","dict_value")
);
--> statement-breakpoint
CREATE TABLE "sys_dict_type" (
	"dict_id" serial PRIMARY KEY NOT NULL,
	"dict_name" varchar(128) NOT NULL,
	"dict_type" varchar(128) NOT NULL,
	"status" char(1) DEFAULT '2' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_dict_type_dict_type_unique" UNIQUE("dict_type")
);
--> statement-breakpoint
CREATE TABLE "sys_enterprise" (
	"enterprise_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(128) NOT NULL,
	"code" varchar(64) NOT NULL,
	"contact" varchar(64) DEFAULT '' NOT NULL,
	"phone" varchar(32) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"region" varchar(128) DEFAULT '' NOT NULL,
	"status" char(1) DEFAULT '2' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_enterprise_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sys_user_oauth" (
	"open_id" varchar(128) PRIMARY KEY NOT NULL,
	"provider" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"phone" varchar(32) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_oper_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"username" varchar(64) DEFAULT '' NOT NULL,
	"title" varchar(128) DEFAULT '' NOT NULL,
	"method" varchar(8) NOT NULL,
	"url" varchar(255) NOT NULL,
	"ipaddr" varchar(64) DEFAULT '' NOT NULL,
	"http_status" integer NOT NULL,
	"result_code" integer NOT NULL,
	"msg" varchar(255) DEFAULT '' NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"oper_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "sex" char(1) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_dict_data" ADD CONSTRAINT "sys_dict_data_dict_type_sys_dict_type_dict_type_fk" FOREIGN KEY ("dict_type") REFERENCES "public"."sys_dict_type"("dict_type") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sys_user_oauth" ADD CONSTRAINT "sys_user_oauth_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_oper_log_time_idx" ON "sys_oper_log" USING btree ("oper_time");