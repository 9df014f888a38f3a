ALTER TABLE "language" ADD COLUMN "offered" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "country" ADD COLUMN "served" boolean DEFAULT true NOT NULL;
