/**
 * Import, export and templates of a master-data list (decision 018), on the employee list: the
 * Template button downloads a real .xlsx with the bilingual header row; importing a file with one
 * bad row names the row, imports nothing and offers the error workbook (both languages, with
 * screenshots); Export (only with a download base, ticked rows) runs with the progress bar and the
 * downloaded workbook is opened with exceljs.
 */
import ExcelJS from 'exceljs';
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from './page-models/test';
import { loginAs } from './page-models/login';
import { ShellModel } from './page-models/shell';
import { restoreDemoState } from './page-models/demo-state';
import { openStaffScreen } from './page-models/staff';
import type { ListModel } from './page-models/admin-list';
import { pressById } from './page-models/keys';

async function setDownloadBase(request: APIRequestContext, downloadBase: string | null) {
  const login = await (await request.post('/api/idm/user/login', { data: { username: 'admin', password: 'admin123' } })).json();
  const headers = { authorization: `Bearer ${login.data.accessToken}` };
  await request.post('/api/system/config', { data: { downloadBase }, headers });
  await request.post('/api/idm/user/logout', { headers });
}

test.afterAll(async ({ request }) => {
  await setDownloadBase(request, null);
  await restoreDemoState(request);
});


async function importWithOneBadRow(page: Page, list: ListModel, lang: 'zh_CN' | 'en_US', template: string) {
  // The template's header row, then a good row and a bad one (row 3: an unknown sex).
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(template);
  const header = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
  const out = new ExcelJS.Workbook();
  const ws = out.addWorksheet('Employees');
  ws.addRow(header);
  const row = (values: Record<string, string>) => header.map((h) => values[h] ?? null);
  ws.addRow(row({ '员工编码 Code': 'E9901', '姓名 Name': '测试甲', '性别 Sex': '男', '部门编码 Department code': '0101' }));
  ws.addRow(row({ '员工编码 Code': 'E9902', '姓名 Name': '测试乙', '性别 Sex': 'X', '部门编码 Department code': '0101' }));
  const file = `test-results/employees-bad-${lang}.xlsx`;
  await out.xlsx.writeFile(file);

  const dialog = page.getByTestId('employee-import-dialog');
  await pressById(page, 'employee-import');
  await expect(dialog.getByTestId('employee-import-dialog-file')).toBeVisible();
  // No file: 'please select EXCEL'.
  await pressById(page, 'employee-import-dialog-submit');
  await expect(dialog.getByTestId('employee-import-dialog-error')).toContainText(lang === 'zh_CN' ? '请选择EXCEL' : 'please select EXCEL');
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await pressById(page, 'employee-import-dialog-submit');
  const error = dialog.getByTestId('employee-import-dialog-error');
  await expect(error).toContainText(lang === 'zh_CN' ? '第 3 行' : 'Row 3');
  await expect(error).toContainText(lang === 'zh_CN' ? '性别' : 'Sex');
  const link = dialog.getByTestId('employee-import-dialog-error-file');
  await expect(link).toBeVisible();
  await page.screenshot({ path: `test-results/import-export-${lang}-errors.png`, animations: 'disabled' });

  // The error workbook: the upload with an error column on row 3.
  const download = page.waitForEvent('download');
  await link.click();
  const errors = new ExcelJS.Workbook();
  await errors.xlsx.readFile(await (await download).path());
  const sheet = errors.worksheets[0];
  const errorCol = (sheet.getRow(1).values as unknown[]).indexOf('错误 Error');
  expect(errorCol).toBeGreaterThan(0);
  expect(sheet.getRow(2).getCell(errorCol).value).toBeNull();
  expect(String(sheet.getRow(3).getCell(errorCol).value)).toMatch(/性别|Sex/);

  await page.keyboard.press('Escape');
  await expect(dialog.getByTestId('employee-import-dialog-file')).toBeHidden();
  // Nothing was imported (the good row neither).
  await list.search('E990');
  await expect(list.row('E9901')).toHaveCount(0);
  await list.search('');
}

test('employee list: template download, an import with one bad row, export with the progress bar', async ({ page, request }) => {
  await setDownloadBase(request, '/api/files');
  mkdirSync('test-results', { recursive: true });
  await loginAs(page, 'admin', 'admin123');
  const list = await openStaffScreen(page, 'employees');
  await expect(list.row('E001').first()).toBeVisible();

  // Template: a real .xlsx with the bilingual header row.
  const templateDownload = page.waitForEvent('download');
  await pressById(page, 'employee-template');
  const template = await templateDownload;
  expect(template.suggestedFilename()).toBe('employees-template.xlsx');
  const templatePath = 'test-results/employees-template.xlsx';
  await template.saveAs(templatePath);
  const twb = new ExcelJS.Workbook();
  await twb.xlsx.readFile(templatePath);
  expect((twb.worksheets[0].getRow(1).values as unknown[]).slice(1, 5)).toEqual(['员工编码 Code', '姓名 Name', '性别 Sex', '部门编码 Department code']);

  await importWithOneBadRow(page, list, 'zh_CN', templatePath);

  // Export: disabled until rows are ticked; the progress bar runs; the workbook downloads.
  const exportButton = page.getByTestId('employee-export');
  await expect(exportButton).toBeDisabled();
  const cell = list.row('E001').first().locator('.ag-cell[col-id="code"]');
  await cell.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(exportButton).toBeEnabled();
  const download = page.waitForEvent('download');
  await pressById(page, 'employee-export');
  const bar = page.getByTestId('export-progress');
  await expect(bar).toBeVisible();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^employees-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(bar).toBeHidden();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await file.path());
  const ws = wb.worksheets[0];
  expect(ws.getRow(1).getCell(1).value).toBe('员工编码 Code');
  expect(ws.rowCount).toBe(3);
  expect([ws.getRow(2).getCell(1).value, ws.getRow(3).getCell(1).value].sort()).toEqual(['E001', 'E002']);
});

test('the import dialog lists the wrong rows in English too', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  await shell.switchLanguage('en_US');
  const list = await openStaffScreen(page, 'employees');
  await expect(list.row('E001').first()).toBeVisible();
  const templateDownload = page.waitForEvent('download');
  await pressById(page, 'employee-template');
  const templatePath = 'test-results/employees-template-en.xlsx';
  await (await templateDownload).saveAs(templatePath);
  await importWithOneBadRow(page, list, 'en_US', templatePath);
  await shell.switchLanguage('zh_CN');
});
