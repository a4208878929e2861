CREATE TABLE "subject_code_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_year_id" integer NOT NULL,
	"level" integer NOT NULL,
	"length" integer NOT NULL,
	CONSTRAINT "subject_code_rules_level_check" CHECK ("subject_code_rules"."level" between 1 and 15),
	CONSTRAINT "subject_code_rules_length_check" CHECK ("subject_code_rules"."length" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_year_id" integer NOT NULL,
	"parent_id" integer,
	"code" varchar(40) NOT NULL,
	"name" varchar(50) NOT NULL,
	"name_en" varchar(100),
	"abbr" varchar(50),
	"kind" varchar(16) NOT NULL,
	"direction" boolean NOT NULL,
	"level" integer NOT NULL,
	"leaf" boolean DEFAULT true NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"be_cash" boolean DEFAULT false NOT NULL,
	"aux_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "subjects_company_id" UNIQUE("company_id","id"),
	CONSTRAINT "subjects_kind_check" CHECK ("subjects"."kind" in ('ASSET', 'DEBT', 'INTEREST', 'COST', 'PROFIT')),
	CONSTRAINT "subjects_code_check" CHECK ("subjects"."code" ~ '^[1-5][0-9]*$'),
	CONSTRAINT "subjects_level_check" CHECK ("subjects"."level" between 1 and 15),
	CONSTRAINT "subjects_aux_check" CHECK ("subjects"."aux_type_ids" <@ array[1,2,3,4,5,6])
);
--> statement-breakpoint
ALTER TABLE "subject_code_rules" ADD CONSTRAINT "subject_code_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_code_rules" ADD CONSTRAINT "subject_code_rules_year_fk" FOREIGN KEY ("company_id","account_year_id") REFERENCES "public"."account_years"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_year_fk" FOREIGN KEY ("company_id","account_year_id") REFERENCES "public"."account_years"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_parent_fk" FOREIGN KEY ("company_id","parent_id") REFERENCES "public"."subjects"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subject_code_rules_level" ON "subject_code_rules" USING btree ("account_year_id","level");--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_year_code" ON "subjects" USING btree ("account_year_id","code");--> statement-breakpoint
CREATE INDEX "subjects_parent" ON "subjects" USING btree ("parent_id");