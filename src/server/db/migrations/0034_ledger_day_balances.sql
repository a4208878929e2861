CREATE TABLE "subject_day_balances" (
	"company_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"account_year_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"mark_date" date NOT NULL,
	"debit_all" bigint DEFAULT 0 NOT NULL,
	"credit_all" bigint DEFAULT 0 NOT NULL,
	"lines_all" integer DEFAULT 0 NOT NULL,
	"debit_booked" bigint DEFAULT 0 NOT NULL,
	"credit_booked" bigint DEFAULT 0 NOT NULL,
	"lines_booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "subject_day_balances_pk" PRIMARY KEY("period_id","subject_id","mark_date")
);
--> statement-breakpoint
ALTER TABLE "subject_day_balances" ADD CONSTRAINT "subject_day_balances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_day_balances" ADD CONSTRAINT "subject_day_balances_account_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."accounts"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_day_balances" ADD CONSTRAINT "subject_day_balances_period_fk" FOREIGN KEY ("company_id","period_id") REFERENCES "public"."periods"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_day_balances" ADD CONSTRAINT "subject_day_balances_subject_fk" FOREIGN KEY ("account_year_id","subject_id") REFERENCES "public"."subjects"("account_year_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subject_day_balances_year" ON "subject_day_balances" USING btree ("account_year_id");
--> statement-breakpoint
-- Decision 059: the postings carry the voucher's date, and the commit step keeps subject_day_balances
-- beside subject_balances. ledger_pending holds ledger_posting[], which keeps the type from changing:
-- it is dropped (with its commit trigger) and made again as migration 0032 made it. It holds nothing
-- outside a transaction (every noted row is applied and deleted at its commit).
DROP TABLE ledger_pending;
--> statement-breakpoint
ALTER TYPE ledger_posting ADD ATTRIBUTE mark_date date;
--> statement-breakpoint
CREATE UNLOGGED TABLE ledger_pending (
  txid bigint NOT NULL DEFAULT txid_current(),
  postings ledger_posting[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX ledger_pending_txid ON ledger_pending (txid);
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_pending_apply AFTER INSERT ON ledger_pending DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_pending_at_commit();
--> statement-breakpoint
-- Lines written (migration 0020), now with their voucher's date.
CREATE OR REPLACE FUNCTION ledger_balances_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM ledger_balances_post(array(
      SELECT row(v.company_id, v.account_id, v.account_year_id, v.period_id, i.subject_id, v.book_keep_at IS NOT NULL, i.direction, -count(*), -sum(i.amount_cents),
        i.department_id, i.employee_id, i.customer_id, i.vendor_id, i.project_id, i.budget_id, v.mark_date)::ledger_posting
      FROM old_items i JOIN vouchers v ON v.id = i.voucher_id WHERE v.state <> 'INVALID'
      GROUP BY v.company_id, v.account_id, v.account_year_id, v.period_id, i.subject_id, v.book_keep_at IS NOT NULL, i.direction,
        i.department_id, i.employee_id, i.customer_id, i.vendor_id, i.project_id, i.budget_id, v.mark_date));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM ledger_balances_post(array(
      SELECT row(v.company_id, v.account_id, v.account_year_id, v.period_id, i.subject_id, v.book_keep_at IS NOT NULL, i.direction, count(*), sum(i.amount_cents),
        i.department_id, i.employee_id, i.customer_id, i.vendor_id, i.project_id, i.budget_id, v.mark_date)::ledger_posting
      FROM new_items i JOIN vouchers v ON v.id = i.voucher_id WHERE v.state <> 'INVALID'
      GROUP BY v.company_id, v.account_id, v.account_year_id, v.period_id, i.subject_id, v.book_keep_at IS NOT NULL, i.direction,
        i.department_id, i.employee_id, i.customer_id, i.vendor_id, i.project_id, i.budget_id, v.mark_date));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A voucher whose state, bookkeeping, place or (now) date changes moves its current lines: out as
-- they counted before, in as they count now. A new date within the same period nets to nothing in
-- subject_balances and aux_balances and moves the lines between two days of subject_day_balances.
CREATE OR REPLACE FUNCTION ledger_balances_vouchers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_balances_post(array(
    SELECT row(c.company_id, c.account_id, c.account_year_id, c.period_id, i.subject_id, c.booked, i.direction, c.sign * count(*), c.sign * sum(i.amount_cents),
      i.department_id, i.employee_id, i.customer_id, i.vendor_id, i.project_id, i.budget_id, c.mark_date)::ledger_posting
    FROM (
      SELECT o.id, o.company_id, o.account_id, o.account_year_id, o.period_id, o.mark_date, o.book_keep_at IS NOT NULL AS booked, -1 AS sign
      FROM old_vouchers o JOIN new_vouchers n ON n.id = o.id
      WHERE o.state <> 'INVALID' AND (o.state, o.book_keep_at IS NULL, o.period_id, o.account_year_id, o.account_id, o.company_id, o.mark_date)
        IS DISTINCT FROM (n.state, n.book_keep_at IS NULL, n.period_id, n.account_year_id, n.account_id, n.company_id, n.mark_date)
      UNION ALL
      SELECT n.id, n.company_id, n.account_id, n.account_year_id, n.period_id, n.mark_date, n.book_keep_at IS NOT NULL, 1
      FROM old_vouchers o JOIN new_vouchers n ON n.id = o.id
      WHERE n.state <> 'INVALID' AND (o.state, o.book_keep_at IS NULL, o.period_id, o.account_year_id, o.account_id, o.company_id, o.mark_date)
        IS DISTINCT FROM (n.state, n.book_keep_at IS NULL, n.period_id, n.account_year_id, n.account_id, n.company_id, n.mark_date)
    ) c JOIN voucher_items i ON i.voucher_id = c.id
    GROUP BY c.company_id, c.account_id, c.account_year_id, c.period_id, c.mark_date, i.subject_id, c.booked, c.sign, i.direction,
      i.department_id, i.employee_id, i.customer_id, i.vendor_id, i.project_id, i.budget_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_balances_voucher_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.state <> 'INVALID' THEN
    PERFORM ledger_balances_post(array(
      SELECT row(OLD.company_id, OLD.account_id, OLD.account_year_id, OLD.period_id, i.subject_id, OLD.book_keep_at IS NOT NULL, i.direction, -1, -i.amount_cents,
        i.department_id, i.employee_id, i.customer_id, i.vendor_id, i.project_id, i.budget_id, OLD.mark_date)::ledger_posting
      FROM voucher_items i WHERE i.voucher_id = OLD.id));
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
-- The commit step (migrations 0020 and 0032), now also per day.
CREATE OR REPLACE FUNCTION ledger_balances_apply(p ledger_posting[]) RETURNS void LANGUAGE plpgsql AS $$
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

  -- Decision 059: the same sums per voucher date.
  INSERT INTO subject_day_balances AS b (company_id, account_id, account_year_id, period_id, subject_id, mark_date,
    debit_all, credit_all, lines_all, debit_booked, credit_booked, lines_booked)
  SELECT x.company_id, x.account_id, x.account_year_id, x.period_id, x.subject_id, x.mark_date,
    coalesce(sum(x.amount) FILTER (WHERE x.direction), 0),
    coalesce(sum(x.amount) FILTER (WHERE NOT x.direction), 0),
    sum(x.lines),
    coalesce(sum(x.amount) FILTER (WHERE x.direction AND x.booked), 0),
    coalesce(sum(x.amount) FILTER (WHERE NOT x.direction AND x.booked), 0),
    coalesce(sum(x.lines) FILTER (WHERE x.booked), 0)
  FROM unnest(p) x
  GROUP BY x.company_id, x.account_id, x.account_year_id, x.period_id, x.subject_id, x.mark_date
  ORDER BY x.period_id, x.subject_id, x.mark_date
  ON CONFLICT (period_id, subject_id, mark_date) DO UPDATE SET
    debit_all = b.debit_all + excluded.debit_all, credit_all = b.credit_all + excluded.credit_all,
    lines_all = b.lines_all + excluded.lines_all, debit_booked = b.debit_booked + excluded.debit_booked,
    credit_booked = b.credit_booked + excluded.credit_booked, lines_booked = b.lines_booked + excluded.lines_booked;
  DELETE FROM subject_day_balances b
  USING (SELECT DISTINCT x.period_id, x.subject_id, x.mark_date FROM unnest(p) x) k
  WHERE b.period_id = k.period_id AND b.subject_id = k.subject_id AND b.mark_date = k.mark_date AND b.lines_all = 0;

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
-- The rebuild (migration 0033), now also per day; the period sums are added up from the day sums.
CREATE OR REPLACE FUNCTION ledger_balances_rebuild(p_year integer) RETURNS void LANGUAGE plpgsql
SET jit = off SET work_mem = '64MB' AS $$
BEGIN
  CREATE TEMP TABLE ledger_fresh_day ON COMMIT DROP AS
    SELECT v.company_id, v.account_id, v.account_year_id, v.period_id, i.subject_id, v.mark_date,
      coalesce(sum(i.amount_cents) FILTER (WHERE i.direction), 0)::bigint AS debit_all,
      coalesce(sum(i.amount_cents) FILTER (WHERE NOT i.direction), 0)::bigint AS credit_all,
      count(*)::integer AS lines_all,
      coalesce(sum(i.amount_cents) FILTER (WHERE i.direction AND v.book_keep_at IS NOT NULL), 0)::bigint AS debit_booked,
      coalesce(sum(i.amount_cents) FILTER (WHERE NOT i.direction AND v.book_keep_at IS NOT NULL), 0)::bigint AS credit_booked,
      (count(*) FILTER (WHERE v.book_keep_at IS NOT NULL))::integer AS lines_booked
    FROM voucher_items i JOIN vouchers v ON v.id = i.voucher_id
    WHERE v.state <> 'INVALID' AND (p_year IS NULL OR v.account_year_id = p_year)
    GROUP BY v.company_id, v.account_id, v.account_year_id, v.period_id, i.subject_id, v.mark_date;
  -- The period sums are the day sums added up (one scan of the lines instead of two).
  CREATE TEMP TABLE ledger_fresh_subject ON COMMIT DROP AS
    SELECT company_id, account_id, account_year_id, period_id, subject_id,
      sum(debit_all)::bigint AS debit_all, sum(credit_all)::bigint AS credit_all, sum(lines_all)::integer AS lines_all,
      sum(debit_booked)::bigint AS debit_booked, sum(credit_booked)::bigint AS credit_booked, sum(lines_booked)::integer AS lines_booked
    FROM ledger_fresh_day
    GROUP BY company_id, account_id, account_year_id, period_id, subject_id;
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
  WITH fresh AS (SELECT * FROM ledger_fresh_day),
  diff AS MATERIALIZED (
    SELECT f.*, b.period_id AS old_period_id, b.subject_id AS old_subject_id, b.mark_date AS old_mark_date
    FROM fresh f FULL JOIN (SELECT * FROM subject_day_balances WHERE p_year IS NULL OR account_year_id = p_year) b ON b.period_id = f.period_id AND b.subject_id = f.subject_id AND b.mark_date = f.mark_date
    WHERE f.period_id IS NULL OR b.period_id IS NULL OR (b.company_id, b.account_id, b.account_year_id, b.debit_all, b.credit_all, b.lines_all, b.debit_booked, b.credit_booked, b.lines_booked) IS DISTINCT FROM (f.company_id, f.account_id, f.account_year_id, f.debit_all, f.credit_all, f.lines_all, f.debit_booked, f.credit_booked, f.lines_booked)),
  gone AS (
    DELETE FROM subject_day_balances b USING diff d WHERE d.period_id IS NULL AND b.period_id = d.old_period_id AND b.subject_id = d.old_subject_id AND b.mark_date = d.old_mark_date),
  changed AS (
    UPDATE subject_day_balances b SET company_id = d.company_id, account_id = d.account_id, account_year_id = d.account_year_id, debit_all = d.debit_all, credit_all = d.credit_all, lines_all = d.lines_all, debit_booked = d.debit_booked, credit_booked = d.credit_booked, lines_booked = d.lines_booked
    FROM diff d WHERE d.period_id IS NOT NULL AND d.old_period_id IS NOT NULL AND b.period_id = d.period_id AND b.subject_id = d.subject_id AND b.mark_date = d.mark_date)
  INSERT INTO subject_day_balances (company_id, account_id, account_year_id, period_id, subject_id, mark_date, debit_all, credit_all, lines_all, debit_booked, credit_booked, lines_booked)
  SELECT d.company_id, d.account_id, d.account_year_id, d.period_id, d.subject_id, d.mark_date, d.debit_all, d.credit_all, d.lines_all, d.debit_booked, d.credit_booked, d.lines_booked FROM diff d WHERE d.old_period_id IS NULL;
  DROP TABLE pg_temp.ledger_fresh_subject;
  DROP TABLE pg_temp.ledger_fresh_day;
  DROP TABLE pg_temp.ledger_fresh_aux;
END
$$;
--> statement-breakpoint
-- Days of the vouchers written before this migration.
SELECT ledger_balances_rebuild(NULL);
