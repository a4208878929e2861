/**
 * The voucher editor as a clerk, keyboard only: a 4-line voucher entered with Enter, `..`, space
 * and `=`, saved with Ctrl+S (the rules pass, the server gives it a code), then F12 saves and
 * opens a new voucher; the save rules' row-indexed message before the server is called; the
 * toolbar follows the machine (the clerk cannot audit). Screenshots in both languages.
 */
import { expect, test } from '@playwright/test';
import { loginAs } from './page-models/login';
import { VoucherEditorModel } from './page-models/voucher-editor';

test.describe.configure({ mode: 'serial' });

test('a clerk enters a 4-line voucher with keys, saves with Ctrl+S and goes on with F12', async ({ page }, testInfo) => {
  await loginAs(page, 'clerk', 'clerk123');
  const v = new VoucherEditorModel(page);
  await v.open('new');
  await expect(v.code()).not.toHaveValue('');

  // Line 1: summary, bank, 1,000.00 debit; Enter after the debit goes to the next summary.
  await v.enter('Legal fee received');
  await v.expectFocus(0, 'subjectId');
  await v.enter('1002');
  await v.expectFocus(0, 'debit');
  await v.enter('1000');
  await v.expectFocus(1, 'summary');

  // Line 2: `..` copies the summary; cash 500.00 debit.
  await page.keyboard.type('..');
  await v.press('Enter');
  await v.expectFocus(1, 'subjectId');
  await v.enter('1001');
  await v.enter('500');
  await v.expectFocus(2, 'summary');

  // Line 3: 300.00 typed in the debit, space moves it to the credit.
  await page.keyboard.type('..');
  await v.press('Enter');
  await v.enter('2211');
  await v.expectFocus(2, 'debit');
  await page.keyboard.type('300');
  await v.press('Enter');
  await v.expectFocus(3, 'summary');
  await v.cell(2, 'debit').click();
  await v.press('Space');
  await expect(v.cell(2, 'credit')).toContainText('3');
  await v.press('ArrowDown');
  await v.press('Home');
  await v.press('Home');
  await v.expectFocus(3, 'summary');

  // Line 4: `=` balances (1,500.00 debit − 300.00 credit → 1,200.00 credit).
  await page.keyboard.type('..');
  await v.press('Enter');
  await v.enter('2211');
  await v.expectFocus(3, 'debit');
  await v.press('=');
  await expect(v.creditTotal()).toHaveText('1,500.00');
  await expect(v.debitTotal()).toHaveText('1,500.00');
  await expect(v.uppercase()).toHaveText('壹仟伍佰元整');
  await page.screenshot({ path: testInfo.outputPath('voucher-editor-zh.png'), fullPage: true });

  // Ctrl+S: saved, the tab now shows the stored voucher.
  await v.press('Control+s');
  await page.waitForURL(/\/newVoucher\/\d+$/);
  await expect(v.root).toHaveAttribute('data-lifecycle', 'draft');
  await expect(v.debitTotal()).toHaveText('1,500.00');
  // A clerk holds no audit right: the machine keeps the audit button disabled.
  await expect(v.action('audit')).toBeDisabled();
  await expect(v.action('delete')).toBeEnabled();
  // Delete asks first ('Cannot be recovered after deletion'); Esc keeps the voucher.
  await v.action('delete').click();
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('confirm-dialog')).toBeHidden();
  await expect(v.root).toHaveAttribute('data-lifecycle', 'draft');
  await expect(page).toHaveURL(/\/newVoucher\/\d+$/);

  // F12: save and a new voucher.
  await v.grid.locator('.ag-cell[col-id="summary"]').first().click();
  await v.press('F12');
  await page.waitForURL(/\/newVoucher\/new$/);
  await expect(v.root).toHaveAttribute('data-lifecycle', 'new');
  await expect(v.debitTotal()).toHaveText('0.00');
});

test('the save rules speak before the server: an unbalanced voucher names its rows (in English)', async ({ page }, testInfo) => {
  await page.addInitScript(() => localStorage.setItem('ledgerdesk.language', 'en_US'));
  await loginAs(page, 'clerk', 'clerk123');
  const v = new VoucherEditorModel(page);
  await v.open('new');
  await v.enter('Office');
  await v.enter('1001');
  await v.enter('10');
  await v.enter('Only summary');
  await v.press('Control+s');
  await expect(v.ruleErrors()).toBeVisible();
  await expect(v.ruleErrors()).toContainText('2');
  await expect(page).toHaveURL(/\/newVoucher\/new$/);
  // Stepping with unsaved changes asks Yes / No / Cancel first.
  await v.press('PageUp');
  await expect(page.getByTestId('unsaved-dialog')).toContainText('The voucher has changes that are not saved');
  await page.getByTestId('unsaved-cancel').click();
  await page.screenshot({ path: testInfo.outputPath('voucher-editor-en.png'), fullPage: true });
});
