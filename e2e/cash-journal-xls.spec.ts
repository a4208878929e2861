/**
 * The cash journal workbook on the journal query screen (decision 035, 'cash' template) as the
 * cashier, keyboard only: Template and Export download workbooks (the export holds the filtered
 * lines); Import without a chosen account says to choose one; the exported January of C001 moved to
 * March imports into C001 and the list shows the lines. A keyword typed in the list's box is part of
 * the export: the workbook holds the lines the grid shows, not every line of the other filters, in
 * the grid's order (sorted by date latest first, the file is too). The lines made here are deleted
 * in afterAll.
 */
import ExcelJS from 'exceljs';
import { formatCents } from '../src/domain/money';
import type { Route } from '@playwright/test';
import { expect, test, type APIRequestContext } from './page-models/test';
import { apiHeaders, loginAs } from './page-models/login';
import { restoreDemoState } from './page-models/demo-state';
import { pressById } from './page-models/keys';

test.describe.configure({ mode: 'serial' });

let cashId = 0;
const MONTH = '2026-03';
/** The month of the keyword export's lines (nothing seeded there). */
const KEYWORD_MONTH = '2026-05';

async function marchLines(request: APIRequestContext, month = MONTH) {
  const headers = await apiHeaders(request, 'cashier', 'cash123');
  const body = await (await request.get('/api/cashier/cash', { params: { filter: JSON.stringify({ accountId: 1, bankAccountId: cashId, month }), limit: 500 }, headers })).json();
  return body.data.content as Array<{ id: number; summary: string }>;
}
async function cleanUp(request: APIRequestContext) {
  const headers = await apiHeaders(request, 'cashier', 'cash123');
  for (const month of [MONTH, KEYWORD_MONTH]) for (const l of await marchLines(request, month)) await request.delete(`/api/cashier/cash/${l.id}`, { headers });
  await request.post('/api/idm/user/language', { data: { language: 'zh_CN' }, headers });
}

test.beforeAll(async ({ request }) => {
  const headers = await apiHeaders(request, 'cashier', 'cash123');
  const accounts = await (await request.get('/api/common/bankAccount', { params: { filter: JSON.stringify({ accountId: 1, keyword: 'C001' }) }, headers })).json();
  cashId = accounts.data.content[0].id;
  await cleanUp(request);
});
test.afterAll(async ({ request }) => {
  await cleanUp(request);
  await restoreDemoState(request);
});


test('template, export and import of journal lines from the query screen', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  await loginAs(page, 'cashier', 'cash123', { at: '/cashier/cashBankJournalQuery' });
  await expect(page.locator('.ag-row').first()).toBeVisible({ timeout: 20_000 });

  let download = page.waitForEvent('download');
  await pressById(page, 'jq-template');
  const template = testInfo.outputPath('cash-template.xlsx');
  await (await download).saveAs(template);
  const twb = new ExcelJS.Workbook();
  await twb.xlsx.readFile(template);
  expect(twb.worksheets[0].getRow(1).values).toEqual(expect.arrayContaining(['日期 Date', '收入 Receipt', '支出 Payment']));

  // Import needs the account to import into.
  await pressById(page, 'jq-import');
  await expect(page.getByText('请先选择要导入的账户')).toBeVisible();

  await page.goto(`/cashier/cashBankJournalQuery?bankAccountId=${cashId}&dateFrom=2026-01-01&dateTo=2026-01-31`);
  await expect(page.locator('.ag-row').first()).toBeVisible({ timeout: 20_000 });
  download = page.waitForEvent('download');
  await pressById(page, 'jq-export');
  const exported = testInfo.outputPath('cash.xlsx');
  await (await download).saveAs(exported);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(exported);
  const ws = wb.worksheets[0];
  const count = ws.rowCount - 1;
  expect(count).toBeGreaterThan(0);
  ws.eachRow((row, n) => { if (n > 1) row.getCell(2).value = String(row.getCell(2).value).replace('2026-01', MONTH); });
  const moved = testInfo.outputPath('cash-march.xlsx');
  await wb.xlsx.writeFile(moved);

  await pressById(page, 'jq-import');
  const dialog = page.getByTestId('jq-import-dialog');
  await expect(dialog).toContainText('导入日记账到 C001');
  await dialog.locator('input[type="file"]').setInputFiles(moved);
  await page.screenshot({ path: testInfo.outputPath('cash-import-zh.png') });
  await pressById(page, 'jq-import-dialog-submit');
  await expect(page.getByText(`已导入 ${count} 行`)).toBeVisible({ timeout: 20_000 });
  expect((await marchLines(request)).length).toBe(count);

  // The same screen in English (the buttons and the dialog's title).
  await request.post('/api/idm/user/language', { data: { language: 'en_US' }, headers: await apiHeaders(request, 'cashier', 'cash123') });
  await page.evaluate(() => localStorage.setItem('ledgerdesk.language', 'en_US'));
  // Import opens for the account in the address even before the accounts' names have arrived
  // (held back here); the title names the account once they have.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/common/bankAccount?*', async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto(`/cashier/cashBankJournalQuery?bankAccountId=${cashId}&dateFrom=2026-01-01&dateTo=2026-01-31`);
  await expect(page.getByTestId('jq-export')).toContainText('Export', { timeout: 20_000 });
  await pressById(page, 'jq-import');
  await expect(page.getByTestId('jq-import-dialog').locator('input[type="file"]')).toBeAttached();
  release();
  await page.unroute('**/api/common/bankAccount?*');
  await expect(page.getByTestId('jq-import-dialog')).toContainText('Import journal lines into C001');
  await page.screenshot({ path: testInfo.outputPath('cash-import-en.png') });
});

test('every column fits at 1440 px, no figure cut; the export takes the keyword the list was searched with and its sort: the workbook holds the lines on screen, in their order', async ({ page, request }, testInfo) => {
  const headers = await apiHeaders(request, 'cashier', 'cash123');
  const made = await request.post('/api/cashier/cash', { headers, data: { bankAccountId: cashId, lines: [
    { date: `${KEYWORD_MONTH}-06`, summary: 'QA 复核费', receiptCents: 12_300 },
    { date: `${KEYWORD_MONTH}-07`, summary: '物业费', counterparty: 'QA 物业公司', paymentCents: 4_500 },
    { date: `${KEYWORD_MONTH}-08`, summary: '其他收入', receiptCents: 700 },
  ] } });
  expect((await made.json()).success).toBe(true);
  const listed = async (keyword?: string) => (await (await request.get('/api/cashier/cash', { params: { filter: JSON.stringify({ accountId: 1, ...(keyword ? { keyword } : {}) }), limit: 500 }, headers })).json()).data as { total: number; content: Array<{ summary: string }> };
  const all = await listed();
  const shown = await listed('QA');
  expect(shown.content.map((l) => l.summary)).toEqual(expect.arrayContaining(['QA 复核费', '物业费']));
  expect(all.total).toBeGreaterThan(shown.total);
  expect(shown.total).toBeLessThanOrEqual(10);

  await loginAs(page, 'cashier', 'cash123', { at: '/cashier/cashBankJournalQuery' });
  const grid = page.getByTestId('list-cashier.journalQuery');
  await expect(grid.locator('.ag-row').first()).toBeVisible({ timeout: 20_000 });
  // At 1440 px beside the menu every column is in view (Vch., Entered by too), and no amount is cut.
  expect(page.viewportSize()?.width).toBe(1440);
  const fit = await grid.evaluate((root) => {
    const right = root.querySelector('.ag-root')!.getBoundingClientRect().right;
    const headers = [...root.querySelectorAll('.ag-header-cell')].map((h) => ({ id: h.getAttribute('col-id'), right: h.getBoundingClientRect().right }));
    const cut = [...root.querySelectorAll('.ag-cell')].filter((c) => /Cents$/.test(c.getAttribute('col-id') ?? '') && c.scrollWidth > c.clientWidth).map((c) => c.textContent);
    return { outside: headers.filter((h) => h.right > right + 0.5).map((h) => h.id), ids: headers.map((h) => h.id), cut };
  });
  expect(fit.ids).toEqual(expect.arrayContaining(['balanceCents', 'voucherCode', 'createdByName']));
  expect(fit.outside).toEqual([]);
  expect(fit.cut).toEqual([]);
  // The page arrives in its keyword box: typing searches.
  await expect(page.getByTestId('list-keyword')).toBeFocused();
  await page.keyboard.type('QA');
  await expect(grid.locator('.ag-row')).toHaveCount(shown.total, { timeout: 10_000 });
  await expect(grid).toContainText('QA 复核费');
  // The totals sum every line the search found, not only the page's.
  const sum = (k: 'receiptCents' | 'paymentCents') => shown.content.reduce((t, l) => t + Number((l as unknown as Record<string, string>)[k]), 0);
  await expect(page.getByTestId('jq-totals')).toHaveText(new RegExp(`^(合计 ${shown.total} 笔：收入 ${formatCents(sum('receiptCents'))}，支出 ${formatCents(sum('paymentCents'))}|Total of ${shown.total} lines: receipts ${formatCents(sum('receiptCents'))}, payments ${formatCents(sum('paymentCents'))})$`));

  const download = page.waitForEvent('download');
  await pressById(page, 'jq-export');
  const file = testInfo.outputPath('cash-keyword.xlsx');
  await (await download).saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.worksheets[0];
  const summaries: string[] = [];
  ws.eachRow((row, n) => { if (n > 1) summaries.push(String(row.getCell(4).value)); });
  expect(summaries).toEqual(shown.content.map((l) => l.summary));
  expect(summaries.length).toBeLessThan(all.total);

  // Sorted by date, latest first (Enter twice on the header): the workbook has the lines in that order, each with the balance the grid shows.
  const latestFirst = (await (await request.get('/api/cashier/cash', { params: { filter: JSON.stringify({ accountId: 1, keyword: 'QA' }), limit: 500, sort: JSON.stringify({ date: 'desc' }) }, headers })).json()).data.content as Array<{ summary: string; date: string; balanceCents: string }>;
  expect(latestFirst.map((l) => l.summary)).not.toEqual(shown.content.map((l) => l.summary));
  // The second Enter comes while the list still fetches the first sort's answer (held back here): the
  // refetch shows a bar, not AG Grid's loading overlay, which took the header's focus and lost the key.
  const dateHeader = grid.locator('.ag-header-cell[col-id="date"]');
  await expect(page.getByTestId('jq-export')).toBeEnabled();
  const slow = async (route: Route) => { await new Promise((r) => setTimeout(r, 700)); await route.continue().catch(() => undefined); };
  await page.route(/\/api\/cashier\/cash\?/, slow);
  await dateHeader.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('list-body')).toHaveAttribute('data-busy', 'true');
  await expect(dateHeader).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dateHeader).toHaveAttribute('aria-sort', 'descending');
  await page.unroute(/\/api\/cashier\/cash\?/, slow);
  await expect(grid.locator('.ag-row[row-index="0"] .ag-cell[col-id="summary"]')).toHaveText(latestFirst[0].summary);
  const sortedDownload = page.waitForEvent('download');
  await pressById(page, 'jq-export');
  const sortedFile = testInfo.outputPath('cash-keyword-latest-first.xlsx');
  await (await sortedDownload).saveAs(sortedFile);
  const sorted = new ExcelJS.Workbook();
  await sorted.xlsx.readFile(sortedFile);
  const rows: Array<[string, string, number]> = [];
  sorted.worksheets[0].eachRow((row, n) => { if (n > 1) rows.push([String(row.getCell(2).value), String(row.getCell(4).value), Number(row.getCell(10).value)]); });
  expect(rows).toEqual(latestFirst.map((l) => [l.date, l.summary, Number(l.balanceCents) / 100]));
});
