/**
 * The year's opening balances per subject × auxiliary value, as the auxiliary ledgers read them.
 *
 * TODO(merge): answer from `auxOpenings(tx, accountYearId)` of `../ledger/opening.ts` (the opening
 * balance table with its auxiliary breakdown, being written on another branch). Until it is wired
 * here every value opens the year at zero and the ledgers' openings are the year's earlier periods.
 */
import type { Tx } from '../../db/tx';

export interface AuxOpening {
  subjectId: number;
  auxTypeId: number;
  auxId: number;
  /** The balance at the start of the year, debit positive. */
  balance: number;
  /** Debit and credit of the year before the ledger set was kept here (a mid-year start). */
  ytdDebit: number;
  ytdCredit: number;
}

/** The key of a subject × value opening in the map. */
export const auxOpeningKey = (subjectId: number, auxTypeId: number, auxId: number) => `${subjectId}:${auxTypeId}:${auxId}`;

/** The year's openings by `auxOpeningKey`; pairs absent open at zero. */
export async function readAuxOpenings(_tx: Tx, _accountYearId: number): Promise<Map<string, AuxOpening>> {
  return new Map();
}
