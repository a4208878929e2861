-- The rebuild of the balance tables (rebuildBalances, the rewriteBalance of a settle; decision 040)
-- in about half the time at a million lines (PostgreSQL 15, 2 cores; docs/benchmarks.md, stop 31):
-- - The fresh sums are aggregated into temporary tables first, by plain CREATE TABLE AS statements,
--   which PostgreSQL may run with parallel workers. Inside one statement with data-modifying CTEs
--   (the diff's delete / update / insert) no part of the plan may be parallel, so the two scans of
--   every line of the year ran on one core.
-- - JIT off for the function: the aggregate over a million lines is costed far above jit_above_cost,
--   and compiling its expressions took about a third of the rebuild, for queries that run once.
-- - work_mem 64MB for the function: the by-auxiliary sums (about 72,000 groups at a million lines)
--   spilled to disk in batches at the default 4MB.
-- The tables end exactly as before (the same diff statements, reading the temporary tables).
-- PGlite has neither parallel workers nor JIT: there the function runs the same statements serially.
CREATE OR REPLACE FUNCTION ledger_balances_rebuild(p_year integer) RETURNS void LANGUAGE plpgsql
SET jit = off SET work_mem = '64MB' AS $$
BEGIN
  CREATE TEMP TABLE ledger_fresh_subject ON COMMIT DROP AS
    SELECT v.company_id, v.account_id, v.account_year_id, v.period_id, i.subject_id,
      coalesce(sum(i.amount_cents) FILTER (WHERE i.direction), 0)::bigint AS debit_all,
      coalesce(sum(i.amount_cents) FILTER (WHERE NOT i.direction), 0)::bigint AS credit_all,
      count(*)::integer AS lines_all,
      coalesce(sum(i.amount_cents) FILTER (WHERE i.direction AND v.book_keep_at IS NOT NULL), 0)::bigint AS debit_booked,
      coalesce(sum(i.amount_cents) FILTER (WHERE NOT i.direction AND v.book_keep_at IS NOT NULL), 0)::bigint AS credit_booked,
      (count(*) FILTER (WHERE v.book_keep_at IS NOT NULL))::integer AS lines_booked
    FROM voucher_items i JOIN vouchers v ON v.id = i.voucher_id
    WHERE v.state <> 'INVALID' AND (p_year IS NULL OR v.account_year_id = p_year)
    GROUP BY v.company_id, v.account_id, v.account_year_id, v.period_id, i.subject_id;
  CREATE TEMP TABLE ledger_fresh_aux ON COMMIT DROP AS
    SELECT v.company_id, v.account_id, v.account_year_id, v.period_id, i.subject_id, a.t AS aux_type_id, a.id AS aux_id,
      coalesce(sum(i.amount_cents) FILTER (WHERE i.direction), 0)::bigint AS debit_all,
      coalesce(sum(i.amount_cents) FILTER (WHERE NOT i.direction), 0)::bigint AS credit_all,
      count(*)::integer AS lines_all,
      coalesce(sum(i.amount_cents) FILTER (WHERE i.direction AND v.book_keep_at IS NOT NULL), 0)::bigint AS debit_booked,
      coalesce(sum(i.amount_cents) FILTER (WHERE NOT i.direction AND v.book_keep_at IS NOT NULL), 0)::bigint AS credit_booked,
      (count(*) FILTER (WHERE v.book_keep_at IS NOT NULL))::integer AS lines_booked
    FROM voucher_items i JOIN vouchers v ON v.id = i.voucher_id
    CROSS JOIN LATERAL (VALUES (1::smallint, i.department_id), (2::smallint, i.employee_id), (3::smallint, i.customer_id),
      (4::smallint, i.vendor_id), (5::smallint, i.project_id), (6::smallint, i.budget_id)) a(t, id)
    WHERE v.state <> 'INVALID' AND (p_year IS NULL OR v.account_year_id = p_year)
      AND coalesce(i.department_id, i.employee_id, i.customer_id, i.vendor_id, i.project_id, i.budget_id) IS NOT NULL AND a.id IS NOT NULL
    GROUP BY v.company_id, v.account_id, v.account_year_id, v.period_id, i.subject_id, a.t, a.id;
  WITH fresh AS (SELECT * FROM ledger_fresh_subject),
  diff AS MATERIALIZED (
    SELECT f.*, b.period_id AS old_period_id, b.subject_id AS old_subject_id
    FROM fresh f FULL JOIN (SELECT * FROM subject_balances WHERE p_year IS NULL OR account_year_id = p_year) b ON b.period_id = f.period_id AND b.subject_id = f.subject_id
    WHERE f.period_id IS NULL OR b.period_id IS NULL OR (b.company_id, b.account_id, b.account_year_id, b.debit_all, b.credit_all, b.lines_all, b.debit_booked, b.credit_booked, b.lines_booked) IS DISTINCT FROM (f.company_id, f.account_id, f.account_year_id, f.debit_all, f.credit_all, f.lines_all, f.debit_booked, f.credit_booked, f.lines_booked)),
  gone AS (
    DELETE FROM subject_balances b USING diff d WHERE d.period_id IS NULL AND b.period_id = d.old_period_id AND b.subject_id = d.old_subject_id),
  changed AS (
    UPDATE subject_balances b SET company_id = d.company_id, account_id = d.account_id, account_year_id = d.account_year_id, debit_all = d.debit_all, credit_all = d.credit_all, lines_all = d.lines_all, debit_booked = d.debit_booked, credit_booked = d.credit_booked, lines_booked = d.lines_booked
    FROM diff d WHERE d.period_id IS NOT NULL AND d.old_period_id IS NOT NULL AND b.period_id = d.period_id AND b.subject_id = d.subject_id)
  INSERT INTO subject_balances (company_id, account_id, account_year_id, period_id, subject_id, debit_all, credit_all, lines_all, debit_booked, credit_booked, lines_booked)
  SELECT d.company_id, d.account_id, d.account_year_id, d.period_id, d.subject_id, d.debit_all, d.credit_all, d.lines_all, d.debit_booked, d.credit_booked, d.lines_booked FROM diff d WHERE d.old_period_id IS NULL;

  WITH fresh AS (SELECT * FROM ledger_fresh_aux),
  diff AS MATERIALIZED (
    SELECT f.*, b.period_id AS old_period_id, b.subject_id AS old_subject_id, b.aux_type_id AS old_aux_type_id, b.aux_id AS old_aux_id
    FROM fresh f FULL JOIN (SELECT * FROM aux_balances WHERE p_year IS NULL OR account_year_id = p_year) b ON b.period_id = f.period_id AND b.subject_id = f.subject_id AND b.aux_type_id = f.aux_type_id AND b.aux_id = f.aux_id
    WHERE f.period_id IS NULL OR b.period_id IS NULL OR (b.company_id, b.account_id, b.account_year_id, b.debit_all, b.credit_all, b.lines_all, b.debit_booked, b.credit_booked, b.lines_booked) IS DISTINCT FROM (f.company_id, f.account_id, f.account_year_id, f.debit_all, f.credit_all, f.lines_all, f.debit_booked, f.credit_booked, f.lines_booked)),
  gone AS (
    DELETE FROM aux_balances b USING diff d WHERE d.period_id IS NULL AND b.period_id = d.old_period_id AND b.subject_id = d.old_subject_id AND b.aux_type_id = d.old_aux_type_id AND b.aux_id = d.old_aux_id),
  changed AS (
    UPDATE aux_balances b SET company_id = d.company_id, account_id = d.account_id, account_year_id = d.account_year_id, debit_all = d.debit_all, credit_all = d.credit_all, lines_all = d.lines_all, debit_booked = d.debit_booked, credit_booked = d.credit_booked, lines_booked = d.lines_booked
    FROM diff d WHERE d.period_id IS NOT NULL AND d.old_period_id IS NOT NULL AND b.period_id = d.period_id AND b.subject_id = d.subject_id AND b.aux_type_id = d.aux_type_id AND b.aux_id = d.aux_id)
  INSERT INTO aux_balances (company_id, account_id, account_year_id, period_id, subject_id, aux_type_id, aux_id, debit_all, credit_all, lines_all, debit_booked, credit_booked, lines_booked)
  SELECT d.company_id, d.account_id, d.account_year_id, d.period_id, d.subject_id, d.aux_type_id, d.aux_id, d.debit_all, d.credit_all, d.lines_all, d.debit_booked, d.credit_booked, d.lines_booked FROM diff d WHERE d.old_period_id IS NULL;
  DROP TABLE pg_temp.ledger_fresh_subject;
  DROP TABLE pg_temp.ledger_fresh_aux;
END
$$;
