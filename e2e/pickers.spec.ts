/**
 * Pickers (spec 02 §2.10, §4–§6, §9): the employee picker opened from the client owner field by
 * keyboard (Tab to the search icon + Enter, and F7), searched by the pinyin initials of the name
 * (the server's keyword matches them) and chosen with Enter, the owner box finding by them too; a
 * project whose two clients and director come from the multi pickers (the client keyword search
 * capped at 100 with its message, a client found by its initials) and whose department picker
 * refuses a parent department; the subject pickers (the voucher editor's F7 list and the
 * catalogue popup) searching as the voucher cell does (pinyin initials, the English name) and
 * naming subjects in the reader's language; screenshots of the popups in both languages.
 */
import { expect, test, type Page } from './page-models/test';
import { apiHeaders, loginAs } from './page-models/login';
import { VoucherEditorModel } from './page-models/voucher-editor';
import { ShellModel } from './page-models/shell';
import { FormDialogModel } from './page-models/admin-list';
import { openClientScreen } from './page-models/clients';
import { PickerModel } from './page-models/pickers';
import { restoreDemoState } from './page-models/demo-state';
import { SCREENSHOTS } from './page-models/screenshots';

const stamp = Date.now().toString(36).slice(-5);
const custCode = `E2EK${stamp}`;
const projCode = `E2EQ${stamp}`;

test.afterAll(async ({ request }) => {
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const ps = await (await request.get('/api/aux/project', { params: { filter: JSON.stringify({ companyId: 1, keyword: projCode }) }, headers })).json();
  for (const p of ps.data?.content ?? []) await request.delete(`/api/aux/project/${p.id}`, { headers });
  const cs = await (await request.get('/api/aux/customer', { params: { filter: JSON.stringify({ companyId: 1, keyword: custCode }) }, headers })).json();
  for (const c of cs.data?.content ?? []) await request.delete(`/api/aux/customer/${c.id}`, { headers });
  await restoreDemoState(request);
});

async function newCustomer(page: Page) {
  await openClientScreen(page, 'customers');
  await page.getByTestId('customer-new').click();
  await expect(page.getByTestId('customer-code')).toBeFocused();
  await page.keyboard.type(custCode);
  await page.keyboard.press('Tab');
  await page.keyboard.type(`拣选客户${stamp}`);
}

test('the client owner is chosen in the employee picker by keyboard', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  await newCustomer(page);
  const picker = new PickerModel(page, 'employee-picker');
  // Tab reaches the search icon; Enter opens the 1000×700 picker with the keyword box focused.
  await page.getByTestId('customer-owner').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('customer-owner-open')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(picker.root).toBeVisible();
  await expect(picker.keyword()).toBeFocused();
  await expect(picker.root.getByTestId('department-tree')).toBeVisible();
  await expect(picker.sure()).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(picker.root).toBeHidden();
  // F7 in the field opens it too; type, arrow down into the list, Enter chooses. The pinyin
  // initials of 李芳静 find him on the server as his name does.
  await page.getByTestId('customer-owner').focus();
  await page.keyboard.press('F7');
  await expect(picker.keyword()).toBeFocused();
  await page.keyboard.type('lfj');
  await expect(picker.rows()).toHaveCount(1);
  await expect(picker.rows().first()).toContainText('李芳静');
  await page.keyboard.press('ArrowDown');
  await expect(picker.sure()).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(picker.root).toBeHidden();
  await expect(page.getByTestId('customer-owner')).toHaveValue(/李芳静/);
  // The owner box itself finds an employee by the initials of the name (陈芳娜: cfn); Enter takes the one shown.
  const owner = page.getByTestId('customer-owner');
  await owner.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('cfn');
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option').first()).toContainText('陈芳娜');
  await page.keyboard.press('Enter');
  await expect(owner).toHaveValue(/陈芳娜/);
  // Esc in a picker closes only the picker, not the dialog behind it.
  await page.getByTestId('customer-owner-open').click();
  await expect(picker.root).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker.root).toBeHidden();
  await expect(page.getByTestId('customer-dialog')).toBeVisible();
  await page.getByTestId('customer-code').focus();
  await new FormDialogModel(page, 'customer-dialog').save();
  await expect(page.getByTestId('customer-dialog')).toBeHidden();
});

test('an employee box is emptied and left to clear it; F7 opens the picker searched by the typed text', async ({ page, request }) => {
  await loginAs(page, 'admin', 'admin123');
  await openClientScreen(page, 'customers');
  await page.getByTestId('customer-new').click();
  await expect(page.getByTestId('customer-code')).toBeFocused();
  await page.keyboard.type(`${custCode}C`);
  await page.keyboard.press('Tab');
  await page.keyboard.type(`清空负责人${stamp}`);
  const picker = new PickerModel(page, 'employee-picker');
  const owner = page.getByTestId('customer-owner');
  await owner.focus();
  await page.keyboard.type('lfj');
  await expect(page.getByRole('option').first()).toContainText('李芳静');
  await page.keyboard.press('Enter');
  await expect(owner).toHaveValue(/李芳静/);
  // Typed text then F7: the picker opens searched by it, the caret after it (Backspace takes its last letter).
  await page.keyboard.press('Control+a');
  await page.keyboard.type('cfn');
  await page.keyboard.press('F7');
  await expect(picker.keyword()).toBeFocused();
  await expect(picker.keyword()).toHaveValue('cfn');
  await expect(picker.rows()).toHaveCount(1);
  await expect(picker.rows().first()).toContainText('陈芳娜');
  await page.keyboard.press('Backspace');
  await expect(picker.keyword()).toHaveValue('cf');
  await page.keyboard.press('Escape');
  await expect(picker.root).toBeHidden();
  // F7 on the chosen employee's label opens the whole list (the label is no keyword).
  await owner.focus();
  await page.keyboard.press('Tab');
  await expect(owner).toHaveValue(/李芳静/);
  await owner.focus();
  await page.keyboard.press('F7');
  await expect(picker.keyword()).toHaveValue('');
  await page.keyboard.press('Escape');
  // Emptying the text and leaving the box clears the owner: it stays empty when the box is left again.
  await owner.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Tab');
  await expect(owner).toHaveValue('');
  await owner.focus();
  await page.keyboard.press('Tab');
  await expect(owner).toHaveValue('');
  await page.getByTestId('customer-code').focus();
  await new FormDialogModel(page, 'customer-dialog').save();
  await expect(page.getByTestId('customer-dialog')).toBeHidden();
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const cs = await (await request.get('/api/aux/customer', { params: { filter: JSON.stringify({ companyId: 1, keyword: `${custCode}C` }) }, headers })).json();
  expect(cs.data.content).toHaveLength(1);
  expect(cs.data.content[0].owner ?? null).toBeNull();
  expect(cs.data.content[0].ownerId ?? null).toBeNull();
});

test('the reimbursement submitter filter is cleared by emptying the box and leaving it', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  await page.goto('/cashier/reimburseManagement');
  const submitter = page.getByTestId('reimburse-filter-submitter');
  await submitter.focus();
  await page.keyboard.type('lfj');
  await expect(page.getByRole('option').first()).toContainText('李芳静');
  await page.keyboard.press('Enter');
  await expect(submitter).toHaveValue(/李芳静/);
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Tab');
  await expect(submitter).toHaveValue('');
  // Passing through the box again does not bring the submitter back.
  await submitter.focus();
  await page.keyboard.press('Tab');
  await expect(submitter).toHaveValue('');
});

test('a project takes two clients and a director from the pickers; the department picker refuses a parent', async ({ page, request }) => {
  await loginAs(page, 'admin', 'admin123');
  await openClientScreen(page, 'projects');
  await page.getByTestId('project-new').click();
  await expect(page.getByTestId('project-code')).toBeFocused();
  await page.keyboard.type(projCode);
  await page.keyboard.press('Tab');
  await page.keyboard.type(`拣选项目${stamp}`);

  // Clients: a keyword matching 200 demo clients shows the first 100 with the message.
  await page.getByTestId('project-clients-open').click();
  const customers = new PickerModel(page, 'customer-picker');
  await expect(customers.keyword()).toBeFocused();
  // The pinyin initials of a client's name find it (长城东方实业集团: the demo names two clients so).
  await customers.search('ccdf', '长城东方实业集团');
  await expect(customers.rows()).toHaveCount(2);
  await customers.search('C0', /C0/);
  await expect(customers.root.getByTestId('picker-cap')).toHaveText('最多显示100条数据');
  await expect(customers.root.getByTestId('list-total')).toContainText('100');
  await customers.tick(0);
  await customers.tick(1);
  const picked = [await customers.rows().nth(0).locator('[col-id=code]').innerText(), await customers.rows().nth(1).locator('[col-id=code]').innerText()];
  await customers.sure().click();
  await expect(customers.root).toBeHidden();
  const dialog = page.getByTestId('project-dialog');
  for (const code of picked) await expect(dialog.getByTestId('project-clients').locator('..')).toContainText(code);

  // Director: the multi-employee picker (1000×600).
  await page.getByTestId('project-principals-open').click();
  const employees = new PickerModel(page, 'employee-picker');
  await employees.search('李芳静', '李芳静');
  // Keyboard only: arrow down from the keyword box to the row, Enter ticks it (like Space).
  await employees.keyword().press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(employees.root).toContainText('已勾选 1 条');
  // Ctrl+Enter selects the ticked rows without the mouse.
  await page.keyboard.press('Control+Enter');
  await expect(employees.root).toBeHidden();
  await expect(dialog.getByTestId('project-principals').locator('..')).toContainText('李芳静');

  // Department: a parent is refused, a last-level one is taken.
  await page.getByTestId('project-department-open').click();
  const depts = new PickerModel(page, 'department-picker');
  await expect(depts.rows().first()).toBeVisible();
  await depts.row(/^01\s*业务部/).dblclick();
  await expect(depts.root.getByTestId('picker-refusal')).toContainText('只能选择末级');
  await expect(depts.sure()).toBeDisabled();
  const leaf = depts.rows().filter({ hasText: /^0101/ }).first();
  const leafName = await leaf.locator('[col-id=name]').innerText();
  await leaf.click();
  await expect(depts.sure()).toBeEnabled();
  await depts.sure().click();
  await expect(depts.root).toBeHidden();
  await expect(page.getByTestId('project-department')).toHaveValue(new RegExp(leafName));

  await page.getByTestId('project-name').focus();
  await new FormDialogModel(page, 'project-dialog').save();
  await expect(dialog).toBeHidden();
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const saved = (await (await request.get('/api/aux/project', { params: { filter: JSON.stringify({ companyId: 1, keyword: projCode }) }, headers })).json()).data.content[0];
  expect(saved.clients.map((c: { code: string }) => c.code).sort()).toEqual([...picked].sort());
  expect(saved.principalNames).toContain('李芳静');
  expect(saved.departmentName).toBe(leafName);
});

test('the subject pickers search as the voucher cell does: pinyin initials, either language\'s name; names in the reader\'s language', async ({ page }) => {
  test.setTimeout(90_000);
  const v = new VoucherEditorModel(page);
  const shell = new ShellModel(page);
  const query = page.getByTestId('list-picker-query');
  const options = page.getByTestId('list-picker').getByRole('option');
  await loginAs(page, 'clerk', 'clerk123', { at: '/newVoucher/new' });
  await v.ready();
  try {
    for (const [row, lang] of [[0, 'zh_CN'], [1, 'en_US']] as const) {
      await shell.switchLanguage(lang);
      await v.cell(row, 'summary').click();
      await v.enter(`E2E picker ${lang}`);
      await v.expectFocus(row, 'subjectId');
      // F7 on the empty subject cell: "yhck" (银行存款's initials) finds it in the list, as typing it in the cell does.
      await v.press('F7');
      await expect(query).toBeFocused();
      await page.keyboard.type('yhck');
      await expect(options).toHaveCount(1);
      await expect(options.first()).toContainText(lang === 'zh_CN' ? '1002银行存款' : '1002Cash in bank');
      // The English name finds a subject in either language; the list names it in the reader's.
      await query.fill('Administrative');
      await expect(options).toHaveCount(1);
      await expect(options.first()).toContainText(lang === 'zh_CN' ? '5602管理费用' : '5602Administrative expenses');
      await query.fill('');
      await expect(options.filter({ hasText: '5602' })).toContainText(lang === 'zh_CN' ? '管理费用' : 'Administrative expenses');
      await query.fill('glfy');
      await expect(options).toHaveCount(1);
      await page.screenshot({ path: `test-results/list-picker-subject-${lang}.png`, animations: 'disabled' });
      await page.keyboard.press('Enter');
      await expect(options).toHaveCount(0);
      await expect(v.cell(row, 'subjectId')).toContainText(lang === 'zh_CN' ? '5602 管理费用' : '5602 Administrative expenses');
    }
  } finally {
    await shell.switchLanguage('zh_CN');
  }
});

test('the subject catalogue popup searches as the voucher cell does (pinyin initials, the English name)', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  await new ShellModel(page).openMenu('basic', 'basic.finance', 'basic.finance.specificSubjectSet');
  await page.waitForURL((u) => u.pathname === '/basic/specificSubjectSet');
  await page.getByTestId('specific-add').focus();
  await page.keyboard.press('F7');
  const picker = new PickerModel(page, 'subject-picker');
  await expect(picker.keyword()).toBeFocused();
  await picker.search('yhck', /1002/);
  await expect(picker.rows()).toHaveCount(1);
  await expect(picker.rows().first()).toContainText('银行存款');
  await picker.search('Administrative', /5602/);
  await expect(picker.rows()).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(picker.root).toBeHidden();
});

test('screenshots of the pickers in both languages', SCREENSHOTS, async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  for (const lang of ['zh_CN', 'en_US'] as const) {
    await shell.switchLanguage(lang);
    await openClientScreen(page, 'projects');
    await page.getByTestId('project-new').click();
    await expect(page.getByTestId('project-dialog')).toBeVisible();
    for (const [open, id] of [['project-clients-open', 'customer-picker'], ['project-principals-open', 'employee-picker'], ['project-department-open', 'department-picker']] as const) {
      await page.getByTestId(open).click();
      const picker = new PickerModel(page, id);
      await expect(picker.rows().first()).toBeVisible();
      if (id === 'customer-picker') await picker.search('C0', /C0/);
      await page.screenshot({ path: `test-results/pickers-${lang}-${id}.png`, animations: 'disabled' });
      await page.keyboard.press('Escape');
      await expect(picker.root).toBeHidden();
    }
    await page.keyboard.press('Escape');
  }
  await shell.switchLanguage('zh_CN');
});
