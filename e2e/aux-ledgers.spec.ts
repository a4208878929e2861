/**
 * Ledgers by auxiliary dimension and budget execution as the administrator, on the demo year:
 * 辅助核算余额表 opened from the menu (customers, the whole year), each row's closing = opening +
 * debit − credit, values bold; ↓ and Enter drill into the customer's 辅助核算明细账, whose lines
 * carry a running balance, and Enter on a line opens its voucher; 辅助核算总账 by department; the
 * budget execution summary and Enter into an item's sub-ledger. Screenshots in Chinese and English.
 * Reads only: the demo state is left as it was.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginAs } from './page-models/login';
import { ShellModel } from './page-models/shell';
import { restoreDemoState } from './page-models/demo-state';

test.describe.configure({ mode: 'serial' });

test.afterAll(async ({ request }) => {
  await restoreDemoState(request);
});

const money = (s: string | null) => Math.round(Number((s ?? '').replace(/,/g, '') || '0') * 100);
const rows = (grid: Locator, col: string) => grid.locator(`.ag-row:not(.ag-row-pinned) [col-id="${col}"]`);
const cellAt = (grid: Locator, index: number, col: string) => grid.locator(`.ag-row:not(.ag-row-pinned)[row-index="${index}"] [col-id="${col}"]`).first();

async function wholeYear(page: Page, shell: ShellModel) {
  await shell.choose(page.getByTestId('al-start'), '2026-01');
  await shell.choose(page.getByTestId('al-end'), '2026-12');
}

test('balance, sub-ledger and general ledger by auxiliary; budget execution; drill to a voucher by the keyboard', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  await shell.selectYear('2026');
  const shots: Array<[string, () => Promise<void>]> = [];

  // 辅助核算余额表 by customer for the whole year.
  await shell.openMenu('voucher', 'voucher.business', 'voucher.business.balanceByAuxiliary');
  await expect(page).toHaveURL(/\/voucher\/business\/balanceByAuxiliary$/);
  await expect(page.getByTestId('aux-balance')).toBeVisible();
  await wholeYear(page, shell);
  const grid = page.getByTestId('al-grid');
  await expect.poll(async () => rows(grid, 'auxCode').count()).toBeGreaterThan(3);
  await expect(cellAt(grid, 0, 'auxCode')).not.toHaveText('');
  await expect(cellAt(grid, 0, 'auxCode')).toHaveCSS('font-weight', '700');
  await expect(cellAt(grid, 1, 'subject')).toContainText('1122');
  // Each row: closing = opening + debit − credit (debit positive).
  for (const i of [0, 1]) {
    const v = async (col: string) => money(await cellAt(grid, i, col).innerText());
    expect(await v('openingDebit') - await v('openingCredit') + await v('debit') - await v('credit')).toBe(await v('closingDebit') - await v('closingCredit'));
  }
  await expect(grid.locator('.ag-row-pinned [col-id="auxCode"]')).toHaveText('合计');
  // Bookkept vouchers only: the period debit total does not grow.
  const total = (col: string) => grid.locator(`.ag-row-pinned [col-id="${col}"]`);
  const allDebit = money(await total('debit').innerText());
  expect(allDebit).toBeGreaterThan(0);
  await page.getByTestId('al-unbooked').click();
  await expect.poll(async () => money(await total('debit').innerText())).toBeLessThanOrEqual(allDebit);
  await page.getByTestId('al-unbooked').click();
  await expect.poll(async () => money(await total('debit').innerText())).toBe(allDebit);
  await page.screenshot({ path: testInfo.outputPath('aux-balance-zh.png'), fullPage: true });
  const valueName = await cellAt(grid, 0, 'auxName').innerText();
  // Export: the background task's progress bar, then the workbook is downloaded.
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByTestId('al-export').click();
  await expect(page.getByTestId('export-progress')).toBeVisible();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  // The keyboard: the grid has the first cell focused; ↓ then ↑ back to the value row, Enter drills.
  await cellAt(grid, 0, 'auxCode').click();
  await page.keyboard.press('ArrowDown');
  await expect(cellAt(grid, 1, 'auxCode')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(cellAt(grid, 0, 'auxCode')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/voucher\/business\/subLedgerByAuxiliary\?drill=/);
  const detail = page.getByTestId('al-detail-grid');
  await expect(page.getByTestId('al-values')).toContainText(valueName);
  await expect(cellAt(detail, 0, 'summary')).toHaveText('期初余额');
  await expect(cellAt(detail, 1, 'voucher')).toHaveText(/^.+-\d+$/);
  await expect(page.getByTestId('al-count')).toContainText('共');
  // The running balance: the first line's balance is the opening plus its movement.
  const bal = async (i: number) => {
    const side = await cellAt(detail, i, 'side').innerText();
    return (side === '贷' ? -1 : 1) * money(await cellAt(detail, i, 'balanceCents').innerText());
  };
  const first = money(await cellAt(detail, 1, 'debit').innerText()) - money(await cellAt(detail, 1, 'credit').innerText());
  expect(await bal(1)).toBe(await bal(0) + first);
  await page.screenshot({ path: testInfo.outputPath('aux-detail-zh.png'), fullPage: true });
  shots.push(['aux-detail', async () => { await expect(cellAt(detail, 0, 'summary')).toHaveText('Opening balance'); }]);
  // Enter on a line opens its voucher in the editor.
  await cellAt(detail, 1, 'date').click();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/newVoucher\/\d+$/);
  await shell.closeTab(new URL(page.url()).pathname);

  // 辅助核算总账 by department.
  await shell.openMenu('voucher', 'voucher.business', 'voucher.business.generalLedgerByAuxiliary');
  await expect(page.getByTestId('aux-total')).toBeVisible();
  await wholeYear(page, shell);
  await shell.choose(page.getByTestId('al-type'), '部门');
  const totalGrid = page.getByTestId('al-total-grid');
  await expect(cellAt(totalGrid, 0, 'summary')).toHaveText('期初余额');
  await expect(cellAt(totalGrid, 1, 'summary')).toHaveText('本期合计');
  await expect(cellAt(totalGrid, 2, 'summary')).toHaveText('本年累计');
  await expect(cellAt(totalGrid, 0, 'subject')).toContainText('5602');
  await page.screenshot({ path: testInfo.outputPath('aux-total-zh.png'), fullPage: true });

  // Budget execution: the demo catalogue against its use; Enter on an item opens its sub-ledger.
  await shell.openMenu('budget', 'budget.summaryByBudgetExecution');
  await expect(page.getByTestId('budget-summary')).toBeVisible();
  const budgetGrid = page.getByTestId('al-budget-grid');
  await expect.poll(async () => rows(budgetGrid, 'code').count()).toBeGreaterThan(2);
  expect(money(await cellAt(budgetGrid, 0, 'budget').innerText())).toBeGreaterThan(0);
  await page.screenshot({ path: testInfo.outputPath('budget-summary-zh.png'), fullPage: true });
  const item = await cellAt(budgetGrid, 0, 'code').innerText();
  await cellAt(budgetGrid, 0, 'code').click();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/budget\/subLedgerByBudgetExecution\?drill=/);
  await expect(page.getByTestId('al-budget')).toContainText(item);
  await expect(cellAt(page.getByTestId('al-budget-detail-grid'), 0, 'summary')).toHaveText('期初余额');
  await expect(page.getByTestId('al-budget-amount')).toContainText('预算金额');
  await page.screenshot({ path: testInfo.outputPath('budget-detail-zh.png'), fullPage: true });

  // The same screens in English.
  await shell.switchLanguage('en_US');
  await expect(page.getByText('Budget execution sub-ledger').first()).toBeVisible();
  await expect(cellAt(page.getByTestId('al-budget-detail-grid'), 0, 'summary')).toHaveText('Opening balance');
  await page.screenshot({ path: testInfo.outputPath('budget-detail-en.png'), fullPage: true });
  await shell.openMenu('budget', 'budget.summaryByBudgetExecution');
  await expect(page.getByText('Budget execution summary').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('budget-summary-en.png'), fullPage: true });
  await shell.openMenu('voucher', 'voucher.business', 'voucher.business.generalLedgerByAuxiliary');
  await expect(cellAt(totalGrid, 1, 'summary')).toHaveText('Period total');
  await page.screenshot({ path: testInfo.outputPath('aux-total-en.png'), fullPage: true });
  await shell.openMenu('voucher', 'voucher.business', 'voucher.business.subLedgerByAuxiliary');
  for (const [, check] of shots) await check();
  await page.screenshot({ path: testInfo.outputPath('aux-detail-en.png'), fullPage: true });
  await shell.openMenu('voucher', 'voucher.business', 'voucher.business.balanceByAuxiliary');
  await expect(grid.locator('.ag-row-pinned [col-id="auxCode"]')).toHaveText('Total');
  await expect(page.getByText('Balance by auxiliary').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('aux-balance-en.png'), fullPage: true });
  await shell.switchLanguage('zh_CN');
});
