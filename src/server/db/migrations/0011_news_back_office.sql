CREATE TABLE "news_fund" (
	"news_id" integer NOT NULL,
	"fund_id" integer NOT NULL,
	CONSTRAINT "news_fund_news_id_fund_id_pk" PRIMARY KEY("news_id","fund_id")
);
--> statement-breakpoint
CREATE TABLE "news_old_slug" (
	"locale" text NOT NULL,
	"slug" text NOT NULL,
	"news_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_old_slug_locale_slug_pk" PRIMARY KEY("locale","slug")
);
--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "visible_to" text[] DEFAULT ARRAY[]::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "news_fund" ADD CONSTRAINT "news_fund_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_fund" ADD CONSTRAINT "news_fund_fund_id_fund_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."fund"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_old_slug" ADD CONSTRAINT "news_old_slug_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_fund_fund" ON "news_fund" USING btree ("fund_id");--> statement-breakpoint
CREATE INDEX "news_old_slug_news" ON "news_old_slug" USING btree ("news_id");--> statement-breakpoint
CREATE INDEX "news_publish_at" ON "news" USING btree ("publish_at");--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_status" CHECK ("news"."status" IN ('draft', 'published'));