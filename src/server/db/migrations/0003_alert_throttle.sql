CREATE TABLE "alert_throttle" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"suppressed" integer DEFAULT 0 NOT NULL,
	"reported_suppressed" integer DEFAULT 0 NOT NULL
);
