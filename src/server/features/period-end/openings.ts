/**
 * The two seams between period end and the opening balances (期初余额, /basic initialization,
 * features/opening):
 * - `openingTrialBalance`: the year's opening trial balance (debit = credit, year-to-date debit =
 *   credit, assets = liabilities + equity) must pass before its periods settle;
 * - `openingCarrier.carryForwardOpenings`: a year-end settle carries the closing balances into the
 *   next year's openings (balance-sheet subjects with their auxiliary breakdown), in the settle's
 *   transaction.
 */
import type { Tx } from '../../db/tx';
import { carryForwardOpenings, trialBalanceCheck } from '../opening/service';

export interface OpeningTrialBalance {
  ok: boolean;
  /** The sums of the debit and of the credit opening balances. */
  debitCents: number;
  creditCents: number;
}

/** The opening trial balance of an account year, as the opening module checks it. */
export async function openingTrialBalance(tx: Tx, accountYearId: number): Promise<OpeningTrialBalance> {
  const tb = await trialBalanceCheck(tx, accountYearId);
  return { ok: tb.passed, debitCents: Number(tb.debitCents), creditCents: Number(tb.creditCents) };
}

export interface OpeningCarrier {
  /** Writes the closing balances of `fromYearId` as the openings of `toYearId`; answers whether it did. */
  carryForwardOpenings(tx: Tx, fromYearId: number, toYearId: number): Promise<boolean>;
}

export const openingCarrier: OpeningCarrier = {
  carryForwardOpenings: async (tx, fromYearId, toYearId) => {
    await carryForwardOpenings(tx, fromYearId, toYearId);
    return true;
  },
};
