/**
 * Export (issue 7): the subject catalogue's Export button (shown only with a download base) exports
 * the ticked subjects in the background; the progress bar shows while the task runs, the workbook
 * downloads when it completes and the bar hides; the downloaded .xlsx is opened with exceljs. The
 * focus stays on Export while and after it runs.
 * The server runs with EXPORT_STEP_DELAY_MS (playwright.config.ts) so the bar can be watched.
 */
import ExcelJS from 'exceljs';
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type FileChooser, type Page } from './page-models/test';
import { loginAs } from './page-models/login';
import { ShellModel } from './page-models/shell';
import { restoreDemoState, setDownloadBase } from './page-models/demo-state';
import { SubjectCatalogueModel } from './page-models/subjects';
import { pressOn } from './page-models/keys';
import { SCREENSHOTS } from './page-models/screenshots';


/** Removes the subjects the import test adds (under 1123), deepest first. */
async function removeImported(request: APIRequestContext) {
  const login = await (await request.post('/api/idm/user/login', { data: { username: 'admin', password: 'admin123' } })).json();
  const headers = { authorization: `Bearer ${login.data.accessToken}` };
  const years = (await (await request.get('/api/account/year', { params: { accountId: 1 }, headers })).json()).data.content as { id: number }[];
  for (const y of years) {
    const list = (await (await request.get('/api/subject', { params: { filter: JSON.stringify({ accountYearId: y.id, codePrefix: '1123' }) }, headers })).json()).data.content as { id: number; level: number }[];
    for (const s of list.filter((x) => x.level > 1).sort((a, b) => b.level - a.level)) {
      await request.delete('/api/subject', { params: { filter: JSON.stringify({ accountYearId: y.id, id: [s.id] }) }, headers });
    }
  }
  await request.post('/api/idm/user/logout', { headers });
}

test.afterAll(async ({ request }) => {
  await removeImported(request);
  await restoreDemoState(request);
});

/** Ticks rows by keyboard: the first by a click-free focus + Space, the next ones with ArrowDown + Space. */
async function tickRows(page: Page, s: SubjectCatalogueModel, firstCode: string, count: number) {
  const cell = s.list.row(firstCode).first().locator('.ag-cell[col-id="code"]');
  await cell.focus();
  for (let i = 0; i < count; i++) {
    if (i) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
  }
}

test('the Export button is hidden without a download base', async ({ page, request }) => {
  await setDownloadBase(request, null);
  await loginAs(page, 'admin', 'admin123');
  const s = new SubjectCatalogueModel(page);
  await s.open();
  await expect(s.list.row('1001').first()).toBeVisible();
  await expect(page.getByTestId('subject-new')).toBeVisible();
  await expect(page.getByTestId('subject-export')).toHaveCount(0);
});

test('exports the ticked subjects with the progress bar and downloads the workbook', async ({ page, request }) => {
  await setDownloadBase(request, '/api/files');
  await loginAs(page, 'admin', 'admin123');
  const s = new SubjectCatalogueModel(page);
  await s.open();
  await expect(s.list.row('1001').first()).toBeVisible();
  const exportButton = page.getByTestId('subject-export');
  // Disabled with no selection (spec 02 §2.1).
  await expect(exportButton).toBeDisabled();
  await tickRows(page, s, '1001', 3);
  await expect(exportButton).toBeEnabled();

  const download = page.waitForEvent('download');
  await pressOn(exportButton);
  const bar = page.getByTestId('export-progress');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('data-state', 'running');
  // The running button spins but keeps the focus (a disabled one would drop it to <body>).
  await expect(exportButton).toHaveAttribute('aria-busy', 'true');
  await expect(exportButton).toBeFocused();
  await page.screenshot({ path: 'test-results/export-zh_CN-progress.png', animations: 'disabled' });
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^subjects-\d{4}\.xlsx$/);
  // The bar hides 0.5 s after completion; the focus is still on Export.
  await expect(bar).toBeHidden();
  await expect(exportButton).not.toHaveAttribute('aria-busy', 'true');
  await expect(exportButton).toBeFocused();

  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await file.path());
  const ws = wb.worksheets[0];
  expect(ws.getRow(1).getCell(1).value).toBe('科目编码 Code');
  expect(ws.rowCount).toBe(4);
  const codes = [2, 3, 4].map((r) => ws.getRow(r).getCell(1).value);
  expect(codes).toEqual(['1001', '1002', '1012']);
  expect(ws.getRow(2).getCell(2).value).toBe('库存现金');
});

test('screenshot of the export progress bar in English', SCREENSHOTS, async ({ page, request }) => {
  await setDownloadBase(request, '/api/files');
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  await shell.switchLanguage('en_US');
  const s = new SubjectCatalogueModel(page);
  await s.open();
  await expect(s.list.row('1001').first()).toBeVisible();
  await tickRows(page, s, '1001', 2);
  const download = page.waitForEvent('download');
  await pressOn(page.getByTestId('subject-export'));
  await expect(page.getByTestId('export-progress')).toBeVisible();
  await expect(page.getByTestId('export-progress-value')).toContainText('Exporting');
  await page.screenshot({ path: 'test-results/export-en_US-progress.png', animations: 'disabled' });
  await download;
  await shell.switchLanguage('zh_CN');
});

async function workbook(path: string, rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Subjects');
  ws.addRow(['科目编码 Code', '科目名称 Name', '英文名称 English name']);
  for (const r of rows) ws.addRow(r);
  mkdirSync('test-results', { recursive: true });
  await wb.xlsx.writeFile(path);
  return path;
}

/** The subject catalogue as the administrator, its import dialog opened from the keyboard. */
async function openSubjectImport(page: Page) {
  await loginAs(page, 'admin', 'admin123');
  const s = new SubjectCatalogueModel(page);
  await s.open();
  await expect(s.list.row('1001').first()).toBeVisible();
  const dialog = page.getByTestId('subject-import-dialog');
  await pressOn(page.getByTestId('subject-import'));
  return { s, dialog };
}

test('imports subjects: a file with one bad row names the row and imports nothing; a good one imports', async ({ page }) => {
  const { s, dialog } = await openSubjectImport(page);
  await expect(dialog.getByTestId('subject-import-dialog-file')).toBeVisible();

  // No file: 'please select EXCEL'.
  await pressOn(dialog.getByTestId('subject-import-dialog-submit'));
  await expect(dialog.getByTestId('subject-import-dialog-error')).toContainText('请选择EXCEL');

  // Row 3 has a code that fits no level of the rule: the row is named, nothing is imported.
  const bad = await workbook('test-results/import-bad.xlsx', [['112301', '预付甲', 'Prepaid A'], ['11230', '坏编码', null], ['112302', '预付乙', null]]);
  await dialog.locator('input[type="file"]').setInputFiles(bad);
  await pressOn(dialog.getByTestId('subject-import-dialog-submit'));
  await expect(dialog.getByTestId('subject-import-dialog-error')).toContainText('第 3 行');
  await page.screenshot({ path: 'test-results/import-zh_CN-errors.png', animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(dialog.getByTestId('subject-import-dialog-file')).toBeHidden();
  await s.list.search('1123');
  await expect(s.list.row('112301')).toHaveCount(0);

  const good = await workbook('test-results/import-good.xlsx', [['112301', '预付甲', 'Prepaid A'], ['112302', '预付乙', null]]);
  await pressOn(page.getByTestId('subject-import'));
  await dialog.locator('input[type="file"]').setInputFiles(good);
  await pressOn(dialog.getByTestId('subject-import-dialog-submit'));
  await expect(dialog.getByTestId('subject-import-dialog-file')).toBeHidden();
  // The notice gives the server's counts.
  await expect(page.locator('.mantine-Notification-root').last()).toContainText('操作成功！新增 2 条，更新 0 条，未变 0 条。请再次检查！');
  await expect(s.list.row('112301').first()).toBeVisible();
  await expect(s.list.row('112302').first()).toBeVisible();
});

test('imports by keys only: Enter opens the file chooser, and once the file is picked Enter imports', async ({ page, request }) => {
  // Every file chooser the page opens, caught from the start (a listener added just before the key
  // may still be switching the interception on when the chooser opens, and then none is reported).
  const choosers: FileChooser[] = [];
  page.on('filechooser', (c) => choosers.push(c));
  const { s, dialog } = await openSubjectImport(page);
  const fileBox = dialog.getByTestId('subject-import-dialog-file');
  await expect(fileBox).toBeFocused();
  const file = await workbook('test-results/import-keys.xlsx', [['112305', '预付丙', 'Prepaid C'], ['112306', '预付丁', null]]);
  // Enter on the file box opens the chooser; the browser hands the focus back with the file picked.
  await page.keyboard.press('Enter');
  await expect.poll(() => choosers.length).toBe(1);
  await choosers[0]!.setFiles(file);
  await expect(fileBox).toContainText('import-keys.xlsx');
  // The next Enter imports (before, it opened the chooser again and imported nothing).
  await expect(dialog.getByTestId('subject-import-dialog-submit')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(fileBox).toBeHidden();
  await expect(page.locator('.mantine-Notification-root').last()).toContainText('操作成功！新增 2 条，更新 0 条，未变 0 条。请再次检查！');
  await expect(s.list.row('112305').first()).toBeVisible();
  expect(choosers).toHaveLength(1);
  await removeImported(request);
});
