/**
 * Voucher printing, export and import in the browser: in the editor, Ctrl+P generates the voucher's
 * PDF and shows it in the 800 px drawer; its Download saves the file, which poppler renders (page
 * 1 is not blank); Esc closes the drawer; the hidden /voucher/daily/printVoucher page prints an id
 * list. On /voucher/daily/data (opened from the command palette)
 * the year's lines export as .xlsx, and an import with an unbalanced voucher is refused by the dry
 * run with its row number, then the fixed file passes the dry run and imports; the editor's Export
 * xls downloads the imported voucher's lines. Keyboard only.
 * Screenshots in zh_CN and en_US.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext } from './page-models/test';
import { apiHeaders, loginAs, startInLanguage } from './page-models/login';
import { ShellKeyboard } from './page-models/shell';
import { VoucherEditorModel } from './page-models/voucher-editor';
import { restoreDemoState, setDownloadBase } from './page-models/demo-state';
import { pressById } from './page-models/keys';

test.describe.configure({ mode: 'serial' });

const MARKER = 'E2E凭证导入';


async function firstVoucherId(request: APIRequestContext, offset = 0): Promise<number> {
  const headers = await apiHeaders(request, 'clerk', 'clerk123');
  const list = await (await request.get('/api/voucher', { params: { filter: JSON.stringify({ accountId: 1, dateFrom: '2026-01-01' }), limit: 1, offset }, headers })).json();
  expect(list.success, JSON.stringify(list)).toBe(true);
  return list.data.content[0].id as number;
}

/** Renders page 1 of the PDF in grey (PGM) and answers the share of dark pixels; the PNG goes beside it for people. */
function renderFirstPage(pdf: string): number {
  execFileSync('pdftoppm', ['-r', '60', '-f', '1', '-l', '1', '-png', '-singlefile', pdf, pdf.replace(/\.pdf$/, '-page1')]);
  const pgm = execFileSync('pdftoppm', ['-r', '40', '-f', '1', '-l', '1', '-gray', '-singlefile', pdf]);
  // P5 <width> <height> <max>, then one byte per pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
  const pixels = pgm.subarray(header[0].length);
  let dark = 0;
  for (const p of pixels) if (p < 128) dark++;
  return dark / pixels.length;
}


test.afterAll(async ({ request }) => {
  // The vouchers this spec imported go again, so the demo ledger stays as seeded.
  const headers = await apiHeaders(request, 'clerk', 'clerk123');
  const list = await (await request.get('/api/voucher', { params: { filter: JSON.stringify({ accountId: 1, summary: MARKER }), limit: 100 }, headers })).json();
  for (const v of (list.data?.content ?? []) as Array<{ id: number }>) await request.delete(`/api/voucher/${v.id}`, { headers });
  await restoreDemoState(request);
});

test('Ctrl+P in the editor shows the voucher PDF in the drawer; Download saves it, page 1 renders; Esc closes', async ({ page, request }, testInfo) => {
  const id = await firstVoucherId(request);
  await loginAs(page, 'clerk', 'clerk123', { at: `/newVoucher/${id}` });
  const v = new VoucherEditorModel(page);
  await v.ready();
  await expect(v.action('print')).toBeEnabled();

  await page.keyboard.press('Control+p');
  const drawer = page.getByTestId('voucher-print-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('voucher-print-frame')).toBeVisible();
  const box = await page.locator('.mantine-Drawer-content').boundingBox();
  expect(Math.round(box!.width)).toBe(800);
  await page.waitForTimeout(500);
  await page.screenshot({ path: testInfo.outputPath('voucher-print-zh.png') });

  const download = page.waitForEvent('download');
  await pressById(page, 'voucher-print-download');
  const file = testInfo.outputPath('voucher.pdf');
  await (await download).saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const ink = renderFirstPage(file);
  // A blank page has no dark pixels; the voucher form (frame, rules, text) has a few percent.
  expect(ink).toBeGreaterThan(0.005);
  expect(ink).toBeLessThan(0.5);

  await page.getByTestId('voucher-print-close').focus();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(v.root).toBeVisible();

  // The hidden print page (what the voucher list opens for a selection): two vouchers, one PDF.
  const second = await firstVoucherId(request, 1);
  await page.goto(`/voucher/daily/printVoucher?ids=${id},${second}`);
  await expect(page.getByTestId('voucher-print-page')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('voucher-print-page-frame')).toBeVisible();
});

test('the data page exports the year as .xlsx and imports a file: the dry run names the wrong row, the fixed file imports', async ({ page, request }, testInfo) => {
  await setDownloadBase(request, 'https://files.example.com/');
  await loginAs(page, 'clerk', 'clerk123');
  const keys = new ShellKeyboard(page);
  await keys.searchPalette('pzdrdc', 'screen:voucher.daily.data');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/voucher\/daily\/data$/);
  await expect(page.getByTestId('voucher-data-page')).toBeVisible();
  await expect(page.getByTestId('voucher-data-export-xls')).toBeEnabled();

  // Export: the whole year, with the progress bar, downloaded and opened.
  const download = page.waitForEvent('download', { timeout: 30_000 });
  await pressById(page, 'voucher-data-export-xls');
  await expect(page.getByTestId('export-progress')).toBeVisible();
  const exported = testInfo.outputPath('vouchers.xlsx');
  await (await download).saveAs(exported);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(exported);
  const ws = wb.worksheets[0];
  expect(ws.getRow(1).getCell(1).text).toBe('日期 Date');
  expect(ws.rowCount).toBeGreaterThan(10);

  // The import file: the first exported voucher, moved to a date of its own and marked; its first debit spoiled.
  const first = ws.getRow(2);
  const same = (r: ExcelJS.Row) => [1, 2, 3].every((c) => r.getCell(c).text === first.getCell(c).text);
  const lines: ExcelJS.Row[] = [];
  ws.eachRow((r, n) => n > 1 && same(r) && lines.push(r));
  expect(lines.length).toBeGreaterThan(1);
  const build = async (spoil: boolean) => {
    const out = new ExcelJS.Workbook();
    const sheet = out.addWorksheet('Vouchers');
    sheet.addRow((ws.getRow(1).values as unknown[]).slice(1));
    lines.forEach((r, i) => {
      const values = (r.values as unknown[]).slice(1).map((v) => (v === undefined ? null : v));
      values[0] = '2026-06-28';
      values[4] = `${MARKER}${i + 1}`;
      // Column 14 is the debit, 15 the credit: the first line's amount becomes 0.01, so the voucher does not balance.
      if (spoil && i === 0) values[values[13] ? 13 : 14] = '0.01';
      sheet.addRow(values);
    });
    const path = testInfo.outputPath(spoil ? 'import-bad.xlsx' : 'import-good.xlsx');
    await out.xlsx.writeFile(path);
    return path;
  };
  const fileInput = page.getByTestId('voucher-data-page').locator('input[type="file"]');

  await fileInput.setInputFiles(await build(true));
  await pressById(page, 'voucher-data-dry-run');
  const errors = page.getByTestId('voucher-data-errors');
  await expect(errors).toBeVisible();
  await expect(page.getByTestId('voucher-data-error-row').first()).toContainText('第 2 行');
  await expect(page.getByTestId('voucher-data-error-file')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('voucher-data-errors-zh.png'), fullPage: true });

  await fileInput.setInputFiles(await build(false));
  await pressById(page, 'voucher-data-dry-run');
  await expect(page.getByTestId('voucher-data-result')).toContainText(`1 张凭证，${lines.length} 行分录`);
  await expect(page.getByTestId('voucher-data-warnings')).toHaveCount(0);
  await pressById(page, 'voucher-data-import');
  await expect(page.getByTestId('voucher-data-result')).toContainText('已导入 1 张凭证');
  // The same file checked again: its voucher is in the books now, and a warning names the stored one.
  await pressById(page, 'voucher-data-dry-run');
  await expect(page.getByTestId('voucher-data-result')).toContainText('检查通过');
  await expect(page.getByTestId('voucher-data-warnings')).toContainText('与账簿中已有的凭证相同');
  await expect(page.getByTestId('voucher-data-warning-row')).toHaveCount(1);
  await expect(page.getByTestId('voucher-data-warning-row')).toContainText(/第 2 行的凭证与账簿中已有的 \S+-\d+ 相同/);
  await page.screenshot({ path: testInfo.outputPath('voucher-data-warnings-zh.png'), fullPage: true });

  const headers = await apiHeaders(request, 'clerk', 'clerk123');
  const imported = await (await request.get('/api/voucher', { params: { filter: JSON.stringify({ accountId: 1, summary: MARKER }), limit: 100 }, headers })).json();
  expect(imported.data.content).toHaveLength(1);
  expect(imported.data.content[0].items).toHaveLength(lines.length);

  // The editor's Export xls: the current voucher's lines, with the progress bar.
  const v = new VoucherEditorModel(page);
  await v.open(imported.data.content[0].id);
  const one = page.waitForEvent('download', { timeout: 30_000 });
  await pressById(page, 'voucher-action-exportXls');
  const single = testInfo.outputPath('voucher-one.xlsx');
  await (await one).saveAs(single);
  const wb1 = new ExcelJS.Workbook();
  await wb1.xlsx.readFile(single);
  expect(wb1.worksheets[0].rowCount).toBe(1 + lines.length);
  expect(wb1.worksheets[0].getRow(2).getCell(5).text).toBe(`${MARKER}1`);
});

test('the data page and the print drawer in English', async ({ page, request }, testInfo) => {
  const id = await firstVoucherId(request);
  await startInLanguage(page, 'en_US');
  await loginAs(page, 'clerk', 'clerk123');
  const keys = new ShellKeyboard(page);
  await keys.searchPalette('pzdrdc', 'screen:voucher.daily.data');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('voucher-data-page')).toContainText('Voucher import and export');
  await page.screenshot({ path: testInfo.outputPath('voucher-data-en.png'), fullPage: true });
  const v = new VoucherEditorModel(page);
  await v.open(id);
  await page.keyboard.press('Control+p');
  await expect(page.getByTestId('voucher-print-drawer')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: testInfo.outputPath('voucher-print-en.png') });
  await page.getByTestId('voucher-print-close').focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('voucher-print-drawer')).toBeHidden();
});
