/**
 * Budget code rule and totals (spec 02 §3, §5; spec 01 §9): level 1 has 4 digits, level 2 adds 2
 * (6 in all), level 3 adds 2 (8 in all); a child's code starts with its parent's. Amounts are
 * integer cents; a parent's total is the sum of its children's (computed, never stored); the profit
 * row is the level-1 income total minus the level-1 outcome total.
 */
import { budgetKinds } from './enums';

export type BudgetKind = (typeof budgetKinds)[number];

/** Cumulative code lengths of levels 1, 2 and 3. */
export const BUDGET_CODE_LENGTHS = [4, 6, 8] as const;
export const BUDGET_MAX_LEVEL = BUDGET_CODE_LENGTHS.length;
export const DEFAULT_BUDGET_KIND: BudgetKind = 'INCOME';
/** Largest annual amount in cents: 11 integer digits and 2 decimals (spec 02 §5 amount input). */
export const BUDGET_AMOUNT_MAX = 99_999_999_999_99;

/** Codes keep digits only, like subject codes (one rule for every code input). */
export { digitsOnly } from './subject-code';

/** The level of a code (1..3), or null when it is not 4, 6 or 8 digits. */
export function budgetLevelOfCode(code: string): number | null {
  if (!/^\d+$/.test(code)) return null;
  const i = BUDGET_CODE_LENGTHS.indexOf(code.length as (typeof BUDGET_CODE_LENGTHS)[number]);
  return i < 0 ? null : i + 1;
}

export const isValidBudgetCode = (code: string): boolean => budgetLevelOfCode(code) !== null;

/** The parent's code (the code cut to the previous level's length), or null for level 1 and invalid codes. */
export function budgetParentCode(code: string): string | null {
  const level = budgetLevelOfCode(code);
  if (level === null || level === 1) return null;
  return code.slice(0, BUDGET_CODE_LENGTHS[level - 2]);
}

/** The next code at the same level ("save and new" increments the code by one), or null past the last. */
export function nextBudgetCode(code: string): string | null {
  const level = budgetLevelOfCode(code);
  if (level === null) return null;
  const start = level === 1 ? 0 : BUDGET_CODE_LENGTHS[level - 2];
  const own = code.slice(start);
  const next = String(Number(own) + 1).padStart(own.length, '0');
  return next.length > own.length ? null : code.slice(0, start) + next;
}

export interface BudgetAmountRow {
  code: string;
  kind: BudgetKind;
  level: number;
  leaf: boolean;
  /** Cents; only a leaf row's own amount counts. */
  amount: number;
}

/** Each row's total in cents: a leaf its own amount, a parent the sum of the leaves below it. */
export function budgetTotals(rows: readonly BudgetAmountRow[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.code, r.leaf ? r.amount : 0);
  for (const r of rows) {
    if (!r.leaf) continue;
    for (let p = budgetParentCode(r.code); p !== null; p = budgetParentCode(p)) {
      if (totals.has(p)) totals.set(p, totals.get(p)! + r.amount);
    }
  }
  return totals;
}

export interface BudgetProfit {
  income: number;
  outcome: number;
  profit: number;
}

/** The profit row: level-1 income totals minus level-1 outcome totals (cents). */
export function budgetProfit(rows: readonly BudgetAmountRow[]): BudgetProfit {
  const totals = budgetTotals(rows);
  let income = 0;
  let outcome = 0;
  for (const r of rows) {
    if (r.level !== 1) continue;
    if (r.kind === 'INCOME') income += totals.get(r.code)!;
    else outcome += totals.get(r.code)!;
  }
  return { income, outcome, profit: income - outcome };
}
