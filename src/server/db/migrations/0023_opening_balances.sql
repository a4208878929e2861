CREATE TABLE "opening_aux_balances" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"account_year_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"department_id" integer,
	"employee_id" integer,
	"customer_id" integer,
	"vendor_id" integer,
	"project_id" integer,
	"budget_id" integer,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"ytd_debit_cents" bigint DEFAULT 0 NOT NULL,
	"ytd_credit_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "opening_aux_balances_ytd_check" CHECK ("opening_aux_balances"."ytd_debit_cents" >= 0 and "opening_aux_balances"."ytd_credit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "opening_balances" (
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"account_year_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"ytd_debit_cents" bigint DEFAULT 0 NOT NULL,
	"ytd_credit_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "opening_balances_pk" PRIMARY KEY("account_year_id","subject_id"),
	CONSTRAINT "opening_balances_ytd_check" CHECK ("opening_balances"."ytd_debit_cents" >= 0 and "opening_balances"."ytd_credit_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "opening_aux_balances" ADD CONSTRAINT "opening_aux_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_aux_balances" ADD CONSTRAINT "opening_aux_balances_opening_fk" FOREIGN KEY ("account_year_id","subject_id") REFERENCES "public"."opening_balances"("account_year_id","subject_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_aux_balances" ADD CONSTRAINT "opening_aux_balances_account_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."accounts"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_aux_balances" ADD CONSTRAINT "opening_aux_balances_subject_fk" FOREIGN KEY ("company_id","account_year_id","subject_id") REFERENCES "public"."subjects"("company_id","account_year_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_aux_balances" ADD CONSTRAINT "opening_aux_balances_department_fk" FOREIGN KEY ("company_id","department_id") REFERENCES "public"."departments"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_aux_balances" ADD CONSTRAINT "opening_aux_balances_employee_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_aux_balances" ADD CONSTRAINT "opening_aux_balances_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_aux_balances" ADD CONSTRAINT "opening_aux_balances_vendor_fk" FOREIGN KEY ("company_id","vendor_id") REFERENCES "public"."vendors"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_aux_balances" ADD CONSTRAINT "opening_aux_balances_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_aux_balances" ADD CONSTRAINT "opening_aux_balances_budget_fk" FOREIGN KEY ("company_id","budget_id") REFERENCES "public"."budgets"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_balances" ADD CONSTRAINT "opening_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_balances" ADD CONSTRAINT "opening_balances_account_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."accounts"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_balances" ADD CONSTRAINT "opening_balances_year_fk" FOREIGN KEY ("company_id","account_year_id") REFERENCES "public"."account_years"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_balances" ADD CONSTRAINT "opening_balances_subject_fk" FOREIGN KEY ("company_id","account_year_id","subject_id") REFERENCES "public"."subjects"("company_id","account_year_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opening_aux_balances_subject" ON "opening_aux_balances" USING btree ("account_year_id","subject_id","line_no");