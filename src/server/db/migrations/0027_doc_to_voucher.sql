-- Documents to vouchers (decision 037): deleting a generated voucher frees its source documents.
-- The links are composite (company_id, voucher_id) foreign keys; SET NULL names voucher_id only, so
-- company_id (NOT NULL) stays. Drizzle cannot express a column list, so the schema keeps the plain
-- FK and this custom migration replaces the constraint.
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_voucher_fk";--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_voucher_fk" FOREIGN KEY ("company_id","voucher_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE SET NULL ("voucher_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_journal_lines" DROP CONSTRAINT "cash_journal_lines_voucher_fk";--> statement-breakpoint
ALTER TABLE "cash_journal_lines" ADD CONSTRAINT "cash_journal_lines_voucher_fk" FOREIGN KEY ("company_id","voucher_id") REFERENCES "public"."vouchers"("company_id","id") ON DELETE SET NULL ("voucher_id") ON UPDATE no action;
