-- The ledger's last line of defence (decision 016): whatever code path writes, the database refuses
-- a change in a settled (rolled) period (SQLSTATE LDROL), a change to the content of a locked voucher
-- (audited, bookkept, cashier-signed or invalid; LDLCK), lines that do not belong to their voucher's
-- account year (LDINV), and a voucher whose lines do not balance or do not add up to its totals
-- (LDBAL, checked at commit so a service can write a voucher and its lines in any order).
CREATE OR REPLACE FUNCTION ledger_period_rolled(p_period integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT rolled FROM periods WHERE id = p_period), false)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_voucher_locked(v vouchers) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT v.audit_at IS NOT NULL OR v.book_keep_at IS NOT NULL OR v.cashier_at IS NOT NULL OR v.state = 'INVALID'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_voucher_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF ledger_period_rolled(OLD.period_id) THEN
      RAISE EXCEPTION 'voucher % is in a settled period', OLD.id USING ERRCODE = 'LDROL';
    END IF;
    IF OLD.audit_at IS NOT NULL OR OLD.book_keep_at IS NOT NULL OR OLD.cashier_at IS NOT NULL THEN
      RAISE EXCEPTION 'voucher % is locked', OLD.id USING ERRCODE = 'LDLCK';
    END IF;
    RETURN OLD;
  END IF;
  IF ledger_period_rolled(NEW.period_id) OR (TG_OP = 'UPDATE' AND ledger_period_rolled(OLD.period_id)) THEN
    RAISE EXCEPTION 'voucher % is in a settled period', coalesce(NEW.id, 0) USING ERRCODE = 'LDROL';
  END IF;
  IF TG_OP = 'INSERT' OR NEW.period_id IS DISTINCT FROM OLD.period_id OR NEW.account_year_id IS DISTINCT FROM OLD.account_year_id OR NEW.account_id IS DISTINCT FROM OLD.account_id THEN
    IF NOT EXISTS (
      SELECT 1 FROM periods p JOIN account_years y ON y.id = p.account_year_id
      WHERE p.id = NEW.period_id AND p.account_year_id = NEW.account_year_id AND y.account_id = NEW.account_id
    ) THEN
      RAISE EXCEPTION 'voucher period % is not of account year % and ledger set %', NEW.period_id, NEW.account_year_id, NEW.account_id USING ERRCODE = 'LDINV';
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND ledger_voucher_locked(OLD) AND (
    NEW.period_id IS DISTINCT FROM OLD.period_id OR NEW.kind_id IS DISTINCT FROM OLD.kind_id OR NEW.code IS DISTINCT FROM OLD.code
    OR NEW.mark_date IS DISTINCT FROM OLD.mark_date OR NEW.bill_count IS DISTINCT FROM OLD.bill_count
    OR NEW.account_id IS DISTINCT FROM OLD.account_id OR NEW.account_year_id IS DISTINCT FROM OLD.account_year_id
    OR NEW.debit_cents IS DISTINCT FROM OLD.debit_cents OR NEW.credit_cents IS DISTINCT FROM OLD.credit_cents
    OR NEW.company_id IS DISTINCT FROM OLD.company_id
  ) THEN
    RAISE EXCEPTION 'voucher % is locked', OLD.id USING ERRCODE = 'LDLCK';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER vouchers_guard BEFORE INSERT OR UPDATE OR DELETE ON vouchers FOR EACH ROW EXECUTE FUNCTION ledger_voucher_guard();
--> statement-breakpoint
-- A line of a locked voucher may gain an auxiliary value it lacked (a used subject gaining an
-- auxiliary type, tip7) and nothing else: amounts, subjects, summaries and existing values stay.
CREATE OR REPLACE FUNCTION ledger_item_gains_aux_only(o voucher_items, n voucher_items) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT (o.id, o.company_id, o.voucher_id, o.line_no, o.summary, o.account_year_id, o.subject_id, o.direction, o.amount_cents)
       IS NOT DISTINCT FROM (n.id, n.company_id, n.voucher_id, n.line_no, n.summary, n.account_year_id, n.subject_id, n.direction, n.amount_cents)
     AND (o.department_id IS NULL OR o.department_id IS NOT DISTINCT FROM n.department_id)
     AND (o.employee_id IS NULL OR o.employee_id IS NOT DISTINCT FROM n.employee_id)
     AND (o.customer_id IS NULL OR o.customer_id IS NOT DISTINCT FROM n.customer_id)
     AND (o.vendor_id IS NULL OR o.vendor_id IS NOT DISTINCT FROM n.vendor_id)
     AND (o.project_id IS NULL OR o.project_id IS NOT DISTINCT FROM n.project_id)
     AND (o.budget_id IS NULL OR o.budget_id IS NOT DISTINCT FROM n.budget_id)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_item_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v vouchers;
  vid integer;
BEGIN
  FOREACH vid IN ARRAY CASE TG_OP WHEN 'INSERT' THEN ARRAY[NEW.voucher_id] WHEN 'DELETE' THEN ARRAY[OLD.voucher_id] ELSE ARRAY[OLD.voucher_id, NEW.voucher_id] END LOOP
    SELECT * INTO v FROM vouchers WHERE id = vid;
    -- A voucher being deleted takes its lines with it (the voucher's own guard has decided).
    CONTINUE WHEN NOT FOUND;
    IF ledger_period_rolled(v.period_id) THEN
      RAISE EXCEPTION 'voucher % is in a settled period', v.id USING ERRCODE = 'LDROL';
    END IF;
    IF ledger_voucher_locked(v) AND NOT (TG_OP = 'UPDATE' AND ledger_item_gains_aux_only(OLD, NEW)) THEN
      RAISE EXCEPTION 'voucher % is locked', v.id USING ERRCODE = 'LDLCK';
    END IF;
  END LOOP;
  IF TG_OP <> 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM vouchers WHERE id = NEW.voucher_id AND account_year_id = NEW.account_year_id) THEN
      RAISE EXCEPTION 'line of voucher % names a subject of another account year', NEW.voucher_id USING ERRCODE = 'LDINV';
    END IF;
    RETURN NEW;
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER voucher_items_guard BEFORE INSERT OR UPDATE OR DELETE ON voucher_items FOR EACH ROW EXECUTE FUNCTION ledger_item_guard();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_check_balance(p_voucher integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v vouchers;
  d bigint;
  c bigint;
  n integer;
BEGIN
  SELECT * INTO v FROM vouchers WHERE id = p_voucher;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT coalesce(sum(amount_cents) FILTER (WHERE direction), 0), coalesce(sum(amount_cents) FILTER (WHERE NOT direction), 0), count(*)
    INTO d, c, n FROM voucher_items WHERE voucher_id = p_voucher;
  IF n = 0 OR d <> c OR d <> v.debit_cents OR c <> v.credit_cents THEN
    RAISE EXCEPTION 'voucher % does not balance (lines %: debit %, credit %; totals % / %)', p_voucher, n, d, c, v.debit_cents, v.credit_cents USING ERRCODE = 'LDBAL';
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_item_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM ledger_check_balance(OLD.voucher_id); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.voucher_id <> OLD.voucher_id) THEN PERFORM ledger_check_balance(NEW.voucher_id); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER voucher_items_balance AFTER INSERT OR UPDATE OR DELETE ON voucher_items DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_item_balance();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_voucher_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_check_balance(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER vouchers_balance AFTER INSERT OR UPDATE OF debit_cents, credit_cents ON vouchers DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_voucher_balance();
