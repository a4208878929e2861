CREATE TABLE "aux_balances" (
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"account_year_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"aux_type_id" smallint NOT NULL,
	"aux_id" integer NOT NULL,
	"debit_all" bigint DEFAULT 0 NOT NULL,
	"credit_all" bigint DEFAULT 0 NOT NULL,
	"lines_all" integer DEFAULT 0 NOT NULL,
	"debit_booked" bigint DEFAULT 0 NOT NULL,
	"credit_booked" bigint DEFAULT 0 NOT NULL,
	"lines_booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "aux_balances_pk" PRIMARY KEY("period_id","subject_id","aux_type_id","aux_id"),
	CONSTRAINT "aux_balances_type_check" CHECK ("aux_balances"."aux_type_id" between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "subject_balances" (
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"account_year_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"debit_all" bigint DEFAULT 0 NOT NULL,
	"credit_all" bigint DEFAULT 0 NOT NULL,
	"lines_all" integer DEFAULT 0 NOT NULL,
	"debit_booked" bigint DEFAULT 0 NOT NULL,
	"credit_booked" bigint DEFAULT 0 NOT NULL,
	"lines_booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "subject_balances_pk" PRIMARY KEY("period_id","subject_id")
);
--> statement-breakpoint
ALTER TABLE "aux_balances" ADD CONSTRAINT "aux_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aux_balances" ADD CONSTRAINT "aux_balances_account_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."accounts"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aux_balances" ADD CONSTRAINT "aux_balances_period_fk" FOREIGN KEY ("company_id","period_id") REFERENCES "public"."periods"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aux_balances" ADD CONSTRAINT "aux_balances_subject_fk" FOREIGN KEY ("account_year_id","subject_id") REFERENCES "public"."subjects"("account_year_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_balances" ADD CONSTRAINT "subject_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_balances" ADD CONSTRAINT "subject_balances_account_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."accounts"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_balances" ADD CONSTRAINT "subject_balances_period_fk" FOREIGN KEY ("company_id","period_id") REFERENCES "public"."periods"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_balances" ADD CONSTRAINT "subject_balances_subject_fk" FOREIGN KEY ("account_year_id","subject_id") REFERENCES "public"."subjects"("account_year_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aux_balances_year" ON "aux_balances" USING btree ("account_year_id","aux_type_id","aux_id");--> statement-breakpoint
CREATE INDEX "subject_balances_year" ON "subject_balances" USING btree ("account_year_id","subject_id");