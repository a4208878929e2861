/**
 * Invoices (spec 02 §2.5, §2.6, §4, §5): an invoice created from the list by keyboard, refused
 * without its mandatory PDF and for a .pdf-named text file, saved with a real PDF, shown in the
 * PDF viewer drawer (Esc closes it); the project view's invoice card with 5 rows, then more and
 * less; screenshots of the screens in both languages.
 */
import { expect, test } from './page-models/test';
import { minimalPdf } from '../src/domain/pdf';
import { apiHeaders, loginAs } from './page-models/login';
import { ShellModel } from './page-models/shell';
import { FormDialogModel, ListModel } from './page-models/admin-list';
import { openClientScreen, pickByKeyboard } from './page-models/clients';
import { chooseInvoiceFile, openInvoiceList } from './page-models/invoices';
import { restoreDemoState } from './page-models/demo-state';
import { pressOn } from './page-models/keys';

const stamp = Date.now().toString(36).slice(-5);
const invoiceNo = `E2EI${stamp}`;
const pdf = { name: `${invoiceNo}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(minimalPdf([`Invoice ${invoiceNo}`, 'Amount 1,234.56'])) };
const fakePdf = { name: 'not-really.pdf', mimeType: 'application/pdf', buffer: Buffer.from('plain text pretending to be a PDF '.repeat(10)) };

test.afterAll(async ({ request }) => {
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const list = await (await request.get('/api/invoice', { params: { filter: JSON.stringify({ companyId: 1, keyword: 'E2EI' }), limit: 100 }, headers })).json();
  for (const i of list.data?.content ?? []) await request.delete(`/api/invoice/${i.id}`, { headers });
  await restoreDemoState(request);
});

test('creates an invoice by keyboard with its PDF and views the PDF in the drawer', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  const list = await openInvoiceList(page);
  await expect(list.rows().first()).toBeVisible();
  await page.getByTestId('invoice-new').click();
  const dialog = new FormDialogModel(page, 'invoice-dialog');
  await expect(page.getByTestId('invoice-no')).toBeFocused();
  await page.keyboard.type(invoiceNo);
  await expect(page.getByTestId('invoice-kind')).toHaveValue('增值税普通发票');
  await pickByKeyboard(page, page.getByTestId('invoice-project'), 'P2024001', /P2024001/);
  await page.getByTestId('invoice-issue-office').focus();
  await page.keyboard.type('北京市朝阳区税务局');
  // The amounts are typed on a slowed-down CPU: a field that rewrites its text while typing (and puts
  // the caret back with a timer, as NumberInput with fixedDecimalScale did) lost the dot under load
  // and stored 123,456.00. The text stays as typed and is formatted when the field is left.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1234.56');
  await expect(page.getByTestId('invoice-amount')).toHaveValue('1234.56');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('invoice-amount')).toHaveValue('1,234.56');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1000');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  // A red-letter amount over the invoice's own is said under its field; nothing is sent.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('invoice-red')).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2000');
  await page.keyboard.press('Enter');
  await expect(dialog.root()).toContainText('红冲金额 2,000.00 不能大于发票金额 1,234.56');
  await page.getByTestId('invoice-red').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('0');
  await page.keyboard.press('Tab');
  await expect(dialog.root()).not.toContainText('不能大于发票金额');
  await page.getByTestId('invoice-red').focus();
  // The attachment is mandatory: Enter is refused until a PDF is chosen.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('invoice-file-error')).toHaveText('附件为必填项');
  await expect(dialog.root()).toBeVisible();
  // A .pdf-named text file is refused by its content.
  await chooseInvoiceFile(page, fakePdf);
  await expect(page.getByTestId('invoice-file-error')).toContainText('只能上传PDF文件');
  await expect(page.getByTestId('invoice-pending-row')).toHaveCount(0);
  await chooseInvoiceFile(page, pdf);
  await expect(page.getByTestId('invoice-pending-row')).toContainText(pdf.name);
  await pressOn(page.getByTestId('invoice-no'));
  await expect(dialog.root()).toBeHidden();

  await list.search(invoiceNo);
  const row = await list.fullRow(invoiceNo);
  await expect(row).toContainText('1,234.56');
  await expect(row).toContainText('1,000.00');
  await expect(row).toContainText('增值税普通发票');

  // Viewing opens read-only, marks the invoice opened and shows the PDF in the drawer.
  await list.rowAction(invoiceNo, 'view');
  await expect(dialog.root()).toBeVisible();
  await expect(page.getByTestId('invoice-no')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('invoice-attachment-row')).toHaveCount(1);
  await page.getByTestId('invoice-attachment-view').click();
  const drawer = page.getByTestId('pdf-viewer');
  await expect(drawer).toBeVisible();
  await expect(page.getByTestId('pdf-viewer-frame')).toHaveAttribute('src', /^blob:/);
  await expect(page.getByTestId('pdf-viewer-download')).toBeEnabled();
  await page.screenshot({ path: 'test-results/invoices-zh_CN-pdf-drawer.png', animations: 'disabled' });
  await expect(page.getByTestId('pdf-viewer-close')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  // Edit switches the same popup to editing, with the prefixed title.
  await expect(dialog.root()).toBeVisible();
  await page.getByTestId('invoice-view-edit').click();
  await expect(page.getByTestId('invoice-no')).not.toHaveAttribute('readonly', '');
  await expect(page.locator('.mantine-Modal-title').last()).toContainText(`编辑 发票 ${invoiceNo}`);
  // The only attachment cannot be deleted (confirm first, then the server refuses the last one).
  await page.getByTestId('invoice-attachment-delete').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('删除后不可恢复');
  await page.getByTestId('confirm-ok').click();
  await expect(page.locator('.mantine-Notification-root').last()).toContainText('附件为必填项');
  await expect(page.getByTestId('invoice-attachment-row')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog.root()).toBeHidden();
  await list.search(invoiceNo);
  await expect(await list.fullRow(invoiceNo)).toContainText('是');
});

/** The row of the grid cell that has the focus (null: the focus is not in a grid row, e.g. on <body>). */
const focusedRowIndex = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.activeElement?.closest('.ag-row')?.getAttribute('row-index') ?? null);

test('the invoice popup by keyboard: Edit from the view, the delete question, New from the view, a typed project code, every refusal at once', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123', { at: '/invoice/list' });
  const list = ListModel.byId(page, 'invoice.list');
  await expect(list.rows().first()).toBeVisible();
  const dialog = page.getByTestId('invoice-dialog');
  await expect(page.getByTestId('list-keyword')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => focusedRowIndex(page)).toBe('0');

  // Enter opens the row read-only on its Edit button; Enter on Edit puts the caret in the number,
  // and the project still shows (it went blank when its search text became controlled on Edit).
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('invoice-view-edit')).toBeFocused();
  const project = await page.getByTestId('invoice-project').inputValue();
  expect(project).toMatch(/^P\d+ /);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('invoice-no')).toBeFocused();
  await expect(page.getByTestId('invoice-no')).not.toHaveAttribute('readonly', '');
  await expect(page.getByTestId('invoice-project')).toHaveValue(project);

  // Esc in the delete question closes the question alone, back on its delete button.
  await pressOn(page.getByTestId('invoice-attachment-delete'));
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('confirm-dialog')).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('invoice-attachment-delete')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect.poll(() => focusedRowIndex(page)).toBe('0');

  // New in the view replaces the popup; closing the new one puts the caret back on the row, not on <body>.
  await page.keyboard.press('Enter');
  await pressOn(page.getByTestId('invoice-view-new'));
  await expect(page.getByTestId('invoice-no')).toBeFocused();
  await expect(page.getByTestId('invoice-no')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect.poll(() => focusedRowIndex(page)).toBe('0');

  // A new invoice: Enter on the empty form shows the number's refusal and the missing PDF together.
  await pressOn(page.getByTestId('invoice-new'));
  await expect(page.getByTestId('invoice-no')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.locator('.mantine-InputWrapper-root', { has: page.getByTestId('invoice-no') }).locator('.mantine-InputWrapper-error')).toHaveText('请输入正确的内容');
  await expect(page.getByTestId('invoice-file-error')).toHaveText('附件为必填项');
  await expect(page.getByTestId('invoice-no')).toBeFocused();
  await page.keyboard.type(`${invoiceNo}X`);
  // A project code typed then Enter takes its project, also once the server's answer has replaced the options.
  const answered = page.waitForResponse((r) => r.url().includes('/api/aux/project') && decodeURIComponent(r.url()).includes('"keyword":"P2024001"'));
  await page.getByTestId('invoice-project').focus();
  await page.keyboard.type('P2024001');
  await answered;
  await expect(page.getByRole('option', { name: /P2024001/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('invoice-project')).toHaveValue(/^P2024001 /);
  // Only the PDF is missing now: Enter says so and puts the caret on "Add PDF".
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('invoice-add-file')).toBeFocused();
  await expect(page.getByTestId('invoice-file-error')).toHaveText('附件为必填项');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('unsaved-dialog')).toBeVisible();
  await page.keyboard.press('n');
  await expect(dialog).toBeHidden();
});

test('the project view shows 5 invoices, then all with more; screenshots in both languages', async ({ page, request }) => {
  test.setTimeout(120_000);
  // All of the project's invoices: the demo's and any this file created before (repeated runs add more).
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const project = (await (await request.get('/api/aux/project', { params: { filter: JSON.stringify({ companyId: 1, keyword: 'P2024001' }) }, headers })).json()).data.content.find((p: { code: string }) => p.code === 'P2024001');
  const all = (await (await request.get('/api/invoice', { params: { filter: JSON.stringify({ companyId: 1, projectId: project.id }), limit: 1 }, headers })).json()).data.total as number;
  expect(all).toBeGreaterThan(5);
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  for (const lang of ['zh_CN', 'en_US'] as const) {
    await shell.switchLanguage(lang);
    const invoices = await openInvoiceList(page);
    await expect(invoices.rows().first()).toBeVisible();
    await page.screenshot({ path: `test-results/invoices-${lang}-list.png`, animations: 'disabled' });
    await invoices.search('P2024001');
    await invoices.rowAction(/P2024001/, 'edit');
    await expect(page.getByTestId('invoice-dialog')).toBeVisible();
    await page.screenshot({ path: `test-results/invoices-${lang}-edit.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('invoice-dialog')).toBeHidden();

    const projects = await openClientScreen(page, 'projects');
    await projects.search('P2024001');
    await projects.rowAction('P2024001', 'view');
    const card = page.getByTestId('project-invoice-card');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('project-invoice-row')).toHaveCount(5);
    await expect(page.getByTestId('project-invoice-total')).toBeVisible();
    await page.screenshot({ path: `test-results/invoices-${lang}-project-card.png`, animations: 'disabled' });
    await card.getByTestId('project-invoice-more').click();
    await expect(card.getByTestId('project-invoice-row')).toHaveCount(all);
    await card.getByTestId('project-invoice-more').click();
    await expect(card.getByTestId('project-invoice-row')).toHaveCount(5);
    // A row opens in the invoice popup, read-only.
    await card.getByTestId('project-invoice-view').first().click();
    await expect(page.getByTestId('invoice-dialog')).toBeVisible();
    await expect(page.getByTestId('invoice-view-edit')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('invoice-dialog')).toBeHidden();
    await page.keyboard.press('Escape');
  }
  await shell.switchLanguage('zh_CN');
});
