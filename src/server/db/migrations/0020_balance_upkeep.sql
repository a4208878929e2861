-- Balance upkeep (decision 025): subject_balances and aux_balances follow every change of voucher
-- lines and of the voucher columns that decide what the lines count for (state, bookkeeping,
-- period, year, ledger set), in the transaction that makes the change, whatever code path writes.
-- Each trigger turns its change into signed postings (lines and amounts that stop counting negative,
-- those that start counting positive; summed per key first, so a bulk insert hands over a few
-- rows per subject and auxiliary value, not one per line) and hands them to ledger_balances_post, which adds them with
-- insert … on conflict do update (x = x + excluded.x), so concurrent postings to the same subject
-- and period add up instead of overwriting each other, and drops rows no line stands behind.
-- (Advisory lock class 25 is this decision's: one key per period.)
CREATE TYPE ledger_posting AS (
  company_id integer, account_id integer, account_year_id integer, period_id integer, subject_id integer,
  booked boolean, direction boolean, lines integer, amount bigint,
  department_id integer, employee_id integer, customer_id integer, vendor_id integer, project_id integer, budget_id integer
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_balances_post(p ledger_posting[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p IS NULL OR cardinality(p) = 0 THEN
    RETURN;
  END IF;
  -- One posting transaction at a time per period: it holds the period's advisory lock from its
  -- first posting to its commit, so two transactions whose statements take the same balance rows
  -- in different orders (an edit removes its old lines, then adds its new ones) queue instead of
  -- deadlocking. Periods are taken in order; rows within a statement are taken in key order.
  PERFORM pg_advisory_xact_lock(25, k.period_id) FROM (SELECT DISTINCT x.period_id FROM unnest(p) x ORDER BY x.period_id) k;
  INSERT INTO subject_balances AS b (company_id, account_id, account_year_id, period_id, subject_id,
    debit_all, credit_all, lines_all, debit_booked, credit_booked, lines_booked)
  SELECT x.company_id, x.account_id, x.account_year_id, x.period_id, x.subject_id,
    coalesce(sum(x.amount) FILTER (WHERE x.direction), 0),
    coalesce(sum(x.amount) FILTER (WHERE NOT x.direction), 0),
    sum(x.lines),
    coalesce(sum(x.amount) FILTER (WHERE x.direction AND x.booked), 0),
    coalesce(sum(x.amount) FILTER (WHERE NOT x.direction AND x.booked), 0),
    coalesce(sum(x.lines) FILTER (WHERE x.booked), 0)
  FROM unnest(p) x
  GROUP BY x.company_id, x.account_id, x.account_year_id, x.period_id, x.subject_id
  ORDER BY x.period_id, x.subject_id
  ON CONFLICT (period_id, subject_id) DO UPDATE SET
    debit_all = b.debit_all + excluded.debit_all, credit_all = b.credit_all + excluded.credit_all,
    lines_all = b.lines_all + excluded.lines_all, debit_booked = b.debit_booked + excluded.debit_booked,
    credit_booked = b.credit_booked + excluded.credit_booked, lines_booked = b.lines_booked + excluded.lines_booked;
  DELETE FROM subject_balances b
  USING (SELECT DISTINCT x.period_id, x.subject_id FROM unnest(p) x) k
  WHERE b.period_id = k.period_id AND b.subject_id = k.subject_id AND b.lines_all = 0;

  INSERT INTO aux_balances AS b (company_id, account_id, account_year_id, period_id, subject_id, aux_type_id, aux_id,
    debit_all, credit_all, lines_all, debit_booked, credit_booked, lines_booked)
  SELECT x.company_id, x.account_id, x.account_year_id, x.period_id, x.subject_id, a.t, a.id,
    coalesce(sum(x.amount) FILTER (WHERE x.direction), 0),
    coalesce(sum(x.amount) FILTER (WHERE NOT x.direction), 0),
    sum(x.lines),
    coalesce(sum(x.amount) FILTER (WHERE x.direction AND x.booked), 0),
    coalesce(sum(x.amount) FILTER (WHERE NOT x.direction AND x.booked), 0),
    coalesce(sum(x.lines) FILTER (WHERE x.booked), 0)
  FROM unnest(p) x
  CROSS JOIN LATERAL (VALUES (1::smallint, x.department_id), (2::smallint, x.employee_id), (3::smallint, x.customer_id),
    (4::smallint, x.vendor_id), (5::smallint, x.project_id), (6::smallint, x.budget_id)) a(t, id)
  WHERE a.id IS NOT NULL
  GROUP BY x.company_id, x.account_id, x.account_year_id, x.period_id, x.subject_id, a.t, a.id
  ORDER BY x.period_id, x.subject_id, a.t, a.id
  ON CONFLICT (period_id, subject_id, aux_type_id, aux_id) DO UPDATE SET
    debit_all = b.debit_all + excluded.debit_all, credit_all = b.credit_all + excluded.credit_all,
    lines_all = b.lines_all + excluded.lines_all, debit_booked = b.debit_booked + excluded.debit_booked,
    credit_booked = b.credit_booked + excluded.credit_booked, lines_booked = b.lines_booked + excluded.lines_booked;
  DELETE FROM aux_balances b
  USING (SELECT DISTINCT x.period_id, x.subject_id FROM unnest(p) x) k
  WHERE b.period_id = k.period_id AND b.subject_id = k.subject_id AND b.lines_all = 0;
END
$$;
--> statement-breakpoint
-- Lines written: what they count for depends on their voucher as it stands now. Lines of a voucher
-- that is gone (a cascade of its deletion) find none: ledger_balances_voucher_deleted took them out.
CREATE OR REPLACE FUNCTION ledger_balances_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM ledger_balances_post(array(
      SELECT row(v.company_id, v.account_id, v.account_year_id, v.period_id, i.subject_id, v.book_keep_at IS NOT NULL, i.direction, -count(*), -sum(i.amount_cents),
        i.department_id, i.employee_id, i.customer_id, i.vendor_id, i.project_id, i.budget_id)::ledger_posting
      FROM old_items i JOIN vouchers v ON v.id = i.voucher_id WHERE v.state <> 'INVALID'
      GROUP BY v.company_id, v.account_id, v.account_year_id, v.period_id, i.subject_id, v.book_keep_at IS NOT NULL, i.direction,
        i.department_id, i.employee_id, i.customer_id, i.vendor_id, i.project_id, i.budget_id));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM ledger_balances_post(array(
      SELECT row(v.company_id, v.account_id, v.account_year_id, v.period_id, i.subject_id, v.book_keep_at IS NOT NULL, i.direction, count(*), sum(i.amount_cents),
        i.department_id, i.employee_id, i.customer_id, i.vendor_id, i.project_id, i.budget_id)::ledger_posting
      FROM new_items i JOIN vouchers v ON v.id = i.voucher_id WHERE v.state <> 'INVALID'
      GROUP BY v.company_id, v.account_id, v.account_year_id, v.period_id, i.subject_id, v.book_keep_at IS NOT NULL, i.direction,
        i.department_id, i.employee_id, i.customer_id, i.vendor_id, i.project_id, i.budget_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER voucher_items_balances_ins AFTER INSERT ON voucher_items REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_balances_items_changed();
--> statement-breakpoint
CREATE TRIGGER voucher_items_balances_upd AFTER UPDATE ON voucher_items REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_balances_items_changed();
--> statement-breakpoint
CREATE TRIGGER voucher_items_balances_del AFTER DELETE ON voucher_items REFERENCING OLD TABLE AS old_items
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_balances_items_changed();
--> statement-breakpoint
-- A voucher whose state, bookkeeping or place changes moves its current lines: out as they
-- counted before, in as they count now (nothing for an invalid voucher).
CREATE OR REPLACE FUNCTION ledger_balances_vouchers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_balances_post(array(
    SELECT row(c.company_id, c.account_id, c.account_year_id, c.period_id, i.subject_id, c.booked, i.direction, c.sign * count(*), c.sign * sum(i.amount_cents),
      i.department_id, i.employee_id, i.customer_id, i.vendor_id, i.project_id, i.budget_id)::ledger_posting
    FROM (
      SELECT o.id, o.company_id, o.account_id, o.account_year_id, o.period_id, o.book_keep_at IS NOT NULL AS booked, -1 AS sign
      FROM old_vouchers o JOIN new_vouchers n ON n.id = o.id
      WHERE o.state <> 'INVALID' AND (o.state, o.book_keep_at IS NULL, o.period_id, o.account_year_id, o.account_id, o.company_id)
        IS DISTINCT FROM (n.state, n.book_keep_at IS NULL, n.period_id, n.account_year_id, n.account_id, n.company_id)
      UNION ALL
      SELECT n.id, n.company_id, n.account_id, n.account_year_id, n.period_id, n.book_keep_at IS NOT NULL, 1
      FROM old_vouchers o JOIN new_vouchers n ON n.id = o.id
      WHERE n.state <> 'INVALID' AND (o.state, o.book_keep_at IS NULL, o.period_id, o.account_year_id, o.account_id, o.company_id)
        IS DISTINCT FROM (n.state, n.book_keep_at IS NULL, n.period_id, n.account_year_id, n.account_id, n.company_id)
    ) c JOIN voucher_items i ON i.voucher_id = c.id
    GROUP BY c.company_id, c.account_id, c.account_year_id, c.period_id, i.subject_id, c.booked, c.sign, i.direction,
      i.department_id, i.employee_id, i.customer_id, i.vendor_id, i.project_id, i.budget_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER vouchers_balances_upd AFTER UPDATE ON vouchers REFERENCING OLD TABLE AS old_vouchers NEW TABLE AS new_vouchers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_balances_vouchers_changed();
--> statement-breakpoint
-- A voucher deleted: its lines leave the balances before the cascade removes them.
CREATE OR REPLACE FUNCTION ledger_balances_voucher_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.state <> 'INVALID' THEN
    PERFORM ledger_balances_post(array(
      SELECT row(OLD.company_id, OLD.account_id, OLD.account_year_id, OLD.period_id, i.subject_id, OLD.book_keep_at IS NOT NULL, i.direction, -1, -i.amount_cents,
        i.department_id, i.employee_id, i.customer_id, i.vendor_id, i.project_id, i.budget_id)::ledger_posting
      FROM voucher_items i WHERE i.voucher_id = OLD.id));
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
-- (Should the guard refuse the deletion, the error undoes this posting with the statement.)
CREATE TRIGGER vouchers_balances_del BEFORE DELETE ON vouchers FOR EACH ROW EXECUTE FUNCTION ledger_balances_voucher_deleted();
--> statement-breakpoint
-- The recomputation from the lines (rebuildBalances, the rewriteBalance of a settle): the balances
-- of one account year, or of all when p_year is null. The caller holds the year's periods
-- `for update`, so no posting runs meanwhile.
CREATE OR REPLACE FUNCTION ledger_balances_rebuild(p_year integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM aux_balances WHERE p_year IS NULL OR account_year_id = p_year;
  DELETE FROM subject_balances WHERE p_year IS NULL OR account_year_id = p_year;
  INSERT INTO subject_balances (company_id, account_id, account_year_id, period_id, subject_id,
    debit_all, credit_all, lines_all, debit_booked, credit_booked, lines_booked)
  SELECT v.company_id, v.account_id, v.account_year_id, v.period_id, i.subject_id,
    coalesce(sum(i.amount_cents) FILTER (WHERE i.direction), 0),
    coalesce(sum(i.amount_cents) FILTER (WHERE NOT i.direction), 0),
    count(*),
    coalesce(sum(i.amount_cents) FILTER (WHERE i.direction AND v.book_keep_at IS NOT NULL), 0),
    coalesce(sum(i.amount_cents) FILTER (WHERE NOT i.direction AND v.book_keep_at IS NOT NULL), 0),
    count(*) FILTER (WHERE v.book_keep_at IS NOT NULL)
  FROM voucher_items i JOIN vouchers v ON v.id = i.voucher_id
  WHERE v.state <> 'INVALID' AND (p_year IS NULL OR v.account_year_id = p_year)
  GROUP BY v.company_id, v.account_id, v.account_year_id, v.period_id, i.subject_id;
  INSERT INTO aux_balances (company_id, account_id, account_year_id, period_id, subject_id, aux_type_id, aux_id,
    debit_all, credit_all, lines_all, debit_booked, credit_booked, lines_booked)
  SELECT v.company_id, v.account_id, v.account_year_id, v.period_id, i.subject_id, a.t, a.id,
    coalesce(sum(i.amount_cents) FILTER (WHERE i.direction), 0),
    coalesce(sum(i.amount_cents) FILTER (WHERE NOT i.direction), 0),
    count(*),
    coalesce(sum(i.amount_cents) FILTER (WHERE i.direction AND v.book_keep_at IS NOT NULL), 0),
    coalesce(sum(i.amount_cents) FILTER (WHERE NOT i.direction AND v.book_keep_at IS NOT NULL), 0),
    count(*) FILTER (WHERE v.book_keep_at IS NOT NULL)
  FROM voucher_items i JOIN vouchers v ON v.id = i.voucher_id
  CROSS JOIN LATERAL (VALUES (1::smallint, i.department_id), (2::smallint, i.employee_id), (3::smallint, i.customer_id),
    (4::smallint, i.vendor_id), (5::smallint, i.project_id), (6::smallint, i.budget_id)) a(t, id)
  WHERE a.id IS NOT NULL AND v.state <> 'INVALID' AND (p_year IS NULL OR v.account_year_id = p_year)
  GROUP BY v.company_id, v.account_id, v.account_year_id, v.period_id, i.subject_id, a.t, a.id;
END
$$;
--> statement-breakpoint
-- Vouchers written before this migration.
SELECT ledger_balances_rebuild(NULL);
