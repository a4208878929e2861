/**
 * Opening balances (期初余额, /basic initialization): the pure rules. The trial balance (试算平衡)
 * of a year's openings, the side of a balance, and the conversions between the subject's own
 * direction (what the clerk types) and the debit-positive figure the ledgers keep.
 */
import type { SubjectKind } from './enums';

/** 借 / 贷 / 平. */
export type OpeningSide = 'DEBIT' | 'CREDIT' | 'FLAT';

export const sideOfBalance = (debitPositiveCents: number): OpeningSide => (debitPositiveCents > 0 ? 'DEBIT' : debitPositiveCents < 0 ? 'CREDIT' : 'FLAT');

/** The amount in the subject's own direction (true debit) → debit positive; and back (the same sign flip). */
export const toDebitPositive = (direction: boolean, ownSideCents: number): number => (direction ? ownSideCents : -ownSideCents) || 0;
export const toOwnSide = toDebitPositive;

/** The balance at the start of the year of a set started mid-year: the opening before the year's earlier movements. */
export const yearStartBalance = (balanceCents: number, ytdDebitCents: number, ytdCreditCents: number): number => balanceCents - ytdDebitCents + ytdCreditCents;

export interface TrialBalanceInput {
  /** The first-level subject the figure rolls up to (the totals sum first-level balances, as the books print them). */
  root: string;
  kind: SubjectKind;
  /** Debit positive. */
  balanceCents: number;
  ytdDebitCents: number;
  ytdCreditCents: number;
}

export type TrialBalanceProblem = 'DEBIT_CREDIT_IMBALANCE' | 'YTD_IMBALANCE' | 'BALANCE_SHEET_IMBALANCE';

export interface TrialBalance {
  /** Sums of the first-level subjects' debit balances and of their credit balances. */
  debitCents: number;
  creditCents: number;
  /** The year's earlier movements (sets started mid-year): debit and credit must agree too. */
  ytdDebitCents: number;
  ytdCreditCents: number;
  /** Debit-positive net balance per subject kind. */
  byKind: Record<SubjectKind, number>;
  /** Assets (ASSET and COST, debit positive) against liabilities (DEBT) and equity (INTEREST), credit positive. */
  assetsCents: number;
  liabilitiesCents: number;
  equityCents: number;
  /** Profit and loss subjects' net balance, credit positive: zero at the start of a year (transferred). */
  profitLossCents: number;
  problems: TrialBalanceProblem[];
  passed: boolean;
}

/**
 * The trial balance of a year's openings: the debit balances equal the credit balances, the
 * year-to-date debits equal the credits, and assets (成本 included: work in progress is an asset)
 * equal liabilities plus equity — which, once debit equals credit, fails exactly when profit and
 * loss subjects open with a balance (they must have been transferred to 本年利润).
 */
export function trialBalance(rows: readonly TrialBalanceInput[]): TrialBalance {
  const byRoot = new Map<string, number>();
  const byKind: Record<SubjectKind, number> = { ASSET: 0, DEBT: 0, INTEREST: 0, COST: 0, PROFIT: 0 };
  let ytdDebitCents = 0;
  let ytdCreditCents = 0;
  for (const r of rows) {
    byRoot.set(r.root, (byRoot.get(r.root) ?? 0) + r.balanceCents);
    byKind[r.kind] += r.balanceCents;
    ytdDebitCents += r.ytdDebitCents;
    ytdCreditCents += r.ytdCreditCents;
  }
  let debitCents = 0;
  let creditCents = 0;
  for (const b of byRoot.values()) {
    if (b > 0) debitCents += b;
    else creditCents -= b;
  }
  const assetsCents = byKind.ASSET + byKind.COST;
  const liabilitiesCents = -byKind.DEBT || 0;
  const equityCents = -byKind.INTEREST || 0;
  const profitLossCents = -byKind.PROFIT || 0;
  const problems: TrialBalanceProblem[] = [];
  if (debitCents !== creditCents) problems.push('DEBIT_CREDIT_IMBALANCE');
  if (ytdDebitCents !== ytdCreditCents) problems.push('YTD_IMBALANCE');
  if (assetsCents !== liabilitiesCents + equityCents) problems.push('BALANCE_SHEET_IMBALANCE');
  return { debitCents, creditCents, ytdDebitCents, ytdCreditCents, byKind, assetsCents, liabilitiesCents, equityCents, profitLossCents, problems, passed: problems.length === 0 };
}

/** Subject kinds whose balances carry into the next year (balance-sheet subjects); profit and loss ones start at zero. */
export const CARRIED_KINDS: readonly SubjectKind[] = ['ASSET', 'DEBT', 'INTEREST', 'COST'];
