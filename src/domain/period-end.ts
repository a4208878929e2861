/**
 * Period end (期末处理) arithmetic with no I/O: the lines of the profit and loss transfer (结转损益)
 * and the gaps of a period's voucher codes. The server feeds them what the books say.
 */

/** A profit and loss subject's balance for one combination of auxiliary values, debit positive. */
export interface ProfitLossBalance {
  subjectId: number;
  /** Auxiliary values carried by the lines behind this balance (moved with it). */
  auxes: Array<{ auxTypeId: number; auxId: number }>;
  balanceCents: number;
}

export interface TransferLine {
  subjectId: number;
  /** true debit (借), false credit (贷). */
  direction: boolean;
  amountCents: number;
  auxes: Array<{ auxTypeId: number; auxId: number }>;
}

/**
 * The closing entry moving every profit and loss balance into the current year profit subject
 * (本年利润): a debit balance (expenses) is credited away, a credit balance (revenue) debited away;
 * the profit subject takes the revenue total on its credit side and the expense total on its debit
 * side (two lines, so the voucher shows the gross figures an accountant expects, not only the net).
 * Balanced by construction; empty when nothing is left to move.
 */
export function profitTransferLines(balances: readonly ProfitLossBalance[], profitSubjectId: number): TransferLine[] {
  const lines: TransferLine[] = [];
  let revenueCents = 0;
  let expenseCents = 0;
  for (const b of balances) {
    if (b.balanceCents === 0) continue;
    if (b.balanceCents < 0) {
      lines.push({ subjectId: b.subjectId, direction: true, amountCents: -b.balanceCents, auxes: b.auxes });
      revenueCents += -b.balanceCents;
    } else {
      lines.push({ subjectId: b.subjectId, direction: false, amountCents: b.balanceCents, auxes: b.auxes });
      expenseCents += b.balanceCents;
    }
  }
  if (!lines.length) return [];
  // Revenue lines first, then the profit subject's credit; expenses, then its debit (the usual 结转 layout).
  const revenue = lines.filter((l) => l.direction);
  const expenses = lines.filter((l) => !l.direction);
  return [
    ...revenue,
    ...(revenueCents ? [{ subjectId: profitSubjectId, direction: false, amountCents: revenueCents, auxes: [] }] : []),
    ...(expenseCents ? [{ subjectId: profitSubjectId, direction: true, amountCents: expenseCents, auxes: [] }] : []),
    ...expenses,
  ];
}

/** The numbers missing from 1 … the highest code (断号); at most `limit` of them. */
export function codeGaps(codes: readonly number[], limit = 50): number[] {
  const have = new Set(codes);
  const max = codes.length ? Math.max(...codes) : 0;
  const out: number[] = [];
  for (let c = 1; c <= max && out.length < limit; c++) if (!have.has(c)) out.push(c);
  return out;
}
