CREATE TABLE "specific_subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_year_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"subject_id" integer NOT NULL,
	CONSTRAINT "specific_subjects_kind_check" CHECK ("specific_subjects"."kind" in ('CASH', 'BANK', 'CASH_OPP', 'BUSINESS'))
);
--> statement-breakpoint
-- The unique target of the subject FK must exist before it (moved up from the generated order).
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_company_year_id" UNIQUE("company_id","account_year_id","id");--> statement-breakpoint
ALTER TABLE "specific_subjects" ADD CONSTRAINT "specific_subjects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specific_subjects" ADD CONSTRAINT "specific_subjects_year_fk" FOREIGN KEY ("company_id","account_year_id") REFERENCES "public"."account_years"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specific_subjects" ADD CONSTRAINT "specific_subjects_subject_fk" FOREIGN KEY ("company_id","account_year_id","subject_id") REFERENCES "public"."subjects"("company_id","account_year_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "specific_subjects_year_kind_subject" ON "specific_subjects" USING btree ("account_year_id","kind","subject_id");
--> statement-breakpoint
-- Existing account years: their standard cash and bank subjects play those roles (as new years get them).
INSERT INTO "specific_subjects" ("company_id", "account_year_id", "kind", "subject_id")
SELECT "company_id", "account_year_id", CASE "code" WHEN '1001' THEN 'CASH' ELSE 'BANK' END, "id" FROM "subjects" WHERE "code" IN ('1001', '1002');
