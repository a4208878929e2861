/**
 * Reports (/report) as the administrator on the demo ledger set: each report opened from the menu
 * (the balance sheet through the keyboard), a period chosen with the keyboard, the figures equal to
 * what the API answers, the bookkept-only toggle, an .xlsx export downloaded through the progress
 * bar and opened; the statistics lead to the (hidden) department detail; a definition row being
 * typed asks before it is dropped. Screenshots of every
 * screen in Chinese and English. The download base is set for the exports and cleared afterwards.
 */
import ExcelJS from 'exceljs';
import { expect, test, type Page } from './page-models/test';
import { loginAs } from './page-models/login';
import { ShellKeyboard, ShellModel } from './page-models/shell';
import { restoreDemoState, setDownloadBase } from './page-models/demo-state';
import { apiLogin } from './page-models/voucher-list';
import { countMouse, pickByKeys, pressOn } from './page-models/keys';

test.describe.configure({ mode: 'serial' });


test.beforeAll(async ({ request }) => setDownloadBase(request, '/api/files'));
test.afterAll(async ({ request }) => {
  await restoreDemoState(request);
});

const money = (cents: string) => (cents === '0' ? '' : (Number(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

async function downloadXlsx(page: Page, testId: string) {
  const download = page.waitForEvent('download');
  await pressOn(page.getByTestId(testId));
  const file = await download;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await file.path());
  return { ws: wb.worksheets[0], name: file.suggestedFilename() };
}

test('balance sheet: from the menu by keyboard, a period, figures as the API answers, bookkept only, xlsx', async ({ page, request }, testInfo) => {
  const admin = await apiLogin(request, 'admin', 'admin123');
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  await shell.selectYear('2026');
  const keys = new ShellKeyboard(page);
  // Into the menu tree (its one tabbable entry), then by the arrows and Enter.
  await keys.tree().locator('[role="treeitem"][tabindex="0"]').focus();
  await keys.openMenu('report', 'report.balanceSheet');
  await expect(page).toHaveURL(/\/report\/balanceSheet$/);
  const root = page.getByTestId('balance-sheet');
  await expect(root).toBeVisible();
  await pickByKeys(page.getByTestId('bs-month'), '第 6 期（2026-06）');

  const api = await admin.get('/api/report/balanceSheet', { accountId: 1, year: 2026, month: 6 });
  const grid = page.getByTestId('bs-grid');
  // While the grid scrolls a row can briefly be rendered twice: the first copy is the one to read.
  const cell = (row: number, col: string) => grid.locator(`.ag-row[row-index="${row}"] [col-id="${col}"]`).first();
  await expect(cell(1, 'leftLabel')).toHaveText(/货币资金$/);
  const left = (api.rows as Array<{ side: string; lineNo: number | null; closing: string; opening: string }>).filter((r) => r.side === 'LEFT');
  await expect(cell(1, 'leftClosing')).toHaveText(money(left[1].closing));
  // Both totals stand on the last line (scrolled into view).
  const last = left.length - 1;
  // By the keyboard: focus a cell, Ctrl+↓ goes to the last row.
  await cell(1, 'leftLabel').click();
  await page.keyboard.press('Control+ArrowDown');
  await expect(cell(last, 'leftLabel')).toBeFocused();
  await expect(cell(last, 'leftLabel')).toHaveText('资产总计');
  await expect(cell(last, 'rightLabel')).toHaveText('负债和所有者权益（或股东权益）总计');
  await expect(cell(last, 'leftClosing')).toHaveText(money(api.totals.assetsClosing));
  await expect(cell(last, 'rightClosing')).toHaveText(money(api.totals.liabilitiesEquityClosing));
  await expect(cell(last, 'leftLabel')).toHaveCSS('font-weight', '700');
  // The catalogue's imbalance message exactly when the API says so.
  await expect(page.getByTestId('bs-balanced')).toHaveAttribute('data-balanced', api.balanced ? 'true' : 'false');
  if (!api.balanced) await expect(page.getByTestId('bs-balanced')).toContainText('资产负债表不平衡');
  // The balance sheet is a position on the period's last day (会小企01表).
  await expect(page.getByTestId('report-head')).toContainText('2026 年 6 月 30 日');
  await expect(page.getByTestId('report-form-number')).toHaveText('会小企01表');
  await page.screenshot({ path: testInfo.outputPath('balance-sheet-zh.png'), fullPage: true });

  // Bookkept only, by the keyboard (Space on the checkbox).
  const booked = await admin.get('/api/report/balanceSheet', { accountId: 1, year: 2026, month: 6, bookKeep: true });
  await page.getByTestId('bs-bookkeep').focus();
  await page.keyboard.press('Space');
  await expect(cell(last, 'leftClosing')).toHaveText(money(booked.totals.assetsClosing));
  await page.keyboard.press('Space');
  await expect(cell(last, 'leftClosing')).toHaveText(money(api.totals.assetsClosing));

  // Export .xlsx through the progress bar.
  const { ws, name } = await downloadXlsx(page, 'bs-export-xlsx');
  expect(name).toBe('balance-sheet-2026-06.xlsx');
  expect(ws.getRow(1).getCell(1).value).toBe('资产负债表');
  const values = (ws.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
  const cash = values.find((r) => r[0] === '\u3000货币资金' || r[0] === '货币资金')!;
  expect(Math.round(Number(cash[2]) * 100)).toBe(Number(left[1].closing));

  // The definitions drawer lists the rows with their formulas.
  await page.getByTestId('bs-definitions').click();
  const drawer = page.getByTestId('report-definitions');
  await expect(drawer.getByText('D(1001)+D(1002)+D(1012)')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('balance-sheet-definitions-zh.png'), fullPage: true });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  // The focus is back on the button that opened the drawer.
  await expect(page.getByTestId('bs-definitions')).toBeFocused();

  await shell.switchLanguage('en_US');
  await expect(cell(last, 'rightLabel')).toHaveText("Total liabilities and owners' equity");
  await cell(last, 'leftLabel').click();
  await page.keyboard.press('Control+ArrowUp');
  await expect(cell(1, 'leftLabel')).toHaveText(/Cash and cash equivalents$/);
  if (!api.balanced) await expect(page.getByTestId('bs-balanced')).toContainText('The balance sheet is not balanced');
  await expect(page.getByTestId('report-form-number')).toHaveText('Form 会小企01表 (Small Enterprise Accounting Standards)');
  await page.screenshot({ path: testInfo.outputPath('balance-sheet-en.png'), fullPage: true });
  await shell.switchLanguage('zh_CN');
  // The demo's closed months balance; November's profit and loss is not transferred yet, so its
  // sheet carries the catalogue's imbalance message (decision 048).
  expect(api.balanced).toBe(true);
  expect((await admin.get('/api/report/balanceSheet', { accountId: 1, year: 2026, month: 11 })).balanced).toBe(false);
  await pickByKeys(page.getByTestId('bs-month'), '第 11 期（2026-11）');
  await expect(page.getByTestId('bs-balanced')).toHaveAttribute('data-balanced', 'false');
  await expect(page.getByTestId('bs-balanced')).toContainText('资产负债表不平衡');
  // …and says why: the month's profit still on the profit and loss subjects, with the way to the transfer.
  const nov = await admin.get('/api/report/balanceSheet', { accountId: 1, year: 2026, month: 11 });
  expect(Number(nov.totals.assetsClosing) - Number(nov.totals.liabilitiesEquityClosing)).toBe(Number(nov.unclosedProfit.closing));
  await expect(page.getByTestId('bs-unclosed-profit')).toContainText(`损益类科目上尚未结转到本年利润的 ${money(nov.unclosedProfit.closing)}`);
  await page.screenshot({ path: testInfo.outputPath('balance-sheet-unclosed-zh.png'), fullPage: true });
  // The way leads to November's transfer (not the next period to settle, 2025-01, whose profit is long
  // transferred): the dialog opens on 2026-11 with the amount the sheet misses; Enter writes it and
  // the sheet balances. The transfer voucher is deleted again.
  const transferred = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/voucher/profitTransfer' && r.request().postDataJSON()?.preview === false);
  await pressOn(page.getByTestId('bs-to-period-end'));
  await expect(page).toHaveURL(/\/voucher\/end\/periodSettlement(\?month=2026-11(&unbooked=1)?)?$/);
  // The sheet counts every voucher, so the transfer it offers does too (the demo's November is not bookkept).
  await expect(page.getByTestId('transfer-unbooked')).toBeChecked();
  const dialog = page.getByTestId('transfer-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('transfer-period')).toHaveValue('2026-11');
  // The month is taken once: the address (which the page tab keeps) drops it.
  await expect(page).toHaveURL(/\/voucher\/end\/periodSettlement$/);
  await expect(dialog.getByTestId('transfer-confirm')).toBeFocused();
  await expect(dialog.getByTestId('transfer-line').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('balance-sheet-to-transfer-zh.png'), fullPage: true });
  await page.keyboard.press('Enter');
  const voucherId = ((await (await transferred).json()) as { data: { voucher: { id: number } } }).data.voucher.id;
  try {
    await expect(dialog).toBeHidden();
    // November is not the period to settle: the keyboard lands on the written voucher's "open" button.
    await expect(page.getByTestId('period-written-open')).toBeFocused();
    expect((await admin.get('/api/report/balanceSheet', { accountId: 1, year: 2026, month: 11 })).balanced).toBe(true);
    // The settle of the next period (2025-01) waits for its blockers: the button says so instead of asking the server.
    const roll = page.getByTestId('period-roll');
    if (Number(await roll.getAttribute('data-blockers')) > 0) await expect(roll).toBeDisabled();
    // Back on the balance sheet's tab (Alt+PageUp) within seconds, it says the transferred month balances
    // (not the imbalance it showed before, from its cache).
    await page.keyboard.press('Alt+PageUp');
    await expect(page).toHaveURL(/\/report\/balanceSheet$/);
    await expect(page.getByTestId('bs-month')).toHaveValue('第 11 期（2026-11）');
    await expect(page.getByTestId('bs-balanced')).toHaveAttribute('data-balanced', 'true');
    // Back on the period end's tab (Alt+PageDown): the page as it stands, not the transfer opened
    // again by the link's month ("nothing to transfer").
    await page.keyboard.press('Alt+PageDown');
    await expect(page).toHaveURL(/\/voucher\/end\/periodSettlement$/);
    await expect(page.getByTestId('period-settlement')).toBeVisible();
    await expect(page.getByTestId('period-check').first()).toBeFocused();
    await expect(dialog).toHaveCount(0);
  } finally {
    await admin.del(`/api/voucher/${voucherId}`);
  }
  expect((await admin.get('/api/report/balanceSheet', { accountId: 1, year: 2026, month: 11 })).balanced).toBe(false);
});

test('income statement: period and year to date as the API answers, xlsx', async ({ page, request }, testInfo) => {
  const admin = await apiLogin(request, 'admin', 'admin123');
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  await shell.selectYear('2026');
  await shell.openMenu('report', 'report.incomeStatement');
  await expect(page).toHaveURL(/\/report\/incomeStatement$/);
  await pickByKeys(page.getByTestId('is-month'), '第 3 期（2026-03）');
  const api = await admin.get('/api/report/incomeStatement', { accountId: 1, year: 2026, month: 3 });
  const rows = api.rows as Array<{ id: number; lineNo: number; month: string; ytd: string }>;
  const grid = page.getByTestId('is-grid');
  const check = async (lineNo: number) => {
    const r = rows.find((x) => x.lineNo === lineNo)!;
    await expect(grid.locator(`.ag-row[row-id="${r.id}"] [col-id="month"]`).first()).toHaveText(money(r.month));
    await expect(grid.locator(`.ag-row[row-id="${r.id}"] [col-id="ytd"]`).first()).toHaveText(money(r.ytd));
  };
  await check(1);
  await expect(grid.locator(`.ag-row[row-id="${rows[0].id}"] [col-id="label"]`).first()).toHaveText('一、营业收入');
  // The income statement covers the month (会小企02表).
  await expect(page.getByTestId('report-head')).toContainText('2026 年 3 月');
  await page.screenshot({ path: testInfo.outputPath('income-statement-zh.png'), fullPage: true });
  // Down to net profit by the keyboard.
  await grid.locator(`.ag-row[row-id="${rows[0].id}"] [col-id="label"]`).first().click();
  await page.keyboard.press('Control+ArrowDown');
  await check(21);
  await check(32);
  const { ws, name } = await downloadXlsx(page, 'is-export-xlsx');
  expect(name).toBe('income-statement-2026-03.xlsx');
  const values = (ws.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
  const net = values.find((r) => r[1] === '32')!;
  const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
  // The form's column order (会小企02表): 项目 | 行次 | 本年累计金额 | 本月金额, on screen and in the file.
  expect([cents(net[2]), cents(net[3])]).toEqual([Number(rows[31].ytd), Number(rows[31].month)]);
  expect(values.find((r) => r[1] === '行次')).toEqual(['项目', '行次', '本年累计金额', '本月金额']);
  expect(await grid.locator('.ag-header-cell[col-id]').evaluateAll((cells) => cells.map((c) => c.getAttribute('col-id')))).toEqual(['label', 'lineNo', 'ytd', 'month']);
  await shell.switchLanguage('en_US');
  await grid.locator(`.ag-row[row-id="${rows[31].id}"] [col-id="label"]`).first().click();
  await page.keyboard.press('Control+ArrowUp');
  await expect(grid.locator(`.ag-row[row-id="${rows[0].id}"] [col-id="label"]`).first()).toHaveText('I. Operating revenue');
  // No item is cut off in English (line 10 is the longest): the item takes what the figures leave.
  const cut = await grid.locator('.ag-row [col-id="label"]').evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent));
  expect(cut).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('income-statement-en.png'), fullPage: true });
  await shell.switchLanguage('zh_CN');
});

test('a definition row being typed is not dropped without a word: the report tab is marked unsaved, Esc on the drawer and the form\'s Cancel ask Yes / No / Cancel (keys only)', async ({ page }) => {
  const mouse = await countMouse(page);
  const path = '/report/incomeStatement';
  await loginAs(page, 'admin', 'admin123', { at: path });
  const tab = new ShellModel(page).tab(path);
  const drawer = page.getByTestId('report-definitions');
  const label = drawer.getByTestId('def-label');
  const tip = page.getByTestId('unsaved-dialog');
  // (The drawer's root has no box of its own: its contents show whether it is open.)
  const add = drawer.getByTestId('def-add');
  // The page's arrival focus (its first line) first: it would take the focus from the link below.
  await expect(page.locator('.ag-cell:focus')).toHaveCount(1, { timeout: 20_000 });
  await pressOn(page.getByTestId('is-definitions'));
  await expect(add).toBeVisible();
  // A new row: its label typed, not saved.
  await pressOn(add);
  await expect(label).toBeVisible();
  await label.focus();
  await page.keyboard.type('E2E 未保存行');
  await expect(tab).toHaveAttribute('data-dirty', 'true');

  // Esc on the drawer asks Yes / No / Cancel; Esc again (Cancel) stays with the form as typed.
  await page.keyboard.press('Escape');
  await expect(tip).toBeVisible();
  await expect(page.getByTestId('unsaved-save')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  await expect(add).toBeVisible();
  await expect(label).toHaveValue('E2E 未保存行');
  await expect(label).toBeFocused();

  await expect(tab).toHaveAttribute('data-dirty', 'true');

  // The form's Cancel asks too; N drops the row: the drawer stays, the tab is clean.
  await pressOn(drawer.getByTestId('def-cancel'));
  await expect(tip).toBeVisible();
  await page.keyboard.press('n');
  await expect(label).toHaveCount(0);
  // The caret goes on to Add (the Cancel it was on has gone with the form).
  await expect(add).toBeFocused();
  await expect(tab).not.toHaveAttribute('data-dirty', /.*/);
  // Nothing changed: Esc closes the drawer at once.
  await pressOn(add);
  await expect(label).toBeVisible();
  await label.focus();
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  await expect(add).toBeHidden();
  expect(await mouse()).toBe(0);
});

test('comprehensive statistics and the department income and expense detail', async ({ page, request }, testInfo) => {
  const admin = await apiLogin(request, 'admin', 'admin123');
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  await shell.selectYear('2026');
  await shell.openMenu('report', 'report.comprehensiveStatistical');
  await expect(page).toHaveURL(/\/report\/comprehensiveStatistical$/);
  const api = await admin.get('/api/report/comprehensiveStatistical', { accountId: 1, year: 2026 });
  const grid = page.getByTestId('st-grid');
  await expect(grid.locator('.ag-row[row-id="1"] [col-id="income"]')).toHaveText(money(api.rows[0].income));
  await expect(grid.locator('.ag-row[row-id="1"] [col-id="bank"]')).toHaveText(money(api.rows[0].bank));
  // A month with a loss shows it red, a profit not (the demo has both).
  const months = api.rows as Array<{ month: number; profit: string }>;
  const loss = months.find((r) => Number(r.profit) < 0)!;
  const gain = months.find((r) => Number(r.profit) > 0)!;
  await expect(grid.locator(`.ag-row[row-id="${loss.month}"] [col-id="profit"]`)).toHaveClass(/ld-negative/);
  await expect(grid.locator(`.ag-row[row-id="${gain.month}"] [col-id="profit"]`)).not.toHaveClass(/ld-negative/);
  await expect(grid.locator('.ag-row-pinned [col-id="profit"]')).toHaveText(money(api.total.profit));
  await page.screenshot({ path: testInfo.outputPath('statistics-zh.png'), fullPage: true });
  await shell.switchLanguage('en_US');
  await expect(grid.locator('.ag-row-pinned [col-id="month"]')).toHaveText('Year total');
  await page.screenshot({ path: testInfo.outputPath('statistics-en.png'), fullPage: true });
  await shell.switchLanguage('zh_CN');

  await pressOn(page.getByTestId('st-department'));
  await expect(page).toHaveURL(/\/report\/departmentIODetail$/);
  // The range opens on the last period (today's, or the year's last); a start moved earlier leaves the end there.
  await expect(page.getByTestId('dd-end')).toHaveValue('第 12 期（2026-12）');
  await pickByKeys(page.getByTestId('dd-month'), '第 1 期（2026-01）');
  await expect(page.getByTestId('dd-end')).toHaveValue('第 12 期（2026-12）');
  await pickByKeys(page.getByTestId('dd-end'), '第 12 期（2026-12）');
  const dept = await admin.get('/api/report/departmentIODetail', { accountId: 1, year: 2026, startMonth: 1, endMonth: 12 });
  const dgrid = page.getByTestId('dd-grid');
  await expect(dgrid.locator('.ag-row-pinned [col-id="net"]')).toHaveText(money(dept.total.net) || '');
  await expect(dgrid.locator('.ag-row-pinned [col-id="income"]')).toHaveText(money(dept.total.income) || '');
  await expect(dgrid.locator('.ag-row-pinned [col-id="expense"]')).toHaveText(money(dept.total.expense) || '');
  expect(await dgrid.locator('.ag-row:not(.ag-row-pinned)').count()).toBeGreaterThanOrEqual(Math.min(dept.rows.length + dept.departments.length, 5));
  await page.screenshot({ path: testInfo.outputPath('department-zh.png'), fullPage: true });
  await shell.switchLanguage('en_US');
  await expect(dgrid.locator('.ag-row-pinned [col-id="department"]')).toHaveText('Total');
  await page.screenshot({ path: testInfo.outputPath('department-en.png'), fullPage: true });
  await shell.switchLanguage('zh_CN');
});

test('department reimbursements: from the statistics, figures equal to the API, Enter drills to the documents and opens one', async ({ page, request }, testInfo) => {
  const admin = await apiLogin(request, 'admin', 'admin123');
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  await shell.selectYear('2026');
  await shell.openMenu('report', 'report.comprehensiveStatistical');
  await pressOn(page.getByTestId('st-department-ra'));
  await expect(page).toHaveURL(/\/report\/departmentRADetail$/);
  await pickByKeys(page.getByTestId('ra-month'), '第 1 期（2026-01）');
  await pickByKeys(page.getByTestId('ra-end'), '第 12 期（2026-12）');
  await expect(page.getByTestId('ra-range')).toHaveText('制单日期 2026-01-01 至 2026-12-31');
  const grid = page.getByTestId('ra-grid');
  // The figures the screen shows are the API's for the demo company (1) and the same dates.
  type Ra = { rows: Array<{ departmentId: number | null; kindId: number; documents: number; amount: string }>; departments: Array<{ departmentId: number | null; amount: string }>; total: string };
  const ra: Ra = await admin.get('/api/report/departmentRADetail', { companyId: 1, startDate: '2026-01-01', endDate: '2026-12-31' });
  expect(ra.rows.length).toBeGreaterThan(0);
  await expect(grid.locator('.ag-row-pinned [col-id="amount"]')).toHaveText(money(ra.total));
  const first = ra.rows[0];
  const firstId = `${first.departmentId ?? '-'}:${first.kindId}`;
  await expect(grid.locator(`.ag-row[row-id="${firstId}"] [col-id="amount"]`)).toHaveText(money(first.amount));
  await expect(grid.locator(`.ag-row[row-id="${first.departmentId ?? '-'}:sub"] [col-id="amount"]`)).toHaveText(money(ra.departments[0].amount));
  // Keyboard: the first row has the focus; Enter lists its documents and moves there.
  await grid.locator(`.ag-row[row-id="${firstId}"] [col-id="department"]`).click();
  await page.keyboard.press('Enter');
  const docs = page.getByTestId('ra-docs');
  await expect(docs.locator('.ag-row')).toHaveCount(first.documents);
  await page.screenshot({ path: testInfo.outputPath('department-ra-zh.png'), fullPage: true });
  await shell.switchLanguage('en_US');
  await expect(grid.locator('.ag-row-pinned [col-id="department"]')).toHaveText('Total');
  await page.screenshot({ path: testInfo.outputPath('department-ra-en.png'), fullPage: true });
  await shell.switchLanguage('zh_CN');
  await docs.locator('.ag-row[row-index="0"] [col-id="code"]').click();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/newReimburse\/\d+$/);
});
