ALTER TABLE "company" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "legal_form" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "registered_office" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "register_number" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "lei" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "regulator" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "authorisation_number" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "dpo_email" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "brand_primary" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "brand_dark" text;--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "brand_accent" text;--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_lei_shape" CHECK ("company"."lei" ~ '^[A-Z0-9]{18}[0-9]{2}$');--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_brand_primary_hex" CHECK ("company"."brand_primary" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_brand_dark_hex" CHECK ("company"."brand_dark" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_brand_accent_hex" CHECK ("company"."brand_accent" ~ '^#[0-9a-f]{6}$');