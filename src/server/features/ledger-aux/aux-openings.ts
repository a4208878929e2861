/**
 * The year's opening balances per subject × auxiliary value, as the auxiliary ledgers read them:
 * `auxOpenings` of the opening balance module (decision 029), keyed for lookups.
 */
import type { Tx } from '../../db/tx';
import { auxOpenings, type AuxOpening } from '../ledger/opening';

export type { AuxOpening };

/** The key of a subject × value opening in the map. */
export const auxOpeningKey = (subjectId: number, auxTypeId: number, auxId: number) => `${subjectId}:${auxTypeId}:${auxId}`;

/** The year's openings by `auxOpeningKey`; pairs absent open at zero. */
export async function readAuxOpenings(tx: Tx, accountYearId: number): Promise<Map<string, AuxOpening>> {
  return new Map((await auxOpenings(tx, accountYearId)).map((o) => [auxOpeningKey(o.subjectId, o.auxTypeId, o.auxId), o]));
}
