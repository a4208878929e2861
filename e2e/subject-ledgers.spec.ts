/**
 * 科目汇总表, 科目总账, 科目明细账 (/voucher/business/summaryBySubject, generalLedgerBySubject,
 * subLedgerBySubject) as the administrator: each opened from the menu and filtered; the summary's
 * figures are the API's and its total row balances; from the general ledger's June row of 1002 the
 * keyboard drills (Enter) into the sub-ledger of June, where the running balance ends on the general
 * ledger's balance, and from the test voucher's line (Enter) into the voucher editor; `/` returns to
 * the filter; the sub-ledger exports to .xlsx with the progress bar. Screenshots in both languages.
 */
import ExcelJS from 'exceljs';
import { expect, test } from './page-models/test';
import { loginAs } from './page-models/login';
import { ShellModel } from './page-models/shell';
import { restoreDemoState, setDownloadBase } from './page-models/demo-state';
import { apiLogin } from './page-models/voucher-list';

test.describe.configure({ mode: 'serial' });

const made: { yearId: number; voucherId: number; bankId: number; june: number } = { yearId: 0, voucherId: 0, bankId: 0, june: 0 };


test.beforeAll(async ({ request }) => {
  const admin = await apiLogin(request, 'admin', 'admin123');
  const years = await admin.get('/api/account/year', { accountId: 1, expand: 'periods' });
  const year = (years.content as Array<{ id: number; year: number; periods: Array<{ id: number; startAt: string }> }>).find((y) => y.year === 2026)!;
  made.yearId = year.id;
  made.june = year.periods.find((p) => p.startAt === '2026-06-01')!.id;
  const subjects = (await admin.get('/api/subject', { filter: { accountYearId: made.yearId }, limit: 1000 })).content as Array<{ id: number; code: string }>;
  made.bankId = subjects.find((x) => x.code === '1002')!.id;
  const kinds = (await admin.get('/api/voucher/kind', { accountId: 1 })).content as Array<{ id: number; isDefault: boolean }>;
  made.voucherId = (await admin.post('/api/voucher', {
    accountId: 1, kindId: (kinds.find((k) => k.isDefault) ?? kinds[0]).id, markTime: '2026-06-29',
    items: [
      { summary: 'E2E明细账', subjectId: made.bankId, direction: true, amount: '432100' },
      { summary: 'E2E明细账', subjectId: subjects.find((x) => x.code === '1001')!.id, direction: false, amount: '432100' },
    ],
  })).id;
  await setDownloadBase(request, 'http://127.0.0.1');
});

test.afterAll(async ({ request }) => {
  const admin = await apiLogin(request, 'admin', 'admin123');
  if (made.voucherId) await admin.del(`/api/voucher/${made.voucherId}`);
  await restoreDemoState(request);
});

const money = (s: string | null) => Math.round(Number((s ?? '').replace(/,/g, '') || '0') * 100);

test('summary, general ledger, sub-ledger: filter, drill down to a voucher, export', async ({ page, request }, testInfo) => {
  const admin = await apiLogin(request, 'admin', 'admin123');
  const juneFilter = { accountId: 1, accountYearId: made.yearId, startPeriodId: made.june, endPeriodId: made.june };
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  await shell.selectYear('2026');

  // 科目汇总表 of June: 1002's debit is the API's, the total row balances.
  await shell.openMenu('voucher', 'voucher.business', 'voucher.business.summaryBySubject');
  await expect(page).toHaveURL(/\/voucher\/business\/summaryBySubject$/);
  await expect(page.getByTestId('subject-summary')).toBeVisible();
  await shell.choose(page.getByTestId('ss-start'), '2026-06');
  await shell.choose(page.getByTestId('ss-end'), '2026-06');
  const summary = await admin.get('/api/ledger/subjectSummary', { filter: juneFilter });
  const bankRow = (summary.rows as Array<{ subjectId: number; debit: string }>).find((r) => r.subjectId === made.bankId)!;
  const ss = page.getByTestId('ss-grid');
  await expect(ss.locator(`.ag-row[row-id="${made.bankId}"] [col-id="debit"]`)).toHaveText(new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(Number(bankRow.debit) / 100));
  const total = (col: string) => ss.locator(`.ag-row-pinned [col-id="${col}"]`);
  await expect(total('code')).toHaveText('合计');
  expect(money(await total('debit').innerText())).toBe(money(await total('credit').innerText()));
  await expect(total('name')).toHaveText(`凭证 ${summary.voucherCount} 张`);
  // Level 1 only.
  await shell.choose(page.getByTestId('ss-level'), '1 级');
  await expect.poll(async () => (await ss.locator('.ag-row:not(.ag-row-pinned) [col-id="code"]').allInnerTexts()).every((c) => /^\d{4}$/.test(c))).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('subject-summary-zh.png'), fullPage: true });
  // Export with the progress bar: the workbook downloads.
  const summaryDownload = page.waitForEvent('download');
  await page.getByTestId('ss-export').click();
  await expect(page.getByTestId('export-progress')).toBeVisible();
  expect((await summaryDownload).suggestedFilename()).toMatch(/^科目汇总表-\d{4}-\d{2}-\d{2}\.xlsx$/);

  // 科目总账 of June for 1002: opening, June, year to date; Enter on June opens its sub-ledger.
  await shell.openMenu('voucher', 'voucher.business', 'voucher.business.generalLedgerBySubject');
  await expect(page.getByTestId('subject-total')).toBeVisible();
  await shell.choose(page.getByTestId('st-start'), '2026-06');
  await shell.choose(page.getByTestId('st-end'), '2026-06');
  await page.getByTestId('st-code-from').fill('1002');
  await page.getByTestId('st-code-to').fill('1002');
  const st = page.getByTestId('st-grid');
  await expect.poll(async () => st.locator('.ag-row [col-id="summary"]').allInnerTexts()).toEqual(['期初余额', '本期合计', '本年累计']);
  const total1002 = await admin.get('/api/ledger/subjectTotal', { filter: { ...juneFilter, subjectCodeFrom: '1002', subjectCodeTo: '1002' } });
  const june = total1002.subjects[0].periods[0] as { debit: string; balanceCents: string; side: string };
  await expect(st.locator(`.ag-row[row-id="${made.bankId}:PERIOD:${made.june}"] [col-id="debit"]`)).toHaveText(new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(Number(june.debit) / 100));
  await page.screenshot({ path: testInfo.outputPath('subject-total-zh.png'), fullPage: true });
  // The keyboard: first cell, ↓ to the June row, Enter.
  await st.locator('.ag-row[row-index="0"] [col-id="code"]').click();
  await page.keyboard.press('ArrowDown');
  await expect(st.locator('.ag-row[row-index="1"] [col-id="code"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/voucher/business/subLedgerBySubject\\?subjectId=${made.bankId}&start=${made.june}&end=${made.june}&unbooked=1$`));

  // 科目明细账 of 1002 for June: the test voucher's line; the last balance is the general ledger's.
  await expect(page.getByTestId('subject-detail')).toBeVisible();
  await expect(page.getByTestId('subject-detail').getByRole('heading')).toContainText('1002');
  const grid = page.getByTestId('sd-grid');
  const line = grid.locator('.ag-row').filter({ has: page.locator('[col-id="summary"]', { hasText: 'E2E明细账' }) });
  await expect(line).toHaveCount(1);
  await expect(line.locator('[col-id="debit"]')).toHaveText('4,321.00');
  const rowsTotal = Number(await grid.getAttribute('data-total'));
  const ytd = grid.locator(`.ag-row[row-index="${rowsTotal - 1}"]`);
  await expect(ytd.locator('[col-id="summary"]')).toHaveText('本年累计');
  expect(money(await ytd.locator('[col-id="balance"]').innerText())).toBe(Number(june.balanceCents));
  await page.screenshot({ path: testInfo.outputPath('subject-detail-zh.png'), fullPage: true });
  // Ctrl+End / Ctrl+Home: the last and first rows (AG Grid alone gives these keys no meaning).
  await line.locator('[col-id="summary"]').click();
  await page.keyboard.press('Control+End');
  await expect(ytd.locator('[col-id="summary"]')).toBeFocused();
  await page.keyboard.press('Control+Home');
  await expect(grid.locator('.ag-row[row-index="0"] [col-id="summary"]')).toBeFocused();
  // Tab and Shift+Tab leave the report for the page's other controls (arrows walk the cells): a
  // thousand-line sub-ledger is not a thousand Tabs long. Shift+Tab lands on the filter's last control.
  await page.keyboard.press('Tab');
  await expect(grid.locator(':focus')).toHaveCount(0);
  await line.locator('[col-id="summary"]').click();
  await page.keyboard.press('Shift+Tab');
  await expect(grid.locator(':focus')).toHaveCount(0);
  expect(await page.evaluate(() => ['BUTTON', 'INPUT'].includes(document.activeElement?.tagName ?? ''))).toBe(true);
  // `/` goes back to the filter; the sub-ledger exports to .xlsx.
  await line.locator('[col-id="summary"]').click();
  await page.keyboard.press('/');
  await expect(page.getByTestId('sd-start')).toBeFocused();
  const detailDownload = page.waitForEvent('download');
  await page.getByTestId('sd-export').click();
  await expect(page.getByTestId('export-progress')).toBeVisible();
  const file = await detailDownload;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await file.path());
  // In the reader's language: the report and its subject, what it covers, then the header row.
  const ws = wb.worksheets[0];
  expect(ws.getCell('A1').value).toBe('科目明细账 · 1002 银行存款');
  expect(String(ws.getCell('A2').value)).toMatch(/ · 期间 2026-06 至 2026-06 · 单位：元 · 含未记账凭证$/);
  expect(ws.getCell('C3').value).toBe('摘要');
  const texts: string[] = [];
  ws.eachRow((r) => texts.push(String(r.getCell(3).value ?? '')));
  expect(texts).toContain('E2E明细账');
  expect(file.suggestedFilename()).toMatch(/^科目明细账-1002-\d{4}-\d{2}-\d{2}\.xlsx$/);
  // Enter on the line opens its voucher in the editor.
  await line.locator('[col-id="summary"]').click();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/newVoucher/${made.voucherId}$`));

  // The three screens in English.
  await shell.switchLanguage('en_US');
  await shell.openMenu('voucher', 'voucher.business', 'voucher.business.summaryBySubject');
  await expect(page.getByTestId('ss-grid').locator('.ag-row-pinned [col-id="code"]')).toHaveText('Total');
  await page.screenshot({ path: testInfo.outputPath('subject-summary-en.png'), fullPage: true });
  await shell.openMenu('voucher', 'voucher.business', 'voucher.business.generalLedgerBySubject');
  await expect.poll(async () => page.getByTestId('st-grid').locator('.ag-row [col-id="summary"]').allInnerTexts()).toEqual(['Opening balance', 'Period total', 'Year to date']);
  await page.screenshot({ path: testInfo.outputPath('subject-total-en.png'), fullPage: true });
  await shell.openMenu('voucher', 'voucher.business', 'voucher.business.subLedgerBySubject');
  await expect(page.getByTestId('sd-grid').locator('.ag-row [col-id="summary"]').first()).toHaveText('Opening balance');
  await page.screenshot({ path: testInfo.outputPath('subject-detail-en.png'), fullPage: true });
  await shell.switchLanguage('zh_CN');
});
