/** Page models of the invoice screen (/invoice/list) and the invoice popup. */
import type { Page } from '@playwright/test';
import { ShellModel } from './shell';
import { ListModel } from './admin-list';

export async function openInvoiceList(page: Page): Promise<ListModel> {
  await new ShellModel(page).openMenu('invoice');
  await page.waitForURL((u) => u.pathname === '/invoice/list');
  return ListModel.byId(page, 'invoice.list');
}

/** Chooses files for the invoice popup's hidden PDF input (the "Add PDF" button's). */
export async function chooseInvoiceFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByTestId('invoice-dialog').locator('input[type=file]').setInputFiles(file);
}
