/**
 * Saved query filters on the customer list (spec 02 §7 "User data"): the keyword saved under a
 * name, the page reloaded (the box is empty again), the saved filter picked to apply it, then
 * deleted; and a screenshot in both languages. Then, with the list of saved filters' reads held, a
 * save, a rename and a delete each show in the box and its list at once (from the write's answer).
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

test('a saved, renamed or deleted filter shows at once, before the list of saved filters is read again', async ({ page }) => {
  const name = `E2E即时${Date.now().toString(36).slice(-4)}`;
  await loginAs(page, 'admin', 'admin123');
  const customers = await openClientScreen(page, 'customers');
  await expect(customers.rowAt(0)).toContainText('C0001');
  // From here on the saved filters' reads wait until released: what the box shows comes from the answers of the writes.
  const held: Array<() => void> = [];
  let holding = true;
  await page.route((url) => url.pathname === '/api/system/userData', async (route) => {
    if (route.request().method() === 'GET' && holding) await new Promise<void>((release) => held.push(release));
    await route.continue();
  });
  await customers.search('C0001');
  await expect(customers.rows()).toHaveCount(1);
  const select = page.getByTestId('saved-filters-select');
  // Save: the name shows in the box, and rename and delete take it, while the list's read is held.
  await page.getByTestId('saved-filters-save').click();
  await expect(page.getByTestId('saved-filters-name')).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(select).toHaveValue(name);
  await expect(page.getByTestId('saved-filters-rename')).toBeEnabled();
  // The re-read the save started is being held (so the box above did not come from it).
  await expect.poll(() => held.length).toBeGreaterThan(0);
  // Rename: the new name at once.
  await page.getByTestId('saved-filters-rename').click();
  await expect(page.getByTestId('saved-filters-name')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(`${name}改`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('saved-filters-name')).toBeHidden();
  await expect(select).toHaveValue(`${name}改`);
  // Delete: gone from the box and from its list at once.
  await page.getByTestId('saved-filters-delete').click();
  await expect(select).toHaveValue('');
  await select.click();
  await expect(page.getByRole('option', { name: `${name}改` })).toHaveCount(0);
  await expect(page.getByRole('option', { name })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // The held reads answer what the writes left: nothing of the test's.
  holding = false;
  const reread = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/system/userData' && r.request().method() === 'GET');
  for (const release of held.splice(0)) release();
  await reread;
  await expect(select).toHaveValue('');
  await select.click();
  await expect(page.getByRole('option', { name: `${name}改` })).toHaveCount(0);
});
