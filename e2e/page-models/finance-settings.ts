/** Page model of the financial settings screens (/basic/voucherKind …) and the system settings page. */
import { expect, type Page } from '@playwright/test';
import { ShellModel } from './shell';
import { FormDialogModel, ListModel } from './admin-list';
import { pressOn } from './keys';

export const financeScreens = {
  voucherKind: { keys: ['basic', 'basic.finance', 'basic.finance.voucherKind'], path: '/basic/voucherKind', grid: 'basic.voucherKind' },
  voucherCode: { keys: ['basic', 'basic.finance', 'basic.finance.voucherCode'], path: '/basic/voucherCode', grid: null },
  currencyType: { keys: ['basic', 'basic.finance', 'basic.finance.currencyType'], path: '/basic/currencyType', grid: 'basic.currencyType' },
  settings: { keys: ['system', 'system.settings'], path: '/system/settings', grid: null },
} as const;

export async function openFinanceScreen(page: Page, screen: keyof typeof financeScreens) {
  await new ShellModel(page).openMenu(...financeScreens[screen].keys);
  await page.waitForURL((u) => u.pathname === financeScreens[screen].path);
}

export class VoucherKindScreen {
  readonly list: ListModel;
  readonly dialog: FormDialogModel;
  constructor(readonly page: Page) {
    this.list = ListModel.byId(page, financeScreens.voucherKind.grid);
    this.dialog = new FormDialogModel(page, 'voucher-kind-dialog');
  }
  readonly nameInput = () => this.dialog.root().getByTestId('voucher-kind-name');

  /** "New" reached by the keyboard: the toolbar button is focused and pressed with Enter. */
  async openNew() {
    await pressOn(this.page.getByTestId('voucher-kind-new'));
    await expect(this.nameInput()).toBeFocused();
  }

  /** Types the kind's name and its English label (Tab to the next field), then Enter saves. */
  async typeAndSave(name: string, nameEn?: string) {
    await this.page.keyboard.type(name);
    if (nameEn) {
      await this.page.keyboard.press('Tab');
      await this.page.keyboard.type(nameEn);
    }
    await this.dialog.save();
  }
}
