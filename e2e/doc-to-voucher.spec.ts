/**
 * Documents to vouchers by the keyboard (spec 01 §2 /voucher/daily/documentToVoucher; decision
 * 037): the admin ticks the first audited demo reimbursement with Space, chooses the paying account
 * and the debit subject of its expense kinds by typing (5602, which asks for a department: the
 * submitter's fills it), previews (a balanced voucher), generates — which shows the vouchers to be
 * written in a dialog first: Esc cancels and writes nothing, Enter confirms —
 * and the voucher written through the API balances and answers its source; the voucher editor names
 * the reimbursement (Enter opens it) and the reimbursement editor names the voucher (Enter opens it).
 * Codes read 202611-0013 everywhere, voucher codes in the UI language (General-0012). Grouped by
 * kind, the credit line's summary names the group. A fixed auxiliary value chosen with Enter in its
 * picker leaves the focus on its pill (not the page body); the budget picker refuses a parent item.
 * Screenshots in both languages. The generated voucher is deleted in afterAll, which frees the
 * reimbursement again.
 */
import { expect, test, type Locator, type Page } from './page-models/test';
import { restoreDemoState } from './page-models/demo-state';
import { apiHeaders, loginAs } from './page-models/login';
import { ShellModel } from './page-models/shell';
import { ListModel } from './page-models/admin-list';
import { pickByKeys, pressOn } from './page-models/keys';
import { PickerModel } from './page-models/pickers';

test.describe.configure({ mode: 'serial' });

const made: number[] = [];

test.afterAll(async ({ request }) => {
  const headers = await apiHeaders(request, 'admin', 'admin123');
  for (const id of made) await request.delete(`/api/voucher/${id}`, { headers });
  await restoreDemoState(request);
});

/**
 * Enter on a typed select once its own list (not another select's) shows `text` first, as a user
 * reads it; taken when the box shows that option's whole label and the list is closed (the typed
 * text alone is no choice: it empties when the field is left).
 */
async function enterFirstMatch(page: Page, input: Locator, text: string) {
  await expect(input).toHaveAttribute('aria-controls', /./);
  const first = page.locator(`[id="${await input.getAttribute('aria-controls')}"]`).getByRole('option').first();
  await expect(first).toContainText(text);
  const label = (await first.innerText()).trim();
  await page.keyboard.press('Enter');
  await expect(input).toHaveValue(label);
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  return label;
}

/** Types into a searchable select and takes the first matching option with Enter (as a form dialog's selects do: no ↓ needed). */
async function pick(page: Page, testId: string, text: string) {
  const input = page.getByTestId(testId);
  await input.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
  return enterFirstMatch(page, input, text);
}

const CODE = /^\d{6}-\d{4}$/;

test('an audited reimbursement becomes a balanced voucher, previewed first, by the keyboard', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin', 'admin123', { at: '/voucher/daily/documentToVoucher' });
  const screen = page.getByTestId('doc-to-voucher');
  await expect(screen).toBeVisible({ timeout: 20_000 });
  const grid = page.getByTestId('d2v-grid');
  const firstRow = grid.locator('.ag-row[row-index="0"]').filter({ has: page.locator('[col-id="code"]') });
  await expect(firstRow).toBeVisible({ timeout: 20_000 });
  const code = (await firstRow.locator('[col-id="code"]').innerText()).trim();
  // As the rest of the app shows a reimbursement's code (spec 02 §2.8), not as stored.
  expect(code).toMatch(CODE);

  // Tick the first document with Space (focus its cell, as Tab/arrow navigation lands there).
  await firstRow.locator('[col-id="date"]').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('d2v-selected')).toHaveText('已选 1 张');
  // The unpaid part's subject offers 2241 其他应付款 at first (the demo's audited documents are paid in full).
  await expect(page.getByTestId('d2v-payable')).toHaveValue(/^2241 /);

  // Generate before the paying account is chosen: the dialog says why nothing can be written, and Enter writes nothing.
  const confirm = page.getByTestId('d2v-confirm').locator('.mantine-Modal-content');
  await pressOn(page.getByTestId('d2v-generate'));
  await expect(confirm).toBeVisible({ timeout: 20_000 });
  await expect(confirm.getByTestId('d2v-refused')).toContainText(`单据 ${code}：请选择付款银行账户或贷方科目`);
  await expect(page.getByTestId('d2v-confirm-ok')).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();

  // The paying account and each kind's debit subject, typed.
  await pick(page, 'd2v-bank', 'B001');
  // One field per expense kind of the ticked document, shown once the kinds have arrived.
  const kindSelects = page.getByTestId('d2v-kind-subjects').locator('input[data-testid^="d2v-kind-subject-"]');
  await expect(kindSelects.first()).toBeVisible();
  const count = await kindSelects.count();
  // 5602 asks for a department: the submitter's department fills it.
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const expenseSubject = '5602';
  for (let i = 0; i < count; i += 1) await pick(page, (await kindSelects.nth(i).getAttribute('data-testid'))!, expenseSubject);

  // Preview: one balanced voucher, nothing written.
  await pressOn(page.getByTestId('d2v-preview'));
  const proposal = page.getByTestId('d2v-proposal');
  await expect(proposal).toHaveCount(1);
  await expect(proposal).toHaveAttribute('data-balanced', 'true');
  await expect(proposal).toContainText(code);
  await expect(page.getByTestId('d2v-debit')).toHaveText(await page.getByTestId('d2v-credit').innerText());
  await expect(page.getByTestId('d2v-voucher')).toHaveCount(0);
  await expect(proposal.getByTestId('d2v-line-aux').first()).toContainText('部门:');
  await page.screenshot({ path: testInfo.outputPath('doc-to-voucher-zh.png'), fullPage: true });

  // Generate shows what it will write first, in a dialog, its confirmation focused; Esc cancels and writes nothing.
  await pressOn(page.getByTestId('d2v-generate'));
  await expect(confirm).toBeVisible({ timeout: 20_000 });
  await expect(confirm.getByTestId('d2v-proposal')).toHaveCount(1);
  await expect(confirm.getByTestId('d2v-proposal')).toHaveAttribute('data-balanced', 'true');
  await expect(confirm.getByTestId('d2v-proposal')).toContainText(code);
  await expect(confirm.getByTestId('d2v-line-aux').first()).toContainText('部门:');
  await expect(page.getByTestId('d2v-confirm-ok')).toBeFocused();
  await expect(page.getByTestId('d2v-confirm-ok')).toHaveText('生成 1 张凭证');
  await page.screenshot({ path: testInfo.outputPath('doc-to-voucher-confirm-zh.png') });
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('d2v-generate')).toBeFocused();
  await expect(page.getByTestId('d2v-voucher')).toHaveCount(0);
  await expect(grid.getByText(code, { exact: true })).toHaveCount(1);

  // Generate again, Enter confirms: the voucher is written and the document leaves the list of pending ones.
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('d2v-confirm-ok')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden({ timeout: 20_000 });
  await expect(page.getByTestId('d2v-voucher')).toBeVisible({ timeout: 20_000 });
  const voucherId = Number(await proposal.getAttribute('data-voucher-id'));
  expect(voucherId).toBeGreaterThan(0);
  made.push(voucherId);
  await expect(grid.getByText(code, { exact: true })).toHaveCount(0);

  const v = (await (await request.get(`/api/voucher/${voucherId}`, { headers })).json()).data;
  expect(v.source).toBe('EXPENSE');
  const sum = (debit: boolean) => v.items.filter((l: { direction: boolean }) => l.direction === debit).reduce((s: number, l: { amount: string }) => s + Number(l.amount), 0);
  expect(sum(true)).toBeGreaterThan(0);
  expect(sum(true)).toBe(sum(false));
  // Its expense lines carry the submitter's department.
  expect(v.items.filter((l: { direction: boolean }) => l.direction).every((l: { auxes: Array<{ auxTypeId: number }> }) => l.auxes.some((a) => a.auxTypeId === 1))).toBe(true);
  const sources = (await (await request.get('/api/voucher/billQuery', { headers, params: { accountId: v.accountId, source: 'EXPENSE', voucherId } })).json()).data;
  expect(sources.map((d: { code: string }) => d.code)).toEqual([code.replace('-', '')]);
  const docId = sources[0].id as number;
  const label = `记-${v.codeText}`;
  await expect(page.getByTestId('d2v-voucher')).toContainText(label);
  // The line summaries name the document by its readable code.
  await expect(proposal).toContainText(code);
  expect(v.items.every((l: { summary: string }) => !l.summary.includes(code.replace('-', '')))).toBe(true);

  // The same screen in English.
  const shell = new ShellModel(page);
  await shell.switchLanguage('en_US');
  await expect(page.getByText('Documents to vouchers').first()).toBeVisible();
  await expect(page.getByTestId('d2v-voucher')).toContainText('Generated');
  // The voucher code in the kind's English name, as the voucher list and the tab say it.
  await expect(page.getByTestId('d2v-voucher')).toContainText(`General-${v.codeText}`);
  await page.screenshot({ path: testInfo.outputPath('doc-to-voucher-en.png'), fullPage: true });
  await shell.switchLanguage('zh_CN');

  // The voucher names its source: Enter on it opens the reimbursement…
  await page.goto(`/newVoucher/${voucherId}`);
  const source = page.getByTestId(`voucher-source-EXPENSE-${docId}`);
  await expect(source).toHaveText(`报销单 ${code}`, { timeout: 20_000 });
  await pressOn(source);
  await expect(page).toHaveURL(new RegExp(`/newReimburse/${docId}$`));
  await expect(page.getByTestId('reimburse-code')).toHaveValue(code);
  // …which names its voucher: Enter on it opens the voucher again.
  const back = page.getByTestId('reimburse-voucher');
  await expect(back).toHaveText(`凭证 ${label}`);
  await page.screenshot({ path: testInfo.outputPath('reimburse-voucher-zh.png') });
  await shell.switchLanguage('en_US');
  await expect(back).toHaveText(`Voucher General-${v.codeText}`);
  await pressOn(back);
  await expect(page).toHaveURL(new RegExp(`/newVoucher/${voucherId}$`));
  await expect(page.getByTestId('voucher-editor')).toHaveAttribute('data-voucher-id', String(voucherId));
  await expect(page.getByTestId(`voucher-source-EXPENSE-${docId}`)).toHaveText(`Reimbursement ${code}`);
  await page.screenshot({ path: testInfo.outputPath('voucher-source-en.png') });
  // The reimbursement list names the voucher the same way (it showed the server's 记-0005 in English).
  await page.goto('/cashier/reimburseManagement');
  const list = ListModel.byId(page, 'cashier.reimburseManagement');
  await list.search(code.replace('-', ''));
  await expect(list.rowById(docId).locator('.ag-cell[col-id="voucherCode"]')).toHaveText(`General-${v.codeText}`, { timeout: 20_000 });
  await shell.switchLanguage('zh_CN');
  await expect(list.rowById(docId).locator('.ag-cell[col-id="voucherCode"]')).toHaveText(label);
});

test('grouped by kind, the credit line names the group: how many and which', async ({ page }) => {
  test.setTimeout(90_000);
  // A fresh page, its bank accounts held back until the paying account has been typed: a choice
  // typed before the list arrives is taken by Enter once it shows (it used to take nothing, and the
  // field emptied when left).
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/common/bankAccount?*', async (route) => {
    await held;
    await route.fallback();
  });
  await loginAs(page, 'admin', 'admin123', { at: '/voucher/daily/documentToVoucher' });
  const grid = page.getByTestId('d2v-grid');
  const row = (i: number) => grid.locator(`.ag-row[row-index="${i}"]`).filter({ has: page.locator('[col-id="code"]') });
  await expect(row(2)).toBeVisible({ timeout: 20_000 });
  const codes: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    codes.push((await row(i).locator('[col-id="code"]').innerText()).trim());
    await row(i).locator('[col-id="date"]').focus();
    await page.keyboard.press('Space');
  }
  await expect(page.getByTestId('d2v-selected')).toHaveText('已选 3 张');
  await pickByKeys(page.getByTestId('d2v-grouping'), '所选单据合并，按费用类型汇总');
  const bank = page.getByTestId('d2v-bank');
  await bank.focus();
  await page.keyboard.type('B001');
  await expect(bank).toHaveValue('B001');
  await expect(page.getByRole('option')).toHaveCount(0);
  release();
  await page.unroute('**/api/common/bankAccount?*');
  const bankLabel = await enterFirstMatch(page, bank, 'B001');
  // One debit subject per expense kind of the ticked documents, typed (their fields shown once the kinds have arrived).
  const kindSelects = page.getByTestId('d2v-kind-subjects').locator('input[data-testid^="d2v-kind-subject-"]');
  await expect(kindSelects.first()).toBeVisible();
  const kinds = await kindSelects.count();
  for (let i = 0; i < kinds; i += 1) await pick(page, (await kindSelects.nth(i).getAttribute('data-testid'))!, '5602');
  // Every choice still shown when previewing.
  await expect(bank).toHaveValue(bankLabel);
  for (let i = 0; i < kinds; i += 1) await expect(kindSelects.nth(i)).toHaveValue(/^5602 /);
  await pressOn(page.getByTestId('d2v-preview'));
  const proposal = page.getByTestId('d2v-proposal');
  await expect(proposal).toHaveCount(1);
  await expect(proposal).toHaveAttribute('data-balanced', 'true');
  const sorted = [...codes].sort();
  const credit = proposal.locator('tbody tr').filter({ hasText: '1002' }).first();
  await expect(credit.locator('td').first()).toHaveText(`报销 3 张 ${sorted[0]}–${sorted[2]}`);
  await expect(proposal).toContainText(`${sorted[0]}, `);
});

test('fixed auxiliary values by the keys: a value chosen with Enter leaves the focus on its pill; the budget picker takes last-level items only', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin', 'admin123', { at: '/voucher/daily/documentToVoucher' });
  await expect(page.getByTestId('d2v-aux-pick-5')).toBeVisible({ timeout: 20_000 });
  /** The focused element is inside the pill of that type (its remove button), not the page body. */
  const focusInPill = (type: number) => expect.poll(() => page.evaluate((t) => !!document.activeElement?.closest(`[data-testid="d2v-aux-${t}"]`), type), { timeout: 10_000 }).toBe(true);

  // Project…: Enter opens its picker, ↓ and Enter choose the first case; the focus is on the pill that replaced the button.
  const projects = new PickerModel(page, 'project-picker');
  await pressOn(page.getByTestId('d2v-aux-pick-5'));
  await expect(projects.keyword()).toBeFocused();
  await expect(projects.rows().first()).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(projects.root).toBeHidden();
  await expect(page.getByTestId('d2v-aux-5')).toBeVisible();
  await focusInPill(5);
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);

  // Budget…: a parent item (the first row, with sub-items) is refused with the reason and the picker stays; its sub-item is taken.
  const budgets = new PickerModel(page, 'budget-picker');
  await pressOn(page.getByTestId('d2v-aux-pick-6'));
  await expect(budgets.keyword()).toBeFocused();
  await expect(budgets.rows().nth(2)).toBeVisible({ timeout: 20_000 });
  // In tree order: the first item with no sub-item after it is the first leaf.
  const codes = (await budgets.rows().locator('[col-id="code"]').allInnerTexts()).map((c) => c.trim());
  const leafAt = codes.findIndex((c, i) => !(codes[i + 1] ?? '').startsWith(c));
  expect(leafAt).toBeGreaterThan(0);
  const [parent, child] = [codes[0], codes[leafAt]];
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(budgets.root.getByTestId('picker-refusal')).toContainText(parent);
  await expect(budgets.root).toBeVisible();
  // Keys faster than the grid's own news (AG Grid tells of a focus from a timer queue): ↓ ↑ Enter in one
  // task choose the parent again; the focus news arriving after the Enter leave its refusal standing.
  await page.evaluate(() => {
    const fire = (key: string) => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, code: key, bubbles: true, cancelable: true }));
    fire('ArrowDown');
    fire('ArrowUp');
    fire('Enter');
  });
  await page.waitForTimeout(300);
  await expect(budgets.root.getByTestId('picker-refusal')).toContainText(parent);
  await expect(page.getByTestId('d2v-aux-6')).toHaveCount(0);
  await expect(page.getByTestId('d2v-aux-6')).toHaveCount(0);
  for (let i = 0; i < leafAt; i += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(budgets.root).toBeHidden();
  await expect(page.getByTestId('d2v-aux-6')).toContainText(child);
  await focusInPill(6);

  // Enter on the pill's remove button takes the value off; the picker's button is back.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('d2v-aux-6')).toHaveCount(0);
  await expect(page.getByTestId('d2v-aux-pick-6')).toBeVisible();
});

test('a date range ending before it starts is said under its end, in either language, and not asked (keys only)', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 400) refused.push(r.url());
  });
  await loginAs(page, 'admin', 'admin123', { at: '/voucher/daily/documentToVoucher' });
  const grid = page.getByTestId('d2v-grid');
  const rows = grid.locator('.ag-row').filter({ has: page.locator('[col-id="code"]') });
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  const from = page.getByTestId('d2v-from');
  const to = page.getByTestId('d2v-to');
  const type = async (field: Locator, text: string) => {
    await field.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(text);
  };
  await type(from, '2026-11-30');
  await page.keyboard.press('Enter');
  await type(to, '2026-11-01');
  // Said under the later date as soon as it is whole, in the catalogue's words; the documents are not asked for.
  await expect(to).toHaveAccessibleDescription('期间结束日期不能早于开始日期');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(from).not.toHaveAttribute('aria-invalid', 'true');
  await expect(rows).toHaveCount(0);
  // Search (Enter on it) asks nothing either.
  await pressOn(page.getByTestId('d2v-refresh'));
  await expect(page.getByTestId('doc-to-voucher').getByRole('alert')).toHaveCount(0);
  // In English, the same place, its words.
  const shell = new ShellModel(page);
  await shell.switchLanguage('en_US');
  await expect(to).toHaveAccessibleDescription('The period end cannot be before its start');
  await shell.switchLanguage('zh_CN');
  // Mended (a later end, an earlier start), the message goes and the documents come back.
  await type(to, '2099-12-31');
  await page.keyboard.press('Enter');
  await type(from, '2000-01-01');
  await page.keyboard.press('Enter');
  await expect(to).not.toHaveAttribute('aria-invalid', 'true');
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  expect(refused).toEqual([]);
});
