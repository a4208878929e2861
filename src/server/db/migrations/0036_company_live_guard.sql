-- Books are written only into a live company (decision 063): a company is deleted (soft) only while
-- it holds no books, under a `for update` lock of its row. A voucher, invoice, reimbursement or cash
-- journal line inserted at that same instant took only the foreign key's `for key share` lock, waited
-- for the delete, and then went into the deleted company, out of everyone's reach. Every insert of
-- such a row now takes the company row `for key share` and requires it live: an insert that waited
-- for a delete sees the company deleted (SQLSTATE LDCOM, refused); a delete that waited for an
-- insert sees its book and refuses (COMPANY_HAS_BOOKS).
CREATE OR REPLACE FUNCTION ledger_company_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM companies WHERE id = NEW.company_id AND deleted = false FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'company % is deleted', NEW.company_id USING ERRCODE = 'LDCOM';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER vouchers_company_live BEFORE INSERT ON vouchers FOR EACH ROW EXECUTE FUNCTION ledger_company_live();
--> statement-breakpoint
CREATE TRIGGER invoices_company_live BEFORE INSERT ON invoices FOR EACH ROW EXECUTE FUNCTION ledger_company_live();
--> statement-breakpoint
CREATE TRIGGER expenses_company_live BEFORE INSERT ON expenses FOR EACH ROW EXECUTE FUNCTION ledger_company_live();
--> statement-breakpoint
CREATE TRIGGER cash_journal_lines_company_live BEFORE INSERT ON cash_journal_lines FOR EACH ROW EXECUTE FUNCTION ledger_company_live();
