/**
 * Page model of the voucher editor (/newVoucher/$id): the kit grid driven with keys as a clerk
 * does, the editor's own keys (Ctrl+S, F12, PageUp/PageDown), the header, totals and state.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export type VoucherColumn = 'summary' | 'subjectId' | 'auxId' | 'debit' | 'credit';

export class VoucherEditorModel {
  readonly root: Locator;
  readonly grid: Locator;
  constructor(readonly page: Page) {
    this.root = page.getByTestId('voucher-editor');
    this.grid = page.getByTestId('voucher-grid');
  }

  /** Opens a new voucher (or a stored one by id) and waits for the caret in the first summary cell. */
  async open(id: number | 'new' = 'new') {
    await this.page.goto(`/newVoucher/${id}`);
    await expect(this.root).toBeVisible({ timeout: 20_000 });
    await this.expectFocus(0, 'summary');
  }

  cell(rowIndex: number, colId: VoucherColumn): Locator {
    return this.grid.locator(`.ag-row:not(.ag-row-pinned)[row-index="${rowIndex}"] .ag-cell[col-id="${colId}"]`);
  }

  async focused() {
    return this.page.evaluate(() => {
      const el = document.activeElement;
      const cell = el?.closest('.ag-cell');
      const row = el?.closest('.ag-row');
      if (!cell || !row || row.classList.contains('ag-row-pinned')) return null;
      return { rowIndex: Number(row.getAttribute('row-index')), colId: cell.getAttribute('col-id') ?? '' };
    });
  }

  async expectFocus(rowIndex: number, colId: VoucherColumn) {
    await expect.poll(() => this.focused(), { timeout: 10_000 }).toMatchObject({ rowIndex, colId });
  }

  /** Types into the focused cell and presses Enter. */
  async enter(text: string) {
    if (text) await this.page.keyboard.type(text);
    await this.page.keyboard.press('Enter');
  }

  async press(key: string) {
    await this.page.keyboard.press(key);
  }

  readonly state = () => this.root.getAttribute('data-lifecycle');
  readonly debitTotal = () => this.page.getByTestId('voucher-debit-total');
  readonly creditTotal = () => this.page.getByTestId('voucher-credit-total');
  readonly uppercase = () => this.page.getByTestId('voucher-uppercase');
  readonly code = () => this.page.getByTestId('voucher-code');
  readonly ruleErrors = () => this.page.getByTestId('voucher-rule-errors');
  action(name: string): Locator {
    return this.page.getByTestId(`voucher-action-${name}`);
  }
}
