CREATE TABLE "expense_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"expense_id" integer NOT NULL,
	"line_no" smallint NOT NULL,
	"expense_kind_id" integer NOT NULL,
	"issue_at" date NOT NULL,
	"no" varchar(50) NOT NULL,
	"no_key" varchar(50) NOT NULL,
	"amount" bigint NOT NULL,
	"remark" varchar(50),
	CONSTRAINT "expense_invoices_amount_check" CHECK ("expense_invoices"."amount" <> 0 and abs("expense_invoices"."amount") <= 2100000000),
	CONSTRAINT "expense_invoices_no_check" CHECK ("expense_invoices"."no_key" <> '')
);
--> statement-breakpoint
CREATE TABLE "expense_kinds" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "expense_kinds_company_id" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(10) NOT NULL,
	"mark_at" date NOT NULL,
	"submit_at" date,
	"submitter_id" integer,
	"pay_at" date,
	"pay_amount" bigint DEFAULT 0 NOT NULL,
	"marker_id" integer,
	"locker_id" integer,
	"lock_at" timestamp with time zone,
	"voucher_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "expenses_company_id" UNIQUE("company_id","id"),
	CONSTRAINT "expenses_code_check" CHECK ("expenses"."code" ~ '^[0-9]{6}[0-9]{4}$'),
	CONSTRAINT "expenses_pay_amount_check" CHECK ("expenses"."pay_amount" between 0 and 2100000000),
	CONSTRAINT "expenses_lock_check" CHECK (("expenses"."lock_at" is null) = ("expenses"."locker_id" is null))
);
--> statement-breakpoint
ALTER TABLE "expense_invoices" ADD CONSTRAINT "expense_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_invoices" ADD CONSTRAINT "expense_invoices_expense_fk" FOREIGN KEY ("company_id","expense_id") REFERENCES "public"."expenses"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_invoices" ADD CONSTRAINT "expense_invoices_kind_fk" FOREIGN KEY ("company_id","expense_kind_id") REFERENCES "public"."expense_kinds"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_kinds" ADD CONSTRAINT "expense_kinds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_marker_id_users_id_fk" FOREIGN KEY ("marker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_locker_id_users_id_fk" FOREIGN KEY ("locker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_submitter_fk" FOREIGN KEY ("company_id","submitter_id") REFERENCES "public"."employees"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_voucher_fk" FOREIGN KEY ("company_id","voucher_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expense_invoices_company_no" ON "expense_invoices" USING btree ("company_id","no_key");--> statement-breakpoint
CREATE INDEX "expense_invoices_expense" ON "expense_invoices" USING btree ("expense_id","line_no");--> statement-breakpoint
CREATE INDEX "expense_invoices_kind" ON "expense_invoices" USING btree ("company_id","expense_kind_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_kinds_company_name" ON "expense_kinds" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_company_code" ON "expenses" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "expenses_company_mark" ON "expenses" USING btree ("company_id","mark_at");