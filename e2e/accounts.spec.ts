/**
 * Account management by keyboard (/basic/accountList, /basic/accountPeriod), beyond the 'ledger
 * sets' test of admin.spec.ts: the periods screen's ledger-set and year selectors take typing and
 * Enter, as a clerk used to Kingdee/Yonyou picks "2025" by typing it.
 */
import { expect, test } from './page-models/test';
import { loginAs } from './page-models/login';
import { ListModel } from './page-models/admin-list';
import { adminScreens, openAdminScreen } from './page-models/admin-screens';

test('periods: the ledger set and the year are chosen by typing and Enter', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  await openAdminScreen(page, 'periods');
  const year = page.getByTestId('period-year');
  const account = page.getByTestId('period-account');
  await expect(account).toHaveValue(/Main ledger/);
  await expect(year).toHaveValue('2026');
  const periods = ListModel.byId(page, adminScreens.periods.grid);
  await expect(periods.rowAt(0)).toContainText('2026-01-01');

  // The year: type it over the box, Enter takes it; the periods follow.
  await year.focus();
  await year.press('Control+a');
  await page.keyboard.type('2025');
  await page.keyboard.press('Enter');
  await expect(year).toHaveValue('2025');
  await expect(page.getByTestId('period-year-range')).toContainText('2025-01-01');
  await expect(periods.rowAt(0)).toContainText('2025-01-01');

  // The ledger set: part of its name and Enter.
  await account.focus();
  await account.press('Control+a');
  await page.keyboard.type('Manage');
  await page.keyboard.press('Enter');
  await expect(account).toHaveValue(/Management ledger/);
  await expect(year).toHaveValue(/^20\d\d$/);
  await expect(account).toBeFocused();
});

test('a year out of range stays as typed beside its message (it was changed to 1990 on leaving the box); Esc leaves the new account year', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  await openAdminScreen(page, 'periods');
  await expect(page.getByTestId('period-year')).toHaveValue('2026');
  await page.getByTestId('period-new-year').focus();
  await page.keyboard.press('Enter');
  const input = page.getByTestId('year-input');
  await expect(input).toBeFocused();
  await input.press('Control+a');
  await page.keyboard.type('1800');
  await page.keyboard.press('Tab');
  await expect(input).toHaveValue('1800');
  await expect(page.getByTestId('year-dialog').getByText('请输入 1990 到 2200 之间的年份')).toBeVisible();
  // Nothing saved: Esc asks (the year was changed), N leaves it.
  await input.focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('unsaved-dialog')).toBeVisible();
  await page.keyboard.press('n');
  await expect(page.getByTestId('year-dialog')).toBeHidden();
});
