/**
 * What uses the cashier settings: the one place their "in use" checks ask. Today nothing books on a
 * bank account or an income/outcome kind yet, so these answer from the tables that exist; the cash
 * and bank journal (and its opening balances) add their own query to `usedBankAccountIds` and
 * `usedCashierKindIds` here when they land. A failed check throws; it never reads as "not used".
 */
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/tx';
import { bankAccounts, cashierKinds } from '../../db/schema';

/** Bank accounts (of the given ids) the cashier's books use. The journal plugs its lines in here. */
export async function usedBankAccountIds(_tx: Tx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const checks: Array<Promise<number[]>> = [
    // cash and bank journal lines, cash-bank opening balances: added with the journal (issue 10)
  ];
  return [...new Set((await Promise.all(checks)).flat())];
}

/** Income/outcome kinds (of the given ids) journal lines name. The journal plugs its lines in here. */
export async function usedCashierKindIds(_tx: Tx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const checks: Array<Promise<number[]>> = [
    // cash and bank journal lines: added with the journal (issue 10)
  ];
  return [...new Set((await Promise.all(checks)).flat())];
}

/** Subjects (of the given ids) a bank account or an income/outcome kind links: the subject catalogue refuses to delete them. */
export async function subjectsLinkedByCashier(tx: Tx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const [a, k] = await Promise.all([
    tx.selectDistinct({ id: bankAccounts.subjectId }).from(bankAccounts).where(and(isNotNull(bankAccounts.subjectId), inArray(bankAccounts.subjectId, ids))),
    tx.selectDistinct({ id: cashierKinds.subjectId }).from(cashierKinds).where(and(isNotNull(cashierKinds.subjectId), inArray(cashierKinds.subjectId, ids))),
  ]);
  return [...new Set([...a, ...k].map((r) => r.id as number))];
}
