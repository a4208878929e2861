CREATE TABLE "subject_relations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"source_account_year_id" integer NOT NULL,
	"source_subject_id" integer NOT NULL,
	"target_account_year_id" integer NOT NULL,
	"target_subject_id" integer NOT NULL,
	"drop_aux_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "subject_relations_other_year" CHECK ("subject_relations"."source_account_year_id" <> "subject_relations"."target_account_year_id"),
	CONSTRAINT "subject_relations_drop_check" CHECK ("subject_relations"."drop_aux_type_ids" <@ array[1,2,3,4,5,6])
);
--> statement-breakpoint
ALTER TABLE "subject_relations" ADD CONSTRAINT "subject_relations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_relations" ADD CONSTRAINT "subject_relations_source_fk" FOREIGN KEY ("company_id","source_account_year_id","source_subject_id") REFERENCES "public"."subjects"("company_id","account_year_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_relations" ADD CONSTRAINT "subject_relations_target_fk" FOREIGN KEY ("company_id","target_account_year_id","target_subject_id") REFERENCES "public"."subjects"("company_id","account_year_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subject_relations_source_target_year" ON "subject_relations" USING btree ("source_subject_id","target_account_year_id");--> statement-breakpoint
CREATE INDEX "subject_relations_years" ON "subject_relations" USING btree ("source_account_year_id","target_account_year_id");--> statement-breakpoint
CREATE INDEX "subject_relations_target" ON "subject_relations" USING btree ("target_subject_id");