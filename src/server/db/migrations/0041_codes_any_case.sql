-- Codes and numbers are one record whatever their letters' case (C001 and c001 are the same customer), as the duplicate checks compare them (src/server/db/codes.ts sameCode): each unique index is on lower(code). Records already differing only in case stop the migration here, naming them, rather than be renamed behind the user's back.
DO $$
DECLARE
	t text[];
	hit text;
BEGIN
	FOREACH t SLICE 1 IN ARRAY ARRAY[
		['common_summaries', 'company_id', 'code'], ['departments', 'company_id', 'code'], ['employees', 'company_id', 'code'],
		['customers', 'company_id', 'code'], ['projects', 'company_id', 'code'], ['vendors', 'account_id', 'code'],
		['invoices', 'company_id', 'no'], ['bank_accounts', 'company_id', 'code'], ['banks', 'company_id', 'code'],
		['cashier_kinds', 'account_id, direction', 'code']
	] LOOP
		EXECUTE format('SELECT string_agg(c, '', '') FROM (SELECT string_agg(%3$I, '' = '') AS c FROM %1$I WHERE %3$I IS NOT NULL GROUP BY %2$s, lower(%3$I) HAVING count(*) > 1) d', t[1], t[2], t[3]) INTO hit;
		IF hit IS NOT NULL THEN
			RAISE EXCEPTION 'codes of %.% differ only in case: % (rename one of each before upgrading)', t[1], t[3], hit;
		END IF;
	END LOOP;
END $$;--> statement-breakpoint
DROP INDEX "common_summaries_company_code";--> statement-breakpoint
DROP INDEX "departments_company_code";--> statement-breakpoint
DROP INDEX "employees_company_code";--> statement-breakpoint
DROP INDEX "customers_company_code";--> statement-breakpoint
DROP INDEX "projects_company_code";--> statement-breakpoint
DROP INDEX "vendors_account_code";--> statement-breakpoint
DROP INDEX "invoices_company_no";--> statement-breakpoint
DROP INDEX "bank_accounts_company_code";--> statement-breakpoint
DROP INDEX "banks_company_code";--> statement-breakpoint
DROP INDEX "cashier_kinds_account_code";--> statement-breakpoint
CREATE UNIQUE INDEX "common_summaries_company_code" ON "common_summaries" USING btree ("company_id",lower("code")) WHERE "common_summaries"."code" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "departments_company_code" ON "departments" USING btree ("company_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "employees_company_code" ON "employees" USING btree ("company_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "customers_company_code" ON "customers" USING btree ("company_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "projects_company_code" ON "projects" USING btree ("company_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_account_code" ON "vendors" USING btree ("account_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_no" ON "invoices" USING btree ("company_id",lower("no"));--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_company_code" ON "bank_accounts" USING btree ("company_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "banks_company_code" ON "banks" USING btree ("company_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "cashier_kinds_account_code" ON "cashier_kinds" USING btree ("account_id","direction",lower("code"));