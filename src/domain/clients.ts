/**
 * Rules of clients (customers) and projects (cases), spec 02 §4–§6 and spec 01 §7: the visibility
 * rule (own rows unless ADMIN or the view-all right), project amounts in integer cents, and the
 * checks a project must pass before it is saved.
 */
import { MAX_COST_CENTS, TEXT_INTRO, TEXT_LONG } from './constants';
import { parsePastedAmount } from './money';
import type { ResultCode } from './result-codes';

/** The largest project amount in cents (the cost maximum; the form edits it ÷ 100 in currency units). */
export const PROJECT_AMOUNT_MAX_CENTS = MAX_COST_CENTS;
export const PROJECT_SUMMARY_MAX = TEXT_LONG;
export const PROJECT_REMARK_MAX = TEXT_INTRO;
/** The project view's client card shows this many rows before "more". */
export const PROJECT_CARD_ROWS = 5;

/**
 * Who sees which rows: null means every row of the company (ADMIN, or the view-all right);
 * otherwise only rows led by this employee (the caller's bound employee; none bound sees nothing).
 */
export function visibleLeader(o: { isAdmin: boolean; viewAll: boolean; employeeId: number | null }): number | null | 'none' {
  if (o.isAdmin || o.viewAll) return null;
  return o.employeeId ?? 'none';
}

/**
 * The amount typed in currency units (at most 2 decimals, thousands separators allowed) → cents,
 * read as text by the money rules (no float arithmetic; spec 02 §5 "value × 100"). Anything that is
 * not an amount gives NaN, which the contract refuses with a field message (never a silent 0).
 */
export function projectAmountCents(value: number | string): number {
  const text = String(value).trim();
  if (text === '') return 0;
  // Thousands separators group by three: "12,5" is no amount (never 125.00).
  const r = parsePastedAmount(text);
  return r.ok ? r.cents : Number.NaN;
}

/** The first rule a project breaks, or null: at least one client, at least one principal (director). */
export function projectProblem(p: { clientIds: readonly number[]; principalIds: readonly number[] }): ResultCode | null {
  if (p.clientIds.length === 0) return 'PROJECT_CLIENT_REQUIRED';
  if (p.principalIds.length === 0) return 'PROJECT_PRINCIPAL_REQUIRED';
  return null;
}

/** Rows shown in a card: the first five unless expanded. */
export function cardRows<T>(rows: readonly T[], expanded: boolean): readonly T[] {
  return expanded ? rows : rows.slice(0, PROJECT_CARD_ROWS);
}
