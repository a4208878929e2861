/**
 * The save tip (spec 02 §2.10: Yes, No, Cancel) on a master-data dialog: edit a customer, Esc asks
 * (Yes focused); Cancel (Esc) goes back to the form with the edit intact; N closes without saving;
 * logging out of an edited voucher asks the same Yes / No / Cancel, naming the tab as it reads, and
 * Yes saves it first; screenshots of the questions in both languages.
 */
import { expect, test } from './page-models/test';
import { apiHeaders, loginAs } from './page-models/login';
import { VoucherEditorModel } from './page-models/voucher-editor';
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

test('logging out of an edited voucher asks Yes / No / Cancel, naming its tab; Yes saves it, then logs out', async ({ page, request }) => {
  const summary = `E2E logout save ${Date.now()}`;
  const shell = new ShellModel(page);
  const v = new VoucherEditorModel(page);
  await loginAs(page, 'clerk', 'clerk123', { at: '/newVoucher/new' });
  await v.ready();
  await v.enter(summary);
  await v.enter('1002');
  await v.enter('80');
  await page.keyboard.type('..');
  await v.press('Enter');
  await v.enter('1001');
  await v.press('=');
  await expect(v.creditTotal()).toHaveText('80.00');
  await expect(v.root).toHaveAttribute('data-dirty', 'true');
  const question = page.getByTestId('leave-save-dialog');
  try {
    // In English: the tab's own name, Yes / No / Cancel; Esc stays with the changes.
    await shell.switchLanguage('en_US');
    await shell.openUserMenu();
    await page.getByTestId('menu-logout').click();
    await expect(question).toBeVisible();
    await expect(question).toContainText('"New voucher" has unsaved changes');
    await expect(page.getByTestId('discard-dirty-save')).toBeFocused();
    await expect(page.getByTestId('discard-dirty-save')).toContainText('Yes');
    await expect(page.getByTestId('discard-dirty-confirm')).toContainText('No');
    await expect(page.getByTestId('discard-dirty-cancel')).toContainText('Cancel');
    await page.screenshot({ path: 'test-results/logout-save-tip-en.png' });
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/newVoucher\/new$/);
    await expect(v.root).toHaveAttribute('data-dirty', 'true');
  } finally {
    await shell.switchLanguage('zh_CN');
  }
  // In Chinese the tab reads 新增凭证 (not the menu's 凭证录入); Y saves the voucher, then logs out.
  await shell.openUserMenu();
  await page.getByTestId('menu-logout').click();
  await expect(question).toBeVisible();
  await expect(question).toContainText('“新增凭证”有未保存的修改');
  await expect(question).not.toContainText('凭证录入');
  await page.screenshot({ path: 'test-results/logout-save-tip-zh.png' });
  await page.keyboard.press('y');
  await expect(page).toHaveURL(/\/login/);
  const clerk = await apiHeaders(request, 'clerk', 'clerk123');
  const found = (await (await request.get('/api/voucher', { params: { filter: JSON.stringify({ accountId: 1, summary }) }, headers: clerk })).json()) as { data: { content: Array<{ id: number }> } };
  expect(found.data.content).toHaveLength(1);
  await request.delete(`/api/voucher/${found.data.content[0]!.id}`, { headers: clerk });
});
