CREATE TABLE "performance_scenario" (
	"share_id" integer NOT NULL,
	"month" text NOT NULL,
	"scenario" text NOT NULL,
	"holding_period_years" smallint NOT NULL,
	"amount" double precision NOT NULL,
	"annual_return" double precision NOT NULL,
	CONSTRAINT "performance_scenario_share_id_month_scenario_holding_period_years_pk" PRIMARY KEY("share_id","month","scenario","holding_period_years"),
	CONSTRAINT "performance_scenario_month" CHECK ("performance_scenario"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "performance_scenario_kind" CHECK ("performance_scenario"."scenario" IN ('stress', 'unfavourable', 'moderate', 'favourable')),
	CONSTRAINT "performance_scenario_period" CHECK ("performance_scenario"."holding_period_years" BETWEEN 1 AND 50),
	CONSTRAINT "performance_scenario_amount" CHECK ("performance_scenario"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "api_token" DROP CONSTRAINT "api_token_scope";--> statement-breakpoint
ALTER TABLE "performance_scenario" ADD CONSTRAINT "performance_scenario_share_id_share_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."share"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_token" ADD CONSTRAINT "api_token_scope" CHECK ("api_token"."scope" IN ('navs', 'benchmarks', 'documents', 'scenarios'));