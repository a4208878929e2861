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
import { openClientScreen, pickByKeyboard } from './page-models/clients';
import { restoreDemoState } from './page-models/demo-state';
import { expectFullText } from './page-models/full-text';

const stamp = Date.now().toString(36).slice(-5);
const custCode = `E2EC${stamp}`;
// Longer than the list's name column (the full-text tooltip below).
const custName = `测试客户${stamp}北京朝阳国际商务咨询服务有限责任公司`;
const projCode = `E2EP${stamp}`;
const projName = `测试项目${stamp}`;
const viewCode = `E2EV${stamp}`;

test.afterAll(async ({ request }) => {
  const headers = await apiHeaders(request, 'admin', 'admin123');
  for (const code of [projCode, viewCode]) {
    const ps = await (await request.get('/api/aux/project', { params: { filter: JSON.stringify({ companyId: 1, keyword: code }) }, headers })).json();
    for (const p of ps.data?.content ?? []) await request.delete(`/api/aux/project/${p.id}`, { headers });
  }
  const cs = await (await request.get('/api/aux/customer', { params: { filter: JSON.stringify({ companyId: 1, keyword: custCode }) }, headers })).json();
  for (const c of cs.data?.content ?? []) await request.delete(`/api/aux/customer/${c.id}`, { headers });
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
  await page.getByTestId('customer-tax-number').focus();
  await page.keyboard.type('91110000TEST');
  await custDialog.save();
  await expect(custDialog.root()).toBeHidden();
  await customers.search(custCode);
  const row = await customers.fullRow(custCode);
  await expect(row).toContainText(custName);
  await expect(row).toContainText('李芳静');
  await expect(row).toContainText('普通');
  // The name is cut off by its column: ↓ from the search box, → → onto it, and it shows whole.
  await customers.root.getByTestId('list-keyword').press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expectFullText(page, row.locator('[col-id="name"]'), custName);

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
  await projDialog.save();
  await expect(projDialog.root()).toBeHidden();
  await projects.search(projCode);
  const prow = await projects.fullRow(projCode);
  await expect(prow).toContainText(projName);
  await expect(prow).toContainText('12,345.67');
  await expect(prow).toContainText(custName);
  await expect(prow).toContainText('李芳静');

  // The client is now in use: the delete is refused before any confirmation.
  await openClientScreen(page, 'customers');
  await customers.search(custCode);
  await customers.rowAction(custCode, 'delete');
  await expect(page.locator('.mantine-Notification-root').last()).toContainText('已被使用，不能删除');
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
  }
  await shell.switchLanguage('zh_CN');
});
