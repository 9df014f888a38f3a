CREATE TABLE "share_registration" (
	"share_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"investor_profile" text NOT NULL,
	"registered_on" date NOT NULL,
	"withdrawn_on" date,
	CONSTRAINT "share_registration_share_id_country_code_investor_profile_pk" PRIMARY KEY("share_id","country_code","investor_profile"),
	CONSTRAINT "share_registration_dates" CHECK ("share_registration"."withdrawn_on" IS NULL OR "share_registration"."withdrawn_on" >= "share_registration"."registered_on")
);
--> statement-breakpoint
ALTER TABLE "document" ADD COLUMN "countries" text[] DEFAULT ARRAY[]::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "share_registration" ADD CONSTRAINT "share_registration_share_id_share_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."share"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_registration" ADD CONSTRAINT "share_registration_country_code_country_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."country"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_registration" ADD CONSTRAINT "share_registration_investor_profile_investor_profile_code_fk" FOREIGN KEY ("investor_profile") REFERENCES "public"."investor_profile"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_registration_country" ON "share_registration" USING btree ("country_code","investor_profile");--> statement-breakpoint
-- A database filled before the matrix existed keeps showing what it showed: every share class is
-- registered, from its inception, in every country for the profiles it was visible to.
INSERT INTO "share_registration" ("share_id", "country_code", "investor_profile", "registered_on")
SELECT s."id", c."code", p."code", s."inception_date"
FROM "share" s CROSS JOIN "country" c JOIN "investor_profile" p ON p."code" = ANY (s."visible_to")
ON CONFLICT DO NOTHING;
