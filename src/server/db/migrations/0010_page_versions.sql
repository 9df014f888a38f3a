CREATE TABLE "page_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_code" text NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"restored_from" integer,
	"snapshot" jsonb NOT NULL,
	"actor_id" text,
	"actor_label" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_version_kind" CHECK ("page_version"."kind" IN ('initial', 'edit', 'restore'))
);
--> statement-breakpoint
ALTER TABLE "page_version" ADD CONSTRAINT "page_version_page_code_page_code_fk" FOREIGN KEY ("page_code") REFERENCES "public"."page"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "page_version_page_number" ON "page_version" USING btree ("page_code","number");