/**
 * Rules of the cash and bank journal (decision 035), shared by the server and the entry sheet: a
 * line is exactly one receipt or one payment; its running balance is the opening plus receipts minus
 * payments of every line up to it in (date, id) order.
 */
export const CASH_LINE_MAX_CENTS = 99_999_999_999;
export const CASH_OPENING_MAX_CENTS = 99_999_999_999_999;

export interface CashAmounts {
  receiptCents: number;
  paymentCents: number;
}

export type CashLineProblem = 'noAmount' | 'bothAmounts' | 'negative' | 'tooLarge';

/** What is wrong with a line's amounts, or null. */
export function cashLineProblem(l: CashAmounts): CashLineProblem | null {
  if (l.receiptCents < 0 || l.paymentCents < 0) return 'negative';
  if (l.receiptCents > CASH_LINE_MAX_CENTS || l.paymentCents > CASH_LINE_MAX_CENTS) return 'tooLarge';
  if (l.receiptCents === 0 && l.paymentCents === 0) return 'noAmount';
  if (l.receiptCents !== 0 && l.paymentCents !== 0) return 'bothAmounts';
  return null;
}

/** yyyymm of a YYYY-MM-DD date. */
export const monthOf = (date: string): number => Number(date.slice(0, 4)) * 100 + Number(date.slice(5, 7));

/** Running balances after each line, in the order given (already sorted by date, id). */
export function runningBalances(openingCents: number, lines: readonly CashAmounts[]): number[] {
  let b = openingCents;
  return lines.map((l) => (b += l.receiptCents - l.paymentCents));
}

/** Orders lines as the journal does: by date, then by id (new lines, without an id, last in their day). */
export function compareCashLines(a: { date: string; id?: number | null; seq?: number }, b: { date: string; id?: number | null; seq?: number }): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  const ai = a.id ?? Number.MAX_SAFE_INTEGER;
  const bi = b.id ?? Number.MAX_SAFE_INTEGER;
  if (ai !== bi) return ai - bi;
  return (a.seq ?? 0) - (b.seq ?? 0);
}
