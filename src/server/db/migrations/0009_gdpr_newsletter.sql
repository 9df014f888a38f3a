ALTER TABLE "form_submission" ADD COLUMN "unsubscribe_token_hash" text;--> statement-breakpoint
ALTER TABLE "form_submission" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "form_submission_email" ON "form_submission" USING btree (lower(btrim("data" -> 'fields' ->> 'email')));--> statement-breakpoint
CREATE UNIQUE INDEX "form_submission_unsubscribe_token" ON "form_submission" USING btree ("unsubscribe_token_hash");