CREATE TABLE "fund_sustainability" (
	"fund_id" integer PRIMARY KEY NOT NULL,
	"pai_considered" boolean NOT NULL,
	"sustainability_risk_relevant" boolean NOT NULL,
	"precontractual" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_distribution" (
	"share_id" integer PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fund_sustainability" ADD CONSTRAINT "fund_sustainability_fund_id_fund_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."fund"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_distribution" ADD CONSTRAINT "share_distribution_share_id_share_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."share"("id") ON DELETE cascade ON UPDATE no action;