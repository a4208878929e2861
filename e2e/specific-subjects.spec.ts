/**
 * Specific subjects (/basic/specificSubjectSet, decision record 019): the BANK tab reached by arrow
 * keys with 1002, then the cash counter-subject tab, where a sub-account 101299 (under 1012, which the
 * demo vouchers do not use, so it may get a child) is added by typing its code, then removed;
 * screenshots in both languages. 101299 is deleted again afterwards, so the demo's sets end as they began.
 */
import { expect, test, type APIRequestContext } from './page-models/test';
import { apiHeaders, loginAs } from './page-models/login';
import { ShellModel } from './page-models/shell';
import { ListModel } from './page-models/admin-list';
import { restoreDemoState } from './page-models/demo-state';
import { PickerModel } from './page-models/pickers';
import { chooseOpenOption } from './page-models/keys';

const CODE = '101299';
const keys = ['basic', 'basic.finance', 'basic.finance.specificSubjectSet'];

async function demoYears(request: APIRequestContext, headers: Record<string, string>): Promise<number[]> {
  const years = await (await request.get('/api/account/year', { params: { accountId: 1 }, headers })).json();
  return (years.data?.content ?? []).map((y: { id: number }) => y.id);
}

async function removeTestSubject(request: APIRequestContext) {
  const headers = await apiHeaders(request, 'admin', 'admin123');
  for (const yearId of await demoYears(request, headers)) {
    const found = await (await request.get('/api/subject', { params: { filter: JSON.stringify({ accountYearId: yearId, code: CODE }) }, headers })).json();
    const ids = (found.data?.content ?? []).map((s: { id: number }) => s.id);
    if (ids.length) await request.delete('/api/subject', { params: { filter: JSON.stringify({ accountYearId: yearId, id: ids }) }, headers });
  }
}

test.beforeAll(async ({ request }) => {
  await removeTestSubject(request);
  const headers = await apiHeaders(request, 'admin', 'admin123');
  for (const yearId of await demoYears(request, headers)) {
    await request.post('/api/subject', { data: { accountYearId: yearId, code: CODE, name: 'E2E 其他货币资金' }, headers });
  }
});

test.afterAll(async ({ request }) => {
  await removeTestSubject(request);
  await restoreDemoState(request);
});

test('sets the bank subjects by keyboard', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  await new ShellModel(page).openMenu(...keys);
  await page.waitForURL((u) => u.pathname === '/basic/specificSubjectSet');
  const grid = new ListModel(page, page.getByTestId('specific-list'));
  // The cash tab first: the standard chart's 1001.
  await expect(page.getByTestId('specific-tab-CASH')).toHaveAttribute('aria-selected', 'true');
  await expect(grid.row('1001')).toBeVisible();
  // Arrow right to the bank tab: 1002 is there.
  await page.getByTestId('specific-tab-CASH').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('specific-tab-BANK')).toHaveAttribute('aria-selected', 'true');
  await expect(grid.row('1002')).toBeVisible();
  await expect(page.getByTestId('specific-rule')).toContainText('1002');
  // The add box offers bank subjects only: 1001 is not one.
  const add = page.getByTestId('specific-add');
  await add.focus();
  await page.keyboard.type('1001');
  await expect(page.getByRole('option', { name: /^1001/ })).toHaveCount(0);
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  // On to the cash counter-subjects: cash and bank subjects are not offered there; 101299 is.
  await page.getByTestId('specific-tab-BANK').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('specific-tab-CASH_OPP')).toHaveAttribute('aria-selected', 'true');
  const before = await grid.rows().count();
  await add.focus();
  await page.keyboard.type('1002');
  await expect(page.getByRole('option', { name: /^1002/ })).toHaveCount(0);
  await page.keyboard.press('Control+a');
  await page.keyboard.type(CODE);
  await chooseOpenOption(page.getByRole('option', { name: new RegExp(CODE) }));
  await expect(grid.row(CODE)).toBeVisible();
  await expect(grid.rows()).toHaveCount(before + 1);
  await page.screenshot({ path: 'test-results/specific-subjects-zh.png' });
  // Stored on the server.
  const headers = await apiHeaders(page.request, 'admin', 'admin123');
  const years = await demoYears(page.request, headers);
  const sets = await Promise.all(years.map(async (id) => (await (await page.request.get('/api/subject/specific', { params: { accountYearId: id, kind: 'CASH_OPP' }, headers })).json()).data));
  expect(sets.some((s: { code: string }[]) => s.some((r) => r.code === CODE))).toBe(true);
  // English screenshot, then remove the sub-account's role again.
  await new ShellModel(page).switchLanguage('en_US');
  await expect(page.getByTestId('specific-tab-BANK')).toContainText('Bank');
  await expect(page.getByTestId('specific-tab-CASH_OPP')).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: 'test-results/specific-subjects-en.png' });
  await grid.rowAction(CODE, 'delete');
  await expect(grid.row(CODE)).toHaveCount(0);
  await expect(grid.rows()).toHaveCount(before);

  // The catalogue in popup mode: F7 in the add box opens it; a bank subject is refused with the
  // role's rule, the sub-account is chosen with Enter.
  await add.focus();
  await page.keyboard.press('F7');
  const picker = new PickerModel(page, 'subject-picker');
  await expect(picker.keyword()).toBeFocused();
  await expect(picker.root.getByTestId('subject-picker-tree')).toBeVisible();
  await picker.search('1002', /1002/);
  await picker.keyword().press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker.root.getByTestId('picker-refusal')).toContainText('cannot play this role');
  await expect(picker.sure()).toBeDisabled();
  // The refusal line does not push Cancel / Sure out of the popup.
  const popup = (await picker.root.boundingBox())!;
  const sure = (await picker.sure().boundingBox())!;
  expect(sure.y + sure.height).toBeLessThanOrEqual(popup.y + popup.height);
  await picker.search(CODE, CODE);
  await picker.keyword().press('ArrowDown');
  await expect(picker.sure()).toBeEnabled();
  await page.screenshot({ path: 'test-results/subject-picker-en.png' });
  await page.keyboard.press('Enter');
  await expect(picker.root).toBeHidden();
  await expect(grid.row(CODE)).toBeVisible();
  await grid.rowAction(CODE, 'delete');
  await expect(grid.row(CODE)).toHaveCount(0);
});
