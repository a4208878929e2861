/**
 * The synchronised copy (decision 024), keyboard first: map the main ledger's subjects to the
 * management ledger by code (Basic settings › Subject mapping), open a demo voucher, synchronise it
 * with the keyboard (the dialog opens on the focused target, Enter confirms), see the copy among the
 * associated vouchers and open it: the shell switches to the management ledger and the copy shows
 * its link back; the original, opened in the wrong ledger set, offers to switch back. Screenshots of the mapping screen, the dialog and the popover in both languages.
 */
import { expect, test, type APIRequestContext } from './page-models/test';
import { restoreDemoState } from './page-models/demo-state';
import { loginAs } from './page-models/login';
import { ShellModel } from './page-models/shell';
import { pressOn } from './page-models/keys';

test.describe.configure({ mode: 'serial' });

/** The demo firm's two ledger sets and a 2026 voucher of the main one with a receivable line. */
async function demoBooks(request: APIRequestContext, want: 'unsynced' | 'synced' = 'unsynced') {
  const login = await (await request.post('/api/idm/user/login', { data: { username: 'admin', password: 'admin123' } })).json();
  const headers = { authorization: `Bearer ${login.data.accessToken}` };
  const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));
  const companies = (await (await request.get(`/api/company?filter=${q({ keyword: 'Demo Law Firm' })}`, { headers })).json()).data.content;
  const companyId = companies[0].id as number;
  const accounts = (await (await request.get(`/api/account?filter=${q({ companyId })}&expand=accountYears`, { headers })).json()).data.content as Array<{ id: number; name: string; accountYears: Array<{ id: number; year: number }> }>;
  const main = accounts.find((a) => /Main ledger/.test(a.name))!;
  const management = accounts.find((a) => /Management ledger/.test(a.name))!;
  const year2026 = main.accountYears.find((y) => y.year === 2026)!;
  const vouchers = (await (await request.get(`/api/voucher?filter=${q({ accountId: main.id, accountYearId: year2026.id, listState: 'TO_AUDIT', subjectCode: '1122' })}&limit=10`, { headers })).json()).data.content as Array<{ id: number; kindName: string; codeText: string }>;
  // The first one not synchronised yet (a retry must not pick the first attempt's voucher), or the
  // first one that is (the English screens show the first test's copy).
  for (const v of vouchers) {
    const full = (await (await request.get(`/api/voucher/${v.id}`, { headers })).json()).data as { voucherRelationInfos: unknown[] };
    if ((full.voucherRelationInfos.length > 0) === (want === 'synced')) return { headers, main, management, voucher: v };
  }
  throw new Error(`no ${want} demo voucher`);
}

test('subject mapping: the target ledger set and year are chosen by typing and Enter', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  await page.goto('/basic/subjectRelation');
  const target = page.getByTestId('relation-target-year');
  await expect(target).toHaveValue(/Management ledger · 2026/);
  await target.focus();
  await target.press('Control+a');
  await page.keyboard.type('2025');
  await page.keyboard.press('Enter');
  await expect(target).toHaveValue(/Management ledger · 2025/);
  await expect(target).toBeFocused();
});

test('map by code, synchronise a voucher with the keyboard, open the copy from the associated vouchers', async ({ page, request }, testInfo) => {
  const books = await demoBooks(request);
  // Starts from no mapping (a retry finds the first attempt's relations otherwise).
  const year2026 = books.main.accountYears.find((y) => y.year === 2026)!;
  const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));
  const mapped = (await (await request.get(`/api/subject/relation?filter=${q({ sourceAccountYearId: year2026.id })}`, { headers: books.headers })).json()).data.content as Array<{ id: number }>;
  if (mapped.length) {
    const removed = await request.delete(`/api/subject/relation?filter=${q({ sourceAccountYearId: year2026.id, id: mapped.map((r) => r.id) })}`, { headers: books.headers });
    expect(removed.ok(), await removed.text()).toBe(true);
  }
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  await expect(shell.accountSelect()).toHaveValue(/Main ledger/);

  // Subject mapping: the target year defaults to the management ledger's 2026; nothing mapped yet.
  await page.goto('/basic/subjectRelation');
  await expect(page.getByTestId('relation-target-year')).toHaveValue(/Management ledger · 2026/);
  await expect(page.getByTestId('relation-target-1122')).toHaveText('未对照');
  const byCode = page.getByTestId('relation-by-code');
  await pressOn(byCode);
  await expect(page.getByTestId('relation-target-1122')).toHaveText(/^1122 应收账款/);
  await expect(page.getByText(/已按编码对照 \d+ 个科目/)).toBeVisible();
  // 5602 takes departments here, not in the management ledger: mapped, the department dropped.
  await page.getByTestId('list-keyword').fill('5602');
  await expect(page.getByTestId('relation-target-5602')).toHaveText(/^5602/);
  await expect(page.getByTestId('relation-list').locator('.ag-row', { has: page.getByTestId('relation-target-5602') })).toContainText('舍弃部门');
  await page.screenshot({ path: testInfo.outputPath('subject-relation-zh.png'), fullPage: true });

  // In place, with keys: 5603 → 5601 by typing its code; a name part with several matches opens the
  // pick list (narrowed to 管理费用, Enter picks 5602); F7 on the row opens the pick list too.
  await page.getByTestId('list-keyword').fill('5603');
  const cell = page.getByTestId('relation-list').locator('.ag-row [col-id="targetCode"]').first();
  await expect(page.getByTestId('relation-target-5603')).toHaveText(/^5603/);
  await cell.click();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('5601');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('relation-target-5603')).toHaveText(/^5601 销售费用/);
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('费用');
  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog');
  await expect(picker).toContainText('5603 财务费用 的对照科目');
  // The pick list takes the keys once its search field has the focus (as a user sees the caret).
  await expect(page.getByTestId('list-picker-query')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('管理费用');
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('relation-target-5603')).toHaveText(/^5602 管理费用/);
  await page.keyboard.press('F7');
  await expect(picker).toBeVisible();
  await expect(page.getByTestId('list-picker-query')).toBeFocused();
  await page.keyboard.type('5603');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('relation-target-5603')).toHaveText(/^5603 财务费用/);

  // The voucher: Synchronise to… opens the dialog on the management ledger; Enter confirms.
  await page.goto(`/newVoucher/${books.voucher.id}`);
  await expect(page.getByTestId('voucher-editor')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('voucher-relations')).toBeDisabled();
  const syncButton = page.getByTestId('voucher-action-sync');
  await expect(syncButton).toBeEnabled();
  await pressOn(syncButton);
  const dialog = page.getByTestId('voucher-sync-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId(`voucher-sync-target-${books.management.id}`)).toBeFocused();
  await expect(dialog).toContainText('2026 会计年度');
  await page.screenshot({ path: testInfo.outputPath('voucher-sync-dialog-zh.png') });
  const synced = page.waitForResponse((r) => r.url().endsWith(`/api/voucher/${books.voucher.id}/sync`));
  await page.keyboard.press('Enter');
  const answer = await (await synced).json();
  expect(answer.success, JSON.stringify(answer)).toBe(true);
  const copy = answer.data as { id: number; kindName: string; codeText: string; accountId: number };
  expect(copy.accountId).toBe(books.management.id);
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`已同步到 ${books.management.name}`)).toBeVisible();
  // The focus is back on the button that opened the dialog, so the keys go on from there.
  await expect(syncButton).toBeFocused();

  // The associated vouchers list the copy; its Open switches to the management ledger.
  const relations = page.getByTestId('voucher-relations');
  await expect(relations).toBeEnabled();
  await pressOn(relations);
  const list = page.getByTestId('voucher-relations-list');
  await expect(list).toContainText(`同步生成 ${copy.kindName}-${copy.codeText}`);
  await expect(list).toContainText(books.management.name);
  await page.screenshot({ path: testInfo.outputPath('voucher-relations-zh.png') });
  await expect(page.getByTestId(`voucher-relation-open-${copy.id}`)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/newVoucher/${copy.id}$`));
  await expect(shell.accountSelect()).toHaveValue(/Management ledger/);
  await expect(page.getByTestId('voucher-editor')).toHaveAttribute('data-lifecycle', 'draft');
  await expect(page.getByTestId('voucher-code')).toHaveValue(copy.codeText);
  await page.getByTestId('voucher-relations').click();
  await expect(page.getByTestId('voucher-relations-list')).toContainText(`同步自 ${books.voucher.kindName}-${books.voucher.codeText}`);
  // The original, opened while the shell is on the management ledger, offers to switch back.
  await page.goto(`/newVoucher/${books.voucher.id}`);
  const notice = page.getByTestId('voucher-other-scope');
  await expect(notice).toContainText(`${books.voucher.kindName}-${books.voucher.codeText}`);
  await expect(notice).toContainText(books.main.name);
  await page.screenshot({ path: testInfo.outputPath('voucher-other-scope-zh.png') });
  await pressOn(page.getByTestId('voucher-other-scope-switch'));
  await expect(shell.accountSelect()).toHaveValue(/Main ledger/);
  await expect(page.getByTestId('voucher-editor')).toBeVisible();
  await expect(page.getByTestId('voucher-code')).toHaveValue(books.voucher.codeText);
  // Synchronising the original again is refused, naming the copy.
  const again = await (await request.post(`/api/voucher/${books.voucher.id}/sync`, { data: { targetAccountId: books.management.id }, headers: { ...books.headers, 'x-language': 'zh_CN' } })).json();
  expect(again).toMatchObject({ success: false, code: 'VOUCHER_SYNC_EXISTS' });
  expect(again.msg).toContain(`${copy.kindName}-${copy.codeText}`);
});

// The English test switches the admin's language: put the shared demo state back.
test.afterAll(async ({ request }) => {
  await restoreDemoState(request);
});

test('screens in English', async ({ page, request }, testInfo) => {
  const books = await demoBooks(request, 'synced');
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  await shell.switchLanguage('en_US');
  await page.goto('/basic/subjectRelation');
  await expect(page.getByTestId('relation-target-1122')).toHaveText(/^1122 /);
  await page.screenshot({ path: testInfo.outputPath('subject-relation-en.png'), fullPage: true });
  await page.goto(`/newVoucher/${books.voucher.id}`);
  await expect(page.getByTestId('voucher-relations')).toBeEnabled({ timeout: 20_000 });
  await page.getByTestId('voucher-relations').click();
  await expect(page.getByTestId('voucher-relations-list')).toContainText('Synchronised copy');
  // The copy is named with its ledger set's kind in English ("General-0012"), not the server's 记-0012.
  await expect(page.getByTestId('voucher-relations-list')).toContainText(/Synchronised copy [A-Za-z]+-\d+/);
  await expect(page.getByTestId('voucher-relations-list')).not.toContainText(/[\u4e00-\u9fff]-\d+/);
  await page.screenshot({ path: testInfo.outputPath('voucher-relations-en.png') });
  await page.keyboard.press('Escape');
  await page.getByTestId('voucher-action-sync').click();
  await expect(page.getByTestId('voucher-sync-dialog')).toContainText('Already synchronised with this voucher');
  await page.screenshot({ path: testInfo.outputPath('voucher-sync-dialog-en.png') });
});
