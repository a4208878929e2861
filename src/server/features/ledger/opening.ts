/**
 * Opening balances of an account year (期初余额, /basic initialization): the extension point the
 * ledgers read. The opening balance table and its auxiliary breakdown do not exist yet (issue 9,
 * "Opening balances"); until they do, every year opens at zero and the ledgers' opening figures
 * are the year's earlier periods alone. When the table lands, this function answers from it (and
 * the year-end carry-forward writes it) without the ledgers changing.
 */
import type { Tx } from '../../db/tx';

export interface SubjectOpening {
  /** The balance at the start of the year, debit positive (a credit balance is negative). */
  balance: number;
  /** Debit and credit of the year before the ledger set started to be kept here (a mid-year start). */
  ytdDebit: number;
  ytdCredit: number;
}

/** The year's opening per leaf subject id; subjects absent open at zero. */
export async function subjectOpenings(_tx: Tx, _accountYearId: number): Promise<Map<number, SubjectOpening>> {
  return new Map();
}
