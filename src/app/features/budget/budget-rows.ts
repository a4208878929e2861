/**
 * The budget catalogue's rows: each budget with its amount as the inline editor shows it (yuan, no
 * separators), and the profit summary row pinned under the list. Pure, so it is unit-tested.
 */
import type { BudgetDto } from '../../../contract/budget';
import { formatCentsForEdit, parsePastedAmount } from '../../../domain/money';

export interface BudgetRow extends BudgetDto {
  /**
   * The amount in yuan as the inline editor shows it ("1234.5"): a leaf's own, a parent's total (not
   * editable). The grid redraws a cell when this value changes, so a parent's total must be in it.
   */
  yuan: string;
  /** The pinned profit row. */
  summary?: boolean;
}

export const PROFIT_ROW_ID = -1;

export const toBudgetRow = (b: BudgetDto): BudgetRow => ({ ...b, yuan: formatCentsForEdit(b.leaf ? b.amount : b.total) });

export function profitRow(label: string, profitCents: number): BudgetRow {
  return {
    id: PROFIT_ROW_ID, accountYearId: 0, parentId: null, code: '', name: label, nameInitials: null, abbr: null, kind: 'INCOME', level: 1, amount: 0, total: profitCents,
    principalId: null, principal: null, leaf: false, disabled: false, version: 0, yuan: formatCentsForEdit(profitCents), summary: true,
  };
}

/**
 * The amount typed into a leaf's cell, in cents: empty is 0; negative, malformed or over the limits
 * (11 integer digits, 2 decimals, 15 characters) is null.
 */
export function parseBudgetAmount(text: unknown): number | null {
  const s = String(text ?? '').trim();
  if (s === '') return 0;
  // Thousands separators group by three ("12,5" is refused, never 125.00); full-width digits as an IME types them.
  const r = parsePastedAmount(s);
  return r.ok && r.cents >= 0 ? r.cents : null;
}

/** Whether Enter (or a double click) on this row's cell opens the budget popup: not on the profit row, nor on a leaf's amount (edited in place). */
export function opensEditor(row: BudgetRow, colId: string | undefined): boolean {
  if (row.summary || row.id === PROFIT_ROW_ID) return false;
  return !(row.leaf && colId === 'yuan');
}

/** Why these rows may not be deleted: the codes of the parents among them (only last-level budgets can go), or null. */
export function nonLeafRefusal(rows: readonly BudgetRow[], message: (codes: string) => string): string | null {
  const parents = rows.filter((b) => !b.leaf);
  return parents.length ? message(parents.map((b) => b.code).join(', ')) : null;
}
