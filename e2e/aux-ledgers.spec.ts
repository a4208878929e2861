/**
 * Ledgers by auxiliary dimension and budget execution as the administrator, on the demo year:
 * 辅助核算余额表 opened from the menu (customers, the whole year), each row's closing = opening +
 * debit − credit, values bold; ↓ and Enter drill into the customer's 辅助核算明细账, whose lines
 * carry a running balance, and Enter on a line opens its voucher; 辅助核算总账 by department; the
 * budget execution summary and Enter into an item's sub-ledger. Screenshots in Chinese and English.
 * Then by the keyboard alone: the balance by department rolls the tree up (a parent = the sum of its
 * leaves), level and leaf-only; a saved filter is saved, renamed, picked again after a reload and
 * deleted; the budget summary shows what the demo's allocations used. In English, the budget
 * summary's kind shows whole; back from a drill (Alt+PageUp) its caret is on the row it left; the
 * budget picker of both budget screens takes a parent item (the sub-ledger rolls it up, the summary
 * narrows to its subtree). The demo state is left as it was (the saved filter deleted, also by
 * afterAll after a failure).
 */
import { expect, test, type Locator, type Page } from './page-models/test';
import { loginAs } from './page-models/login';
import { ShellKeyboard, ShellModel } from './page-models/shell';
import { restoreDemoState } from './page-models/demo-state';
import { chooseOpenOption, pickByKeys, pressOn } from './page-models/keys';
import { expectFullText, gridTooltip } from './page-models/full-text';
import { PickerModel } from './page-models/pickers';
import { expectEveryColumnInView } from './page-models/grid-fit';

test.describe.configure({ mode: 'serial' });

const FILTER = `E2E辅助${Date.now().toString(36).slice(-4)}`;

test.afterAll(async ({ request }) => {
  // The saved filters this spec made, should it have stopped before deleting them.
  const login = await (await request.post('/api/idm/user/login', { data: { username: 'admin', password: 'admin123' } })).json();
  if (login.success) {
    const headers = { authorization: `Bearer ${login.data.accessToken}` };
    const mine = await (await request.get('/api/system/userData', { params: { size: 200 }, headers })).json();
    for (const r of (mine.data?.content ?? []) as Array<{ id: number; subKind: string | null }>) {
      if (r.subKind?.startsWith(FILTER)) await request.delete(`/api/system/userData/${r.id}`, { headers });
    }
  }
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
  // No figure cut; the year's figures are wide enough that the grid scrolls sideways to its last columns.
  await expectEveryColumnInView(grid, { sideways: true });
  await page.screenshot({ path: testInfo.outputPath('aux-balance-zh.png'), fullPage: true });
  // The first value with movement in the range: a customer may only carry its opening balance
  // (2026 opens with 2025's receivables, decision 048), and its sub-ledger would hold no line.
  let k = -1;
  for (let i = 0; k < 0 && i < (await rows(grid, 'auxCode').count()); i++) {
    if ((await cellAt(grid, i, 'auxCode').innerText()) === '') continue;
    if (money(await cellAt(grid, i, 'debit').innerText()) + money(await cellAt(grid, i, 'credit').innerText()) > 0) k = i;
  }
  expect(k).toBeGreaterThanOrEqual(0);
  const valueName = (await cellAt(grid, k, 'auxName').innerText()).trim();
  // Export: the background task's progress bar, then the workbook is downloaded.
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await pressOn(page.getByTestId('al-export'));
  await expect(page.getByTestId('export-progress')).toBeVisible();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  // The button was disabled while the task ran: the keyboard is back on it, not on <body>.
  await expect(page.getByTestId('al-export')).toBeEnabled();
  await expect(page.getByTestId('al-export')).toBeFocused();

  // The keyboard: → onto the value's name, cut off by its column, shows it whole (a tooltip, also the
  // cell's description); → onto a cell that fits shows none; ← ←, then ↓ and ↑ back to the value row,
  // Enter drills.
  await cellAt(grid, k, 'auxCode').click();
  await expect(gridTooltip(page)).toBeHidden();
  await page.keyboard.press('ArrowRight');
  await expectFullText(page, cellAt(grid, k, 'auxName'), valueName);
  await page.keyboard.press('ArrowRight');
  await expect(cellAt(grid, k, 'subject')).toBeFocused();
  await expect(gridTooltip(page)).toBeHidden();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(cellAt(grid, k, 'auxCode')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(cellAt(grid, k + 1, 'auxCode')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(cellAt(grid, k, 'auxCode')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/voucher\/business\/subLedgerByAuxiliary\?drill=/);
  const detail = page.getByTestId('al-detail-grid');
  await expect(page.getByTestId('al-values')).toContainText(valueName);
  await expect(cellAt(detail, 0, 'summary')).toHaveText('期初余额');
  await expect(cellAt(detail, 1, 'voucher')).toHaveText(/^.+-\d{4}$/);
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
  // The first department's first subject: 5601 (the demo's allocations by department and budget item) before 5602.
  await expect(cellAt(totalGrid, 0, 'subject')).toContainText('5601');
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
  await expectEveryColumnInView(grid, { sideways: true });
  await page.screenshot({ path: testInfo.outputPath('aux-balance-en.png'), fullPage: true });
  await shell.switchLanguage('zh_CN');
});

/** The value rows shown (code, name as shown, closing debit positive), in grid order. */
async function valueRows(grid: Locator) {
  const out: Array<{ index: number; code: string; name: string; closing: number }> = [];
  for (const row of await grid.locator('.ag-row:not(.ag-row-pinned)').all()) {
    const code = (await row.locator('[col-id="auxCode"]').innerText()).trim();
    if (!code) continue;
    out.push({
      index: Number(await row.getAttribute('row-index')), code, name: await row.locator('[col-id="auxName"]').innerText(),
      closing: money(await row.locator('[col-id="closingDebit"]').innerText()) - money(await row.locator('[col-id="closingCredit"]').innerText()),
    });
  }
  return out.sort((a, b) => a.index - b.index);
}

test('department roll-up, a saved filter picked again after a reload, budget use: by the keyboard', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await loginAs(page, 'admin', 'admin123');
  const keys = new ShellKeyboard(page);
  await keys.searchPalette('辅助余额表', 'screen:voucher.business.balanceByAuxiliary');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('aux-balance')).toBeVisible();
  const grid = page.getByTestId('al-grid');
  await pickByKeys(page.getByTestId('al-type'), '部门');
  // The tree: 01 业务部 first (bold), its groups under it indented; 01 closes on the sum of its leaves.
  await expect(cellAt(grid, 0, 'auxCode')).toHaveText('01');
  await expect(cellAt(grid, 0, 'auxCode')).toHaveCSS('font-weight', '700');
  await expect.poll(async () => (await valueRows(grid)).map((r) => r.code).slice(0, 2)).toEqual(['01', '0101']);
  const tree = await valueRows(grid);
  expect(tree[1].name).toMatch(/^\u3000\S/);
  const practice = tree[0].closing;
  expect(practice).not.toBe(0);
  await page.screenshot({ path: testInfo.outputPath('aux-balance-departments-zh.png'), fullPage: true });
  await page.getByTestId('al-leaf').focus();
  await page.keyboard.press('Space');
  await expect.poll(async () => (await valueRows(grid)).map((r) => r.code).filter((c) => c.startsWith('01'))).toEqual(['0101', '0102', '0103']);
  const leaves = (await valueRows(grid)).filter((r) => r.code.startsWith('01'));
  expect(leaves.reduce((n, r) => n + r.closing, 0)).toBe(practice);
  await page.keyboard.press('Space');
  await expect.poll(async () => (await valueRows(grid))[0]?.code).toBe('01');
  // The values filter takes a parent department (Choose…, its code, ↓, Enter): its row alone, summing its subtree as in the tree.
  await pressOn(page.getByTestId('al-pick'));
  const departments = new PickerModel(page, 'department-picker');
  await expect(departments.keyword()).toBeFocused();
  await page.keyboard.type('01');
  await expect.poll(async () => (await departments.rows().allInnerTexts()).every((x) => x.includes('01'))).toBe(true);
  await expect(departments.rows().first()).toHaveClass(/picker-row-group/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(departments.root).toBeHidden();
  await expect(page.getByTestId('picker-refusal')).toHaveCount(0);
  await expect(page.getByTestId('al-values')).toContainText('01 业务部');
  await expect.poll(async () => (await valueRows(grid)).map((r) => r.code)).toEqual(['01']);
  expect((await valueRows(grid))[0].closing).toBe(practice);
  // Shift+Tab from Choose… reaches the value's remove button (a Tab stop, named); Enter takes the value off.
  await expect(page.getByTestId('al-pick')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: '移除 01 业务部' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('al-values')).toContainText('全部');
  await expect.poll(async () => (await valueRows(grid)).some((r) => r.code === '02')).toBe(true);
  // Level 1: the two top departments only.
  await pickByKeys(page.getByTestId('al-level'), '1 级');
  await expect.poll(async () => (await valueRows(grid)).map((r) => r.code)).toEqual(['01', '02']);

  // Save the filter under a name (the name box has the focus; Enter saves), rename it, reload.
  await pressOn(page.getByTestId('saved-filters-save'));
  await expect(page.getByTestId('saved-filters-name')).toBeFocused();
  await page.keyboard.type(FILTER);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('saved-filters-name')).toBeHidden();
  await expect(page.getByTestId('saved-filters-select')).toHaveValue(FILTER);
  await pressOn(page.getByTestId('saved-filters-rename'));
  await expect(page.getByTestId('saved-filters-name')).toBeFocused();
  await expect(page.getByTestId('saved-filters-name')).toHaveValue(FILTER);
  await page.keyboard.press('End');
  await page.keyboard.type('顶级');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('saved-filters-select')).toHaveValue(`${FILTER}顶级`);
  await page.reload();
  await expect(page.getByTestId('tabs-bar')).toBeVisible();
  await keys.searchPalette('辅助余额表', 'screen:voucher.business.balanceByAuxiliary');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('al-type')).toHaveValue('客户');
  // Pick it: the select, part of the name, ↓, Enter: the department tree at level 1 again.
  const select = page.getByTestId('saved-filters-select');
  await select.focus();
  await page.keyboard.type(FILTER.slice(0, 6));
  await chooseOpenOption(page.getByRole('option', { name: `${FILTER}顶级`, exact: true }));
  await expect(select).toHaveValue(`${FILTER}顶级`);
  await expect(page.getByTestId('al-type')).toHaveValue('部门');
  await expect(page.getByTestId('al-level')).toHaveValue('1 级');
  await expect.poll(async () => (await valueRows(grid)).map((r) => r.code)).toEqual(['01', '02']);
  expect((await valueRows(grid))[0].closing).toBe(practice);
  await page.screenshot({ path: testInfo.outputPath('aux-balance-saved-filter-zh.png'), fullPage: true });
  await new ShellModel(page).switchLanguage('en_US');
  await expect(page.getByTestId('saved-filters-rename')).toHaveAttribute('aria-label', 'Rename the saved filter');
  await expect(page.getByTestId('al-level')).toHaveValue('Level 1');
  await page.screenshot({ path: testInfo.outputPath('aux-balance-saved-filter-en.png'), fullPage: true });
  await new ShellModel(page).switchLanguage('zh_CN');
  // Delete it: gone.
  await pressOn(page.getByTestId('saved-filters-delete'));
  await expect(select).toHaveValue('');

  // Budget execution: the demo's allocations use the expense items and its fees the income items (non-zero actual); Enter opens the lines.
  await keys.searchPalette('预算执行汇总', 'screen:budget.summaryByBudgetExecution');
  await page.keyboard.press('Enter');
  const budgetGrid = page.getByTestId('al-budget-grid');
  const salaries = budgetGrid.locator('.ag-row', { has: page.locator('[col-id="code"]', { hasText: /^200101$/ }) });
  await expect.poll(async () => money(await salaries.locator('[col-id="actual"]').innerText())).toBeGreaterThan(0);
  expect(money(await salaries.locator('[col-id="ytdActual"]').innerText())).toBeGreaterThan(0);
  await expect(salaries.locator('[col-id="rate"]')).toHaveText(/^\d+\.\d\d%$/);
  // The fees earned by case use the income items too (5001 by project and budget item).
  const civil = budgetGrid.locator('.ag-row', { has: page.locator('[col-id="code"]', { hasText: /^10010101$/ }) });
  expect(money(await civil.locator('[col-id="ytdActual"]').innerText())).toBeGreaterThan(0);
  await page.screenshot({ path: testInfo.outputPath('budget-summary-actual-zh.png'), fullPage: true });
  await expect(cellAt(budgetGrid, 0, 'code')).toBeFocused();
  const at = Number(await salaries.getAttribute('row-index'));
  for (let i = 0; i < at; i++) await page.keyboard.press('ArrowDown');
  await expect(cellAt(budgetGrid, at, 'code')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/budget\/subLedgerByBudgetExecution\?drill=/);
  const lines = page.getByTestId('al-budget-detail-grid');
  await expect(cellAt(lines, 1, 'voucher')).toHaveText(/^转-\d+$/);
  await new ShellModel(page).switchLanguage('en_US');
  await expect(cellAt(lines, 0, 'summary')).toHaveText('Opening balance');
  await page.screenshot({ path: testInfo.outputPath('budget-detail-actual-en.png'), fullPage: true });
  await keys.searchPalette('Budget execution summary', 'screen:budget.summaryByBudgetExecution');
  await page.keyboard.press('Enter');
  await expect.poll(async () => money(await salaries.locator('[col-id="actual"]').innerText())).toBeGreaterThan(0);
  await page.screenshot({ path: testInfo.outputPath('budget-summary-actual-en.png'), fullPage: true });
  await keys.searchPalette('Balance by auxiliary', 'screen:voucher.business.balanceByAuxiliary');
  await page.keyboard.press('Enter');
  await pickByKeys(page.getByTestId('al-type'), 'Department');
  await expect(cellAt(grid, 0, 'auxCode')).toHaveText('01');
  await page.screenshot({ path: testInfo.outputPath('aux-balance-departments-en.png'), fullPage: true });
  // 01 stands on two expense subjects (5601, 5602): Enter on its row opens its sub-ledger with no subject
  // chosen, one section per subject, each opening on its own balance and naming its subject.
  await cellAt(grid, 0, 'auxCode').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/voucher\/business\/subLedgerByAuxiliary\?drill=/);
  const detail = page.getByTestId('al-detail-grid');
  await expect(cellAt(detail, 0, 'summary')).toHaveText('Opening balance');
  await expect(cellAt(detail, 0, 'subject')).toHaveText(/^5601 /);
  const openings = detail.locator('.ag-row', { has: page.locator('[col-id="summary"]', { hasText: /^Opening balance$/ }) });
  await expect.poll(async () => (await openings.locator('[col-id="subject"]').allInnerTexts()).map((x) => x.slice(0, 4))).toEqual(['5601', '5602']);
  await page.screenshot({ path: testInfo.outputPath('aux-detail-sections-en.png'), fullPage: true });
  await new ShellModel(page).switchLanguage('zh_CN');
});

test('budget execution by the keyboard: back from a drill the caret is on the row it left; a parent item is chosen for the sub-ledger and the summary (its subtree)', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  const keys = new ShellKeyboard(page);
  await shell.switchLanguage('en_US');
  await keys.searchPalette('Budget execution summary', 'screen:budget.summaryByBudgetExecution');
  await page.keyboard.press('Enter');
  const budgetGrid = page.getByTestId('al-budget-grid');
  const byCode = (code: string) => budgetGrid.locator('.ag-row', { has: page.locator('[col-id="code"]', { hasText: new RegExp(`^${code}$`) }) });
  const travel = byCode('200202');
  await expect(travel).toBeVisible();
  // The kind is shown whole ("Expense", the budget catalogue's word too), not cut to "Expe…".
  const kind = travel.locator('[col-id="kind"]');
  await expect(kind).toHaveText('Expense');
  expect(await kind.evaluate((el) => {
    const shown = el.querySelector('.ag-cell-value') ?? el;
    return shown.scrollWidth <= shown.clientWidth;
  })).toBe(true);
  const travelBudget = (await travel.locator('[col-id="budget"]').innerText()).trim();
  await page.screenshot({ path: testInfo.outputPath('budget-summary-kind-en.png'), fullPage: true });

  // ↓ to 200202 差旅费 (a parent), → onto its name, Enter drills; Alt+PageUp comes back to the same cell, and ↓ goes on from it.
  await expect(cellAt(budgetGrid, 0, 'code')).toBeFocused();
  const at = Number(await travel.getAttribute('row-index'));
  expect(at).toBeGreaterThan(2);
  for (let i = 0; i < at; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(cellAt(budgetGrid, at, 'name')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/budget\/subLedgerByBudgetExecution\?drill=/);
  await expect(page.getByTestId('al-budget')).toContainText('200202');
  await expect(page.getByTestId('al-budget-amount')).toContainText(travelBudget);
  const lines = page.getByTestId('al-budget-detail-grid');
  await expect(cellAt(lines, 0, 'summary')).toHaveText('Opening balance');
  await page.keyboard.press('Alt+PageUp');
  await expect(page).toHaveURL(/\/budget\/summaryByBudgetExecution$/);
  await expect(cellAt(budgetGrid, at, 'name')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(cellAt(budgetGrid, at + 1, 'name')).toBeFocused();
  await page.keyboard.press('ArrowUp');

  // The sub-ledger's picker takes the parent item (Enter on Choose…, its code, ↓, Enter): its whole subtree, as the drill showed it.
  await page.keyboard.press('Alt+PageDown');
  await expect(page).toHaveURL(/\/budget\/subLedgerByBudgetExecution/);
  await pressOn(page.getByTestId('al-pick-budget'));
  const picker = new PickerModel(page, 'budget-picker');
  await expect(picker.keyword()).toBeFocused();
  await page.keyboard.type('200202');
  await expect.poll(async () => {
    const texts = await picker.rows().allInnerTexts();
    return texts.length > 1 && texts.every((x) => x.includes('200202'));
  }).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('budget-picker-parent-en.png'), fullPage: true });
  // The parent is offered like a report's parent row (bold), not dimmed as a leaf-only picker shows it.
  await expect(picker.rows().first()).toHaveClass(/picker-row-group/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker.root).toBeHidden();
  await expect(page.getByTestId('picker-refusal')).toHaveCount(0);
  await expect(page.getByTestId('al-budget')).toContainText('200202');
  await expect(page.getByTestId('al-budget-amount')).toContainText(travelBudget);
  await expect(cellAt(lines, 0, 'summary')).toHaveText('Opening balance');
  await expect.poll(async () => rows(lines, 'summary').count()).toBeGreaterThan(1);

  // The summary's Budget item filter takes a parent too and narrows the rows to its subtree.
  await page.keyboard.press('Alt+PageUp');
  await expect(page).toHaveURL(/\/budget\/summaryByBudgetExecution$/);
  // Back on the row it left again (the page is drawn), then to the filter.
  await expect(cellAt(budgetGrid, at, 'name')).toBeFocused();
  await pressOn(page.getByTestId('al-pick-budget'));
  await expect(picker.keyword()).toBeFocused();
  await page.keyboard.type('2002');
  await expect.poll(async () => (await picker.rows().allInnerTexts()).every((x) => x.includes('2002'))).toBe(true);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker.root).toBeHidden();
  await expect(page.getByTestId('al-budget')).toContainText('2002');
  await expect.poll(async () => rows(budgetGrid, 'code').allInnerTexts()).toEqual(expect.arrayContaining(['2002', '200202']));
  const codes = await rows(budgetGrid, 'code').allInnerTexts();
  expect(codes[0]).toBe('2002');
  expect(codes.every((c) => c.startsWith('2002'))).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('budget-summary-subtree-en.png'), fullPage: true });
  await shell.switchLanguage('zh_CN');
  await expect(travel.locator('[col-id="kind"]')).toHaveText('支出');
  await page.screenshot({ path: testInfo.outputPath('budget-summary-subtree-zh.png'), fullPage: true });
  await pressOn(page.getByTestId('al-pick-budget'));
  await expect(picker.keyword()).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('budget-picker-parent-zh.png'), fullPage: true });
  await page.keyboard.press('Escape');
  await expect(picker.root).toBeHidden();
});

test('a clerk asks the balance by client about a client they do not lead: the books name every client of the company (keys only)', async ({ page }) => {
  await loginAs(page, 'clerk', 'clerk123', { at: '/voucher/business/balanceByAuxiliary' });
  await expect(page.getByTestId('aux-balance')).toBeVisible({ timeout: 20_000 });
  await pickByKeys(page.getByTestId('al-type'), '客户');
  await pressOn(page.getByTestId('al-pick'));
  const picker = new PickerModel(page, 'customer-picker');
  await expect(picker.keyword()).toBeVisible();
  // C0020 is 刘娜静's client: the clerk's client list has it not, the books do.
  await picker.search('C0020', 'Juniper Blue River Partners LP');
  await picker.keyword().press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('al-values')).toContainText('Juniper Blue River Partners LP');
});
