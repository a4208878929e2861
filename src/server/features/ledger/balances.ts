/**
 * The per-period balance tables (decision 025): their recomputation from the voucher lines. The
 * tables are kept by the database's triggers in every posting transaction (the balance_upkeep
 * migration; applied at the transaction's commit since decision 052); `rebuildBalances` recomputes them from scratch for one account year, a ledger set or
 * everything, in one transaction. It is the `rewriteBalance` of a settle (period end) and the
 * `npm run db:rebuild-balances` command.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withTx, type Tx } from '../../db/tx';
import { accountYears, periods } from '../../db/schema';

export interface RebuildScope {
  /** One account year. */
  accountYearId?: number;
  /** Every year of one ledger set. */
  accountId?: number;
}

/**
 * Applies the postings this transaction has noted so far (decision 052: the triggers note them and
 * the commit applies them). Code that reads the balance tables after writing vouchers in the same
 * transaction calls it first; a transaction that has written nothing has nothing to apply.
 */
export async function flushPostings(tx: Tx): Promise<void> {
  await tx.execute(sql`select ledger_postings_flush()`);
}

/** Recomputes the balances of the years in scope inside the caller's transaction; answers the years rebuilt. */
export async function rebuildBalancesIn(tx: Tx, scope: RebuildScope = {}): Promise<number[]> {
  const conds = [
    scope.accountYearId !== undefined ? eq(accountYears.id, scope.accountYearId) : undefined,
    scope.accountId !== undefined ? eq(accountYears.accountId, scope.accountId) : undefined,
  ].filter((c) => c !== undefined);
  const years = (await tx.select({ id: accountYears.id }).from(accountYears).where(conds.length ? and(...conds) : undefined).orderBy(accountYears.id)).map((y) => y.id);
  if (!years.length) return [];
  // Every posting holds its period `for share` (decision 022): taking the periods `for update`
  // waits for the postings under way and keeps new ones out until the rebuild commits.
  await tx.select({ id: periods.id }).from(periods).where(inArray(periods.accountYearId, years)).orderBy(periods.id).for('update');
  // Applied now, or the commit would add them again on top of the recomputed sums.
  await flushPostings(tx);
  const all = scope.accountYearId === undefined && scope.accountId === undefined;
  if (all) await tx.execute(sql`select ledger_balances_rebuild(null)`);
  else for (const y of years) await tx.execute(sql`select ledger_balances_rebuild(${y}::integer)`);
  return years;
}

export function rebuildBalances(db: Db, scope: RebuildScope = {}): Promise<number[]> {
  return withTx(db, (tx) => rebuildBalancesIn(tx, scope));
}
