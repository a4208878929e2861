/**
 * Departments and employees (spec 02 §2.3): a department created by keyboard under the chosen tree
 * node, an employee created by keyboard in it, an account bound to the employee (800×600 popup),
 * the spec's messages for an empty form in both languages, binding and unbinding by keyboard only,
 * and screenshots of both screens and the popups in both languages.
 */
import { expect, test, type Locator } from './page-models/test';
import { apiHeaders, loginAs } from './page-models/login';
import { ShellModel } from './page-models/shell';
import { FormDialogModel } from './page-models/admin-list';
import { DepartmentTreeModel, openStaffScreen } from './page-models/staff';
import { restoreDemoState } from './page-models/demo-state';
import { SCREENSHOTS } from './page-models/screenshots';
import { chooseOpenOption, countMouse, pressOn } from './page-models/keys';

const stamp = Date.now().toString(36).slice(-5);
const deptCode = `0109${stamp.slice(-2)}`;
const deptName = `E2E组${stamp}`;
const empCode = `E2E${stamp}`;
const empName = `测试${stamp.slice(-3)}`;
const username = `bind${stamp}`;
const keyUser = `kbd${stamp}`;

test.afterAll(async ({ request }) => {
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const emps = await (await request.get('/api/aux/employee', { params: { filter: JSON.stringify({ companyId: 1, keyword: empCode }) }, headers })).json();
  for (const e of emps.data?.content ?? []) {
    if (e.userId) await request.post(`/api/aux/employee/${e.id}/unbindUser`, { data: {}, headers });
    await request.delete(`/api/aux/employee/${e.id}`, { headers });
  }
  const depts = await (await request.get('/api/aux/department', { params: { filter: JSON.stringify({ companyId: 1, keyword: deptName }) }, headers })).json();
  for (const d of depts.data?.content ?? []) await request.delete(`/api/aux/department/${d.id}`, { headers });
  for (const name of [username, keyUser]) {
    const users = await (await request.get('/api/idm/user', { params: { filter: JSON.stringify({ keyword: name }) }, headers })).json();
    for (const u of users.data?.content ?? []) {
      const bound = await (await request.get('/api/aux/employee', { params: { filter: JSON.stringify({ companyId: 1, userId: u.id }) }, headers })).json();
      for (const e of bound.data?.content ?? []) await request.post(`/api/aux/employee/${e.id}/unbindUser`, { data: { version: e.version }, headers });
      await request.delete(`/api/idm/user/${u.id}`, { headers });
    }
  }
  await restoreDemoState(request);
});

test('creates a department and an employee by keyboard and binds the employee to an account', async ({ page, request }) => {
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const created = await (await request.post('/api/idm/user', { data: { username, name: '绑定用户', password: 'bind1234', companyIds: [1], companyId: 1 }, headers })).json();
  expect(created.success, JSON.stringify(created)).toBe(true);

  await loginAs(page, 'admin', 'admin123');
  const departments = await openStaffScreen(page, 'departments');
  const tree = new DepartmentTreeModel(page);
  await expect(tree.root()).toContainText('业务部');
  // Choose the parent in the tree (keyboard), then New: the parent is preset.
  await tree.choose('01 业务部');
  await page.getByTestId('department-new').click();
  const deptDialog = new FormDialogModel(page, 'department-dialog');
  await expect(page.getByTestId('department-code')).toBeFocused();
  await page.keyboard.type(deptCode);
  await page.keyboard.press('Tab');
  await page.keyboard.type(deptName);
  // The principal by the employee autocomplete: type, wait for the server's answer, arrow, Enter.
  await page.getByTestId('department-principal').focus();
  await page.keyboard.type('李芳');
  await chooseOpenOption(page.getByRole('option', { name: /李芳静/ }));
  await expect(page.getByTestId('department-principal')).toHaveValue(/李芳静/);
  await page.getByTestId('department-name').focus();
  await deptDialog.save();
  await expect(deptDialog.root()).toBeHidden();
  await expect(departments.row(deptName)).toBeVisible();
  await expect(departments.row(deptName)).toContainText('李芳静');
  await expect(tree.root()).toContainText(deptName);

  const employees = await openStaffScreen(page, 'employees');
  await tree.choose(deptName);
  // The tree's choice stays with the tab: to the departments tab and back, still chosen.
  await new ShellModel(page).tab('/userCenter/department').click();
  await expect(page).toHaveURL(/\/userCenter\/department$/);
  await new ShellModel(page).tab('/userCenter/employee').click();
  await expect(tree.root().locator('[data-chosen]')).toContainText(deptName);
  await page.getByTestId('employee-new').click();
  const empDialog = new FormDialogModel(page, 'employee-dialog');
  // The new employee starts in the tree's department (a last-level one).
  await expect(page.getByTestId('employee-department')).toHaveValue(new RegExp(deptName));
  await expect(page.getByTestId('employee-code')).toBeFocused();
  await page.keyboard.type(` ${empCode} `);
  await page.keyboard.press('Tab');
  // A one-character name is refused (names take 2 to 18 characters).
  await page.keyboard.type('王');
  await empDialog.save();
  await expect(empDialog.root()).toBeVisible();
  await expect(empDialog.root()).toContainText('请输入正确的内容');
  await page.getByTestId('employee-name').fill(empName);
  await expect(page.getByTestId('employee-department')).toHaveValue(new RegExp(deptName));
  await page.getByTestId('employee-name').focus();
  await empDialog.save();
  await expect(empDialog.root()).toBeHidden();
  const row = await employees.fullRow(empCode);
  await expect(row).toContainText(empName);
  await expect(row).toContainText(deptName);

  // Bind an account: the 800×600 popup, search, pick, Confirm.
  await row.getByTestId(`employee-bind-${empCode}`).click();
  const bind = page.getByTestId('bind-user-dialog');
  await expect(bind).toBeVisible();
  const box = bind.getByTestId('list-keyword');
  await box.fill(username);
  await box.press('Enter');
  await bind.locator('[role="row"].ag-row').filter({ hasText: username }).locator('.ag-cell').nth(1).click();
  await page.getByTestId('bind-user-confirm').click();
  await expect(bind).toBeHidden();
  await expect(row.getByTestId(`employee-unbind-${empCode}`)).toBeVisible();
  await expect(row).toContainText(username);

  // The bound account now carries its employee in the session.
  const me = await (await request.get('/api/idm/user/current', { headers: await apiHeaders(request, username, 'bind1234') })).json();
  expect(me.data.employee).toMatchObject({ code: empCode, name: empName });

  // A department with employees cannot take a child: New with it chosen in the tree presets no
  // parent, and the parent list shows it greyed with the reason (the server would say PARENT_IN_USE).
  await openStaffScreen(page, 'departments');
  await tree.choose(deptName);
  await page.getByTestId('department-new').click();
  await expect(page.getByTestId('department-code')).toBeFocused();
  await expect(page.getByTestId('department-parent')).toHaveValue('');
  await page.getByTestId('department-parent').focus();
  await page.keyboard.type(deptCode);
  const staffed = page.getByRole('option', { name: new RegExp(deptName) });
  await expect(staffed).toContainText('（有员工，不能设下级）');
  await expect(staffed).toHaveAttribute('data-combobox-disabled', 'true');
  await expect(page.getByRole('option', { name: /^01 业务部 / })).toHaveCount(0);
  // The parent is found by the start of its name's pinyin initials too (业务部: ywb).
  await page.keyboard.press('Control+A');
  await page.keyboard.type('ywb');
  await expect(page.getByRole('option', { name: /^01 业务部 / })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(deptDialog.root()).toBeHidden();

  // A department with employees is in use: the delete is refused before any confirmation.
  await tree.choose('01 业务部');
  await departments.rowAction(deptName, 'delete');
  await expect(page.locator('.mantine-Notification-root').last()).toContainText('已被使用，不能删除');
});

/** The message under a field of a dialog (Mantine's input wrapper error). */
const fieldError = (dialog: Locator, testId: string) =>
  dialog.locator('.mantine-InputWrapper-root', { has: dialog.page().getByTestId(testId) }).locator('.mantine-InputWrapper-error');

test("an empty employee form shows the spec's messages, not a generic one, in both languages", async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  const texts = {
    zh_CN: { name: '请输入正确的内容', department: '请选择', generic: '此项为必填项' },
    en_US: { name: 'Please enter the correct content', department: 'Please select', generic: 'This field is required' },
  } as const;
  for (const lang of ['en_US', 'zh_CN'] as const) {
    await shell.switchLanguage(lang);
    await openStaffScreen(page, 'employees');
    // New, then Enter on the empty form (spec 02 §5: name 'Please enter the correct content', department 'Please select').
    await pressOn(page.getByTestId('employee-new'));
    const dialog = page.getByTestId('employee-dialog');
    await expect(page.getByTestId('employee-code')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(fieldError(dialog, 'employee-name')).toHaveText(new RegExp(`^${texts[lang].name}`));
    await expect(fieldError(dialog, 'employee-department')).toHaveText(texts[lang].department);
    await expect(fieldError(dialog, 'employee-code')).toHaveText(texts[lang].name);
    await expect(dialog).not.toContainText(texts[lang].generic);
    await page.screenshot({ path: `test-results/staff-${lang}-employee-empty.png`, animations: 'disabled' });
    // Esc: nothing typed, it closes at once.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  await shell.switchLanguage('zh_CN');
});

test('a leave date before the entry date is refused under the leave date, in both languages, and nothing is saved', async ({ page, request }) => {
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const find = async () => (await (await request.get('/api/aux/employee', { params: { filter: JSON.stringify({ companyId: 1, keyword: 'E005' }) }, headers })).json()).data.content[0];
  const before = await find();
  expect(before.entryDate, 'the demo employee has an entry date').toBeTruthy();
  const earlier = `${Number(before.entryDate.slice(0, 4)) - 1}${before.entryDate.slice(4)}`;
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  const texts = { zh_CN: { leave: '离职日期', message: '不能早于入职日期' }, en_US: { leave: 'Leave date', message: 'Cannot be before Entry date' } } as const;
  for (const lang of ['en_US', 'zh_CN'] as const) {
    await shell.switchLanguage(lang);
    const employees = await openStaffScreen(page, 'employees');
    await employees.rowAction('E005', 'edit');
    const dialog = new FormDialogModel(page, 'employee-dialog');
    await expect(dialog.root()).toBeVisible();
    const leave = dialog.root().getByLabel(texts[lang].leave, { exact: true });
    await leave.fill(earlier);
    await page.getByTestId('employee-name').focus();
    await dialog.save();
    await expect(dialog.root()).toBeVisible();
    const error = dialog.root().locator('.mantine-InputWrapper-root', { has: page.getByLabel(texts[lang].leave, { exact: true }) }).locator('.mantine-InputWrapper-error');
    await expect(error).toHaveText(texts[lang].message);
    // Leaving the field (its calendar closes) keeps the message: the pair is checked on blur too.
    await page.getByTestId('employee-name').focus();
    await expect(error).toHaveText(texts[lang].message);
    await page.screenshot({ path: `test-results/staff-${lang}-employee-leave-before-entry.png`, animations: 'disabled' });
    await dialog.pressEscape();
    await dialog.discardFromPrompt();
    await expect(dialog.root()).toBeHidden();
  }
  // Nothing reached the server.
  expect(await find()).toMatchObject({ entryDate: before.entryDate, leaveDate: before.leaveDate, version: before.version });
  await shell.switchLanguage('zh_CN');
});

test('the employee dates are typed as every date is, one Tab from one to the next (their clear buttons take no Tab)', async ({ page, request }) => {
  await loginAs(page, 'admin', 'admin123');
  await openStaffScreen(page, 'employees');
  await page.getByTestId('employee-new').focus();
  await page.keyboard.press('Enter');
  const dialog = new FormDialogModel(page, 'employee-dialog');
  await expect(page.getByTestId('employee-code')).toBeFocused();
  await page.keyboard.type(`${empCode}D`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('日期员');
  await page.getByTestId('employee-department').focus();
  await page.keyboard.type('0101');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('employee-department')).toHaveValue(/^0101 /);
  await page.getByTestId('employee-position').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('employee-birthday')).toBeFocused();
  await page.keyboard.type('19900506');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('employee-entry-date')).toBeFocused();
  await page.keyboard.type('2026/3/1');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('employee-leave-date')).toBeFocused();
  await page.keyboard.type('2026-11-30');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('employee-salesman')).toBeFocused();
  await expect(page.getByTestId('employee-birthday')).toHaveValue('1990-05-06');
  await expect(page.getByTestId('employee-entry-date')).toHaveValue('2026-03-01');
  // Emptying a date's text and leaving it clears the date.
  await page.getByTestId('employee-leave-date').focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Tab');
  await page.getByTestId('employee-code').focus();
  await dialog.save();
  await expect(dialog.root()).toBeHidden();
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const saved = (await (await request.get('/api/aux/employee', { params: { filter: JSON.stringify({ companyId: 1, keyword: `${empCode}D` }) }, headers })).json()).data.content;
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ birthday: '1990-05-06', entryDate: '2026-03-01', leaveDate: null });
});

test('binds and unbinds an account by keyboard only: Enter on the bound-account cell, Alt+B on the selection', async ({ page, request }) => {
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const created = await (await request.post('/api/idm/user', { data: { username: keyUser, name: '键盘用户', password: 'bind1234', companyIds: [1], companyId: 1 }, headers })).json();
  expect(created.success, JSON.stringify(created)).toBe(true);
  const mouse = await countMouse(page);
  await loginAs(page, 'admin', 'admin123');
  const employees = await openStaffScreen(page, 'employees');
  const before = await mouse();

  // The list arrives on its keyword box: search, ↓ into the row.
  await expect(employees.root.getByTestId('list-keyword')).toBeFocused();
  await page.keyboard.type('E005');
  const row = await employees.fullRow('E005');
  await expect(employees.rows()).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  // → to the bound-account cell; Enter there binds (it used to open the Edit-employee dialog).
  const focusedCol = () => page.evaluate(() => document.activeElement?.closest('.ag-cell')?.getAttribute('col-id') ?? null);
  for (let i = 0; i < 20 && (await focusedCol()) !== 'user'; i++) await page.keyboard.press('ArrowRight');
  expect(await focusedCol()).toBe('user');
  await page.keyboard.press('Enter');
  const bind = page.getByTestId('bind-user-dialog');
  await expect(bind).toBeVisible();
  await expect(page.getByTestId('employee-dialog')).toBeHidden();
  // The popup opens on its search box; Esc cancels.
  await expect(bind.getByTestId('list-keyword')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(bind).toBeHidden();
  await expect(row.getByTestId('employee-bind-E005')).toBeVisible();

  // Space selects the row; the toolbar's Bind shows its key, Alt+B opens the popup.
  await expect.poll(focusedCol).toBe('user');
  await page.keyboard.press('Space');
  const toggle = page.getByTestId('employee-bind-toggle');
  await expect(toggle).toBeEnabled();
  await expect(toggle).toContainText('绑定');
  await expect(toggle).toContainText('Alt+B');
  await page.keyboard.press('Alt+b');
  await expect(bind).toBeVisible();
  await expect(bind.getByTestId('list-keyword')).toBeFocused();
  // Typed text searches; ↓ into the accounts, Enter binds the current one. While another employee
  // holds the account, the spec's message refuses it and the popup stays (spec 02 §5).
  const other = (await (await request.get('/api/aux/employee', { params: { filter: JSON.stringify({ companyId: 1, keyword: 'E004' }) }, headers })).json()).data.content[0];
  const bound = await (await request.post(`/api/aux/employee/${other.id}/bindUser`, { data: { userId: created.data.id, version: other.version }, headers })).json();
  expect(bound.success, JSON.stringify(bound)).toBe(true);
  await page.keyboard.type(keyUser);
  await expect(bind.locator('[role="row"].ag-row')).toHaveCount(1);
  await expect(bind.locator('[role="row"].ag-row')).toContainText(keyUser);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.locator('.mantine-Notification-root').last()).toContainText('同一公司下，一个账号不能绑定多个职员！');
  await expect(bind).toBeVisible();
  const freed = await (await request.post(`/api/aux/employee/${other.id}/unbindUser`, { data: { version: bound.data.version }, headers })).json();
  expect(freed.success, JSON.stringify(freed)).toBe(true);
  await page.keyboard.press('Enter');
  await expect(bind).toBeHidden();
  await expect(row).toContainText(keyUser);
  await expect(row.getByTestId('employee-unbind-E005')).toBeVisible();

  // The same button now unbinds: Alt+B asks, Enter confirms.
  await expect(toggle).toContainText('解绑');
  await page.keyboard.press('Alt+b');
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await expect(page.getByTestId('confirm-ok')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm-dialog')).toBeHidden();
  await expect(row.getByTestId('employee-bind-E005')).toBeVisible();
  await expect(row).not.toContainText(keyUser);
  expect(await mouse()).toBe(before);
});

test('the bind list offers ordinary accounts only, never an administrator (spec 02 §3, §7)', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  const employees = await openStaffScreen(page, 'employees');
  await expect(employees.root.getByTestId('list-keyword')).toBeFocused();
  await page.keyboard.type('E006');
  await employees.fullRow('E006');
  await expect(employees.rows()).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await page.keyboard.press('Alt+b');
  const bind = page.getByTestId('bind-user-dialog');
  await expect(bind).toBeVisible();
  await expect(bind.getByTestId('list-keyword')).toBeFocused();
  const usernames = () => bind.locator('.ag-row [col-id="username"]');
  // An ordinary account is there; the administrator `admin` is not, however it is searched.
  await page.keyboard.type('clerk');
  await expect(usernames().filter({ hasText: /^clerk$/ })).toHaveCount(1);
  const searched = page.waitForResponse((r) => r.url().includes('/api/idm/user?') && decodeURIComponent(r.url()).includes('"keyword":"admin"'));
  await page.keyboard.press('Control+A');
  await page.keyboard.type('admin');
  const answer = await (await searched).json();
  expect(answer.data.content.map((u: { username: string }) => u.username)).not.toContain('admin');
  await expect(usernames().filter({ hasText: /^clerk$/ })).toHaveCount(0);
  await expect(usernames().filter({ hasText: /^admin$/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(bind).toBeHidden();
});

test('screenshots of the department and employee screens in both languages', SCREENSHOTS, async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  for (const lang of ['zh_CN', 'en_US'] as const) {
    await shell.switchLanguage(lang);
    const departments = await openStaffScreen(page, 'departments');
    await expect(departments.rows().first()).toBeVisible();
    await page.screenshot({ path: `test-results/staff-${lang}-departments.png`, animations: 'disabled' });
    await departments.rowAction(/0201/, 'edit');
    await expect(page.getByTestId('department-dialog')).toBeVisible();
    await page.screenshot({ path: `test-results/staff-${lang}-department-dialog.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    const employees = await openStaffScreen(page, 'employees');
    await expect(employees.rows().first()).toBeVisible();
    // A row selected: the toolbar's Bind with its key.
    await employees.select('E005');
    await expect(page.getByTestId('employee-bind-toggle')).toBeEnabled();
    await page.screenshot({ path: `test-results/staff-${lang}-employees.png`, animations: 'disabled' });
    await employees.rowAction('E005', 'edit');
    await expect(page.getByTestId('employee-dialog')).toBeVisible();
    await page.screenshot({ path: `test-results/staff-${lang}-employee-dialog.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await (await employees.fullRow('E005')).getByTestId('employee-bind-E005').click();
    await expect(page.getByTestId('bind-user-dialog')).toBeVisible();
    await page.screenshot({ path: `test-results/staff-${lang}-bind-user.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
  }
  await shell.switchLanguage('zh_CN');
});
