ALTER TABLE "subjects" ADD CONSTRAINT "subjects_year_id" UNIQUE("account_year_id","id");--> statement-breakpoint
CREATE TABLE "voucher_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"voucher_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"summary" varchar(50) NOT NULL,
	"account_year_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"direction" boolean NOT NULL,
	"amount_cents" bigint NOT NULL,
	"department_id" integer,
	"employee_id" integer,
	"customer_id" integer,
	"vendor_id" integer,
	"project_id" integer,
	"budget_id" integer,
	CONSTRAINT "voucher_items_line_check" CHECK ("voucher_items"."line_no" >= 1),
	CONSTRAINT "voucher_items_amount_check" CHECK ("voucher_items"."amount_cents" <> 0 and abs("voucher_items"."amount_cents") <= 99999999999),
	CONSTRAINT "voucher_items_summary_check" CHECK (length(trim("voucher_items"."summary")) > 0)
);
--> statement-breakpoint
CREATE TABLE "voucher_procs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"voucher_id" integer NOT NULL,
	"action" varchar(40) NOT NULL,
	"user_id" integer,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_relations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"voucher_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_relations_kind_check" CHECK ("voucher_relations"."kind" in ('SYNC', 'REVERSAL')),
	CONSTRAINT "voucher_relations_not_self" CHECK ("voucher_relations"."voucher_id" <> "voucher_relations"."target_id")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"account_year_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"kind_id" integer NOT NULL,
	"code" integer NOT NULL,
	"mark_date" date NOT NULL,
	"bill_count" integer DEFAULT 0 NOT NULL,
	"state" varchar(10) DEFAULT 'NORMAL' NOT NULL,
	"source" varchar(20) DEFAULT 'MANUAL' NOT NULL,
	"origin_id" integer,
	"debit_cents" bigint DEFAULT 0 NOT NULL,
	"credit_cents" bigint DEFAULT 0 NOT NULL,
	"audit_at" timestamp with time zone,
	"audit_by" integer,
	"audit_pass" boolean,
	"audit_note" varchar(200),
	"book_keep_at" timestamp with time zone,
	"book_keep_by" integer,
	"cashier_at" timestamp with time zone,
	"cashier_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vouchers_company_id" UNIQUE("company_id","id"),
	CONSTRAINT "vouchers_state_check" CHECK ("vouchers"."state" in ('NORMAL', 'INVALID')),
	CONSTRAINT "vouchers_source_check" CHECK ("vouchers"."source" in ('MANUAL', 'COPY', 'SYNC', 'REVERSAL', 'PROFIT_TRANSFER', 'EXPENSE', 'JOURNAL', 'IMPORT')),
	CONSTRAINT "vouchers_code_check" CHECK ("vouchers"."code" between 1 and 999999999),
	CONSTRAINT "vouchers_bill_count_check" CHECK ("vouchers"."bill_count" between 0 and 9999),
	CONSTRAINT "vouchers_balanced_totals" CHECK ("vouchers"."debit_cents" = "vouchers"."credit_cents"),
	CONSTRAINT "vouchers_audit_pair" CHECK (("vouchers"."audit_at" is null) = ("vouchers"."audit_pass" is null) and ("vouchers"."audit_at" is null) = ("vouchers"."audit_by" is null)),
	CONSTRAINT "vouchers_bookkeep_pair" CHECK (("vouchers"."book_keep_at" is null) = ("vouchers"."book_keep_by" is null)),
	CONSTRAINT "vouchers_cashier_pair" CHECK (("vouchers"."cashier_at" is null) = ("vouchers"."cashier_by" is null)),
	CONSTRAINT "vouchers_bookkeep_audited" CHECK ("vouchers"."book_keep_at" is null or coalesce("vouchers"."audit_pass", false))
);
--> statement-breakpoint
ALTER TABLE "voucher_items" ADD CONSTRAINT "voucher_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_items" ADD CONSTRAINT "voucher_items_voucher_fk" FOREIGN KEY ("company_id","voucher_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_items" ADD CONSTRAINT "voucher_items_subject_fk" FOREIGN KEY ("account_year_id","subject_id") REFERENCES "public"."subjects"("account_year_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_items" ADD CONSTRAINT "voucher_items_department_fk" FOREIGN KEY ("company_id","department_id") REFERENCES "public"."departments"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_items" ADD CONSTRAINT "voucher_items_employee_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_items" ADD CONSTRAINT "voucher_items_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."customers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_items" ADD CONSTRAINT "voucher_items_vendor_fk" FOREIGN KEY ("company_id","vendor_id") REFERENCES "public"."vendors"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_items" ADD CONSTRAINT "voucher_items_project_fk" FOREIGN KEY ("company_id","project_id") REFERENCES "public"."projects"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_items" ADD CONSTRAINT "voucher_items_budget_fk" FOREIGN KEY ("company_id","budget_id") REFERENCES "public"."budgets"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_procs" ADD CONSTRAINT "voucher_procs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_procs" ADD CONSTRAINT "voucher_procs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_procs" ADD CONSTRAINT "voucher_procs_voucher_fk" FOREIGN KEY ("company_id","voucher_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_relations" ADD CONSTRAINT "voucher_relations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_relations" ADD CONSTRAINT "voucher_relations_voucher_fk" FOREIGN KEY ("company_id","voucher_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_relations" ADD CONSTRAINT "voucher_relations_target_fk" FOREIGN KEY ("company_id","target_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_audit_by_users_id_fk" FOREIGN KEY ("audit_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_book_keep_by_users_id_fk" FOREIGN KEY ("book_keep_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_cashier_by_users_id_fk" FOREIGN KEY ("cashier_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_account_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."accounts"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_year_fk" FOREIGN KEY ("company_id","account_year_id") REFERENCES "public"."account_years"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_period_fk" FOREIGN KEY ("company_id","period_id") REFERENCES "public"."periods"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_kind_fk" FOREIGN KEY ("company_id","kind_id") REFERENCES "public"."voucher_kinds"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_origin_fk" FOREIGN KEY ("company_id","origin_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_items_line" ON "voucher_items" USING btree ("voucher_id","line_no");--> statement-breakpoint
CREATE INDEX "voucher_items_subject" ON "voucher_items" USING btree ("subject_id","voucher_id");--> statement-breakpoint
CREATE INDEX "voucher_items_department" ON "voucher_items" USING btree ("department_id") WHERE "voucher_items"."department_id" is not null;--> statement-breakpoint
CREATE INDEX "voucher_items_employee" ON "voucher_items" USING btree ("employee_id") WHERE "voucher_items"."employee_id" is not null;--> statement-breakpoint
CREATE INDEX "voucher_items_customer" ON "voucher_items" USING btree ("customer_id") WHERE "voucher_items"."customer_id" is not null;--> statement-breakpoint
CREATE INDEX "voucher_items_vendor" ON "voucher_items" USING btree ("vendor_id") WHERE "voucher_items"."vendor_id" is not null;--> statement-breakpoint
CREATE INDEX "voucher_items_project" ON "voucher_items" USING btree ("project_id") WHERE "voucher_items"."project_id" is not null;--> statement-breakpoint
CREATE INDEX "voucher_items_budget" ON "voucher_items" USING btree ("budget_id") WHERE "voucher_items"."budget_id" is not null;--> statement-breakpoint
CREATE INDEX "voucher_procs_voucher" ON "voucher_procs" USING btree ("voucher_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_relations_pair" ON "voucher_relations" USING btree ("voucher_id","target_id","kind");--> statement-breakpoint
CREATE INDEX "voucher_relations_target" ON "voucher_relations" USING btree ("target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code" ON "vouchers" USING btree ("period_id","kind_id","code");--> statement-breakpoint
CREATE INDEX "vouchers_account_date" ON "vouchers" USING btree ("account_id","mark_date","id");--> statement-breakpoint
CREATE INDEX "vouchers_period" ON "vouchers" USING btree ("period_id","kind_id","code");--> statement-breakpoint
CREATE INDEX "vouchers_origin" ON "vouchers" USING btree ("origin_id");
