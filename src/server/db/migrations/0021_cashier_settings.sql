CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(50) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"bank_id" integer,
	"account_no" varchar(50),
	"currency_id" integer,
	"account_year_id" integer,
	"subject_id" integer,
	"opened_at" date,
	"disabled" boolean DEFAULT false NOT NULL,
	"remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bank_accounts_company_id" UNIQUE("company_id","id"),
	CONSTRAINT "bank_accounts_kind_check" CHECK ("bank_accounts"."kind" in ('CASH', 'BANK', 'OTHER', 'WX_PAY', 'ALI_PAY')),
	CONSTRAINT "bank_accounts_bank_check" CHECK ("bank_accounts"."kind" = 'BANK' or "bank_accounts"."bank_id" is null)
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(50) NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "banks_company_id" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "cashier_kinds" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"direction" varchar(8) NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(50) NOT NULL,
	"account_year_id" integer,
	"subject_id" integer,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cashier_kinds_company_id" UNIQUE("company_id","id"),
	CONSTRAINT "cashier_kinds_direction_check" CHECK ("cashier_kinds"."direction" in ('INCOME', 'OUTCOME'))
);
--> statement-breakpoint
ALTER TABLE "export_tasks" DROP CONSTRAINT "export_tasks_kind_check";--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_account_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."accounts"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_bank_fk" FOREIGN KEY ("company_id","bank_id") REFERENCES "public"."banks"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_currency_fk" FOREIGN KEY ("company_id","currency_id") REFERENCES "public"."currencies"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_subject_fk" FOREIGN KEY ("company_id","account_year_id","subject_id") REFERENCES "public"."subjects"("company_id","account_year_id","id") ON DELETE SET NULL ("account_year_id","subject_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_kinds" ADD CONSTRAINT "cashier_kinds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_kinds" ADD CONSTRAINT "cashier_kinds_account_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."accounts"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_kinds" ADD CONSTRAINT "cashier_kinds_subject_fk" FOREIGN KEY ("company_id","account_year_id","subject_id") REFERENCES "public"."subjects"("company_id","account_year_id","id") ON DELETE SET NULL ("account_year_id","subject_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_company_code" ON "bank_accounts" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_company_no" ON "bank_accounts" USING btree ("company_id","account_no");--> statement-breakpoint
CREATE INDEX "bank_accounts_subject" ON "bank_accounts" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "banks_company_code" ON "banks" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "cashier_kinds_account_code" ON "cashier_kinds" USING btree ("account_id","direction","code");--> statement-breakpoint
CREATE INDEX "cashier_kinds_subject" ON "cashier_kinds" USING btree ("subject_id");--> statement-breakpoint
ALTER TABLE "export_tasks" ADD CONSTRAINT "export_tasks_kind_check" CHECK ("export_tasks"."kind" in ('SUBJECT', 'DEPARTMENT', 'EMPLOYEE', 'CUSTOMER', 'PROJECT', 'VENDOR', 'BUDGET', 'INVOICE', 'VOUCHER', 'VOUCHER_PDF', 'BANK_ACCOUNT'));