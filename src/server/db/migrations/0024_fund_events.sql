CREATE TABLE "alert_subscriber" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"country_code" text NOT NULL,
	"investor_profile" text NOT NULL,
	"manage_token_hash" text NOT NULL,
	"client_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_digest_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_subscription" (
	"subscriber_id" uuid NOT NULL,
	"fund_id" integer NOT NULL,
	"nav_summary" boolean DEFAULT false NOT NULL,
	"confirm_token_hash" text,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_subscription_subscriber_id_fund_id_pk" PRIMARY KEY("subscriber_id","fund_id")
);
--> statement-breakpoint
CREATE TABLE "dividend" (
	"share_id" integer NOT NULL,
	"ex_date" date NOT NULL,
	"record_date" date NOT NULL,
	"payment_date" date NOT NULL,
	"amount" numeric(18, 6) NOT NULL,
	"currency_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dividend_share_id_ex_date_pk" PRIMARY KEY("share_id","ex_date"),
	CONSTRAINT "dividend_dates" CHECK ("dividend"."record_date" >= "dividend"."ex_date" AND "dividend"."payment_date" >= "dividend"."record_date"),
	CONSTRAINT "dividend_amount" CHECK ("dividend"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "fund_event_share" (
	"event_id" integer NOT NULL,
	"share_id" integer NOT NULL,
	CONSTRAINT "fund_event_share_event_id_share_id_pk" PRIMARY KEY("event_id","share_id")
);
--> statement-breakpoint
CREATE TABLE "fund_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"fund_id" integer NOT NULL,
	"type" text NOT NULL,
	"tool" text,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"announced_on" date NOT NULL,
	"effective_on" date NOT NULL,
	"ends_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_event_type" CHECK ("fund_event"."type" IN ('merger', 'liquidation', 'name-change', 'prospectus-change', 'suspension', 'lmt-activated', 'lmt-lifted', 'other')),
	CONSTRAINT "fund_event_tool" CHECK (("fund_event"."type" IN ('lmt-activated', 'lmt-lifted')) = ("fund_event"."tool" IS NOT NULL)),
	CONSTRAINT "fund_event_ends" CHECK ("fund_event"."ends_on" IS NULL OR "fund_event"."ends_on" > "fund_event"."effective_on")
);
--> statement-breakpoint
ALTER TABLE "api_token" DROP CONSTRAINT "api_token_scope";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind";--> statement-breakpoint
ALTER TABLE "document" ADD COLUMN "event_id" integer;--> statement-breakpoint
ALTER TABLE "document" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "alert_subscriber" ADD CONSTRAINT "alert_subscriber_country_code_country_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."country"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscriber" ADD CONSTRAINT "alert_subscriber_investor_profile_investor_profile_code_fk" FOREIGN KEY ("investor_profile") REFERENCES "public"."investor_profile"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscription" ADD CONSTRAINT "alert_subscription_subscriber_id_alert_subscriber_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."alert_subscriber"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscription" ADD CONSTRAINT "alert_subscription_fund_id_fund_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."fund"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dividend" ADD CONSTRAINT "dividend_share_id_share_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."share"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dividend" ADD CONSTRAINT "dividend_currency_code_currency_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_event_share" ADD CONSTRAINT "fund_event_share_event_id_fund_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."fund_event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_event_share" ADD CONSTRAINT "fund_event_share_share_id_share_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."share"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_event" ADD CONSTRAINT "fund_event_fund_id_fund_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."fund"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscriber_email" ON "alert_subscriber" USING btree (lower(btrim("email")));--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscriber_manage_token" ON "alert_subscriber" USING btree ("manage_token_hash");--> statement-breakpoint
CREATE INDEX "alert_subscriber_digest" ON "alert_subscriber" USING btree ("last_digest_at");--> statement-breakpoint
CREATE INDEX "alert_subscription_fund" ON "alert_subscription" USING btree ("fund_id","confirmed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscription_confirm_token" ON "alert_subscription" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "dividend_created" ON "dividend" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "fund_event_share_share" ON "fund_event_share" USING btree ("share_id");--> statement-breakpoint
CREATE INDEX "fund_event_fund" ON "fund_event" USING btree ("fund_id","effective_on");--> statement-breakpoint
CREATE INDEX "fund_event_created" ON "fund_event" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_event_id_fund_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."fund_event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_event" ON "document" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "document_created" ON "document" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "api_token" ADD CONSTRAINT "api_token_scope" CHECK ("api_token"."scope" IN ('navs', 'benchmarks', 'documents', 'scenarios', 'registrations', 'findatex:read', 'events', 'distributions'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind" CHECK ("mail_outbox"."kind" in ('submission', 'newsletter', 'account', 'alert', 'review', 'fund-alerts'));--> statement-breakpoint
-- A database seeded before fund events existed gets the notices' document type here (the seed's
-- reference data has it, src/server/db/seed/fixtures/content/reference.ts); an empty one gets it from the seed.
INSERT INTO "document_type" ("code", "title", "position")
SELECT 'FUND_NOTICE', '{"fr":"Avis aux porteurs","en":"Shareholder notice","es":"Aviso a los partícipes"}'::jsonb, coalesce(max("position"), 0) + 1
FROM "document_type" HAVING count(*) > 0
ON CONFLICT ("code") DO NOTHING;
