CREATE TABLE "common_summaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(20),
	"summary" varchar(50) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "common_summaries" ADD CONSTRAINT "common_summaries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "common_summaries_company_summary" ON "common_summaries" USING btree ("company_id","summary");--> statement-breakpoint
CREATE UNIQUE INDEX "common_summaries_company_code" ON "common_summaries" USING btree ("company_id","code") WHERE "common_summaries"."code" is not null;