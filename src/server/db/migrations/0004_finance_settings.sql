CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(3) NOT NULL,
	"name" varchar(50) NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"base" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "currencies_company_id" UNIQUE("company_id","id"),
	CONSTRAINT "currencies_rate_positive" CHECK ("currencies"."rate" > 0),
	CONSTRAINT "currencies_base_rate" CHECK (not "currencies"."base" or ("currencies"."rate" = 1 and not "currencies"."disabled"))
);
--> statement-breakpoint
CREATE TABLE "voucher_code_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"length" integer DEFAULT 4 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "voucher_code_rules_length_check" CHECK ("voucher_code_rules"."length" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "voucher_kinds" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"name" varchar(16) NOT NULL,
	"name_en" varchar(50),
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "voucher_kinds_company_id" UNIQUE("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_code_rules" ADD CONSTRAINT "voucher_code_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_code_rules" ADD CONSTRAINT "voucher_code_rules_account_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."accounts"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_kinds" ADD CONSTRAINT "voucher_kinds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_kinds" ADD CONSTRAINT "voucher_kinds_account_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."accounts"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_company_code" ON "currencies" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_one_base" ON "currencies" USING btree ("company_id") WHERE "currencies"."base" = true;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_code_rules_account" ON "voucher_code_rules" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_kinds_account_name" ON "voucher_kinds" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_kinds_one_default" ON "voucher_kinds" USING btree ("account_id") WHERE "voucher_kinds"."is_default" = true;--> statement-breakpoint
CREATE INDEX "voucher_kinds_account" ON "voucher_kinds" USING btree ("account_id","sort");--> statement-breakpoint
INSERT INTO "currencies" ("company_id", "code", "name", "rate", "base") SELECT "id", 'CNY', '人民币 Renminbi', 1, true FROM "companies";--> statement-breakpoint
INSERT INTO "voucher_kinds" ("company_id", "account_id", "name", "name_en", "is_default", "sort") SELECT a."company_id", a."id", k.name, k.name_en, k.is_default, k.sort FROM "accounts" a CROSS JOIN (VALUES ('记', 'General', true, 0), ('收', 'Receipt', false, 1), ('付', 'Payment', false, 2), ('转', 'Transfer', false, 3)) AS k(name, name_en, is_default, sort);--> statement-breakpoint
INSERT INTO "voucher_code_rules" ("company_id", "account_id", "length") SELECT "company_id", "id", 4 FROM "accounts";
