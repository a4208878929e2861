/**
 * The two seams between period end and the opening balances (期初余额, /basic initialization),
 * which another module owns:
 * - `openingTrialBalance`: the year's opening trial balance must pass before its periods settle.
 *   It reads the ledgers' extension point `subjectOpenings` (features/ledger/opening.ts), so it
 *   becomes meaningful as soon as that answers real openings; when the opening module exports its
 *   own `trialBalanceCheck(tx, accountYearId)`, call it here instead.
 * - `openingCarrier.carryForwardOpenings`: a year-end settle carries the closing balances into the
 *   next year's openings. The opening module writes that table; until it plugs its function in
 *   here, the call answers false ("not carried") and the settle says so.
 */
import type { Tx } from '../../db/tx';
import { subjectOpenings } from '../ledger/opening';

export interface OpeningTrialBalance {
  ok: boolean;
  /** The sums of the debit and of the credit opening balances. */
  debitCents: number;
  creditCents: number;
}

/** The opening trial balance of an account year: the debit openings equal the credit openings. */
export async function openingTrialBalance(tx: Tx, accountYearId: number): Promise<OpeningTrialBalance> {
  let debitCents = 0;
  let creditCents = 0;
  for (const o of (await subjectOpenings(tx, accountYearId)).values()) {
    if (o.balance > 0) debitCents += o.balance;
    else creditCents -= o.balance;
  }
  return { ok: debitCents === creditCents, debitCents, creditCents };
}

export interface OpeningCarrier {
  /** Writes the closing balances of `fromYearId` as the openings of `toYearId`; answers whether it did. */
  carryForwardOpenings(tx: Tx, fromYearId: number, toYearId: number): Promise<boolean>;
}

/** Replace with the opening module's carryForwardOpenings when it lands (see the module comment). */
export const openingCarrier: OpeningCarrier = {
  carryForwardOpenings: async () => false,
};
