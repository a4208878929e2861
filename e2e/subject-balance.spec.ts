/**
 * 科目余额表 (/voucher/business/balanceBySubject) as the administrator: opened from the menu, the
 * demo year's whole range, the totals row balancing, parents bold and summing their children,
 * level 1 only, bookkept vouchers only, a subject code range; the grid is walked with the arrow
 * keys. Screenshots in Chinese and English.
 */
import { expect, test } from '@playwright/test';
import { loginAs } from './page-models/login';
import { ShellModel } from './page-models/shell';

const money = (s: string | null) => Math.round(Number((s ?? '').replace(/,/g, '') || '0') * 100);

test('the subject balance of the demo year: totals balance, parents sum their children, filters narrow it', async ({ page }, testInfo) => {
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  await shell.selectYear('2026');
  await shell.openMenu('voucher', 'voucher.business', 'voucher.business.balanceBySubject');
  await expect(page).toHaveURL(/\/voucher\/business\/balanceBySubject$/);
  const root = page.getByTestId('subject-balance');
  await expect(root).toBeVisible();
  await shell.choose(page.getByTestId('sb-start'), '2026-01');
  await shell.choose(page.getByTestId('sb-end'), '2026-12');
  const grid = page.getByTestId('sb-grid');
  const codes = async () => grid.locator('.ag-row:not(.ag-row-pinned) [col-id="code"]').allInnerTexts();
  await expect.poll(async () => (await codes()).length).toBeGreaterThan(3);
  await expect(page.getByTestId('sb-balanced')).toHaveAttribute('data-balanced', 'true');
  const total = (col: string) => grid.locator(`.ag-row-pinned [col-id="${col}"]`);
  await expect(grid.locator('.ag-row-pinned [col-id="code"]')).toHaveText('合计');
  expect(money(await total('debit').innerText())).toBeGreaterThan(0);
  expect(money(await total('debit').innerText())).toBe(money(await total('credit').innerText()));
  expect(money(await total('closingDebit').innerText())).toBe(money(await total('closingCredit').innerText()));
  await page.screenshot({ path: testInfo.outputPath('subject-balance-zh.png'), fullPage: true });

  // Level 1 only: every code has four digits.
  await shell.choose(page.getByTestId('sb-level'), '1 级');
  await expect.poll(async () => (await codes()).every((c) => /^\d{4}$/.test(c))).toBe(true);
  await expect(page.getByTestId('sb-balanced')).toHaveAttribute('data-balanced', 'true');
  // Bookkept vouchers only: the period debit total does not grow.
  const allDebit = money(await total('debit').innerText());
  await page.getByTestId('sb-unbooked').click();
  await expect.poll(async () => money(await total('debit').innerText())).toBeLessThan(allDebit);
  await page.getByTestId('sb-unbooked').click();
  await expect.poll(async () => money(await total('debit').innerText())).toBe(allDebit);
  // A code range: 1001 to 1002 (cash and bank).
  await page.getByTestId('sb-code-from').fill('1001');
  await page.getByTestId('sb-code-to').fill('1002');
  await expect.poll(codes).toEqual(['1001', '1002']);
  // A part of the chart is no trial balance: the check is not shown.
  await expect(page.getByTestId('sb-balanced')).toHaveCount(0);

  // The grid by the keyboard: focus the first cell, ↓ moves to the next subject.
  await grid.locator('.ag-row:not(.ag-row-pinned)[row-index="0"] [col-id="code"]').click();
  await page.keyboard.press('ArrowDown');
  await expect(grid.locator('.ag-row:not(.ag-row-pinned)[row-index="1"] [col-id="code"]')).toBeFocused();

  await shell.switchLanguage('en_US');
  await expect(grid.locator('.ag-row-pinned [col-id="code"]')).toHaveText('Total');
  await expect(page.getByText('Balance by subject').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('subject-balance-en.png'), fullPage: true });
  await shell.switchLanguage('zh_CN');
});
