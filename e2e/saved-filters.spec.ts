/**
 * Saved query filters on the customer list (spec 02 §7 "User data"): the keyword saved under a
 * name, the page reloaded (the box is empty again), the saved filter picked to apply it, then
 * deleted; and a screenshot in both languages.
 */
import { expect, test } from './page-models/test';
import { loginAs } from './page-models/login';
import { openClientScreen } from './page-models/clients';
import { ShellModel } from './page-models/shell';
import { restoreDemoState } from './page-models/demo-state';
import { chooseOpenOption } from './page-models/keys';

const NAME = `E2E筛选${Date.now().toString(36).slice(-4)}`;

test.afterAll(async ({ request }) => restoreDemoState(request));

test('saves the customer filter, applies it after a reload, deletes it', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  const customers = await openClientScreen(page, 'customers');
  await expect(customers.rowAt(0)).toContainText('C0001');
  const before = await customers.rows().count();
  await customers.search('C0001');
  await expect(customers.rows()).toHaveCount(1);
  // Save: the button, a name, Enter.
  await page.getByTestId('saved-filters-save').click();
  await expect(page.getByTestId('saved-filters-name')).toBeFocused();
  await page.keyboard.type(NAME);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('saved-filters-name')).toBeHidden();
  await expect(page.getByTestId('saved-filters-select')).toHaveValue(NAME);
  await page.screenshot({ path: 'test-results/saved-filters-zh.png' });

  // A reload starts at home: open the list again.
  await page.reload();
  await openClientScreen(page, 'customers');
  await expect(customers.rowAt(0)).toContainText('C0001');
  await expect(customers.root.getByTestId('list-keyword')).toHaveValue('');
  await expect(customers.rows()).toHaveCount(before);
  // Pick it by keyboard: the select, type part of the name, Enter.
  const select = page.getByTestId('saved-filters-select');
  await select.focus();
  await page.keyboard.type(NAME.slice(0, 5));
  await chooseOpenOption(page.getByRole('option', { name: NAME }));
  await expect(customers.root.getByTestId('list-keyword')).toHaveValue('C0001');
  await expect(customers.rows()).toHaveCount(1);

  await new ShellModel(page).switchLanguage('en_US');
  await expect(page.getByTestId('saved-filters-save')).toHaveAttribute('aria-label', 'Save the current filter');
  await page.screenshot({ path: 'test-results/saved-filters-en.png' });
  // Delete it: gone from the list.
  await page.getByTestId('saved-filters-delete').click();
  await expect(select).toHaveValue('');
  await select.click();
  await expect(page.getByRole('option', { name: NAME })).toHaveCount(0);
});
