ALTER TABLE "document" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "document" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document" ADD COLUMN "replaces_id" integer;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_replaces_id_document_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund" ADD CONSTRAINT "fund_risk_level_range" CHECK ("fund"."risk_level" BETWEEN 1 AND 7);--> statement-breakpoint
ALTER TABLE "fund" ADD CONSTRAINT "fund_sfdr_article_value" CHECK ("fund"."sfdr_article" IN (6, 8, 9));--> statement-breakpoint
ALTER TABLE "share" ADD CONSTRAINT "share_sri_level_range" CHECK ("share"."sri_level" BETWEEN 1 AND 7);