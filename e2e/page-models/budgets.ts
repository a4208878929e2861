/**
 * Page models of the budget catalogue (/budget/catalog) and the vendor list (/system/vendor): the
 * list, the inline amount editor and the detail popups, driven by keys.
 */
import { expect, type Page } from '@playwright/test';
import { ShellModel } from './shell';
import { ListModel } from './admin-list';
import { pressOn } from './keys';

export class BudgetCatalogueModel {
  readonly list: ListModel;
  constructor(readonly page: Page) {
    this.list = ListModel.byId(page, 'budget.catalog');
  }

  async open() {
    await new ShellModel(this.page).openMenu('budget', 'budget.catalog');
    await this.page.waitForURL((u) => u.pathname === '/budget/catalog');
  }

  readonly dialog = () => this.page.getByTestId('budget-dialog');
  readonly code = () => this.dialog().getByTestId('budget-code');
  readonly name = () => this.dialog().getByTestId('budget-name');
  readonly amount = (code: string) => this.page.getByTestId(`budget-amount-${code}`);
  readonly profit = () => this.page.getByTestId('budget-profit');

  /** New (the toolbar button, by keyboard): the popup opens with the focus in the code. */
  async startNew() {
    await pressOn(this.page.getByTestId('budget-new'));
    await expect(this.dialog()).toBeVisible();
    await expect(this.code()).toBeFocused();
  }

  /** Edits a leaf's annual amount in place: focus the cell, Enter edits, type, Enter saves. */
  async editAmount(code: string, text: string) {
    const row = this.list.rows().filter({ has: this.page.getByTestId(`budget-row-${code}`) });
    await row.locator('[col-id="yuan"]').click();
    await this.page.keyboard.press('Enter');
    await expect(row.locator('[col-id="yuan"] input')).toBeFocused();
    await this.page.keyboard.press('Control+a');
    await this.page.keyboard.type(text);
    await this.page.keyboard.press('Enter');
  }
}

export class VendorListModel {
  readonly list: ListModel;
  constructor(readonly page: Page) {
    this.list = ListModel.byId(page, 'system.vendor');
  }

  async open() {
    await new ShellModel(this.page).openMenu('system', 'system.vendor');
    await this.page.waitForURL((u) => u.pathname === '/system/vendor');
  }

  readonly dialog = () => this.page.getByTestId('vendor-dialog');

  async startNew() {
    await pressOn(this.page.getByTestId('vendor-new'));
    await expect(this.dialog()).toBeVisible();
    await expect(this.dialog().getByTestId('vendor-code')).toBeFocused();
  }
}
