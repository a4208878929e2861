/** Page model of the pick-list popups (src/app/features/pickers): keyword box, rows, ticks, Sure / Select. */
import { expect, type Locator, type Page } from '@playwright/test';

export class PickerModel {
  readonly root: Locator;
  constructor(private readonly page: Page, testId: string) {
    this.root = page.getByTestId(testId).locator('.mantine-Modal-content');
  }
  keyword() {
    return this.root.getByTestId('list-keyword');
  }
  rows() {
    // The row part holding the code cell (a ticked list also has a pinned selection part per row).
    return this.root.locator('[role="row"].ag-row').filter({ has: this.page.locator('[col-id="code"]') });
  }
  row(text: string | RegExp) {
    return this.rows().filter({ hasText: text }).first();
  }
  /** Ticks the row at `index` (multi pickers) by its checkbox. */
  async tick(index: number) {
    const rowIndex = await this.rows().nth(index).getAttribute('row-index');
    await this.root.locator(`[role="row"].ag-row[row-index="${rowIndex}"] input[type=checkbox]`).first().check();
  }
  /** Searches and waits until the list shows only the search's answer (the unfiltered first page may hold a match too). */
  async search(keyword: string, expectRow: string | RegExp) {
    await this.keyword().fill(keyword);
    await this.keyword().press('Enter');
    const matches = (text: string) => (typeof expectRow === 'string' ? text.includes(expectRow) : expectRow.test(text));
    await expect.poll(async () => {
      const texts = await this.rows().allInnerTexts();
      return texts.length > 0 && texts.every(matches);
    }).toBe(true);
  }
  sure() {
    return this.root.getByTestId('picker-sure');
  }
}
