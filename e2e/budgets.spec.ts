/**
 * Budgets and vendors (issue 7): a budget child created by keyboard under 1002, its annual amount
 * edited in place with Enter (the parent's bold total and the profit row follow), a vendor created
 * by keyboard, the vendor form's messages and its add-employee button (spec 01 §2), and screenshots
 * of both screens in both languages.
 */
import { expect, test, type APIRequestContext } from './page-models/test';
import { loginAs } from './page-models/login';
import { ShellModel } from './page-models/shell';
import { restoreDemoState } from './page-models/demo-state';
import { BudgetCatalogueModel, VendorListModel } from './page-models/budgets';
import { SCREENSHOTS } from './page-models/screenshots';
import { chooseOpenOption, pressOn } from './page-models/keys';
import { arrowToCell } from './page-models/clients';

/** Removes what this spec adds, so other specs see the seed's budgets and vendors. */
async function cleanUp(request: APIRequestContext) {
  const login = await (await request.post('/api/idm/user/login', { data: { username: 'admin', password: 'admin123' } })).json();
  const headers = { authorization: `Bearer ${login.data.accessToken}` };
  const years = (await (await request.get('/api/account/year', { params: { accountId: 1 }, headers })).json()).data.content as { id: number }[];
  for (const y of years) {
    const list = (await (await request.get('/api/aux/budget', { params: { filter: JSON.stringify({ accountYearId: y.id, keyword: 'E2E' }) }, headers })).json()).data.content as { id: number }[];
    for (const b of list) await request.delete(`/api/aux/budget/${b.id}`, { headers });
  }
  const vendors = (await (await request.get('/api/aux/vendor', { params: { filter: JSON.stringify({ accountId: 1, keyword: 'E2E' }) }, headers })).json()).data.content as { id: number }[];
  for (const v of vendors) await request.delete(`/api/aux/vendor/${v.id}`, { headers });
  // Employees added from the vendor form (after their vendors, which name them as owner).
  const employees = (await (await request.get('/api/aux/employee', { params: { filter: JSON.stringify({ companyId: 1, keyword: 'E2EV' }) }, headers })).json()).data.content as { id: number }[];
  for (const e of employees) await request.delete(`/api/aux/employee/${e.id}`, { headers });
}

test.beforeAll(async ({ request }) => cleanUp(request));
test.afterAll(async ({ request }) => {
  await cleanUp(request);
  await restoreDemoState(request);
});

test('creates a budget child by keyboard and edits its amount inline; parent total and profit follow', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  const b = new BudgetCatalogueModel(page);
  await b.open();
  await expect(b.amount('1002')).toHaveText('900,000.00');
  await expect(b.profit()).toHaveText('1,840,000.00');

  // New with 1002 selected: the code starts with 1002; the kind is the parent's.
  await b.list.select(/^1002|顾问费收入/);
  await b.startNew();
  await expect(b.code()).toHaveValue('1002');
  await page.keyboard.press('End');
  await page.keyboard.type('02');
  await page.keyboard.press('Tab');
  await expect(b.name()).toBeFocused();
  await page.keyboard.type('E2E 专项顾问');
  await expect(b.dialog().getByTestId('budget-parent')).toHaveValue(/^1002 /);
  await page.keyboard.press('Enter');
  await expect(b.dialog()).toBeHidden();
  await expect(b.amount('100202')).toHaveText('0.00');

  // Inline: Enter edits, Enter saves (cents on the wire); the parent's total and the profit follow.
  await b.editAmount('100202', '1000.5');
  await expect(b.amount('100202')).toHaveText('1,000.50');
  await expect(b.amount('1002')).toHaveText('901,000.50');
  await expect(b.profit()).toHaveText('1,841,000.50');

  // A bad amount is refused and nothing changes.
  await b.editAmount('100202', '-3');
  await expect(page.getByText('请输入不小于 0 的金额')).toBeVisible();
  await expect(b.amount('100202')).toHaveText('1,000.50');
});

test("the budget screens by keyboard: Enter opens a row (a leaf's amount edits in place), Delete on a parent says why, the popup's messages; execution in red and bold", async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin', 'admin123', { at: '/budget/catalog' });
  const b = new BudgetCatalogueModel(page);
  await expect(b.profit()).toBeVisible();
  await expect(page.getByTestId('list-keyword')).toBeFocused();
  // Enter on a row opens it in the popup (it used to tick the row and open nothing), on its name.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(b.dialog()).toBeVisible();
  await expect(b.name()).toBeFocused();
  await expect(b.code()).toHaveValue('1001');
  await page.keyboard.press('Escape');
  await expect(b.dialog()).toBeHidden();
  // Delete on a ticked parent says that only last-level budgets go (it did nothing at all).
  await page.keyboard.press('Space');
  await page.keyboard.press('Delete');
  await expect(page.locator('.mantine-Notification-root').last()).toContainText('只能删除末级预算：1001');
  await expect(page.getByTestId('confirm-dialog')).toBeHidden();
  await page.keyboard.press('Space');
  // On a leaf's amount Enter edits in place, no popup; Esc leaves the amount as it was.
  const leaf = b.list.rows().filter({ has: page.getByTestId('budget-row-10010101') });
  await leaf.locator('[col-id="code"]').click();
  await arrowToCell(page, leaf, 'yuan');
  await page.keyboard.press('Enter');
  await expect(leaf.locator('[col-id="yuan"] input')).toBeFocused();
  await expect(b.dialog()).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(b.amount('10010101')).toHaveText('2,600,000.00');
  // The popup on an empty code and name: 'Please enter', as the subject catalogue's.
  await b.startNew();
  await page.keyboard.press('Enter');
  const error = (testId: string) => b.dialog().locator('.mantine-InputWrapper-root', { has: page.getByTestId(testId) }).locator('.mantine-InputWrapper-error');
  await expect(error('budget-code')).toHaveText('请输入');
  await expect(error('budget-name')).toHaveText('请输入');
  await page.keyboard.press('Escape');
  await expect(b.dialog()).toBeHidden();

  // The execution summary: an item over its budget shows its negative remainder in red.
  await page.goto('/budget/summaryByBudgetExecution');
  const grid = page.getByTestId('al-budget-grid');
  const remaining = grid.locator('.ag-row [col-id="remaining"]');
  await expect.poll(() => remaining.count()).toBeGreaterThan(2);
  const negatives = remaining.filter({ hasText: /^-/ });
  expect(await negatives.count()).toBeGreaterThan(0);
  for (const cell of await negatives.all()) await expect(cell).toHaveClass(/ld-negative/);
  await expect(remaining.filter({ hasNotText: /^-/ }).first()).not.toHaveClass(/ld-negative/);

  // The execution sub-ledger opened straight (not drilled from the summary): its totals are bold.
  await page.goto('/budget/subLedgerByBudgetExecution');
  await pressOn(page.getByTestId('al-pick-budget'));
  await expect(page.getByTestId('list-keyword').last()).toBeFocused();
  await page.keyboard.type('2002');
  await expect(page.locator('.mantine-Modal-content .ag-row[row-index="0"]')).toContainText('2002');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('al-budget')).toContainText('2002');
  const total = page.locator('[data-testid="al-budget-detail-grid"] .ag-row.ld-sb-strong [col-id="summary"]').first();
  await expect(total).toBeVisible();
  await expect(total).toHaveCSS('font-weight', '700');

  // In English the summary's headers read whole ("Used in the periods" was cut to "Used in the peri…"
  // in a 1400 px window).
  await page.setViewportSize({ width: 1400, height: 900 });
  const shell = new ShellModel(page);
  await shell.switchLanguage('en_US');
  try {
    await page.goto('/budget/summaryByBudgetExecution');
    const header = page.locator('[data-testid="al-budget-grid"] .ag-header-cell[col-id="actual"] .ag-header-cell-text');
    await expect(header).toHaveText('Used in the periods');
    expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  } finally {
    await shell.switchLanguage('zh_CN');
  }
});

test('the catalogue puts the delete icon on leaf rows only (spec 02 §2.2); parents keep their edit icon', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123', { at: '/budget/catalog' });
  const b = new BudgetCatalogueModel(page);
  await expect(b.profit()).toBeVisible();
  // The whole row (its pinned actions cell included), found by the code cell's row.
  const row = async (code: string) => {
    const part = b.list.rows().filter({ has: page.getByTestId(`budget-row-${code}`) }).first();
    await expect(part).toBeVisible();
    return b.list.rowById((await part.getAttribute('row-id'))!);
  };
  for (const parent of ['1001', '100101']) {
    const r = await row(parent);
    await expect(r.getByTestId('row-action-edit')).toBeVisible();
    // It was there, greyed out.
    await expect(r.getByTestId('row-action-delete')).toHaveCount(0);
  }
  const leaf = await row('10010101');
  await expect(leaf.getByTestId('row-action-delete')).toBeVisible();
  await expect(leaf.getByTestId('row-action-delete')).not.toHaveAttribute('aria-disabled', 'true');
});

test('creates a vendor by keyboard', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  const v = new VendorListModel(page);
  await v.open();
  await expect(v.list.rows().first()).toBeVisible();
  await v.startNew();
  await page.keyboard.type('E2E01');
  await page.keyboard.press('Tab');
  await page.keyboard.type('E2E 测试供应商');
  await page.keyboard.press('Enter');
  await expect(v.dialog()).toBeHidden();
  await v.list.search('E2E');
  await expect(v.list.row('E2E 测试供应商')).toBeVisible();
  await expect(v.list.row('E2E 测试供应商')).toContainText('普通');
});

test("the vendor form: the spec's messages for an empty form, and an owner added by its add-employee button, by keyboard", async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  const v = new VendorListModel(page);
  await v.open();
  await expect(v.list.rows().first()).toBeVisible();
  await v.startNew();
  // Enter on the empty form: code and name say 'please enter correct content' (spec 02 §5), not a generic message.
  await page.keyboard.press('Enter');
  const error = (testId: string) => v.dialog().locator('.mantine-InputWrapper-root', { has: page.getByTestId(testId) }).locator('.mantine-InputWrapper-error');
  await expect(error('vendor-code')).toHaveText('请输入正确的内容');
  await expect(error('vendor-name')).toHaveText('请输入正确的内容');
  await expect(page.getByTestId('vendor-code')).toBeFocused();
  await page.keyboard.type('E2E02');
  await page.keyboard.press('Tab');
  await page.keyboard.type('E2E 带负责人供应商');

  // Tab on to the add-employee button beside the owner; Enter opens the New-employee form over the vendor form.
  const add = v.dialog().getByTestId('vendor-add-employee');
  for (let i = 0; i < 6 && !(await add.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(add).toBeFocused();
  await page.keyboard.press('Enter');
  const emp = page.getByTestId('employee-dialog');
  await expect(emp).toBeVisible();
  await expect(page.getByTestId('employee-code')).toBeFocused();
  const code = `E2EV${Date.now().toString(36).slice(-4)}`;
  await page.keyboard.type(code);
  await page.keyboard.press('Tab');
  await page.keyboard.type('供应负责人');
  await page.getByTestId('employee-department').focus();
  await page.keyboard.press('ArrowDown');
  await chooseOpenOption(page.getByRole('option').first());
  await page.getByTestId('employee-name').focus();
  await page.keyboard.press('Enter');
  await expect(emp).toBeHidden();
  // Back in the vendor form, which stayed open with what was typed, on the owner now filled.
  await expect(v.dialog()).toBeVisible();
  await expect(page.getByTestId('vendor-name')).toHaveValue('E2E 带负责人供应商');
  await expect(page.getByTestId('vendor-owner')).toHaveValue(`${code} 供应负责人`);
  await expect(page.getByTestId('vendor-owner')).toBeFocused();
  await page.screenshot({ path: 'test-results/budgets-zh_CN-vendor-added-owner.png', animations: 'disabled' });

  // Esc in the employee form closes it alone.
  await pressOn(add);
  await expect(emp).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(emp).toBeHidden();
  await expect(v.dialog()).toBeVisible();

  await page.getByTestId('vendor-name').focus();
  await page.keyboard.press('Enter');
  await expect(v.dialog()).toBeHidden();
  await v.list.search('E2E02');
  await expect(v.list.row('E2E 带负责人供应商')).toContainText('供应负责人');
});

test('screenshots of the budget and vendor screens in both languages', SCREENSHOTS, async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  const b = new BudgetCatalogueModel(page);
  const v = new VendorListModel(page);
  for (const lang of ['zh_CN', 'en_US'] as const) {
    await shell.switchLanguage(lang);
    await b.open();
    await expect(b.profit()).toBeVisible();
    await page.screenshot({ path: `test-results/budgets-${lang}-catalog.png`, animations: 'disabled' });
    await b.list.rowAction(/^1001|律师费收入/, 'edit');
    await expect(b.dialog()).toBeVisible();
    await page.screenshot({ path: `test-results/budgets-${lang}-dialog.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(b.dialog()).toBeHidden();
    await v.open();
    await expect(v.list.rows().first()).toBeVisible();
    await page.screenshot({ path: `test-results/budgets-${lang}-vendors.png`, animations: 'disabled' });
    await v.list.open(/V001/);
    await expect(v.dialog()).toBeVisible();
    await page.screenshot({ path: `test-results/budgets-${lang}-vendor-dialog.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(v.dialog()).toBeHidden();
    // New, Enter on the empty form: the spec's messages under code and name.
    await v.startNew();
    await page.keyboard.press('Enter');
    await expect(v.dialog().locator('.mantine-InputWrapper-error').first()).toBeVisible();
    await page.screenshot({ path: `test-results/budgets-${lang}-vendor-empty.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(v.dialog()).toBeHidden();
  }
  await shell.switchLanguage('zh_CN');
});
