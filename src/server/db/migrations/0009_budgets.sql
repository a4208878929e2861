CREATE TABLE "budgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_year_id" integer NOT NULL,
	"parent_id" integer,
	"code" varchar(8) NOT NULL,
	"name" varchar(50) NOT NULL,
	"abbr" varchar(50),
	"kind" varchar(10) DEFAULT 'INCOME' NOT NULL,
	"level" integer NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"principal_id" integer,
	"leaf" boolean DEFAULT true NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "budgets_company_id" UNIQUE("company_id","id"),
	CONSTRAINT "budgets_kind_check" CHECK ("budgets"."kind" in ('INCOME', 'OUTCOME')),
	CONSTRAINT "budgets_code_check" CHECK ("budgets"."code" ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$'),
	CONSTRAINT "budgets_level_check" CHECK ("budgets"."level" between 1 and 3 and length("budgets"."code") = 2 + 2 * "budgets"."level"),
	CONSTRAINT "budgets_amount_check" CHECK ("budgets"."amount" between 0 and 9999999999999)
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(50) NOT NULL,
	"kind" varchar(10) DEFAULT 'NORMAL' NOT NULL,
	"owner_id" integer,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vendors_company_id" UNIQUE("company_id","id"),
	CONSTRAINT "vendors_kind_check" CHECK ("vendors"."kind" in ('NORMAL', 'VIP', 'OTHER'))
);
--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_year_fk" FOREIGN KEY ("company_id","account_year_id") REFERENCES "public"."account_years"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_parent_fk" FOREIGN KEY ("company_id","parent_id") REFERENCES "public"."budgets"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_principal_fk" FOREIGN KEY ("company_id","principal_id") REFERENCES "public"."employees"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_account_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."accounts"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_owner_fk" FOREIGN KEY ("company_id","owner_id") REFERENCES "public"."employees"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_year_code" ON "budgets" USING btree ("account_year_id","code");--> statement-breakpoint
CREATE INDEX "budgets_parent" ON "budgets" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_account_code" ON "vendors" USING btree ("account_id","code");--> statement-breakpoint
CREATE INDEX "vendors_owner" ON "vendors" USING btree ("company_id","owner_id");