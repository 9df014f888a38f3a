ALTER TABLE "staff_user" ALTER COLUMN "role" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "staff_user" ALTER COLUMN "role" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_session" ADD COLUMN "sign_in_method" text;