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

/** A subject of the chart as the year-end close reads it. */
export interface ChartSubjectLike {
  id: number;
  code: string;
  name: string;
  nameEn?: string | null;
  leaf: boolean;
  disabled: boolean;
}

/** 利润分配 of the Small Enterprise chart (4104 in the Accounting Standards for Business Enterprises). */
export const PROFIT_DISTRIBUTION_CODE = '3104';

const UNDISTRIBUTED = /未分配利润|undistributed profit|retained (earnings|profit)/i;

/**
 * 利润分配—未分配利润, where the year-end close (结转本年利润) puts the year's profit: an enabled leaf
 * under 3104 named 未分配利润 (Undistributed profit; first by code: Kingdee and Yonyou number it
 * 310415, 310406 … by their own templates, so the name decides, not the code), else 3104 itself when
 * it is an enabled leaf (a small firm that keeps no detail under 利润分配 books it there). None when
 * 3104 has detail subjects and none of them is 未分配利润: the clerk must add it (a guess such as
 * the first child could be 提取法定盈余公积 and misstate the equity lines).
 */
export function undistributedProfitSubject<S extends ChartSubjectLike>(chart: readonly S[]): S | null {
  const usable = (s: S) => s.leaf && !s.disabled;
  const named = chart
    .filter((s) => s.code.startsWith(PROFIT_DISTRIBUTION_CODE) && s.code !== PROFIT_DISTRIBUTION_CODE && usable(s) && (UNDISTRIBUTED.test(s.name) || UNDISTRIBUTED.test(s.nameEn ?? '')))
    .sort((a, b) => a.code.localeCompare(b.code));
  if (named.length) return named[0];
  const top = chart.find((s) => s.code === PROFIT_DISTRIBUTION_CODE);
  return top && usable(top) ? top : null;
}

/** A current year profit (本年利润) subject's balance at the year end, opening included, debit positive. */
export interface YearProfitBalance {
  subjectId: number;
  balanceCents: number;
}

/**
 * The year-end close (结转本年利润): each 本年利润 balance is moved to 利润分配—未分配利润. A profit
 * (credit balance) is debited away and credited to 未分配利润; a loss (debit balance) the other way
 * round. The 未分配利润 line takes the net of all (one line). Balanced by construction; empty when
 * nothing is left.
 */
export function yearProfitCloseLines(balances: readonly YearProfitBalance[], targetSubjectId: number): TransferLine[] {
  const lines: TransferLine[] = balances
    .filter((b) => b.balanceCents !== 0)
    .map((b) => ({ subjectId: b.subjectId, direction: b.balanceCents < 0, amountCents: Math.abs(b.balanceCents), auxes: [] }));
  if (!lines.length) return [];
  // What the target receives: the opposite of what the profit subjects give up (net, debit positive).
  const net = balances.reduce((s, b) => s + b.balanceCents, 0);
  if (net !== 0) lines.push({ subjectId: targetSubjectId, direction: net > 0, amountCents: Math.abs(net), auxes: [] });
  return lines;
}
