CREATE TABLE "cash_bank_openings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"opening_cents" bigint DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cash_bank_openings_cents_check" CHECK ("cash_bank_openings"."opening_cents" between -99999999999999 and 99999999999999)
);
--> statement-breakpoint
CREATE TABLE "cash_journal_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"line_date" date NOT NULL,
	"month" integer NOT NULL,
	"code" integer NOT NULL,
	"summary" varchar(200) DEFAULT '' NOT NULL,
	"kind_id" integer,
	"counterparty" varchar(100),
	"receipt_cents" bigint DEFAULT 0 NOT NULL,
	"payment_cents" bigint DEFAULT 0 NOT NULL,
	"voucher_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cash_journal_lines_company_id" UNIQUE("company_id","id"),
	CONSTRAINT "cash_journal_lines_amount_check" CHECK ("cash_journal_lines"."receipt_cents" >= 0 and "cash_journal_lines"."payment_cents" >= 0 and "cash_journal_lines"."receipt_cents" <= 99999999999 and "cash_journal_lines"."payment_cents" <= 99999999999 and ("cash_journal_lines"."receipt_cents" = 0) <> ("cash_journal_lines"."payment_cents" = 0)),
	CONSTRAINT "cash_journal_lines_month_check" CHECK ("cash_journal_lines"."month" = extract(year from "cash_journal_lines"."line_date")::int * 100 + extract(month from "cash_journal_lines"."line_date")::int),
	CONSTRAINT "cash_journal_lines_code_check" CHECK ("cash_journal_lines"."code" > 0)
);
--> statement-breakpoint
ALTER TABLE "cash_bank_openings" ADD CONSTRAINT "cash_bank_openings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_bank_openings" ADD CONSTRAINT "cash_bank_openings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_bank_openings" ADD CONSTRAINT "cash_bank_openings_bank_account_fk" FOREIGN KEY ("company_id","bank_account_id") REFERENCES "public"."bank_accounts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_journal_lines" ADD CONSTRAINT "cash_journal_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_journal_lines" ADD CONSTRAINT "cash_journal_lines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_journal_lines" ADD CONSTRAINT "cash_journal_lines_bank_account_fk" FOREIGN KEY ("company_id","bank_account_id") REFERENCES "public"."bank_accounts"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_journal_lines" ADD CONSTRAINT "cash_journal_lines_kind_fk" FOREIGN KEY ("company_id","kind_id") REFERENCES "public"."cashier_kinds"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_journal_lines" ADD CONSTRAINT "cash_journal_lines_voucher_fk" FOREIGN KEY ("company_id","voucher_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_bank_openings_account" ON "cash_bank_openings" USING btree ("bank_account_id");--> statement-breakpoint
CREATE INDEX "cash_journal_lines_running" ON "cash_journal_lines" USING btree ("bank_account_id","line_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_journal_lines_code" ON "cash_journal_lines" USING btree ("bank_account_id","month","code");--> statement-breakpoint
CREATE INDEX "cash_journal_lines_kind" ON "cash_journal_lines" USING btree ("kind_id");--> statement-breakpoint
CREATE INDEX "cash_journal_lines_voucher" ON "cash_journal_lines" USING btree ("voucher_id");