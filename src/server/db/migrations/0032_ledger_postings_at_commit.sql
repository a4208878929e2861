-- Balance postings are applied at commit (decision 052). Until now every trigger of decision 025
-- applied its postings to subject_balances / aux_balances at once, taking the period's advisory lock
-- (and the balance rows' locks) from the transaction's first posting statement to its commit: through
-- the statement's answer travelling back to the server, the server's turn to send COMMIT and the WAL
-- flush. Every save into a period queued behind that whole window (about 3 ms of a save's 5 ms inside
-- PostgreSQL under 20 concurrent saves, docs/benchmarks.md).
--
-- Now the triggers compute their postings exactly as before and hand them to ledger_balances_post,
-- which only notes them for the transaction (one row per posting statement in ledger_pending). A
-- deferred constraint trigger applies everything the transaction noted in one go at commit: the
-- period's lock is then held from the commit's first step to its end, and a transaction takes its
-- periods and balance rows once, in key order (which also removes the deadlock of two transactions
-- moving vouchers between two periods in opposite orders). Postings are sums, so applying them at
-- commit leaves the tables exactly as applying them statement by statement did.
--
-- Code that must see its own transaction's postings in the balance tables before commit (a rebuild
-- in the same transaction) calls ledger_postings_flush() first. Postings of a period deleted in the
-- same transaction (its balance rows went with it, by cascade) are dropped.
CREATE UNLOGGED TABLE ledger_pending (
  txid bigint NOT NULL DEFAULT txid_current(),
  postings ledger_posting[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX ledger_pending_txid ON ledger_pending (txid);
--> statement-breakpoint
-- What ledger_balances_post did until now (migration 0020: the periods' advisory locks in order, one
-- grouped upsert per table in key order, rows no line stands behind deleted) is now the commit's step.
ALTER FUNCTION ledger_balances_post(ledger_posting[]) RENAME TO ledger_balances_apply;
--> statement-breakpoint
-- The triggers' entry point (unchanged callers): note the postings for the transaction's commit.
CREATE OR REPLACE FUNCTION ledger_balances_post(p ledger_posting[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p IS NULL OR cardinality(p) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO ledger_pending (postings) VALUES (p);
END
$$;
--> statement-breakpoint
-- Applies (and forgets) every posting the current transaction noted so far. A transaction that has
-- written nothing has no id and nothing noted.
CREATE OR REPLACE FUNCTION ledger_postings_flush() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  p ledger_posting[];
BEGIN
  -- Periods deleted in this transaction took their balance rows with them (cascade): nothing to add to.
  WITH noted AS (DELETE FROM ledger_pending WHERE txid = txid_current_if_assigned() RETURNING postings)
  SELECT array_agg(x) INTO p FROM noted CROSS JOIN LATERAL unnest(noted.postings) x
  WHERE EXISTS (SELECT 1 FROM periods pr WHERE pr.id = x.period_id);
  PERFORM ledger_balances_apply(p);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_pending_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The first noted row's event applies them all; the others find nothing left.
  PERFORM ledger_postings_flush();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_pending_apply AFTER INSERT ON ledger_pending DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_pending_at_commit();
