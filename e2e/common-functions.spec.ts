/**
 * The "Common functions" fixed tab (/common) with the keyboard alone: the defaults for the user's
 * rights numbered 1–9, Alt+↑ moves a row, Delete removes it, Insert adds a screen found by its
 * pinyin initials, a digit opens its screen, and the list is the user's own on the server. Also the
 * spec's hidden addresses that lead to the editors without a tab of their own.
 */
import { expect, test, type Page } from './page-models/test';
import { apiHeaders, loginAs } from './page-models/login';
import { restoreDemoState } from './page-models/demo-state';
import { ShellKeyboard } from './page-models/shell';
import { countMouse, chooseOpenOption } from './page-models/keys';

test.afterAll(async ({ request }) => restoreDemoState(request));

const DEFAULTS = ['新建凭证', '凭证列表', '科目明细账', '科目余额表', '日记账录入', '报销管理', '资产负债表', '利润表', '期末结账'];


const titles = (page: Page) => page.getByTestId('common-functions').locator('[role="row"].ag-row').evaluateAll((rows) =>
  rows.sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index'))).map((r) => r.querySelector('[col-id="title"]')?.textContent ?? ''));
const focusedTitle = (page: Page) => page.evaluate(() => document.activeElement?.closest('.ag-row')?.querySelector('[col-id="title"]')?.textContent ?? '');

test('common functions: defaults, move, remove, add by pinyin and open by digit, all by keys; kept per user', async ({ page, request }) => {
  const mouse = await countMouse(page);
  const keys = new ShellKeyboard(page);
  const headers = await apiHeaders(request, 'admin', 'admin123');
  await request.delete('/api/system/shortcut', { headers });
  await loginAs(page, 'admin', 'admin123');
  // The fixed tab, by the palette (常用功能: cygn).
  await keys.searchPalette('cygn', 'screen:home.common');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/common$/);
  await expect.poll(() => titles(page)).toEqual(DEFAULTS);
  await expect(page.getByTestId('placeholder-page')).toHaveCount(0);
  // The page opens on its first row: ↓ to the second, Alt+↑ moves it up (and the focus with it).
  await expect.poll(() => focusedTitle(page)).toBe('新建凭证');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(() => titles(page)).toEqual(['凭证列表', '新建凭证', ...DEFAULTS.slice(2)]);
  await expect.poll(() => focusedTitle(page)).toBe('凭证列表');
  // Delete removes the current row; the focus stays on the list.
  await page.keyboard.press('Delete');
  await expect.poll(() => titles(page)).toEqual(DEFAULTS.filter((x) => x !== '凭证列表'));
  await expect.poll(() => focusedTitle(page)).toBe('新建凭证');
  // Insert: a screen found by its pinyin initials (凭证列表: pzlb), Enter adds it at the end.
  await page.keyboard.press('Insert');
  await expect(page.getByTestId('common-add-pick')).toBeFocused();
  await page.keyboard.type('pzlb');
  await chooseOpenOption(page.getByRole('option', { name: /凭证列表/ }));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const expected = [...DEFAULTS.filter((x) => x !== '凭证列表'), '凭证列表'];
  await expect.poll(() => titles(page)).toEqual(expected);
  await expect.poll(() => focusedTitle(page)).toBe('凭证列表');
  // Kept on the server as the user's own list.
  await expect.poll(async () => (await (await request.get('/api/system/shortcut', { headers })).json()).data.keys).toEqual([
    'voucher.daily.createVoucher', 'voucher.business.subLedgerBySubject', 'voucher.business.balanceBySubject', 'cashier.cashBankJournalEdit',
    'cashier.reimburseManagement', 'report.balanceSheet', 'report.incomeStatement', 'voucher.end.periodSettlement', 'voucher.daily.list',
  ]);
  const clerk = await apiHeaders(request, 'clerk', 'clerk123');
  expect((await (await request.get('/api/system/shortcut', { headers: clerk })).json()).data.saved).toBe(false);
  // 9 opens the ninth (the voucher list), 1 the first (a new voucher, through the spec's createVoucher address).
  await page.keyboard.press('9');
  await expect(page).toHaveURL(/\/voucher\/daily\/list$/);
  await page.keyboard.press('Alt+PageUp');
  await expect(page).toHaveURL(/\/common$/);
  await page.getByTestId('common-functions').locator('[role="row"].ag-row[row-index="0"] [col-id="title"]').focus();
  await page.keyboard.press('1');
  await expect(page).toHaveURL(/\/newVoucher\/new$/);
  // The alias gets no tab of its own.
  await expect(page.getByTestId('tabs-bar').locator('[data-path="/newVoucher/new"]')).toHaveCount(1);
  await expect(page.getByTestId('tabs-bar').locator('[data-path="/voucher/daily/createVoucher"]')).toHaveCount(0);
  expect(await mouse()).toBe(0);
});

test('the hidden addresses of the spec open the editors: createVoucher a new voucher, cashier/newReimburse the reimbursement', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  // In the app (a reload of any address but /common goes home, spec 01 §1).
  const visit = (href: string) => page.evaluate((h) => { window.history.pushState({}, '', h); window.dispatchEvent(new PopStateEvent('popstate')); }, href);
  await visit('/voucher/daily/createVoucher');
  await expect(page).toHaveURL(/\/newVoucher\/new$/);
  await expect(page.getByTestId('voucher-editor')).toBeVisible();
  await visit('/cashier/newReimburse/new');
  await expect(page).toHaveURL(/\/newReimburse\/new$/);
  const tabs = page.getByTestId('tabs-bar');
  await expect(tabs.locator('[data-path="/newReimburse/new"]')).toHaveCount(1);
  await expect(tabs.locator('[data-path="/voucher/daily/createVoucher"], [data-path="/cashier/newReimburse/new"]')).toHaveCount(0);
  // An address that names no document says so (no empty editor under it, no server refusal of the id).
  for (const bad of ['0', 'abc', '1.5']) {
    await visit(`/newVoucher/${bad}`);
    await expect(page.getByTestId('voucher-load-error')).toHaveText('未找到该凭证，可能已被删除');
    await expect(page.getByTestId('voucher-editor')).toHaveCount(0);
  }
  await visit('/newReimburse/0');
  await expect(page.getByTestId('reimburse-load-error')).toHaveText('未找到该报销单');
});
