CREATE TABLE "expense_kind_subjects" (
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"expense_kind_id" integer NOT NULL,
	"subject_code" varchar(40) NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_kind_subjects_pk" PRIMARY KEY("account_id","expense_kind_id")
);
--> statement-breakpoint
ALTER TABLE "expense_kind_subjects" ADD CONSTRAINT "expense_kind_subjects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_kind_subjects" ADD CONSTRAINT "expense_kind_subjects_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_kind_subjects" ADD CONSTRAINT "expense_kind_subjects_account_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."accounts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_kind_subjects" ADD CONSTRAINT "expense_kind_subjects_kind_fk" FOREIGN KEY ("company_id","expense_kind_id") REFERENCES "public"."expense_kinds"("company_id","id") ON DELETE cascade ON UPDATE no action;