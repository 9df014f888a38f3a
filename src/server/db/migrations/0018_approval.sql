CREATE TABLE "proposed_change" (
	"id" serial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"kind" text NOT NULL,
	"target_key" text NOT NULL,
	"target_label" text NOT NULL,
	"input" jsonb NOT NULL,
	"file" "bytea",
	"before" jsonb,
	"before_hash" text NOT NULL,
	"after" jsonb,
	"author_id" text,
	"author_label" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"effective_at" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewer_id" text,
	"reviewer_label" text,
	"comment" text,
	"last_error" text,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	CONSTRAINT "proposed_change_status_check" CHECK ("proposed_change"."status" IN ('pending', 'approved', 'rejected', 'withdrawn', 'published')),
	CONSTRAINT "proposed_change_area" CHECK ("proposed_change"."area" IN ('funds', 'pages', 'company', 'news', 'documents'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind";--> statement-breakpoint
ALTER TABLE "staff_user" DROP CONSTRAINT "staff_user_role";--> statement-breakpoint
ALTER TABLE "proposed_change" ADD CONSTRAINT "proposed_change_author_id_staff_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposed_change" ADD CONSTRAINT "proposed_change_reviewer_id_staff_user_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposed_change_status" ON "proposed_change" USING btree ("status","effective_at");--> statement-breakpoint
CREATE INDEX "proposed_change_author" ON "proposed_change" USING btree ("author_id","status");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind" CHECK ("mail_outbox"."kind" in ('submission', 'newsletter', 'account', 'alert', 'review'));--> statement-breakpoint
ALTER TABLE "staff_user" ADD CONSTRAINT "staff_user_role" CHECK ("staff_user"."role" IN ('admin', 'compliance', 'editor', 'data', 'reader'));