/**
 * What uses the cashier settings: the one place their "in use" checks ask. The cash and bank
 * journal's lines use bank accounts and income/outcome kinds; a non-zero opening balance uses its
 * bank account (a zero one goes with the account). A failed check throws; it never reads as "not used".
 */
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/tx';
import { bankAccounts, cashierKinds } from '../../db/schema';
import { bankAccountsInUse, kindsInUse } from '../cashier-journal/queries';

/** Bank accounts (of the given ids) the cashier's books use. The journal plugs its lines in here. */
export async function usedBankAccountIds(tx: Tx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const checks: Array<Promise<number[]>> = [
    // cash and bank journal lines and non-zero cash-bank opening balances (decision 035)
    bankAccountsInUse(tx, ids),
  ];
  return [...new Set((await Promise.all(checks)).flat())];
}

/** Income/outcome kinds (of the given ids) journal lines name. The journal plugs its lines in here. */
export async function usedCashierKindIds(tx: Tx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const checks: Array<Promise<number[]>> = [
    // cash and bank journal lines (decision 035)
    kindsInUse(tx, ids),
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
