CREATE TABLE "allocation" (
	"id" serial PRIMARY KEY NOT NULL,
	"fund_id" integer NOT NULL,
	"as_of" date NOT NULL,
	"dimension" text NOT NULL,
	"code" text NOT NULL,
	"label" jsonb NOT NULL,
	"weight" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "benchmark_value" (
	"benchmark_code" text NOT NULL,
	"date" date NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "benchmark_value_benchmark_code_date_pk" PRIMARY KEY("benchmark_code","date")
);
--> statement-breakpoint
CREATE TABLE "benchmark" (
	"code" text PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"currency_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"title" jsonb NOT NULL,
	"baseline" jsonb NOT NULL,
	"sub_baseline" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_info" (
	"code" text PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "component_text" (
	"id" serial PRIMARY KEY NOT NULL,
	"component_id" integer NOT NULL,
	"code" text NOT NULL,
	"position" smallint NOT NULL,
	"content" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_document" (
	"path" text PRIMARY KEY NOT NULL,
	"locale" text NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "country" (
	"code" text PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"locales" text[] NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currency" (
	"code" text PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_type" (
	"code" text PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_type_code" text NOT NULL,
	"fund_id" integer,
	"share_id" integer,
	"news_id" integer,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"published_at" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eligibility" (
	"code" text PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esg_label" (
	"code" text PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_submission" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"locale" text NOT NULL,
	"data" jsonb NOT NULL,
	"client_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_category" (
	"code" text PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"display_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_eligibility" (
	"fund_id" integer NOT NULL,
	"eligibility_code" text NOT NULL,
	CONSTRAINT "fund_eligibility_fund_id_eligibility_code_pk" PRIMARY KEY("fund_id","eligibility_code")
);
--> statement-breakpoint
CREATE TABLE "fund" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"category_code" text NOT NULL,
	"title" jsonb NOT NULL,
	"is_highlight" boolean DEFAULT false NOT NULL,
	"description" jsonb NOT NULL,
	"philosophy" jsonb NOT NULL,
	"classification" jsonb NOT NULL,
	"specific_category" jsonb,
	"risk_level" smallint NOT NULL,
	"sfdr_article" smallint NOT NULL,
	"min_recommended_investment_duration" smallint NOT NULL,
	"aum_value" numeric(20, 2) NOT NULL,
	"aum_currency_code" text NOT NULL,
	"aum_date" date NOT NULL,
	"benchmark_code" text,
	"characteristics" jsonb NOT NULL,
	"custom_data" jsonb NOT NULL,
	"tags" jsonb NOT NULL,
	"esg_labels" text[] NOT NULL,
	"sfdr_disclosure" jsonb,
	"partners" jsonb NOT NULL,
	"visible_to" text[] DEFAULT ARRAY['RETAIL','INSTIT','CGP']::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holding" (
	"id" serial PRIMARY KEY NOT NULL,
	"fund_id" integer NOT NULL,
	"as_of" date NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"isin_code" text,
	"weight" double precision NOT NULL,
	"asset_class" text NOT NULL,
	"sector" text NOT NULL,
	"country_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investor_profile" (
	"code" text PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_figure" (
	"code" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"title" jsonb NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "language" (
	"locale" text PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" uuid,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nav" (
	"share_id" integer NOT NULL,
	"date" date NOT NULL,
	"nav" double precision NOT NULL,
	CONSTRAINT "nav_share_id_date_pk" PRIMARY KEY("share_id","date")
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_code" text NOT NULL,
	"locale" text NOT NULL,
	"slug" text NOT NULL,
	"category_code" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"published_at" date NOT NULL,
	"external_url" text,
	"fund_id" integer,
	"author" text
);
--> statement-breakpoint
CREATE TABLE "news_category" (
	"code" text PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_component" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_code" text NOT NULL,
	"code" text NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page" (
	"code" text PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_run" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_performance" (
	"share_id" integer PRIMARY KEY NOT NULL,
	"as_of" date,
	"last_nav" double precision,
	"less_than_one_year" boolean NOT NULL,
	"figures" jsonb NOT NULL,
	"benchmark_figures" jsonb,
	"calendar_years" jsonb NOT NULL,
	"risk_free_rate" double precision NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share" (
	"id" serial PRIMARY KEY NOT NULL,
	"fund_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"isin_code" text NOT NULL,
	"management_goal" jsonb NOT NULL,
	"inception_date" date NOT NULL,
	"inception_nav" double precision NOT NULL,
	"sri_level" smallint NOT NULL,
	"currency_code" text NOT NULL,
	"characteristics" jsonb NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"visible_to" text[] DEFAULT ARRAY['RETAIL','INSTIT','CGP']::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_attachment" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "allocation" ADD CONSTRAINT "allocation_fund_id_fund_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."fund"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benchmark_value" ADD CONSTRAINT "benchmark_value_benchmark_code_benchmark_code_fk" FOREIGN KEY ("benchmark_code") REFERENCES "public"."benchmark"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benchmark" ADD CONSTRAINT "benchmark_currency_code_currency_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_text" ADD CONSTRAINT "component_text_component_id_page_component_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."page_component"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_document_type_code_document_type_code_fk" FOREIGN KEY ("document_type_code") REFERENCES "public"."document_type"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_fund_id_fund_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."fund"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_share_id_share_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."share"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document" ADD CONSTRAINT "document_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_eligibility" ADD CONSTRAINT "fund_eligibility_fund_id_fund_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."fund"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_eligibility" ADD CONSTRAINT "fund_eligibility_eligibility_code_eligibility_code_fk" FOREIGN KEY ("eligibility_code") REFERENCES "public"."eligibility"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund" ADD CONSTRAINT "fund_category_code_fund_category_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."fund_category"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund" ADD CONSTRAINT "fund_aum_currency_code_currency_code_fk" FOREIGN KEY ("aum_currency_code") REFERENCES "public"."currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund" ADD CONSTRAINT "fund_benchmark_code_benchmark_code_fk" FOREIGN KEY ("benchmark_code") REFERENCES "public"."benchmark"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding" ADD CONSTRAINT "holding_fund_id_fund_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."fund"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_submission_id_form_submission_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submission"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nav" ADD CONSTRAINT "nav_share_id_share_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."share"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_category_code_news_category_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."news_category"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_fund_id_fund_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."fund"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_component" ADD CONSTRAINT "page_component_page_code_page_code_fk" FOREIGN KEY ("page_code") REFERENCES "public"."page"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_performance" ADD CONSTRAINT "share_performance_share_id_share_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."share"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share" ADD CONSTRAINT "share_fund_id_fund_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."fund"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share" ADD CONSTRAINT "share_currency_code_currency_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_attachment" ADD CONSTRAINT "submission_attachment_submission_id_form_submission_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allocation_fund" ON "allocation" USING btree ("fund_id","dimension");--> statement-breakpoint
CREATE UNIQUE INDEX "component_text_component_code" ON "component_text" USING btree ("component_id","code");--> statement-breakpoint
CREATE INDEX "content_document_locale" ON "content_document" USING btree ("locale");--> statement-breakpoint
CREATE INDEX "document_fund" ON "document" USING btree ("fund_id","document_type_code");--> statement-breakpoint
CREATE INDEX "document_share" ON "document" USING btree ("share_id","document_type_code");--> statement-breakpoint
CREATE INDEX "document_news" ON "document" USING btree ("news_id");--> statement-breakpoint
CREATE INDEX "form_submission_kind_date" ON "form_submission" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_slug" ON "fund" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "holding_fund" ON "holding" USING btree ("fund_id","as_of");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending" ON "mail_outbox" USING btree ("sent_at","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "news_locale_slug" ON "news" USING btree ("locale","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "news_group_locale" ON "news" USING btree ("group_code","locale");--> statement-breakpoint
CREATE INDEX "news_locale_date" ON "news" USING btree ("locale","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "page_component_page_code_code" ON "page_component" USING btree ("page_code","code");--> statement-breakpoint
CREATE UNIQUE INDEX "share_isin" ON "share" USING btree ("isin_code");--> statement-breakpoint
CREATE UNIQUE INDEX "share_fund_slug" ON "share" USING btree ("fund_id","slug");