/**
 * The two seams between period end and the opening balances (期初余额, /basic initialization,
 * features/opening):
 * - `openingTrialBalance`: the year's opening trial balance (debit = credit, year-to-date debit =
 *   credit, assets = liabilities + equity) must pass before its periods settle;
 * - `openingCarrier.carryForwardOpenings`: a year-end settle carries the closing balances into the
 *   next year's openings (balance-sheet subjects with their auxiliary breakdown), in the settle's
 *   transaction; `carryMissingSubjects` names what it could not carry (the same reading of the
 *   charts as the carry itself), so the settle checks block the year end before it is tried.
 */
import type { Tx } from '../../db/tx';
import { carryForwardOpenings, carryMissingSubjects, trialBalanceCheck } from '../opening/service';

export interface OpeningTrialBalance {
  ok: boolean;
  /** The sums of the debit and of the credit opening balances. */
  debitCents: number;
  creditCents: number;
  /** Balance-sheet leaves whose opening differs from their closing in the previous year (by code). */
  carryDiffers: Array<{ code: string }>;
}

/** The opening trial balance of an account year, as the opening module checks it. */
export async function openingTrialBalance(tx: Tx, accountYearId: number): Promise<OpeningTrialBalance> {
  const tb = await trialBalanceCheck(tx, accountYearId);
  return { ok: tb.passed, debitCents: Number(tb.debitCents), creditCents: Number(tb.creditCents), carryDiffers: tb.carryDiffers.map((d) => ({ code: d.code })) };
}

export interface OpeningCarrier {
  /** Writes the closing balances of `fromYearId` as the openings of `toYearId`; answers whether it did. */
  carryForwardOpenings(tx: Tx, fromYearId: number, toYearId: number): Promise<boolean>;
  /** The leaves of `fromYearId` with a balance to carry and no leaf of their code in `toYearId` (and that year). */
  carryMissingSubjects(tx: Tx, fromYearId: number, toYearId: number): Promise<{ year: number; subjects: Array<{ id: number; code: string }> }>;
}

export const openingCarrier: OpeningCarrier = {
  carryMissingSubjects,
  carryForwardOpenings: async (tx, fromYearId, toYearId) => {
    await carryForwardOpenings(tx, fromYearId, toYearId);
    return true;
  },
};
