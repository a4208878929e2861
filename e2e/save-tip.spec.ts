/**
 * The save tip (spec 02 §2.10: Yes, No, Cancel) on a master-data dialog: edit a customer, Esc asks
 * (Yes focused); Cancel (Esc) goes back to the form with the edit intact; N closes without saving;
 * screenshots of the question in both languages.
 */
import { expect, test } from './page-models/test';
import { loginAs } from './page-models/login';
import { openClientScreen } from './page-models/clients';
import { ShellModel } from './page-models/shell';
import { restoreDemoState } from './page-models/demo-state';

test.afterAll(async ({ request }) => restoreDemoState(request));

test('Esc on an edited customer asks; Cancel stays, No closes unchanged', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  const customers = await openClientScreen(page, 'customers');
  await expect(customers.rowAt(0)).toContainText('C0001');
  await customers.rowAction('C0001', 'edit');
  const name = page.getByTestId('customer-name');
  await expect(name).toBeVisible();
  const before = await name.inputValue();
  await name.focus();
  await page.keyboard.press('End');
  await page.keyboard.type('改');

  // Esc asks; Yes is focused.
  await page.keyboard.press('Escape');
  const tip = page.getByTestId('unsaved-dialog');
  await expect(tip).toBeVisible();
  await expect(page.getByTestId('unsaved-save')).toBeFocused();
  await page.screenshot({ path: 'test-results/save-tip-zh.png' });
  // Cancel (Esc) goes back to the form, the edit intact and focused.
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  await expect(name).toHaveValue(`${before}改`);
  await expect(name).toBeFocused();

  // Esc again, then N: closes without saving.
  await page.keyboard.press('Escape');
  await expect(tip).toBeVisible();
  await page.keyboard.press('n');
  await expect(tip).toBeHidden();
  await expect(name).toBeHidden();
  await expect(customers.row('C0001')).toContainText(before);
  await expect(customers.row('C0001')).not.toContainText(`${before}改`);

  // In English: the Cancel button (dialog-cancel) asks too; the buttons say Yes / No / Cancel.
  await new ShellModel(page).switchLanguage('en_US');
  await customers.rowAction('C0001', 'edit');
  await expect(name).toBeVisible();
  await name.focus();
  await page.keyboard.press('End');
  await page.keyboard.type('x');
  await page.getByTestId('dialog-cancel').click();
  await expect(tip).toBeVisible();
  await expect(page.getByTestId('unsaved-save')).toContainText('Yes');
  await expect(page.getByTestId('unsaved-discard')).toContainText('No');
  await page.screenshot({ path: 'test-results/save-tip-en.png' });
  await page.getByTestId('unsaved-discard').click();
  await expect(name).toBeHidden();
  await expect(customers.row('C0001')).not.toContainText(`${before}x`);
});
