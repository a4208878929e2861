/**
 * Page model of the shared list grid (grids/list) and the admin dialogs: rows by text, row
 * actions, keyword search, paging, dialogs submitted with Enter, delete confirmation.
 * Selectors use test ids and roles so the steps run in either language.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class ListModel {
  constructor(readonly page: Page, readonly root: Locator = page.locator('[data-testid^="list-"]').first()) {}

  static byId(page: Page, gridId: string): ListModel {
    return new ListModel(page, page.getByTestId(`list-${gridId}`));
  }

  /** The grid's body rows (AG Grid 36 keeps pinned cells inside the same row element). */
  readonly rows = () => this.root.locator('[role="row"].ag-row');
  /** A row by any text in it. */
  row(text: string | RegExp): Locator {
    return this.rows().filter({ hasText: text });
  }

  /**
   * The whole row holding the text (pinned cells included), found by its AG Grid row id. The row id
   * is the record's key (getRowId), so the locator keeps pointing at the same record after the list
   * re-sorts, refreshes or drops a row above it; a row index would point at whatever moved there.
   */
  async fullRow(text: string | RegExp): Promise<Locator> {
    const row = this.row(text).first();
    await expect(row).toBeVisible();
    const id = await row.getAttribute('row-id');
    if (id === null) throw new Error(`list row "${String(text)}" has no row-id (is getRowId set?)`);
    return this.rowById(id);
  }

  /** The row of a record by its id (the grid's getRowId), wherever the record sits now. */
  rowById(id: string | number): Locator {
    return this.root.locator(`[role="row"].ag-row[row-id=${JSON.stringify(String(id))}]`);
  }

  /** The row displayed at a position, resolved each time it is used (for order assertions only). */
  rowAt(index: number): Locator {
    return this.root.locator(`[role="row"].ag-row[row-index="${index}"]`);
  }

  private firstDataCell(text: string | RegExp): Locator {
    return this.row(text).first().locator('.ag-cell:not([col-id="ag-Grid-SelectionColumn"])').first();
  }

  async rowAction(text: string | RegExp, action: string) {
    const row = await this.fullRow(text);
    await row.getByTestId(`row-action-${action}`).click();
  }

  async select(text: string | RegExp) {
    await this.firstDataCell(text).click();
  }

  async open(text: string | RegExp) {
    await this.firstDataCell(text).dblclick();
  }

  async search(keyword: string) {
    const box = this.root.getByTestId('list-keyword');
    await box.fill(keyword);
    await box.press('Enter');
  }

  readonly total = () => this.root.getByTestId('list-total');
}

/** Submits the open dialog with Enter in the given field (keyboard-first). */
export async function submitWithEnter(field: Locator) {
  await field.press('Enter');
}

export async function confirmDelete(page: Page) {
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('confirm-ok').click();
  await expect(dialog).toBeHidden();
}

/** Picks an option of a Mantine (Multi)Select by its label. */
export async function chooseOption(page: Page, input: Locator, label: string | RegExp) {
  await input.click();
  await page.getByRole('option', { name: label }).click();
}

/**
 * A FormDialog (src/app/features/common/form-dialog.tsx) driven by keys: Enter saves, Ctrl+Enter
 * saves and starts a new record, Esc closes or asks about unsaved changes (Save is focused,
 * Shift+Tab reaches "Don't save", Esc returns to the form).
 */
export class FormDialogModel {
  constructor(readonly page: Page, readonly testId: string) {}

  readonly root = () => this.page.getByTestId(this.testId);
  readonly unsavedPrompt = () => this.page.getByTestId('unsaved-dialog');

  async save() {
    await this.page.keyboard.press('Enter');
  }
  async saveAndNew() {
    await this.page.keyboard.press('Control+Enter');
  }
  async pressEscape() {
    await this.page.keyboard.press('Escape');
  }
  /** In the unsaved-changes prompt: Save is focused; Shift+Tab moves to "Don't save". */
  async discardFromPrompt() {
    await expect(this.unsavedPrompt()).toBeVisible();
    await expect(this.page.getByTestId('unsaved-save')).toBeFocused();
    await this.page.keyboard.press('Shift+Tab');
    await expect(this.page.getByTestId('unsaved-discard')).toBeFocused();
    await this.page.keyboard.press('Enter');
  }
}
