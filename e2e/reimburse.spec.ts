/**
 * Reimbursements with the keyboard (spec 02 §2.8, §4, §5; decision 034): a cashier enters a
 * reimbursement whose second invoice number was reimbursed already (the line is flagged and Ctrl+S
 * is refused with 'The invoice has been reimbursed…'), fixes the number and saves with Ctrl+S; she
 * cannot audit her own document (Audit disabled, the server refuses it per document, as a voucher's
 * maker cannot), the administrator audits it (the sheet turns read-only); then audits two documents
 * at once in the management list and reads the per-document results (Enter on OK puts the caret back
 * on the rows); exports two documents through the background export task, and with none ticked
 * says 'There is no data to export!'. The submitter's picker chosen with Enter gives the focus back
 * to its search icon; an invoice dated after the mark date is flagged on its date.
 * A save the header refuses (no mark date, a pay amount above the maximum cost, a submitter the
 * server finds disabled) puts the caret on the refused header field, framed until put right.
 * Screenshots in both languages. Everything made or audited is
 * put back in afterAll.
 */
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from './page-models/test';
import { restoreDemoState } from './page-models/demo-state';
import { apiHeaders, loginAs } from './page-models/login';
import { FormDialogModel, ListModel } from './page-models/admin-list';
import { ShellModel } from './page-models/shell';
import { chooseOpenOption, pickByKeys, pressOn } from './page-models/keys';
import { SCREENSHOTS } from './page-models/screenshots';
import { PickerModel } from './page-models/pickers';
import { e2eToday } from './page-models/clock';

test.describe.configure({ mode: 'serial' });

/** The demo seed's first invoice number (src/server/db/seed-expenses.ts): already reimbursed. */
const TAKEN_NO = '044100000';
const stamp = Date.now().toString().slice(-7);
const created: number[] = [];
const batchAudited: number[] = [];
/** Demo documents a test saved, as they were (put back in afterAll). */
const touched: ExpenseDoc[] = [];

interface ExpenseLine { expenseKindId: number; expenseKindName: string; issueAt: string; no: string; amount: number; remark: string | null }
interface ExpenseDoc { id: number; code: string; markAt: string; submitAt: string | null; submitterId: number | null; payAt: string | null; payAmount: number; version: number; invoices: ExpenseLine[] }

test.afterAll(async ({ request }) => {
  const headers = await apiHeaders(request, 'admin', 'admin123');
  for (const d of touched) {
    const now = (await (await request.get(`/api/expense/${d.id}`, { headers })).json()).data as ExpenseDoc;
    const invoices = d.invoices.map(({ expenseKindId, issueAt, no, amount, remark }) => ({ expenseKindId, issueAt, no, amount, remark }));
    await request.post(`/api/expense/${d.id}`, { headers, data: { markAt: d.markAt, submitAt: d.submitAt, submitterId: d.submitterId, payAt: d.payAt, payAmount: d.payAmount, markerId: null, invoices, version: now.version } });
  }
  if (batchAudited.length) await request.post('/api/expense/lock', { headers, data: { lock: false, ids: batchAudited } });
  for (const id of created) {
    await request.post('/api/expense/lock', { headers, data: { lock: false, ids: [id] } });
    await request.delete(`/api/expense/${id}`, { headers });
  }
  await restoreDemoState(request);
});

const grid = (page: Page) => page.getByTestId('reimburse-grid');
const cell = (page: Page, row: number, col: string) => grid(page).locator(`.ag-row:not(.ag-row-pinned)[row-index="${row}"] .ag-cell[col-id="${col}"]`);
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    const c = el?.closest('.ag-cell');
    const r = el?.closest('.ag-row');
    if (!c || !r || r.classList.contains('ag-row-pinned')) return null;
    return { row: Number(r.getAttribute('row-index')), col: c.getAttribute('col-id') ?? '' };
  });
}
/** The management list's focused cell (row index and column), or null. */
const focusedListCell = (page: Page) => page.evaluate(() => {
  const el = document.activeElement;
  const c = el?.closest('[data-testid="list-cashier.reimburseManagement"] .ag-cell');
  const r = c?.closest('.ag-row');
  return c && r ? { row: Number(r.getAttribute('row-index')), col: c.getAttribute('col-id') ?? '' } : null;
});
const expectFocus = (page: Page, row: number, col: string) => expect.poll(() => focused(page), { timeout: 10_000 }).toEqual({ row, col });
async function enter(page: Page, text: string) {
  if (text) await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

test('a cashier enters a reimbursement: a reimbursed invoice blocks the save, the fixed one saves and is audited', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'cashier', 'cash123', { at: '/newReimburse/new' });
  const editor = page.getByTestId('reimburse-editor');
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await expectFocus(page, 0, 'expenseKindId');
  // The lines show the rows that fit the window: the total, auditor and maker stay in view, the page does not scroll.
  await expect(page.getByTestId('reimburse-total')).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight)).toBeLessThanOrEqual(4);

  // Line 1: kind 1 (its number in the list), a short date, a new invoice number, 128.50, a remark.
  await enter(page, '1');
  await expectFocus(page, 0, 'issueAt');
  await enter(page, '2026-11-03');
  await expectFocus(page, 0, 'no');
  await enter(page, `E2E${stamp}A`);
  await enter(page, '128.5');
  await expectFocus(page, 0, 'remark');
  await enter(page, 'taxi');
  await expectFocus(page, 1, 'expenseKindId');

  // Line 2: the reimbursed number is flagged as soon as the server says so.
  await enter(page, '2');
  await enter(page, '20261104');
  await enter(page, TAKEN_NO);
  await enter(page, '60');
  await enter(page, '');
  await expect(cell(page, 1, 'no')).toHaveClass(/ld-cell-issue/);

  // Ctrl+S is refused with the spec's message; nothing is saved.
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('reimburse-rule-errors')).toContainText('该发票已报销，不能重复报销！');
  await expect(editor).toHaveAttribute('data-lifecycle', 'new');
  await page.screenshot({ path: 'test-results/reimburse-zh_CN-duplicate.png', animations: 'disabled' });

  // The refused save put the caret on the refused cell: the new number is typed over it.
  await expectFocus(page, 1, 'no');
  await enter(page, `E2E${stamp}B`);
  await expect(cell(page, 1, 'no')).not.toHaveClass(/ld-cell-issue/);
  // No line is flagged any more: the refusal's banner goes with it.
  await expect(page.getByTestId('reimburse-rule-errors')).toHaveCount(0);

  // Ctrl+S saves; the editor moves to the document's tab and shows its code.
  await page.keyboard.press('Control+s');
  await expect(editor).toHaveAttribute('data-lifecycle', 'unaudited', { timeout: 15_000 });
  await expect(page).toHaveURL(/\/newReimburse\/\d+$/);
  const id = Number(/\/newReimburse\/(\d+)$/.exec(page.url())![1]);
  created.push(id);
  await expect(page.getByTestId('reimburse-code')).toHaveValue(/^\d{6}-\d{4}$/);
  await expect(page.getByTestId('reimburse-total')).toContainText('188.50');
  // Shown again under its id, the document keeps the caret where Ctrl+S was pressed (not the first line).
  await expectFocus(page, 1, 'amount');

  // Summary tab: by kind, with the total.
  await pressOn(page.getByTestId('reimburse-tab-summary'));
  await expect(page.getByTestId('reimburse-summary-total')).toContainText('188.50');
  await pressOn(page.getByTestId('reimburse-tab-detail'));

  // The cashier made it: she cannot audit it (as a voucher's maker cannot). The button is disabled
  // and the server refuses it too, per document, in the catalogue's words.
  await expect(page.getByTestId('reimburse-action-audit')).toBeDisabled();
  const cashierHeaders = await apiHeaders(page.request, 'cashier', 'cash123');
  const self = (await (await page.request.post('/api/expense/lock', { headers: cashierHeaders, data: { lock: true, ids: [id] } })).json()).data;
  expect(self).toEqual([expect.objectContaining({ id, ok: false, result: 'REIMBURSE_SELF_AUDIT', msg: '报销单的制单人与审核人不能为同一人' })]);

  // Another user (the administrator) audits it: the button from the keyboard; read-only, the auditor shown; typing is refused.
  await loginAs(page, 'admin', 'admin123', { at: `/newReimburse/${id}` });
  await expect(editor).toHaveAttribute('data-lifecycle', 'unaudited', { timeout: 20_000 });
  await expect(page.getByTestId('reimburse-maker')).toContainText('王出纳');
  await pressOn(page.getByTestId('reimburse-action-audit'));
  await expect(editor).toHaveAttribute('data-lifecycle', 'audited', { timeout: 15_000 });
  await expect(page.getByTestId('reimburse-auditor')).toContainText('系统管理员');
  await expect(page.getByTestId('reimburse-action-save')).toBeDisabled();
  await expect(page.getByTestId('reimburse-action-cancelAudit')).toBeEnabled();
  // The keyboard stays on the toolbar: Cancel audit, which took the Audit button's place, has the focus (not the page body).
  await expect(page.getByTestId('reimburse-action-cancelAudit')).toBeFocused();
  // …and Enter on it (confirmed) cancels the audit, the focus back on Audit.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm-ok')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(editor).toHaveAttribute('data-lifecycle', 'unaudited', { timeout: 15_000 });
  await expect(page.getByTestId('reimburse-action-audit')).toBeFocused();
  await pressOn(page.getByTestId('reimburse-action-audit'));
  await expect(editor).toHaveAttribute('data-lifecycle', 'audited', { timeout: 15_000 });
});

/** Moves the caret from the header back into the lines (the kind cell of `row`), where Ctrl+S is usually pressed. */
async function backToLine(page: Page, row: number) {
  await cell(page, row, 'expenseKindId').focus();
  await expectFocus(page, row, 'expenseKindId');
}

test('a save the header refuses puts the caret on the refused header field, in reading order, and frames it until put right', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'cashier', 'cash123', { at: '/newReimburse/new' });
  const editor = page.getByTestId('reimburse-editor');
  await expectFocus(page, 0, 'expenseKindId');
  await enter(page, '1');
  await enter(page, '2026-11-06');
  await enter(page, `E2E${stamp}H`);
  await enter(page, '42');
  await enter(page, '');
  await expectFocus(page, 1, 'expenseKindId');

  // The clerk clears the mark date and types a pay amount above the maximum cost, then goes back to the lines.
  const markAt = page.getByTestId('reimburse-mark-at');
  const payAmount = page.getByTestId('reimburse-pay-amount');
  await markAt.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Escape');
  await payAmount.focus();
  await page.keyboard.type('99999999');
  await backToLine(page, 1);

  // Ctrl+S is refused: the caret goes to the mark date (it comes first), both refused fields are framed.
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('reimburse-rule-errors')).toContainText('请输入制单日期');
  await expect(markAt).toBeFocused();
  await expect(markAt).toHaveAttribute('aria-invalid', 'true');
  await expect(markAt).toHaveAccessibleDescription('请输入制单日期');
  await expect(payAmount).toHaveAttribute('aria-invalid', 'true');
  await expect(editor).toHaveAttribute('data-lifecycle', 'new');
  await page.screenshot({ path: 'test-results/reimburse-zh_CN-header-refused.png', animations: 'disabled' });
  // The calendar the focus opened leaves the field's message readable above it.
  const message = page.getByText('请输入制单日期', { exact: true }).and(page.locator('.mantine-InputWrapper-error'));
  const calendar = page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('table') });
  const [m, c] = [await message.boundingBox(), await calendar.boundingBox()];
  expect(m && c && m.y + m.height <= c.y, JSON.stringify({ m, c })).toBe(true);

  // The date typed where the caret is puts it right: its frame goes, the pay amount's stays.
  await page.keyboard.type('2026-11-06');
  await expect(markAt).not.toHaveAttribute('aria-invalid', 'true');
  await backToLine(page, 1);
  await page.keyboard.press('Control+s');
  await expect(payAmount).toBeFocused();
  await expect(payAmount).toHaveAttribute('aria-invalid', 'true');
  // The refused amount is selected: the right one is typed over it.
  await page.keyboard.type('42');
  await expect(payAmount).not.toHaveAttribute('aria-invalid', 'true');

  await page.keyboard.press('Control+s');
  await expect(editor).toHaveAttribute('data-lifecycle', 'unaudited', { timeout: 15_000 });
  created.push(Number(/\/newReimburse\/(\d+)$/.exec(page.url())![1]));
  await expect(payAmount).toHaveValue('42.00');
});

test("a submitter the server refuses (disabled meanwhile) takes the caret and is framed until another is chosen", async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const [some] = (await (await request.get('/api/aux/employee', { params: { filter: JSON.stringify({ companyId: 1 }), limit: 1 }, headers })).json()).data.content as { departmentId: number; code: string; name: string }[];
  const code = `E2E${stamp}S`;
  const made = await (await request.post('/api/aux/employee', { headers, data: { companyId: 1, code, name: '停用报销人', departmentId: some.departmentId } })).json();
  expect(made.success, JSON.stringify(made)).toBe(true);
  const employee = made.data as { id: number; version: number };
  try {
    await loginAs(page, 'cashier', 'cash123', { at: '/newReimburse/new' });
    const editor = page.getByTestId('reimburse-editor');
    await expectFocus(page, 0, 'expenseKindId');
    await enter(page, '1');
    await enter(page, '2026-11-07');
    await enter(page, `E2E${stamp}S`);
    await enter(page, '18');
    await enter(page, '');

    const submitter = page.getByTestId('reimburse-submitter');
    await submitter.focus();
    await page.keyboard.type(code);
    await chooseOpenOption(page.getByRole('option', { name: `${code} 停用报销人` }));
    await expect(submitter).toHaveValue(`${code} 停用报销人`);
    // Someone disables the employee while the clerk finishes the document.
    const off = await (await request.post(`/api/aux/employee/${employee.id}`, { headers, data: { disabled: true, version: employee.version } })).json();
    expect(off.success, JSON.stringify(off)).toBe(true);
    await backToLine(page, 0);

    await page.keyboard.press('Control+s');
    await expect(page.getByTestId('reimburse-rule-errors')).toContainText('报销人已停用');
    await expect(submitter).toBeFocused();
    await expect(submitter).toHaveAttribute('aria-invalid', 'true');
    await expect(submitter).toHaveAccessibleDescription('报销人已停用');
    await expect(editor).toHaveAttribute('data-lifecycle', 'new');

    // Another submitter (typed over the selected text) puts it right, and the save goes through.
    await page.keyboard.type(some.code);
    await chooseOpenOption(page.getByRole('option', { name: `${some.code} ${some.name}` }));
    await expect(submitter).not.toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.press('Control+s');
    await expect(editor).toHaveAttribute('data-lifecycle', 'unaudited', { timeout: 15_000 });
    created.push(Number(/\/newReimburse\/(\d+)$/.exec(page.url())![1]));
  } finally {
    await request.delete(`/api/aux/employee/${employee.id}`, { headers });
  }
});

test('a stored line keeps an expense kind disabled since and saves; that kind on a changed line is flagged there and takes the caret', async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const kinds = (await (await request.get('/api/expense/kind', { params: { filter: JSON.stringify({ companyId: 1 }), limit: 100 }, headers })).json()).data.content as { id: number; name: string; disabled: boolean }[];
  const off = kinds.find((k) => k.disabled)!;
  const enabled = kinds.filter((k) => !k.disabled);
  // An unaudited demo document (as 202611-0012) whose line below the first carries the disabled kind, with a line after it.
  const docs = (await (await request.get('/api/expense', { params: { filter: JSON.stringify({ companyId: 1, state: 'UNAUDITED', expenseKindId: off.id }), expand: 'invoices', limit: 100 }, headers })).json()).data.content as ExpenseDoc[];
  const doc = docs.find((d) => d.invoices.findIndex((l) => l.expenseKindId === off.id) >= 1 && d.invoices.findIndex((l) => l.expenseKindId === off.id) < d.invoices.length - 1)!;
  expect(doc, 'a demo document with the disabled kind on a middle line').toBeTruthy();
  const at = doc.invoices.findIndex((l) => l.expenseKindId === off.id);
  touched.push(doc);

  await loginAs(page, 'cashier', 'cash123', { at: `/newReimburse/${doc.id}` });
  const editor = page.getByTestId('reimburse-editor');
  await expect(editor).toHaveAttribute('data-lifecycle', 'unaudited', { timeout: 20_000 });
  // The line shows its kind by name, though the kind is offered no more.
  await expect(cell(page, at, 'expenseKindId')).toHaveText(off.name);
  await expect(cell(page, at, 'expenseKindId')).not.toHaveClass(/ld-cell-issue/);

  // Only line 1's remark changes; Ctrl+S saves (the stored line keeps its kind).
  await expectFocus(page, 0, 'expenseKindId');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expectFocus(page, 0, 'remark');
  await enter(page, `E2E${stamp}K`);
  await expectFocus(page, 1, 'expenseKindId');
  await page.keyboard.press('Control+s');
  await expect(page.getByText(/保存成功/).first()).toBeVisible({ timeout: 15_000 });
  await expect(editor).not.toHaveAttribute('data-dirty', /.*/);
  await expect(page.getByTestId('reimburse-rule-errors')).toHaveCount(0);
  const saved = (await (await request.get(`/api/expense/${doc.id}`, { headers })).json()).data as ExpenseDoc;
  expect(saved.invoices.map((l) => l.expenseKindId)).toEqual(doc.invoices.map((l) => l.expenseKindId));
  expect(saved.invoices[0].remark).toBe(`E2E${stamp}K`);

  // The next line takes the disabled kind (`..` copies the line above): flagged at once, and Ctrl+S
  // is refused with the caret on that very cell, not on another line.
  await cell(page, at + 1, 'expenseKindId').focus();
  await expectFocus(page, at + 1, 'expenseKindId');
  await page.keyboard.type('..');
  await expect(cell(page, at + 1, 'expenseKindId')).toHaveText(off.name);
  await expect(cell(page, at + 1, 'expenseKindId')).toHaveClass(/ld-cell-issue/);
  await backToLine(page, 0);
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('reimburse-rule-errors')).toContainText(`费用类型 ${off.name} 已停用`);
  await expectFocus(page, at + 1, 'expenseKindId');
  await expect(page.getByTestId('reimburse-caret-hint')).toContainText('已停用');
  // An enabled kind typed over it (its number in the list of enabled kinds) puts it right.
  await enter(page, '1');
  await expect(cell(page, at + 1, 'expenseKindId')).toHaveText(enabled[0].name);
  await expect(cell(page, at + 1, 'expenseKindId')).not.toHaveClass(/ld-cell-issue/);
});

test("a kind disabled while the clerk types: the server's refusal flags that line's kind cell and takes the caret there", async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const kinds = (await (await request.get('/api/expense/kind', { params: { filter: JSON.stringify({ companyId: 1 }), limit: 100 }, headers })).json()).data.content as { id: number; name: string; disabled: boolean; version: number }[];
  const [first, second] = kinds.filter((k) => !k.disabled);
  await loginAs(page, 'cashier', 'cash123', { at: '/newReimburse/new' });
  const editor = page.getByTestId('reimburse-editor');
  await expectFocus(page, 0, 'expenseKindId');
  await enter(page, '1');
  await enter(page, '2026-11-08');
  await enter(page, `E2E${stamp}D1`);
  await enter(page, '20');
  await enter(page, '');
  await enter(page, '2');
  await enter(page, '2026-11-08');
  await enter(page, `E2E${stamp}D2`);
  await enter(page, '30');
  await enter(page, '');
  await expect(cell(page, 1, 'expenseKindId')).toHaveText(second.name);
  try {
    // Someone disables line 2's kind meanwhile; the clerk goes back to line 1 and saves.
    const r = await (await request.post(`/api/expense/kind/${second.id}`, { headers, data: { disabled: true } })).json();
    expect(r.success, JSON.stringify(r)).toBe(true);
    await backToLine(page, 0);
    await page.keyboard.press('Control+s');
    await expect(page.getByTestId('reimburse-rule-errors')).toContainText(`费用类型 ${second.name} 已停用（第2行）`);
    await expect(editor).toHaveAttribute('data-lifecycle', 'new');
    await expect(cell(page, 1, 'expenseKindId')).toHaveClass(/ld-cell-issue/);
    await expectFocus(page, 1, 'expenseKindId');
    await expect(page.getByTestId('reimburse-caret-hint')).toContainText('已停用');
    // Another kind typed over it (the list offers the disabled one no more): the frame goes and the save goes through.
    await enter(page, '1');
    await expect(cell(page, 1, 'expenseKindId')).toHaveText(first.name);
    await expect(cell(page, 1, 'expenseKindId')).not.toHaveClass(/ld-cell-issue/);
    await page.keyboard.press('Control+s');
    await expect(editor).toHaveAttribute('data-lifecycle', 'unaudited', { timeout: 15_000 });
    created.push(Number(/\/newReimburse\/(\d+)$/.exec(page.url())![1]));
  } finally {
    await request.post(`/api/expense/kind/${second.id}`, { headers, data: { disabled: null } });
  }
});

test('keys only: an invoice dated after the mark date is flagged on its date as typed; the submitter picked with Enter gives the focus back to its search icon', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'cashier', 'cash123', { at: '/newReimburse/new' });
  const editor = page.getByTestId('reimburse-editor');
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await expectFocus(page, 0, 'expenseKindId');
  const markAt = e2eToday();
  await expect(page.getByTestId('reimburse-mark-at')).toHaveValue(markAt);
  const next = new Date(`${markAt}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const after = next.toISOString().slice(0, 10);
  await enter(page, '1');
  await enter(page, after);
  await enter(page, `E2E${stamp}L`);
  await enter(page, '10');
  await expect(cell(page, 0, 'issueAt')).toHaveClass(/ld-cell-issue/);
  // Back on the date (from the remark, three cells left): the hint under the sheet says why.
  await expectFocus(page, 0, 'remark');
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowLeft');
  await expectFocus(page, 0, 'issueAt');
  await expect(page.getByTestId('reimburse-caret-hint')).toHaveText(`开票日期不能晚于制单日期 ${markAt}`);
  // Ctrl+S is refused naming the line; nothing is saved.
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('reimburse-rule-errors')).toContainText(`开票日期不能晚于制单日期 ${markAt}`);
  await expect(page.getByTestId('reimburse-flagged-line')).toContainText('第1行');
  await expect(editor).toHaveAttribute('data-lifecycle', 'new');
  // The mark date itself is fine, so the date typed over the flagged one puts it right.
  await expectFocus(page, 0, 'issueAt');
  await enter(page, markAt);
  await expect(cell(page, 0, 'issueAt')).not.toHaveClass(/ld-cell-issue/);

  // The submitter's search icon (Tab reaches it): Enter opens the picker, ↓ and Enter choose; the focus is back on the icon, not the page body.
  const picker = new PickerModel(page, 'employee-picker');
  await pressOn(page.getByTestId('reimburse-submitter-open'));
  await expect(picker.keyword()).toBeFocused();
  await expect(picker.rows().first()).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker.root).toBeHidden();
  await expect(page.getByTestId('reimburse-submitter')).not.toHaveValue('');
  await expect(page.getByTestId('reimburse-submitter-open')).toBeFocused();
  // Again, with a submitter already chosen: the same.
  await page.keyboard.press('Enter');
  await expect(picker.keyword()).toBeFocused();
  await expect(picker.rows().nth(1)).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker.root).toBeHidden();
  await expect(page.getByTestId('reimburse-submitter-open')).toBeFocused();
});

test('one total: the totals row, the footer and the Summary tab agree while a line holds only an amount', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'cashier', 'cash123', { at: '/newReimburse/new' });
  const editor = page.getByTestId('reimburse-editor');
  await expectFocus(page, 0, 'expenseKindId');
  await enter(page, '1');
  await enter(page, '2026-11-09');
  await enter(page, `E2E${stamp}T`);
  await enter(page, '88.8');
  await enter(page, '');
  await expectFocus(page, 1, 'expenseKindId');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expectFocus(page, 1, 'amount');
  await enter(page, '10');
  await expect(grid(page).locator('.ag-row-pinned .ag-cell[col-id="amount"] [data-cents]')).toHaveAttribute('data-cents', '9880');
  await expect(page.getByTestId('reimburse-total')).toHaveText('合计：98.80');
  await pressOn(page.getByTestId('reimburse-tab-summary'));
  await expect(page.getByTestId('reimburse-summary-total')).toContainText('98.80');
  await expect(page.getByTestId('reimburse-summary')).toContainText('（未选类型）');
  await pressOn(page.getByTestId('reimburse-tab-detail'));
  // The incomplete line blocks the save.
  await backToLine(page, 0);
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('reimburse-rule-errors')).toContainText('必填项未填写！');
  await expect(editor).toHaveAttribute('data-lifecycle', 'new');
});

test('an expense kind picked from F7\'s list, then the amount and Ctrl+S at once: the save waits for the amount (the editor names Ctrl+S to the keys held while the caret returns from the picker)', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'cashier', 'cash123', { at: '/newReimburse/new' });
  const editor = page.getByTestId('reimburse-editor');
  await expectFocus(page, 0, 'expenseKindId');
  // The line's date and number first; then back on its kind, F7.
  await page.keyboard.press('ArrowRight');
  await expectFocus(page, 0, 'issueAt');
  await enter(page, '2026-11-05');
  await expectFocus(page, 0, 'no');
  await enter(page, `E2E${stamp}P`);
  await expectFocus(page, 0, 'amount');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  await expectFocus(page, 0, 'expenseKindId');
  await page.keyboard.press('F7');
  await expect(page.getByTestId('list-picker-query')).toBeFocused();
  await expect(page.getByTestId('list-picker').getByRole('option').first()).toBeVisible();
  // Enter picks; the caret comes back to the line a few frames later. Tab, Tab to the amount, 42 and
  // Ctrl+S reach the page before it does (all in one task, as a fast clerk's keys can): before,
  // Ctrl+S ended the hold, the keys after the pick were dropped and the line was saved without
  // its amount (or refused). Now they land in order and Ctrl+S saves the 42. On a slow machine too
  // (the CPU six times slower): the save reads the 42 AG Grid hands over from a timeout of its own,
  // not the rows of the last render (grids/commit-open-editor.ts).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.evaluate(() => {
    const key = (k: string, code: string, init: KeyboardEventInit = {}) =>
      (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: k, code, bubbles: true, cancelable: true, ...init }));
    key('Enter', 'Enter');
    key('Tab', 'Tab');
    key('Tab', 'Tab');
    key('4', 'Digit4');
    key('2', 'Digit2');
    key('s', 'KeyS', { ctrlKey: true });
  });
  await expect(editor).toHaveAttribute('data-lifecycle', 'unaudited', { timeout: 15_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(page).toHaveURL(/\/newReimburse\/\d+$/);
  const id = Number(/\/newReimburse\/(\d+)$/.exec(page.url())![1]);
  created.push(id);
  await expect(page.getByTestId('reimburse-total')).toContainText('42.00');
  const headers = await apiHeaders(page.request, 'cashier', 'cash123');
  const got = (await (await page.request.get(`/api/expense/${id}`, { headers })).json()).data as ExpenseDoc;
  expect(got.invoices.map((l) => [l.no, l.amount])).toEqual([[`E2E${stamp}P`, 4200]]);
  expect(got.invoices[0].expenseKindId).toBeTruthy();
});

test('the management list refuses the maker\'s own documents per document, with the reason', async ({ page }) => {
  test.setTimeout(90_000);
  // The demo's unaudited documents were made by the cashier.
  await loginAs(page, 'cashier', 'cash123', { at: '/cashier/reimburseManagement' });
  const list = ListModel.byId(page, 'cashier.reimburseManagement');
  await expect(list.rows().first()).toBeVisible({ timeout: 20_000 });
  await pickByKeys(page.getByTestId('reimburse-filter-state'), '未审核');
  await expect(list.root.locator('.ag-row').filter({ hasText: '已审核' })).toHaveCount(0);
  await list.rowAt(0).locator('.ag-cell[col-id="code"]').focus();
  await page.keyboard.press('Space');
  await expect(list.rowAt(0)).toHaveClass(/ag-row-selected/);
  await pressOn(page.getByTestId('reimburse-batch-audit'));
  const refused = page.getByTestId('reimburse-result-refused');
  await expect(refused).toHaveCount(1, { timeout: 15_000 });
  await expect(refused).toContainText('报销单的制单人与审核人不能为同一人');
  await expect(page.getByTestId('reimburse-results-summary')).toHaveText('共 1 张：成功 0 张，拒绝 1 张');
  await page.keyboard.press('Enter');
  await expect(refused).toHaveCount(0);
  // Still unaudited: the row stays in this list.
  await expect(list.rowAt(0)).toBeVisible();
});

test('the management list audits two documents at once and shows a result per document', async ({ page }) => {
  test.setTimeout(90_000);
  // The administrator audits the cashier's documents (a maker cannot audit their own).
  await loginAs(page, 'admin', 'admin123', { at: '/cashier/reimburseManagement' });
  const list = ListModel.byId(page, 'cashier.reimburseManagement');
  await expect(list.rows().first()).toBeVisible({ timeout: 20_000 });
  // Unaudited ones only: the state filter from the keyboard.
  // The arrow presses until the option is the chosen one (keys.ts): two quick ↓ and Enter took
  // nothing when the list was still opening.
  await pickByKeys(page.getByTestId('reimburse-filter-state'), '未审核');
  await expect(list.rows().first()).toBeVisible();
  await expect(list.root.locator('.ag-row').filter({ hasText: '已审核' })).toHaveCount(0);
  // Tick the first two rows with Space.
  const first = list.rowAt(0).locator('.ag-cell[col-id="code"]');
  const ids = [await list.rowAt(0).getAttribute('row-id'), await list.rowAt(1).getAttribute('row-id')].map(Number);
  await first.focus();
  await page.keyboard.press('Space');
  await expect(list.rowAt(0)).toHaveClass(/ag-row-selected/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(list.rowAt(1)).toHaveClass(/ag-row-selected/);
  // No wait for the toolbar to redraw: its buttons act on the grid's selection as it is now.
  await pressOn(page.getByTestId('reimburse-batch-audit'));
  batchAudited.push(...ids);
  const results = page.getByTestId('reimburse-result-ok');
  await expect(results).toHaveCount(2, { timeout: 15_000 });
  // The count stands in the dialog, above one line per document with its result in words.
  await expect(page.getByTestId('reimburse-results-summary')).toHaveText('共 2 张：成功 2 张，拒绝 0 张');
  await expect(results.first()).toContainText('成功');
  await page.screenshot({ path: 'test-results/reimburse-zh_CN-batch.png', animations: 'disabled' });
  // Enter on the results' OK puts the caret back on the rows, where it was (the two audited ones
  // have left this "unaudited" list: the next one has moved up into the second's place), so the
  // arrows go on at once with no mouse.
  await expect(page.getByTestId('reimburse-results-ok')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(results).toHaveCount(0);
  await expect(list.root.locator(ids.map((id) => `.ag-row[row-id="${id}"]`).join(', '))).toHaveCount(0);
  await expect.poll(() => focusedListCell(page), { timeout: 10_000 }).toEqual({ row: 1, col: 'code' });
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => focusedListCell(page), { timeout: 10_000 }).toEqual({ row: 0, col: 'code' });
  // Enter on a row opens it in the editor.
  await pressOn(list.rowAt(0).locator('.ag-cell[col-id="code"]'));
  await expect(page.getByTestId('reimburse-editor')).toBeVisible({ timeout: 20_000 });
});

test('a mark-date range ending before it starts is said under its end and not asked: the list keeps its rows (keys only)', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 400) refused.push(r.url());
  });
  await loginAs(page, 'cashier', 'cash123', { at: '/cashier/reimburseManagement' });
  const list = ListModel.byId(page, 'cashier.reimburseManagement');
  await expect(list.rows().first()).toBeVisible({ timeout: 20_000 });
  const from = page.getByTestId('reimburse-filter-from');
  const to = page.getByTestId('reimburse-filter-to');
  await from.focus();
  await page.keyboard.type('2026-01-01');
  await page.keyboard.press('Enter');
  await expect(list.rows().first()).toBeVisible();
  const shown = await list.rows().count();
  await to.focus();
  await page.keyboard.type('2025-12-31');
  await expect(to).toHaveAccessibleDescription('期间结束日期不能早于开始日期');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  // The message stands under the field without lifting it out of line with its neighbours.
  const top = async (l: typeof from) => Math.round((await l.boundingBox())!.y);
  expect(await top(to)).toBe(await top(from));
  await page.keyboard.press('Enter');
  await expect(list.rows()).toHaveCount(shown);
  // The keyword box's Enter asks nothing either; no refusal above the grid.
  await page.getByTestId('list-keyword').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('list-error')).toHaveCount(0);
  // Mended, the message goes.
  await to.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2099-12-31');
  await expect(to).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('list-error')).toHaveCount(0);
  expect(refused).toEqual([]);
});

test('the management list exports the selected documents through the background task (keys only)', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  await loginAs(page, 'cashier', 'cash123', { at: '/cashier/reimburseManagement' });
  const list = ListModel.byId(page, 'cashier.reimburseManagement');
  await expect(list.rows().first()).toBeVisible({ timeout: 20_000 });
  const ids = [await list.rowAt(0).getAttribute('row-id'), await list.rowAt(1).getAttribute('row-id')].map(Number);
  // Nothing ticked: nothing goes out, and it says so (spec 02 §5, §8), as the master-data lists do (never the whole list unasked).
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  await pressOn(page.getByTestId('reimburse-export'));
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: '没有可导出的数据！' })).toBeVisible();
  await expect(page.getByTestId('export-progress')).toHaveCount(0);
  await list.rowAt(0).locator('.ag-cell[col-id="code"]').focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(list.rowAt(1)).toHaveClass(/ag-row-selected/);
  expect(downloads).toBe(0);
  // Export starts a task (decision 043); the shared progress bar downloads the workbook when it is done.
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await pressOn(page.getByTestId('reimburse-export'));
  const file = testInfo.outputPath('expenses.xlsx');
  await (await download).saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const headers = await apiHeaders(request, 'cashier', 'cash123');
  let lines = 0;
  for (const id of ids) lines += ((await (await request.get(`/api/expense/${id}`, { headers })).json()).data.invoices as unknown[]).length;
  expect(wb.worksheets[0].rowCount).toBe(1 + lines);
});

test('keys only: the filters say what they are, Reset clears the submitter too, every column fits at 1400 px, and back from a document opened with Enter the caret is on its row', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await loginAs(page, 'cashier', 'cash123', { at: '/cashier/reimburseManagement' });
  const list = ListModel.byId(page, 'cashier.reimburseManagement');
  await expect(list.rows().first()).toBeVisible({ timeout: 20_000 });
  // Labelled: a filled box kept no word of what it was, and the submitter box had none at all.
  await expect(page.getByTestId('reimburse-filter-from')).toHaveAccessibleName('制单日期从');
  await expect(page.getByTestId('reimburse-filter-to')).toHaveAccessibleName('制单日期至');
  await expect(page.getByTestId('reimburse-filter-submitter')).toHaveAccessibleName('报销人');
  // Every column is in view, the auditor's last (it was off to the right).
  const right = async (l: Locator) => { const b = (await l.boundingBox())!; return b.x + b.width; };
  expect(await right(list.root.locator('.ag-header-cell[col-id="locker"]'))).toBeLessThanOrEqual(await right(list.root.locator('.ag-root-wrapper')) + 1);

  // A submitter chosen by the keys; Reset (Tab to it, Enter) clears it: emptying the box did not,
  // and its clear button takes no Tab.
  const submitter = page.getByTestId('reimburse-filter-submitter');
  await submitter.focus();
  await page.keyboard.type('王伟');
  await chooseOpenOption(page.getByRole('option', { name: 'E001 王伟' }));
  await expect(list.rows().filter({ hasNotText: '王伟' })).toHaveCount(0);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('reimburse-filter-reset')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(submitter).toHaveValue('');
  await expect(list.rows().filter({ hasNotText: '王伟' }).first()).toBeVisible();

  // Enter on the third row opens it; Alt+PageUp comes back with the caret on that row and column
  // (it was in the search box), so ↑ goes on at once.
  await page.getByTestId('list-keyword').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => focusedListCell(page)).toEqual({ row: 2, col: 'markAt' });
  const opened = await list.rowAt(2).getAttribute('row-id');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/newReimburse/${opened}$`));
  await expect(page.getByTestId('reimburse-editor')).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Alt+PageUp');
  await expect(page).toHaveURL(/\/cashier\/reimburseManagement$/);
  await expect.poll(() => focusedListCell(page), { timeout: 10_000 }).toEqual({ row: 2, col: 'markAt' });
  await expect(list.rowAt(2)).toHaveAttribute('row-id', opened!);
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => focusedListCell(page)).toEqual({ row: 1, col: 'markAt' });
});

test('keys only: Disable on the expense kinds puts the caret back on the row and the toolbar then offers Enable (it still offered Disable)', async ({ page, request }) => {
  test.setTimeout(90_000);
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const kindsNow = async () => (await (await request.get('/api/expense/kind', { params: { filter: JSON.stringify({ companyId: 1 }), limit: 100 }, headers })).json()).data.content as { id: number; name: string; disabled: boolean; version: number }[];
  const kind = (await kindsNow()).find((k) => !k.disabled && k.name === '通讯费')!;
  expect(kind, 'the demo kind 通讯费, enabled').toBeTruthy();
  try {
    await loginAs(page, 'cashier', 'cash123', { at: '/cashier/reimburseKind' });
    const list = ListModel.byId(page, 'cashier.reimburseKind');
    const row = list.rowById(kind.id);
    await expect(row).toBeVisible({ timeout: 20_000 });
    const name = row.locator('.ag-cell[col-id="name"]');
    await name.focus();
    await page.keyboard.press('Space');
    await expect(row).toHaveClass(/ag-row-selected/);
    await pressOn(page.getByTestId('expense-kind-disable'));
    await expect(page.getByText(`已停用：${kind.name}`)).toBeVisible();
    await expect(name).toBeFocused();
    await expect(row).toHaveClass(/ag-row-selected/);
    await expect(page.getByTestId('expense-kind-enable')).toBeEnabled();
    await expect(page.getByTestId('expense-kind-disable')).toBeDisabled();
    // And back: Enable from the keys, the caret on the row again. The user's next key (the Tab a
    // user presses to reach the button; pressOn moves the focus without one) tells the caret, which
    // holds the row for a moment against late focus moves, that the user has moved on.
    await page.keyboard.press('Shift');
    await pressOn(page.getByTestId('expense-kind-enable'));
    await expect(page.getByText(`已启用：${kind.name}`)).toBeVisible();
    await expect(name).toBeFocused();
    await expect(page.getByTestId('expense-kind-disable')).toBeEnabled();
    await expect(page.getByTestId('expense-kind-enable')).toBeDisabled();
  } finally {
    const now = (await kindsNow()).find((k) => k.id === kind.id)!;
    if (now.disabled) await request.post(`/api/expense/kind/${kind.id}`, { headers, data: { disabled: false, version: now.version } });
  }
});

test('keys only: an expense kind renamed in the form dialog: a name taken is refused under the field, Esc with a change asks, Enter saves; Alt+N opens a new one', async ({ page, request }) => {
  test.setTimeout(90_000);
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const kindsNow = async () => (await (await request.get('/api/expense/kind', { params: { filter: JSON.stringify({ companyId: 1 }), limit: 100 }, headers })).json()).data.content as { id: number; name: string; disabled: boolean; version: number }[];
  const kind = (await kindsNow()).find((k) => k.name === '通讯费')!;
  const renamed = `通讯费E2E${Date.now() % 10_000}`;
  try {
    await loginAs(page, 'cashier', 'cash123', { at: '/cashier/reimburseKind' });
    const list = ListModel.byId(page, 'cashier.reimburseKind');
    const dialog = new FormDialogModel(page, 'expense-kind-dialog');
    const name = dialog.root().getByTestId('expense-kind-name');
    const cell = list.rowById(kind.id).locator('.ag-cell[col-id="name"]');
    await expect(cell).toBeVisible({ timeout: 20_000 });
    await cell.focus();
    await page.keyboard.press('Enter');
    await expect(name).toBeFocused();
    await expect(name).toHaveValue('通讯费');
    // A name the company has already: said under the field, the dialog stays.
    await name.press('Control+a');
    await page.keyboard.type('差旅费');
    await dialog.save();
    await expect(dialog.root().getByText('费用类型 差旅费 已存在')).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    // Esc with the change asks; Esc in the question goes back to the form, the text kept.
    await dialog.pressEscape();
    await expect(dialog.unsavedPrompt()).toBeVisible();
    await dialog.pressEscape();
    await expect(dialog.unsavedPrompt()).toBeHidden();
    await expect(name).toHaveValue('差旅费');
    // An empty name says so.
    await name.press('Control+a');
    await page.keyboard.press('Backspace');
    await dialog.save();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.root()).toBeVisible();
    await page.keyboard.type(renamed);
    await dialog.save();
    await expect(dialog.root()).toBeHidden();
    await expect(cell).toHaveText(renamed);
    expect((await kindsNow()).find((k) => k.id === kind.id)!.name).toBe(renamed);
    // Alt+N is New on every list: an empty form, Esc closes it at once (nothing typed).
    await page.keyboard.press('Alt+n');
    await expect(dialog.root()).toBeVisible();
    await expect(name).toHaveValue('');
    await expect(name).toBeFocused();
    await dialog.pressEscape();
    await expect(dialog.root()).toBeHidden();
  } finally {
    const now = (await kindsNow()).find((k) => k.id === kind.id)!;
    if (now.name !== '通讯费') await request.post(`/api/expense/kind/${kind.id}`, { headers, data: { name: '通讯费', version: now.version } });
  }
});

test('screenshots of the reimbursement screens in both languages', SCREENSHOTS, async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  for (const lang of ['zh_CN', 'en_US'] as const) {
    await shell.switchLanguage(lang);
    await page.goto('/cashier/reimburseManagement');
    await expect(ListModel.byId(page, 'cashier.reimburseManagement').rows().first()).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: `test-results/reimburse-${lang}-list.png`, animations: 'disabled' });
    const audited = created[0];
    await page.goto(`/newReimburse/${audited ?? 'new'}`);
    await expect(page.getByTestId('reimburse-editor')).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: `test-results/reimburse-${lang}-editor.png`, animations: 'disabled' });
    await page.goto('/newReimburse/new');
    await expect(page.getByTestId('reimburse-editor')).toHaveAttribute('data-lifecycle', 'new', { timeout: 20_000 });
    await page.keyboard.press('Control+s');
    await expect(page.getByTestId('reimburse-rule-errors')).toBeVisible();
    await page.screenshot({ path: `test-results/reimburse-${lang}-empty.png`, animations: 'disabled' });
    await page.goto('/cashier/reimburseKind');
    await expect(ListModel.byId(page, 'cashier.reimburseKind').rows().first()).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: `test-results/reimburse-${lang}-kinds.png`, animations: 'disabled' });
  }
  await shell.switchLanguage('zh_CN');
});
