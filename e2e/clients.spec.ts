/**
 * Clients and projects (spec 02 §2.5): a client created by keyboard (owner by the employee
 * autocomplete), a project created by keyboard for it (client and director required), the client
 * then refused for delete (in use), the project view with its client card (5 rows, then more), and
 * screenshots of both screens and popups in both languages.
 */
import { expect, test } from './page-models/test';
import { apiHeaders, loginAs } from './page-models/login';
import { ShellModel } from './page-models/shell';
import { FormDialogModel } from './page-models/admin-list';
import { arrowToCell, openClientScreen, pickByKeyboard, tabTo } from './page-models/clients';
import { restoreDemoState } from './page-models/demo-state';
import { expectFullText } from './page-models/full-text';

const stamp = Date.now().toString(36).slice(-5);
const custCode = `E2EC${stamp}`;
// Longer than the list's name column (the full-text tooltip below).
const custName = `测试客户${stamp}北京朝阳国际商务咨询服务有限责任公司`;
const projCode = `E2EP${stamp}`;
const projName = `测试项目${stamp}`;
const viewCode = `E2EV${stamp}`;
// The client and project of the project view's client actions (made through the API).
const cardCustCode = `E2EK${stamp}`;
const cardProjCode = `E2EW${stamp}`;
const projRemark = `备注${stamp}：委托人要求每月书面汇报案件进展，所有费用凭票据实报实销，超出预算须事先书面同意`;
/** A creation time as the lists show it, in the browser's time zone. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

test.afterAll(async ({ request }) => {
  const headers = await apiHeaders(request, 'admin', 'admin123');
  for (const code of [projCode, viewCode, cardProjCode]) {
    const ps = await (await request.get('/api/aux/project', { params: { filter: JSON.stringify({ companyId: 1, keyword: code }) }, headers })).json();
    for (const p of ps.data?.content ?? []) await request.delete(`/api/aux/project/${p.id}`, { headers });
  }
  for (const code of [custCode, cardCustCode]) {
    const cs = await (await request.get('/api/aux/customer', { params: { filter: JSON.stringify({ companyId: 1, keyword: code }) }, headers })).json();
    for (const c of cs.data?.content ?? []) await request.delete(`/api/aux/customer/${c.id}`, { headers });
  }
  await restoreDemoState(request);
});

test('creates a client and a project by keyboard; a client on a project cannot be deleted', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  const customers = await openClientScreen(page, 'customers');
  await expect(customers.rowAt(0)).toContainText('C0001');
  await page.getByTestId('customer-new').click();
  const custDialog = new FormDialogModel(page, 'customer-dialog');
  await expect(page.getByTestId('customer-code')).toBeFocused();
  await page.keyboard.type(` ${custCode} `);
  await page.keyboard.press('Tab');
  await page.keyboard.type(custName);
  await expect(page.getByTestId('customer-kind')).toHaveValue('普通');
  await pickByKeyboard(page, page.getByTestId('customer-owner'), '李芳', /李芳静/);
  await expect(page.getByTestId('customer-owner')).toHaveValue(/李芳静/);
  await tabTo(page, page.getByTestId('customer-bank-name'));
  await page.keyboard.type('招商银行北京分行');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('customer-bank-account')).toBeFocused();
  await page.keyboard.type('6225880112345678');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`发票抬头${stamp}`);
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('customer-tax-number')).toBeFocused();
  await page.keyboard.type('91110000TEST');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`曾用名${stamp}`);
  await custDialog.save();
  await expect(custDialog.root()).toBeHidden();
  await customers.search(custCode);
  const row = await customers.fullRow(custCode);
  await expect(row).toContainText(custName);
  await expect(row).toContainText('李芳静');
  await expect(row).toContainText('普通');
  // ↓ from the search box lands on the index column, first (before the selection column): row 1.
  await customers.root.getByTestId('list-keyword').press('ArrowDown');
  await expect(row.locator('[col-id="index"]')).toBeFocused();
  await expect(row.locator('[col-id="index"]')).toHaveText('1');
  // The name is cut off by its column: → onto it, and it shows whole.
  await expectFullText(page, await arrowToCell(page, row, 'name'), custName);
  // The spec's columns further right, reached by →, each under its Chinese header.
  for (const [colId, header, value] of [
    ['bankName', '开户银行', '招商银行北京分行'],
    ['bankAccount', '银行账号', '6225880112345678'],
    ['invoiceTitle', '发票抬头', `发票抬头${stamp}`],
    ['taxNumber', '税号', '91110000TEST'],
    ['formerName', '曾用名', `曾用名${stamp}`],
  ] as const) {
    await expect(await arrowToCell(page, row, colId)).toHaveText(value);
    await expect(customers.root.locator(`.ag-header-cell[col-id="${colId}"]`)).toHaveText(header);
  }
  await expect(await arrowToCell(page, row, 'createdAt')).toHaveText(DATE_TIME);
  await expect(customers.root.locator('.ag-header-cell[col-id="createdAt"]')).toHaveText('创建时间');

  const projects = await openClientScreen(page, 'projects');
  await page.getByTestId('project-new').click();
  const projDialog = new FormDialogModel(page, 'project-dialog');
  await expect(page.getByTestId('project-code')).toBeFocused();
  await page.keyboard.type(projCode);
  await page.keyboard.press('Tab');
  await page.keyboard.type(projName);
  // Without a client and a director the save is refused with the spec's messages.
  await projDialog.save();
  await expect(projDialog.root()).toContainText('请选择委托客户！');
  await expect(projDialog.root()).toContainText('请选择负责人！');
  await expect(page.getByTestId('project-kind')).toHaveValue('非诉');
  await page.getByTestId('project-amount').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('12345.67');
  await pickByKeyboard(page, page.getByTestId('project-clients'), custCode, new RegExp(custName));
  await pickByKeyboard(page, page.getByTestId('project-principals'), '李芳', /李芳静/);
  await page.getByTestId('project-opp-party').focus();
  await page.keyboard.type('对方公司');
  await page.keyboard.press('Tab');
  await page.keyboard.type('原告甲');
  await page.keyboard.press('Tab');
  await page.keyboard.type('被告乙');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('project-summary')).toBeFocused();
  await page.keyboard.type('合同纠纷');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('project-remark')).toBeFocused();
  await page.keyboard.type(projRemark);
  // Enter in a text area is a new line: back to a one-line box, where Enter saves.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await projDialog.save();
  await expect(projDialog.root()).toBeHidden();
  await projects.search(projCode);
  const prow = await projects.fullRow(projCode);
  await expect(prow).toContainText(projName);
  await expect(prow).toContainText('12,345.67');
  await expect(prow).toContainText(custName);
  await expect(prow).toContainText('李芳静');
  await projects.root.getByTestId('list-keyword').press('ArrowDown');
  await expect(prow.locator('[col-id="index"]')).toBeFocused();
  await expect(prow.locator('[col-id="index"]')).toHaveText('1');
  for (const [colId, header, value] of [
    ['oppParty', '对方当事人', '对方公司'],
    ['plaintiff', '原告', '原告甲'],
    ['defendant', '被告', '被告乙'],
    ['summary', '案情摘要', '合同纠纷'],
  ] as const) {
    await expect(await arrowToCell(page, prow, colId)).toHaveText(value);
    await expect(projects.root.locator(`.ag-header-cell[col-id="${colId}"]`)).toHaveText(header);
  }
  // The remark is cut off by its column and shows whole in the tooltip.
  await expectFullText(page, await arrowToCell(page, prow, 'remark'), projRemark);
  await expect(await arrowToCell(page, prow, 'createdAt')).toHaveText(DATE_TIME);
  await expect(projects.root.locator('.ag-header-cell[col-id="createdAt"]')).toHaveText('创建时间');

  // The client is now in use: the delete is refused before any confirmation.
  await openClientScreen(page, 'customers');
  await customers.search(custCode);
  await customers.rowAction(custCode, 'delete');
  await expect(page.locator('.mantine-Notification-root').last()).toContainText('已被使用，不能删除');
});

test("the project's clients and directors take the first match on Enter, as the department does (no ↓)", async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  await openClientScreen(page, 'projects');
  await page.getByTestId('project-new').click();
  const dialog = new FormDialogModel(page, 'project-dialog');
  await expect(page.getByTestId('project-code')).toBeFocused();
  const chosen = (testId: string) => dialog.root().getByTestId(testId).locator('..');
  // A client by its pinyin initials (华夏华夏科技有限公司: hxhx…), found by the server as typed.
  const clients = page.getByTestId('project-clients');
  await clients.focus();
  await page.keyboard.type('hxhx');
  await expect(page.getByRole('option', { name: /华夏华夏/ }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(chosen('project-clients')).toContainText('华夏华夏');
  await expect(clients).toHaveValue('');
  // The search emptied: the next Enter is the form's (a save, refused for the missing code), never a second client ticked.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('project-code')).toBeFocused();
  await expect(chosen('project-clients').locator('.mantine-Pill-root')).toHaveCount(1);
  // A director by initials (李芳静: lfj), from the employees the box holds.
  const directors = page.getByTestId('project-principals');
  await directors.focus();
  await page.keyboard.type('lfj');
  await expect(page.getByRole('option', { name: /李芳静/ }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(chosen('project-principals')).toContainText('李芳静');
  await expect(directors).toHaveValue('');
  await expect(dialog.root()).toBeVisible();
  // Esc closes the open list first, then asks about the unsaved form.
  await page.keyboard.press('Escape');
  await dialog.pressEscape();
  await dialog.discardFromPrompt();
  await expect(dialog.root()).toBeHidden();
});

test('the project form says the amount limit in currency units (21,000,000.00, not 2100000000), in both languages', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  const dialog = new FormDialogModel(page, 'project-dialog');
  const amountError = dialog.root().locator('.mantine-InputWrapper-root', { has: page.getByTestId('project-amount') }).locator('.mantine-InputWrapper-error');
  try {
    for (const [lang, message] of [['zh_CN', '不能大于 21,000,000.00'], ['en_US', 'Must be at most 21,000,000.00']] as const) {
      await shell.switchLanguage(lang);
      await openClientScreen(page, 'projects');
      await page.getByTestId('project-new').click();
      await expect(page.getByTestId('project-code')).toBeFocused();
      await page.getByTestId('project-amount').focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('25000000');
      await dialog.save();
      await expect(amountError).toHaveText(message);
      // At the limit the field has no message.
      await page.getByTestId('project-amount').focus();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('21000000');
      await page.keyboard.press('Shift+Tab');
      await expect(amountError).toHaveCount(0);
      await dialog.pressEscape();
      await dialog.discardFromPrompt();
      await expect(dialog.root()).toBeHidden();
    }
  } finally {
    await shell.switchLanguage('zh_CN');
  }
});

test('the project view shows 5 clients, then all with more; screenshots in both languages', async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const cs = (await (await request.get('/api/aux/customer', { params: { filter: JSON.stringify({ companyId: 1 }), limit: 7 }, headers })).json()).data.content as { id: number }[];
  const es = (await (await request.get('/api/aux/employee', { params: { filter: JSON.stringify({ companyId: 1 }), limit: 2 }, headers })).json()).data.content as { id: number }[];
  const made = await (await request.post('/api/aux/project', { data: { companyId: 1, code: viewCode, name: `七个客户的项目 ${stamp}`, amount: 880000, clients: cs.map((c) => c.id), principals: es.map((e) => e.id), summary: '长文本 '.repeat(60), kind: 'LITIGATION' }, headers })).json();
  expect(made.success, JSON.stringify(made)).toBe(true);

  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  for (const lang of ['zh_CN', 'en_US'] as const) {
    await shell.switchLanguage(lang);
    const customers = await openClientScreen(page, 'customers');
    await expect(customers.rows().first()).toBeVisible();
    await page.screenshot({ path: `test-results/clients-${lang}-customers.png`, animations: 'disabled' });
    await customers.rowAction('C0002', 'view');
    await expect(page.getByTestId('customer-dialog')).toBeVisible();
    await page.screenshot({ path: `test-results/clients-${lang}-customer-view.png`, animations: 'disabled' });
    await page.getByTestId('customer-edit').click();
    await expect(page.getByTestId('customer-code')).toBeEnabled();
    await page.screenshot({ path: `test-results/clients-${lang}-customer-edit.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('customer-dialog')).toBeHidden();
    // The columns further right: ↓ into the rows, → to the last one.
    await customers.root.getByTestId('list-keyword').press('ArrowDown');
    await arrowToCell(page, customers.rowAt(0), 'createdAt');
    await page.screenshot({ path: `test-results/clients-${lang}-customers-right.png`, animations: 'disabled' });
    await arrowToCell(page, customers.rowAt(0), 'code', 'ArrowLeft');

    const projects = await openClientScreen(page, 'projects');
    await expect(projects.rows().first()).toBeVisible();
    await page.screenshot({ path: `test-results/clients-${lang}-projects.png`, animations: 'disabled' });
    await projects.search(viewCode);
    await projects.rowAction(viewCode, 'view');
    const view = page.getByTestId('project-view');
    await expect(view).toBeVisible();
    await expect(view.getByTestId('project-client-row')).toHaveCount(5);
    await page.screenshot({ path: `test-results/clients-${lang}-project-view.png`, animations: 'disabled' });
    await view.getByTestId('project-client-more').click();
    await expect(view.getByTestId('project-client-row')).toHaveCount(7);
    await view.getByTestId('project-view-edit').click();
    await expect(page.getByTestId('project-dialog')).toBeVisible();
    await expect(page.getByTestId('project-amount')).toHaveValue('8,800.00');
    await page.screenshot({ path: `test-results/clients-${lang}-project-edit.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('project-dialog')).toBeHidden();
    await projects.root.getByTestId('list-keyword').press('ArrowDown');
    await arrowToCell(page, projects.rowAt(0), 'createdAt');
    await page.screenshot({ path: `test-results/clients-${lang}-projects-right.png`, animations: 'disabled' });
    await arrowToCell(page, projects.rowAt(0), 'code', 'ArrowLeft');
  }
  await shell.switchLanguage('zh_CN');
});

test('the project view opens, edits and refuses to delete its client rows, by keyboard', async ({ page, request }) => {
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const es = (await (await request.get('/api/aux/employee', { params: { filter: JSON.stringify({ companyId: 1 }), limit: 1 }, headers })).json()).data.content as { id: number }[];
  const cust = await (await request.post('/api/aux/customer', { data: { companyId: 1, code: cardCustCode, name: `卡片客户${stamp}`, bankName: '工商银行' }, headers })).json();
  expect(cust.success, JSON.stringify(cust)).toBe(true);
  const proj = await (await request.post('/api/aux/project', { data: { companyId: 1, code: cardProjCode, name: `卡片项目${stamp}`, clients: [cust.data.id], principals: es.map((e) => e.id) }, headers })).json();
  expect(proj.success, JSON.stringify(proj)).toBe(true);

  await loginAs(page, 'admin', 'admin123');
  const projects = await openClientScreen(page, 'projects');
  await projects.search(cardProjCode);
  const prow = await projects.fullRow(cardProjCode);
  // ↓ into the row, Enter opens the read-only view.
  await projects.root.getByTestId('list-keyword').press('ArrowDown');
  await expect(prow.locator('[col-id="index"]')).toBeFocused();
  await page.keyboard.press('Enter');
  const view = page.getByTestId('project-view');
  const card = view.getByTestId('project-client-card');
  await expect(card.getByTestId('project-client-row')).toHaveText([new RegExp(`${cardCustCode}卡片客户${stamp}`)]);

  // View: Tab to the row's eye, Enter; the client popup shows it read-only.
  await tabTo(page, card.getByTestId('project-client-view'));
  await page.keyboard.press('Enter');
  const custDialog = new FormDialogModel(page, 'customer-dialog');
  await expect(custDialog.root()).toBeVisible();
  await expect(page.getByTestId('customer-code')).toHaveValue(cardCustCode);
  await expect(page.getByTestId('customer-bank-name')).toHaveValue('工商银行');
  await expect(page.getByTestId('customer-code')).toBeDisabled();
  await custDialog.pressEscape();
  await expect(custDialog.root()).toBeHidden();
  await expect(view).toBeVisible();

  // Edit: Tab to the pencil, Enter; rename the client, Enter saves; the card shows the new name.
  await tabTo(page, card.getByTestId('project-client-edit'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('customer-code')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('customer-name')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(`改名客户${stamp}`);
  await custDialog.save();
  await expect(custDialog.root()).toBeHidden();
  await expect(view).toBeVisible();
  await expect(card.getByTestId('project-client-row')).toHaveText([new RegExp(`${cardCustCode}改名客户${stamp}`)]);
  const saved = await (await request.get('/api/aux/customer', { params: { filter: JSON.stringify({ companyId: 1, keyword: cardCustCode }) }, headers })).json();
  expect(saved.data.content[0].name).toBe(`改名客户${stamp}`);

  // Delete: the client list's used-check refuses it (the project names the client), before any confirmation.
  await tabTo(page, card.getByTestId('project-client-delete'));
  await page.keyboard.press('Enter');
  await expect(page.locator('.mantine-Notification-root').last()).toContainText('已被使用，不能删除');
  await expect(page.getByTestId('confirm-dialog')).toBeHidden();
});

