/**
 * Import, export and templates of a master-data list (decision 018), on the employee list: the
 * Template button downloads a real .xlsx with the bilingual header row; importing a file with one
 * bad row names the row, imports nothing and offers the error workbook (both languages, with
 * screenshots); Export (only with a download base, ticked rows) runs with the progress bar and the
 * downloaded workbook is opened with exceljs. An export goes on when the user leaves the list at
 * once (the file still arrives, a notice says it is ready); a good import's notice gives the
 * server's counts and an empty sheet says no rows were found.
 */
import ExcelJS from 'exceljs';
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from './page-models/test';
import { loginAs } from './page-models/login';
import { ShellKeyboard, ShellModel } from './page-models/shell';
import { restoreDemoState, setDownloadBase } from './page-models/demo-state';
import { openStaffScreen } from './page-models/staff';
import type { ListModel } from './page-models/admin-list';
import { openClientScreen } from './page-models/clients';
import { pressById, pressOn } from './page-models/keys';
import { recordNotices } from './page-models/notices';
import { exportThenLeave } from './page-models/export';


/** Removes the employees the counted import adds (codes E98…). */
async function removeImportedEmployees(request: APIRequestContext) {
  const login = await (await request.post('/api/idm/user/login', { data: { username: 'admin', password: 'admin123' } })).json();
  const headers = { authorization: `Bearer ${login.data.accessToken}` };
  const made = (await (await request.get('/api/aux/employee', { params: { filter: JSON.stringify({ companyId: 1, keyword: 'E98' }) }, headers })).json()).data.content as { id: number; code: string }[];
  for (const e of made.filter((x) => x.code.startsWith('E98'))) await request.delete(`/api/aux/employee/${e.id}`, { headers });
  await request.post('/api/idm/user/logout', { headers });
}

test.afterAll(async ({ request }) => {
  await removeImportedEmployees(request);
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

/** A workbook of the template's header row and the given rows (by header). */
async function employeesFile(template: string, name: string, rows: Record<string, string>[]) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(template);
  const header = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
  const out = new ExcelJS.Workbook();
  const ws = out.addWorksheet('Employees');
  ws.addRow(header);
  for (const r of rows) ws.addRow(header.map((h) => r[h] ?? null));
  const file = `test-results/${name}.xlsx`;
  await out.xlsx.writeFile(file);
  return file;
}

test('an import says what it did (created, updated, unchanged); an empty sheet says no rows were found', async ({ page, request }) => {
  await removeImportedEmployees(request);
  mkdirSync('test-results', { recursive: true });
  const notices = await recordNotices(page);
  await loginAs(page, 'admin', 'admin123');
  const list = await openStaffScreen(page, 'employees');
  await expect(list.row('E001').first()).toBeVisible();
  const templateDownload = page.waitForEvent('download');
  await pressById(page, 'employee-template');
  const template = 'test-results/employees-template-counts.xlsx';
  await (await templateDownload).saveAs(template);
  const dialog = page.getByTestId('employee-import-dialog');
  const importFile = async (file: string) => {
    await pressById(page, 'employee-import');
    await expect(dialog.getByTestId('employee-import-dialog-file')).toBeVisible();
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await pressById(page, 'employee-import-dialog-submit');
  };

  const two = [
    { '员工编码 Code': 'E9801', '姓名 Name': '计数甲', '性别 Sex': '男', '部门编码 Department code': '0101' },
    { '员工编码 Code': 'E9802', '姓名 Name': '计数乙', '性别 Sex': '女', '部门编码 Department code': '0101' },
  ];
  await importFile(await employeesFile(template, 'employees-counts-1', two));
  await expect(dialog.getByTestId('employee-import-dialog-file')).toBeHidden();
  await expect.poll(notices).toContain('操作成功！新增 2 条，更新 0 条，未变 0 条。请再次检查！');

  // Again with one name changed and one new row: 1 created, 1 updated, 1 unchanged.
  await importFile(await employeesFile(template, 'employees-counts-2', [two[0]!, { ...two[1]!, '姓名 Name': '计数乙改' }, { '员工编码 Code': 'E9803', '姓名 Name': '计数丙', '性别 Sex': '男', '部门编码 Department code': '0101' }]));
  await expect(dialog.getByTestId('employee-import-dialog-file')).toBeHidden();
  await expect.poll(notices).toContain('操作成功！新增 1 条，更新 1 条，未变 1 条。请再次检查！');
  await list.search('E980');
  await expect(list.row('计数乙改').first()).toBeVisible();

  // The header row only: the popup stays open and says no rows were found; no success notice.
  await list.search('');
  const before = (await notices()).length;
  await importFile(await employeesFile(template, 'employees-counts-empty', []));
  await expect(dialog.getByTestId('employee-import-dialog-empty')).toHaveText('表格中没有数据行，未导入任何内容。');
  await expect(dialog.getByTestId('employee-import-dialog-file')).toBeVisible();
  expect((await notices()).slice(before).filter((n) => n.includes('操作成功'))).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog.getByTestId('employee-import-dialog-file')).toBeHidden();
});

for (const lang of ['zh_CN', 'en_US'] as const) {
  test(`an export goes on when the user leaves the list at once: the file arrives on another page with a ready notice (${lang})`, async ({ page, request }) => {
    await setDownloadBase(request, '/api/files');
    const notices = await recordNotices(page);
    await loginAs(page, 'admin', 'admin123');
    const shell = new ShellModel(page);
    if (lang === 'en_US') await shell.switchLanguage('en_US');
    const customers = await openClientScreen(page, 'customers');
    await expect(customers.rowAt(0)).toContainText('C0001');
    // Into the rows from the keyword box, tick the first with Space, Enter on Export, Ctrl+K "xm" Enter.
    await customers.root.getByTestId('list-keyword').press('ArrowDown');
    await expect(customers.rowAt(0).locator('.ag-cell-focus')).toHaveCount(1);
    await page.keyboard.press('Space');
    const { file, pathWhenDownloaded, exportCalls } = await exportThenLeave(page, page.getByTestId('customer-export'), 'xm', 'screen:project', '/project/list', page.getByTestId('project-new'));
    // The file came while Projects was shown (the Customers page, which started it, was gone).
    expect(pathWhenDownloaded).toBe('/project/list');
    expect(exportCalls).toBe(1);
    expect(file.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await file.path());
    expect(wb.worksheets[0].rowCount).toBe(2);
    expect(String(wb.worksheets[0].getRow(2).getCell(1).value)).toBe('C0001');
    const ready = lang === 'zh_CN' ? '导出文件已生成，正在下载。' : 'Your export is ready: the file is downloading.';
    await expect.poll(notices).toContain(ready);
    const notice = page.locator('.mantine-Notification-root', { hasText: ready });
    if (await notice.isVisible()) await page.screenshot({ path: `test-results/export-${lang}-ready-notice.png`, animations: 'disabled' });
    expect(new URL(page.url()).pathname).toBe('/project/list');
    // Back on Customers (Ctrl+K "kh"): no export runs there any more, Export is free again.
    await new ShellKeyboard(page).searchPalette('kh', 'screen:customer');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/customer/list');
    await expect(customers.rowAt(0)).toContainText('C0001');
    await expect(page.getByTestId('export-progress')).toHaveCount(0);
    await expect(page.getByTestId('customer-export')).not.toHaveAttribute('aria-busy', 'true');
    if (lang === 'en_US') await shell.switchLanguage('zh_CN');
  });
}

test('Enter on Export keeps the focus on Export while and after the export runs (customer list)', async ({ page, request }) => {
  await setDownloadBase(request, '/api/files');
  await loginAs(page, 'admin', 'admin123');
  const customers = await openClientScreen(page, 'customers');
  await expect(customers.rowAt(0)).toContainText('C0001');
  await customers.root.getByTestId('list-keyword').press('ArrowDown');
  await expect(customers.rowAt(0).locator('.ag-cell-focus')).toHaveCount(1);
  await page.keyboard.press('Space');
  const exportButton = page.getByTestId('customer-export');
  const download = page.waitForEvent('download');
  await pressOn(exportButton);
  await expect(page.getByTestId('export-progress')).toHaveAttribute('data-state', 'running');
  await expect(exportButton).toHaveAttribute('aria-busy', 'true');
  await expect(exportButton).toBeFocused();
  // A second Enter while it runs starts nothing.
  let calls = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/aux/customer/export')) calls++;
  });
  await page.keyboard.press('Enter');
  await download;
  expect(calls).toBe(0);
  await expect(page.getByTestId('export-progress')).toBeHidden();
  await expect(exportButton).not.toHaveAttribute('aria-busy', 'true');
  await expect(exportButton).toBeFocused();
});
