ALTER TABLE "api_token" ADD COLUMN "taken_over_by" text;--> statement-breakpoint
ALTER TABLE "api_token" ADD COLUMN "taken_over_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_token" ADD CONSTRAINT "api_token_taken_over_by_staff_user_id_fk" FOREIGN KEY ("taken_over_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;