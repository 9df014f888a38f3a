ALTER TABLE "form_submission" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submission" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "form_submission" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_submission" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "form_submission" ADD CONSTRAINT "form_submission_assignee_id_staff_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submission_status_date" ON "form_submission" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "form_submission" ADD CONSTRAINT "form_submission_status" CHECK ("form_submission"."status" in ('new', 'in-progress', 'done'));