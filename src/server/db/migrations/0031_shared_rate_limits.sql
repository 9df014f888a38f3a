CREATE TABLE "rate_limit" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_bucket_key_pk" PRIMARY KEY("bucket","key")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_expires" ON "rate_limit" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "alert_subscriber" ALTER COLUMN "locale" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_subscriber" ALTER COLUMN "country_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_subscriber" ALTER COLUMN "investor_profile" DROP NOT NULL;--> statement-breakpoint
UPDATE "alert_subscriber" SET "locale" = NULL, "country_code" = NULL, "investor_profile" = NULL
	WHERE NOT EXISTS (SELECT 1 FROM "alert_subscription" s WHERE s."subscriber_id" = "alert_subscriber"."id" AND s."confirmed_at" IS NOT NULL);
