/**
 * Cashier settings (decision 028): a bank account created by keyboard with its subject chosen by
 * F7 in the subject catalogue (a cash subject refused for a BANK account with the rule's reason),
 * another with its bank and subject typed (Enter takes the only match, not a save),
 * an income kind created by keyboard, the bank account template imported with one bad row (row
 * number, nothing imported) then without it; screenshots of the screens in both languages.
 */
import { mkdirSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from './page-models/test';
import { loginAs } from './page-models/login';
import { ShellModel } from './page-models/shell';
import { ListModel } from './page-models/admin-list';
import { PickerModel } from './page-models/pickers';
import { restoreDemoState } from './page-models/demo-state';
import { pressById, chooseOpenOption } from './page-models/keys';
import { SCREENSHOTS } from './page-models/screenshots';

async function cleanUp(request: APIRequestContext) {
  const login = await (await request.post('/api/idm/user/login', { data: { username: 'admin', password: 'admin123' } })).json();
  const headers = { authorization: `Bearer ${login.data.accessToken}` };
  const accounts = (await (await request.get('/api/account', { params: { filter: JSON.stringify({}), limit: 100 }, headers })).json()).data.content as { id: number }[];
  for (const a of accounts) {
    for (const path of ['/api/common/bankAccount', '/api/cashier/income', '/api/cashier/outcome']) {
      const list = (await (await request.get(path, { params: { filter: JSON.stringify({ accountId: a.id, keyword: 'E2E' }) }, headers })).json()).data?.content ?? [];
      for (const r of list as { id: number }[]) await request.delete(`${path}/${r.id}`, { headers });
    }
  }
}

test.beforeAll(async ({ request }) => cleanUp(request));
test.afterAll(async ({ request }) => {
  await cleanUp(request);
  await restoreDemoState(request);
});

async function openScreen(page: Page, key: 'bankAccount' | 'income' | 'outcome') {
  await new ShellModel(page).openMenu('basic', 'basic.cashierSettings', `basic.cashierSettings.${key}`);
  await page.waitForURL((u) => u.pathname === `/basic/${key}`);
}


test('creates a bank account by keyboard, its subject chosen with F7', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  await openScreen(page, 'bankAccount');
  const list = ListModel.byId(page, 'basic.bankAccount');
  await expect(list.row('B001')).toBeVisible();
  await expect(list.row('C001')).toContainText('1001');

  await pressById(page, 'bank-account-new');
  const dialog = page.getByTestId('bank-account-dialog');
  await expect(dialog.getByTestId('bank-account-code')).toBeFocused();
  await page.keyboard.type('E2E-B9');
  await page.keyboard.press('Tab');
  await page.keyboard.type('E2E 建行一般户');
  await page.keyboard.press('Tab');
  await expect(dialog.getByTestId('bank-account-kind')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByTestId('bank-account-bank')).toBeFocused();
  await page.keyboard.type('CCB');
  await chooseOpenOption(page.getByRole('option', { name: /CCB/ }).first());
  await expect(dialog.getByTestId('bank-account-bank')).toHaveValue(/CCB/);
  await dialog.getByTestId('bank-account-no').focus();
  await page.keyboard.type('6217 0000 9999');

  // F7 in the subject field: the catalogue in popup mode; a cash subject is refused for a bank account.
  await dialog.getByTestId('bank-account-subject').focus();
  await page.keyboard.press('F7');
  const picker = new PickerModel(page, 'bank-account-subject-picker');
  await expect(picker.keyword()).toBeFocused();
  await picker.search('1001', /1001/);
  await picker.keyword().press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker.root.getByTestId('picker-refusal')).toContainText('1002');
  await picker.search('1002', /1002/);
  await picker.keyword().press('ArrowDown');
  await expect(picker.sure()).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(picker.root).toBeHidden();
  await expect(dialog.getByTestId('bank-account-subject')).toHaveValue(/^1002 /);
  await expect(dialog).toBeVisible();

  await dialog.getByTestId('bank-account-name').press('Enter');
  await expect(dialog).toBeHidden();
  await list.search('E2E');
  await expect(list.row('E2E-B9')).toContainText('621700009999');
  await expect(list.row('E2E-B9')).toContainText('1002');

  // The banks: CCB is now named by the account, so it cannot be deleted.
  await pressById(page, 'bank-account-banks');
  const banks = page.getByTestId('banks-dialog');
  await expect(banks.getByTestId('bank-row-CCB')).toBeVisible();
  await banks.getByTestId('bank-delete-CCB').click();
  await expect(banks.getByTestId('banks-error')).toContainText('已被使用');
  await page.keyboard.press('Escape');
  await expect(banks.getByTestId('bank-row-CCB')).toBeHidden();
});

test('by keyboard, the banks keep a name, a new bank says what it lacks, the opening date is typed as every date', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123', { at: '/basic/bankAccount' });
  await expect(ListModel.byId(page, 'basic.bankAccount').row('B001')).toBeVisible();
  // An emptied bank name is not left showing nothing: the bank's name comes back, and the dialog says why.
  await pressById(page, 'bank-account-banks');
  const banks = page.getByTestId('banks-dialog');
  const cmb = banks.getByTestId('bank-row-CMB').getByLabel('银行名称');
  await expect(cmb).toHaveValue('招商银行');
  // The caret starts on the first bank's name (it was on the close button).
  await expect(banks.locator('input[data-testid^="bank-name-"]').first()).toBeFocused();
  await cmb.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Tab');
  await expect(cmb).toHaveValue('招商银行');
  await expect(banks.getByTestId('banks-error')).toContainText('银行名称不能为空');
  await page.keyboard.press('Escape');
  await expect(cmb).toBeHidden();

  await pressById(page, 'bank-account-new');
  const dialog = page.getByTestId('bank-account-dialog');
  await expect(dialog.getByTestId('bank-account-code')).toBeFocused();
  // The new-bank form: Enter with a field missing says so and puts the caret in it.
  await pressById(page, 'bank-account-new-bank');
  const bank = page.getByTestId('bank-new-dialog');
  await expect(bank.getByTestId('bank-new-code')).toBeFocused();
  await page.keyboard.type('E2EBK');
  await page.keyboard.press('Enter');
  await expect(bank.getByTestId('bank-new-error')).toHaveText('请输入银行编码和银行名称');
  await expect(bank.getByTestId('bank-new-name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(bank.getByTestId('bank-new-code')).toBeHidden();
  await expect(dialog).toBeVisible();
  // Reopened, it starts afresh.
  await pressById(page, 'bank-account-new-bank');
  await expect(bank.getByTestId('bank-new-code')).toHaveValue('');
  await expect(bank.getByTestId('bank-new-error')).toBeHidden();
  await page.keyboard.press('Escape');
  // The opening date takes 20250301 and one Tab goes on to Disabled (its clear button takes none).
  await dialog.getByTestId('bank-account-opened').focus();
  await page.keyboard.type('20250301');
  await page.keyboard.press('Tab');
  await expect(dialog.getByTestId('bank-account-disabled')).toBeFocused();
  await expect(dialog.getByTestId('bank-account-opened')).toHaveValue('2025-03-01');
});

test('Enter in a searchable select takes its only match and saves nothing; Enter with the list closed saves', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123', { at: '/basic/bankAccount' });
  const list = ListModel.byId(page, 'basic.bankAccount');
  await expect(list.row('B001')).toBeVisible();
  await pressById(page, 'bank-account-new');
  const dialog = page.getByTestId('bank-account-dialog');
  await expect(dialog.getByTestId('bank-account-code')).toBeFocused();
  await page.keyboard.type('E2E-B8');
  await page.keyboard.press('Tab');
  await page.keyboard.type('E2E 建行二号');

  // The bank: part of its name, then Enter takes the only match (the dialog is not saved).
  const bank = dialog.getByTestId('bank-account-bank');
  await bank.focus();
  await page.keyboard.type('建设');
  await expect(page.getByRole('option')).toHaveText(['CCB 中国建设银行']);
  await page.keyboard.press('Enter');
  await expect(bank).toHaveValue('CCB 中国建设银行');
  await expect(bank).toBeFocused();
  await expect(dialog.locator('[aria-invalid="true"]')).toHaveCount(0);

  // The subject: its code, then Enter, as in the journal grid's cells.
  const subject = dialog.getByTestId('bank-account-subject');
  await subject.focus();
  await page.keyboard.type('1002');
  await expect(page.getByRole('option')).toHaveText([/^1002 /]);
  await page.keyboard.press('Enter');
  await expect(subject).toHaveValue(/^1002 /);
  await expect(subject).toBeFocused();
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[aria-invalid="true"]')).toHaveCount(0);

  // The list is closed now: Enter saves.
  await expect(subject).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await list.search('E2E-B8');
  await expect(list.row('E2E-B8')).toContainText('中国建设银行');
  await expect(list.row('E2E-B8')).toContainText('1002');
});

test('creates an income kind by keyboard; a bank subject is not offered', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  await openScreen(page, 'income');
  const list = ListModel.byId(page, 'basic.income');
  await expect(list.row('I01')).toBeVisible();
  await pressById(page, 'income-new');
  const dialog = page.getByTestId('income-dialog');
  await expect(dialog.getByTestId('income-code')).toBeFocused();
  await page.keyboard.type('E2E-I9');
  await page.keyboard.press('Tab');
  await page.keyboard.type('E2E 咨询收入');
  await page.keyboard.press('Tab');
  await expect(dialog.getByTestId('income-subject')).toBeFocused();
  await page.keyboard.type('1002');
  await expect(page.getByRole('option', { name: /^1002 / })).toHaveCount(0);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('5051');
  await chooseOpenOption(page.getByRole('option', { name: /^5051 / }));
  await expect(dialog.getByTestId('income-subject')).toHaveValue(/^5051 /);
  await dialog.getByTestId('income-name').press('Enter');
  await expect(dialog).toBeHidden();
  await list.search('E2E');
  await expect(list.row('E2E-I9')).toContainText('5051');
});

test('imports the bank account template: one bad row names its row and imports nothing', async ({ page }) => {
  mkdirSync('test-results', { recursive: true });
  await loginAs(page, 'admin', 'admin123');
  await openScreen(page, 'bankAccount');
  const list = ListModel.byId(page, 'basic.bankAccount');
  await expect(list.row('B001')).toBeVisible();
  const templateDownload = page.waitForEvent('download');
  await pressById(page, 'bankAccount-template');
  const template = await templateDownload;
  const templatePath = 'test-results/bank-accounts-template.xlsx';
  await template.saveAs(templatePath);
  const twb = new ExcelJS.Workbook();
  await twb.xlsx.readFile(templatePath);
  const header = (twb.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
  expect(header.slice(0, 3)).toEqual(['账户编码 Code', '账户名称 Name', '账户类型 Kind']);

  const write = async (rows: Array<Record<string, string>>, file: string) => {
    const out = new ExcelJS.Workbook();
    const ws = out.addWorksheet('Bank accounts');
    ws.addRow(header);
    for (const r of rows) ws.addRow(header.map((h) => r[h] ?? null));
    await out.xlsx.writeFile(file);
  };
  const good = { '账户编码 Code': 'E2E-W1', '账户名称 Name': 'E2E 微信收款', '账户类型 Kind': '微信', '科目编码 Subject code': '1012' };
  const bad = { '账户编码 Code': 'E2E-C2', '账户名称 Name': 'E2E 备用金', '账户类型 Kind': 'CASH', '科目编码 Subject code': '1002' };
  await write([good, bad], 'test-results/bank-accounts-bad.xlsx');
  await write([good], 'test-results/bank-accounts-good.xlsx');

  const dialog = page.getByTestId('bankAccount-import-dialog');
  await pressById(page, 'bankAccount-import');
  await dialog.locator('input[type="file"]').setInputFiles('test-results/bank-accounts-bad.xlsx');
  await pressById(page, 'bankAccount-import-dialog-submit');
  await expect(dialog.getByTestId('bankAccount-import-dialog-error')).toContainText('第 3 行');
  await expect(dialog.getByTestId('bankAccount-import-dialog-error-file')).toBeVisible();
  await page.screenshot({ path: 'test-results/cashier-settings-import-error.png', animations: 'disabled' });
  await page.keyboard.press('Escape');
  await list.search('E2E-W1');
  await expect(list.row('E2E-W1')).toHaveCount(0);

  await list.search('');
  await pressById(page, 'bankAccount-import');
  await dialog.locator('input[type="file"]').setInputFiles('test-results/bank-accounts-good.xlsx');
  await pressById(page, 'bankAccount-import-dialog-submit');
  await expect(dialog.getByTestId('bankAccount-import-dialog-file')).toBeHidden();
  await list.search('E2E-W1');
  await expect(list.row('E2E-W1')).toContainText('1012');
});

test('screenshots of the cashier settings in both languages', SCREENSHOTS, async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  for (const lang of ['zh_CN', 'en_US'] as const) {
    await shell.switchLanguage(lang);
    await openScreen(page, 'bankAccount');
    const list = ListModel.byId(page, 'basic.bankAccount');
    await expect(list.row('B001')).toBeVisible();
    await page.screenshot({ path: `test-results/cashier-settings-${lang}-accounts.png`, animations: 'disabled' });
    await list.open(/B001/);
    await expect(page.getByTestId('bank-account-dialog')).toBeVisible();
    await page.screenshot({ path: `test-results/cashier-settings-${lang}-account-dialog.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('bank-account-dialog')).toBeHidden();
    await pressById(page, 'bank-account-banks');
    await expect(page.getByTestId('banks-dialog').getByTestId('bank-row-ICBC')).toBeVisible();
    await page.screenshot({ path: `test-results/cashier-settings-${lang}-banks.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('banks-dialog').getByTestId('bank-row-ICBC')).toBeHidden();
    await openScreen(page, 'outcome');
    const kinds = ListModel.byId(page, 'basic.outcome');
    await expect(kinds.row('O01')).toBeVisible();
    await page.screenshot({ path: `test-results/cashier-settings-${lang}-outcome.png`, animations: 'disabled' });
    await kinds.open(/O01/);
    await expect(page.getByTestId('outcome-dialog')).toBeVisible();
    await page.screenshot({ path: `test-results/cashier-settings-${lang}-outcome-dialog.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('outcome-dialog')).toBeHidden();
  }
  await shell.switchLanguage('zh_CN');
});
