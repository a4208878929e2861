/**
 * Page model of the grid-kit page (kit.html): the voucher-shaped entry grid driven with the
 * keyboard the way a clerk does, and readers for cells and totals.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export type KitColumn = 'index' | 'summary' | 'subjectId' | 'auxId' | 'debit' | 'credit';

export interface FocusedCell {
  rowIndex: number;
  colId: string;
  editing: boolean;
}

export class GridKitPage {
  readonly grid: Locator;

  constructor(readonly page: Page) {
    this.grid = page.getByTestId('kit-grid');
  }

  async goto(options: { lang?: 'zh_CN' | 'en_US'; rows?: number; locked?: boolean } = {}) {
    const params = new URLSearchParams();
    params.set('lang', options.lang ?? 'zh_CN');
    if (options.rows) params.set('rows', String(options.rows));
    if (options.locked) params.set('locked', '1');
    await this.page.goto(`/kit.html?${params}`);
    await expect(this.page.locator('body[data-grid-ready="true"]')).toHaveCount(1);
    await expect.poll(() => this.focused()).toMatchObject({ rowIndex: 0, colId: 'summary' });
  }

  row(rowIndex: number): Locator {
    return this.grid.locator(`.ag-row:not(.ag-row-pinned)[row-index="${rowIndex}"]`);
  }

  cell(rowIndex: number, colId: KitColumn): Locator {
    return this.row(rowIndex).locator(`.ag-cell[col-id="${colId}"]`);
  }

  totalsCell(colId: KitColumn): Locator {
    return this.grid.locator(`.ag-row-pinned .ag-cell[col-id="${colId}"]`);
  }

  async rowCount(): Promise<number> {
    return this.grid.locator('.ag-row:not(.ag-row-pinned)').count();
  }

  /** Text of a text or lookup cell. */
  async text(rowIndex: number, colId: KitColumn): Promise<string> {
    return (await this.cell(rowIndex, colId).innerText()).trim();
  }

  /** Cents shown by a digit cell (null when blank). */
  async cents(rowIndex: number, colId: 'debit' | 'credit'): Promise<number | null> {
    return readCents(this.cell(rowIndex, colId));
  }

  async totalCents(colId: 'debit' | 'credit'): Promise<number | null> {
    return readCents(this.totalsCell(colId));
  }

  /** The digits a digit cell shows, one character per column ('' → ' '). */
  async digits(rowIndex: number, colId: 'debit' | 'credit'): Promise<string> {
    return this.cell(rowIndex, colId)
      .locator('.ld-digit')
      .evaluateAll((spans) => spans.map((s) => s.textContent || ' ').join(''));
  }

  async isNegative(rowIndex: number, colId: 'debit' | 'credit'): Promise<boolean> {
    return this.cell(rowIndex, colId).locator('.ld-digits--negative').count().then((n) => n > 0);
  }

  async focused(): Promise<FocusedCell | null> {
    return this.page.evaluate(() => {
      const el = document.activeElement;
      const cell = el?.closest('.ag-cell');
      const row = el?.closest('.ag-row');
      if (!cell || !row || row.classList.contains('ag-row-pinned')) return null;
      return { rowIndex: Number(row.getAttribute('row-index')), colId: cell.getAttribute('col-id') ?? '', editing: el?.tagName === 'INPUT' };
    });
  }

  async expectFocus(rowIndex: number, colId: KitColumn) {
    await expect.poll(() => this.focused()).toMatchObject({ rowIndex, colId });
  }

  async press(key: string) {
    await this.page.keyboard.press(key);
  }

  /** Types into the focused cell: the first character starts editing, as on a spreadsheet. */
  async type(text: string) {
    await this.page.keyboard.type(text);
  }

  /** Types and confirms with Enter. */
  async enter(text: string) {
    if (text !== '') await this.type(text);
    await this.press('Enter');
  }

  /** Pastes text into the focused cell as Ctrl+V from Excel would (a paste event with text/plain). */
  async paste(text: string) {
    await this.page.evaluate((data) => {
      const target = document.activeElement ?? document.body;
      const transfer = new DataTransfer();
      transfer.setData('text/plain', data);
      target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    }, text);
  }

  async debitTotalText(): Promise<string> {
    return (await this.page.getByTestId('kit-debit-total').innerText()).trim();
  }

  async creditTotalText(): Promise<string> {
    return (await this.page.getByTestId('kit-credit-total').innerText()).trim();
  }

  async uppercase(): Promise<string> {
    return (await this.page.getByTestId('kit-uppercase').innerText()).trim();
  }

  async switchLanguage(label: string) {
    await this.page.getByTestId('kit-language').getByText(label, { exact: true }).click();
  }
}

async function readCents(cell: Locator): Promise<number | null> {
  const raw = await cell.locator('.ld-digits').getAttribute('data-cents');
  return raw === null ? null : Number(raw);
}
