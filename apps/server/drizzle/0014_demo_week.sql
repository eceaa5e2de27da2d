-- Demo week and sign-in log messages (issue 16).
-- One row once the demo's week of history has been claimed for this database: later starts leave it alone.
CREATE TABLE "demo_history" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"days" smallint NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "demo_history_one_row" CHECK ("id" = 1)
);--> statement-breakpoint
-- Sign-in log messages become catalogue keys, shown in the reader's language; `msg` keeps the English text.
ALTER TABLE "sys_login_log" ADD COLUMN "msg_key" varchar(64);--> statement-breakpoint
ALTER TABLE "sys_login_log" ADD COLUMN "msg_params" jsonb;--> statement-breakpoint
-- Existing rows hold the English text the server wrote so far: each known text gets its key; any other stays as written.
UPDATE "sys_login_log" AS l SET "msg_key" = m.key
FROM (VALUES
	('signed in', 'auth.signedIn'),
	('signed out', 'auth.signedOut'),
	('signed in by QR code', 'auth.signedInByQr'),
	('bound the messaging app and signed in', 'auth.boundAndSignedIn'),
	('Wrong password at the QR stand-in', 'auth.wrongPasswordAtStandin'),
	('Wrong username or password', 'auth.badCredentials'),
	('Wrong or expired captcha', 'auth.badCaptcha'),
	('This account is disabled; contact your administrator', 'auth.accountDisabled'),
	('The messaging-app authorisation is invalid or expired', 'wx.notAuthorised')
) AS m(msg, key)
WHERE l."msg" = m.msg AND l."msg_key" IS NULL;
