-- Mails get a kind (docs/decisions/026). Existing rows: a mail of a newsletter sign-up to the subscriber's own
-- address is its confirmation ('newsletter'); any other mail of a submission is the staff's ('submission'); a
-- mail about no submission holding a set-password link is an invitation or a reset ('account'); the rest are alerts.
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text DEFAULT 'alert' NOT NULL;--> statement-breakpoint
UPDATE "mail_outbox" SET "kind" = 'newsletter' FROM "form_submission" s
  WHERE s."id" = "mail_outbox"."submission_id" AND s."kind" = 'newsletter'
    AND lower(btrim("mail_outbox"."to")) = lower(btrim(s."data" -> 'fields' ->> 'email'));--> statement-breakpoint
UPDATE "mail_outbox" SET "kind" = 'submission' WHERE "submission_id" IS NOT NULL AND "kind" = 'alert';--> statement-breakpoint
UPDATE "mail_outbox" SET "kind" = 'account' WHERE "submission_id" IS NULL AND "text" ~ '/admin/set-password\?token=';--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "kind" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "link_sealed" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind" CHECK ("mail_outbox"."kind" in ('submission', 'newsletter', 'account', 'alert'));--> statement-breakpoint
-- Links that grant something are no longer kept once sent: those of mails already sent are taken out now
-- (unsent ones go out with their link first, and lose it when marked sent: src/server/queries/outbox.ts).
UPDATE "mail_outbox" SET "text" = regexp_replace("text", '(https?://|/)\S*[?&]token=\S*', '[link sent by e-mail only, not kept]', 'gi')
  WHERE "sent_at" IS NOT NULL AND "kind" IN ('account', 'newsletter');
