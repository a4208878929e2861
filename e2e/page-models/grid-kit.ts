/**
 * Page model of the grid-kit page (kit.html): the voucher-shaped entry grid (and the
 * auxiliary-rows grid, `sheet: 'aux'`) driven with the keyboard the way a clerk does, the real
 * clipboard, and readers for cells, totals, messages and tooltips.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export type KitColumn = 'index' | 'summary' | 'subjectId' | 'auxId' | 'debit' | 'credit' | 'amount';

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

  async goto(options: { lang?: 'zh_CN' | 'en_US'; rows?: number; locked?: boolean; sheet?: 'voucher' | 'aux' } = {}) {
    const params = new URLSearchParams();
    params.set('lang', options.lang ?? 'zh_CN');
    if (options.rows) params.set('rows', String(options.rows));
    if (options.locked) params.set('locked', '1');
    if (options.sheet) params.set('sheet', options.sheet);
    await this.page.goto(`/kit.html?${params}`);
    await expect(this.page.locator('body[data-grid-ready="true"]')).toHaveCount(1);
    await expect.poll(() => this.focused()).toMatchObject({ rowIndex: 0, colId: options.sheet === 'aux' ? 'auxId' : 'summary' });
  }

  /** Lets the page use the system clipboard as a browser would after the user allowed it. */
  async allowClipboard() {
    await this.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
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

  /** The open cell editor's message (role=alert under the cell). */
  editorError(): Locator {
    return this.page.locator('.ld-editor-error[role="alert"]');
  }

  /** Messages the grid reports (Mantine notifications). */
  notice(): Locator {
    return this.page.locator('.mantine-Notification-root');
  }

  async rowCount(): Promise<number> {
    return this.grid.locator('.ag-row:not(.ag-row-pinned)').count();
  }

  /** Text of a text or lookup cell. */
  async text(rowIndex: number, colId: KitColumn): Promise<string> {
    return (await this.cell(rowIndex, colId).innerText()).trim();
  }

  /** Cents shown by a digit cell (null when blank). */
  async cents(rowIndex: number, colId: 'debit' | 'credit' | 'amount'): Promise<number | null> {
    return readCents(this.cell(rowIndex, colId));
  }

  async totalCents(colId: 'debit' | 'credit'): Promise<number | null> {
    return readCents(this.totalsCell(colId));
  }

  /** The digits a digit cell shows, one character per column ('' → ' '). */
  async digits(rowIndex: number, colId: 'debit' | 'credit'): Promise<string> {
    return this.cell(rowIndex, colId)
      .locator('.ld-digits')
      .evaluate((el) => {
        // One run of text starting --ld-lead columns in (digit-cell.ts); blank columns read as ' '.
        const lead = Number(getComputedStyle(el).getPropertyValue('--ld-lead'));
        return ' '.repeat(lead) + (el.firstChild?.nodeType === Node.TEXT_NODE ? (el.firstChild as Text).data : '');
      });
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

  async expectFocus(rowIndex: number, colId: KitColumn, editing?: boolean) {
    await expect.poll(() => this.focused()).toMatchObject(editing === undefined ? { rowIndex, colId } : { rowIndex, colId, editing });
  }

  async press(key: string) {
    await this.page.keyboard.press(key);
  }

  /** Types into the focused cell: the first character starts editing, as on a spreadsheet. */
  async type(text: string) {
    await this.page.keyboard.type(text);
  }

  /**
   * Types as a Chinese input method does (pinyin mode: `.` gives `。`, `/` gives `、`): every key
   * reaches the page as `Process` (keyCode 229), then the input method commits its text into the
   * focused element.
   */
  async typeWithIme(text: string) {
    const cdp = await this.page.context().newCDPSession(this.page);
    const key = { key: 'Process', windowsVirtualKeyCode: 229, nativeVirtualKeyCode: 229 };
    for (const ch of text) {
      await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key });
      await cdp.send('Input.insertText', { text: ch });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
    }
    await cdp.detach();
  }

  /** The open amount editor. */
  amountEditor(): Locator {
    return this.page.getByTestId('amount-editor');
  }

  /** Types and confirms with Enter. */
  async enter(text: string) {
    if (text !== '') await this.type(text);
    await this.press('Enter');
  }

  /** Puts text on the system clipboard (as Excel's copy would) and pastes it with Ctrl+V. */
  async pasteFromClipboard(text: string) {
    await this.page.evaluate((data) => navigator.clipboard.writeText(data), text);
    await this.press('Control+V');
  }

  /** Ctrl+C, then what the system clipboard holds. */
  async copyToClipboard(): Promise<string> {
    await this.page.evaluate(() => navigator.clipboard.writeText(''));
    await this.press('Control+C');
    let text = '';
    await expect.poll(async () => (text = await this.page.evaluate(() => navigator.clipboard.readText()))).not.toBe('');
    return text;
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

  /** The tooltip shown while hovering `target`. */
  async tooltipOf(target: Locator): Promise<Locator> {
    const tips = this.page.getByRole('tooltip');
    await this.page.mouse.move(0, 0);
    await expect(tips).toHaveCount(0);
    await target.hover();
    await expect(tips).toHaveCount(1);
    return tips;
  }
}

async function readCents(cell: Locator): Promise<number | null> {
  const raw = await cell.locator('.ld-digits').getAttribute('data-cents');
  return raw === null ? null : Number(raw);
}
