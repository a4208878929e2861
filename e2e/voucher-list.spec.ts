/**
 * The voucher list as an auditor, by the keyboard: opened from the menu, filtered to the spec's own
 * vouchers, two picked with ↓ and Space and examined as a batch (the report names each voucher,
 * the invalid one refused with its reason; Enter on its OK puts the caret back on the cell it came
 * from, also after the More menu, without transitions, and while the rows still load), then the
 * auditor's flow: F8 examines the focused voucher and the focus moves on, Shift+F8 asks the reason
 * and marks an error, Enter opens the editor. The 凭证整理 confirmation shows its preview. Screenshots in Chinese and English. The
 * spec's vouchers are removed again in afterAll and the demo state restored.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Route } from './page-models/test';
import type { APIRequestContext } from '@playwright/test';
import { VoucherEditorModel } from './page-models/voucher-editor';
import { loginAs, startInLanguage } from './page-models/login';
import { ShellModel } from './page-models/shell';
import { restoreDemoState } from './page-models/demo-state';
import { chooseOpenOption, pickByKeys } from './page-models/keys';
import { apiLogin, VoucherListModel } from './page-models/voucher-list';
import { expectFullText, gridTooltip } from './page-models/full-text';

test.describe.configure({ mode: 'serial' });

const TAG = 'E2E凭证列表';
/** The first voucher's summary: longer than the list's summary column. */
const LONG_SUMMARY = `${TAG} 1 北京朝阳国际商务咨询服务有限责任公司常年法律顾问费`;
const ids: number[] = [];
/** The summaries of the vouchers the tests at the end make (not under TAG: the first test lists every voucher under TAG). */
const QA_TAG = 'E2E列表QA';
/** Vouchers the tests at the end made: deleted by each test, and again in afterAll after a test that timed out. */
const qaMade: number[] = [];

/**
 * The set-up's vouchers are of a kind of their own: 凭证整理 renumbers a month's vouchers of one
 * kind, and vouchers other specs make with today's date (in December from 2026-12-01 on) must
 * neither change what its preview shows here nor be renumbered under those specs.
 */
const KIND = { name: '列', nameEn: 'List' };
let kindId = 0;

/** The demo ledger's 2026 subject ids by code and its default voucher kind, for vouchers made through the API. */
async function ledger2026(admin: Awaited<ReturnType<typeof apiLogin>>) {
  const years = await admin.get('/api/account/year', { accountId: 1 });
  const year = (years.content as Array<{ id: number; year: number }>).find((y) => y.year === 2026)!;
  const subjects = (await admin.get('/api/subject', { filter: { accountYearId: year.id }, limit: 1000 })).content as Array<{ id: number; code: string }>;
  const s = (code: string) => subjects.find((x) => x.code === code)!.id;
  const kinds = (await admin.get('/api/voucher/kind', { accountId: 1 })).content as Array<{ id: number; isDefault: boolean }>;
  return { s, kindId: (kinds.find((k) => k.isDefault) ?? kinds[0]).id };
}

test.beforeAll(async ({ request }) => {
  const admin = await apiLogin(request, 'admin', 'admin123');
  const clerk = await apiLogin(request, 'clerk', 'clerk123');
  const { s } = await ledger2026(admin);
  kindId = (await admin.post('/api/voucher/kind', { accountId: 1, ...KIND })).id;
  for (let i = 0; i < 6; i++) {
    const cents = String((i + 1) * 10_000);
    const v = await clerk.post('/api/voucher', {
      accountId: 1, kindId, markTime: `2026-12-${String(20 + i).padStart(2, '0')}`,
      items: [
        { summary: i === 0 ? LONG_SUMMARY : `${TAG} ${i + 1}`, subjectId: s('1001'), direction: true, amount: cents },
        { summary: `${TAG} ${i + 1}`, subjectId: s('1002'), direction: false, amount: cents },
      ],
    });
    ids.push(v.id);
  }
  // The third one is invalid: a batch examination refuses it by itself.
  await admin.post(`/api/voucher/${ids[2]}/invalid`);
});

test.afterAll(async ({ request }) => {
  const admin = await apiLogin(request, 'admin', 'admin123');
  for (const id of [...ids, ...qaMade]) {
    const v = await admin.get(`/api/voucher/${id}`).catch(() => null);
    if (!v) continue;
    if (v.bookKeepAt) await admin.tryPost(`/api/voucher/${id}/reverseBookkeep`);
    if (v.auditAt) await admin.tryPost(`/api/voucher/${id}/${v.auditPass === false ? 'reverseAuditError' : 'reverseAudit'}`);
    if (v.cashierAt) await admin.tryPost(`/api/voucher/${id}/reverseCashier`);
    await admin.del(`/api/voucher/${id}`);
  }
  if (kindId) await admin.del(`/api/voucher/kind/${kindId}`);
  await restoreDemoState(request);
});

test('an auditor filters, batch-examines with a report, steps through with F8 and opens the editor with Enter', async ({ page, request }, testInfo) => {
  await loginAs(page, 'auditor', 'audit123');
  const shell = new ShellModel(page);
  await shell.openMenu('voucher', 'voucher.daily', 'voucher.daily.list');
  await expect(page).toHaveURL(/\/voucher\/daily\/list$/);
  const list = new VoucherListModel(page);
  await expect(list.root).toBeVisible();
  await expect(list.rows().first()).toBeVisible({ timeout: 20_000 });
  // The auditor holds no edit right: no New, no Delete, no 凭证整理; the audit key is shown.
  await expect(page.getByTestId('voucher-list-new')).toHaveCount(0);
  await expect(list.action('delete')).toHaveCount(0);
  await expect(page.getByTestId('voucher-list-keys')).toContainText('F8');
  await expect(page.getByTestId('voucher-list-keys')).not.toContainText('Delete');

  // Filter: the spec's vouchers (summary), December only.
  await list.filter('summary').fill(TAG);
  await expect.poll(() => list.rowIds()).toEqual(ids);
  await expect(list.row(ids[2])).toHaveClass(/ld-row-muted/);
  // The page total leaves the invalid voucher out: 100 + 200 + 400 + 500 + 600.
  await expect(list.grid.locator('.ag-row-pinned .ag-cell[col-id="debitCents"]')).toHaveText('1,800.00');
  // Under the list, the total of every voucher under the filter (/voucher/total), the invalid one counted apart.
  await expect(page.getByTestId('voucher-filter-total')).toHaveText('全部 6 张：借方合计 1,800.00，贷方合计 1,800.00（其中作废 1 张，不计入金额）');
  await expect(list.row(ids[0]).getByTestId('voucher-row-label')).toHaveText(new RegExp(`^${KIND.name}-\\d{4}$`));

  // Keyboard selection: ↓ from the search box to the first row, Space, ↓ ↓, Space (the invalid one).
  // On the way, → → → onto the first voucher's summary, cut off by its column: it shows whole.
  await list.focusFirstRow();
  await list.expectFocusOn(ids[0]);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expectFullText(page, list.row(ids[0]).locator('[col-id="summary"]'), LONG_SUMMARY);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  await expect(gridTooltip(page)).toBeHidden();
  await list.expectFocusOn(ids[0]);
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await list.expectFocusOn(ids[2]);
  await page.keyboard.press('Space');
  const caretCol = await list.focusedColId();
  expect(caretCol).toBeTruthy();
  await expect(list.action('audit')).toBeEnabled();
  await expect(list.action('audit')).toContainText('(1)');
  await page.screenshot({ path: testInfo.outputPath('voucher-list-zh.png'), fullPage: true });
  await list.action('audit').click();
  await expect(list.report()).toBeVisible();
  await expect(page.getByTestId(`voucher-batch-line-${ids[0]}`)).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId(`voucher-batch-line-${ids[2]}`)).toHaveAttribute('data-ok', 'false');
  await expect(page.getByTestId(`voucher-batch-line-${ids[2]}`)).toContainText('作废');
  await expect(page.getByTestId('voucher-batch-summary')).toContainText('1');
  await page.screenshot({ path: testInfo.outputPath('voucher-list-report-zh.png'), fullPage: true });
  await page.keyboard.press('Enter');
  await expect(list.report()).toBeHidden();
  await expect(list.row(ids[0]).getByTestId('voucher-row-tags')).toHaveAttribute('data-lifecycle', 'audited');
  // Closing the report gives the focus back to the cell that had it (row and column), so the
  // arrows go on at once.
  await list.expectFocusOn(ids[2]);
  expect(await list.focusedColId()).toBe(caretCol);
  await page.keyboard.press('ArrowUp');
  await list.expectFocusOn(ids[1]);
  await page.keyboard.press('ArrowDown');
  await list.expectFocusOn(ids[2]);

  // 更多操作 → 反审核 by the keyboard (the menu's item is gone when the report opens), without
  // transitions (reduced motion: the report goes at once): Enter on the report's OK puts the focus
  // back on the row, not on <body>; ↓ and ↑ move it at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.getByTestId('voucher-list-more').focus();
  await page.keyboard.press('Enter');
  const reverse = list.action('reverseAudit');
  await expect(reverse).toBeVisible();
  await expect(reverse).toContainText('(1)');
  for (let i = 0; i < 10 && !(await reverse.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await expect(reverse).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list.report()).toBeVisible();
  await expect(page.getByTestId(`voucher-batch-line-${ids[0]}`)).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('voucher-batch-report-ok')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list.report()).toBeHidden();
  await expect(list.row(ids[0]).getByTestId('voucher-row-tags')).toHaveAttribute('data-lifecycle', 'draft');
  await list.expectFocusOn(ids[2]);
  expect(await list.focusedColId()).toBe(caretCol);
  await page.keyboard.press('ArrowDown');
  await list.expectFocusOn(ids[3]);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await list.expectFocusOn(ids[1]);
  await page.emulateMedia({ reducedMotion: 'no-preference' });

  // Examined again (the flow below starts from it) while the list answers slowly: the report is
  // closed before the rows are back (AG Grid's loading overlay takes no focus), and the caret waits
  // for them instead of leaving the focus on the toolbar's button.
  const slowList = async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue().catch(() => undefined);
  };
  const isList = (url: URL) => url.pathname === '/api/voucher';
  await page.route(isList, slowList);
  await list.action('audit').click();
  await expect(page.getByTestId(`voucher-batch-line-${ids[0]}`)).toHaveAttribute('data-ok', 'true');
  await page.keyboard.press('Enter');
  await expect(list.report()).toBeHidden();
  await list.expectFocusOn(ids[1]);
  expect(await list.focusedColId()).toBe(caretCol);
  await expect(list.row(ids[0]).getByTestId('voucher-row-tags')).toHaveAttribute('data-lifecycle', 'audited');
  await page.unroute(isList, slowList);
  await page.keyboard.press('ArrowDown');
  await list.expectFocusOn(ids[2]);

  // Export: the ticked vouchers' PDF goes through the export task and downloads.
  await page.getByTestId('voucher-list-export').click();
  await expect(page.getByTestId('voucher-list-export-pdf')).toContainText('2');
  const download = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByTestId('voucher-list-export-pdf').click();
  const pdf = await download;
  const head = readFileSync(await pdf.path()).subarray(0, 5).toString('latin1');
  expect(head).toBe('%PDF-');

  // The auditor's flow on "to be examined": F8 examines and moves on; Shift+F8 asks the reason.
  // The footer's total answers slowly here: the keys wait for the rows only, never for the footer
  // (a key pressed on the new rows while the total was still loading used to be dropped).
  await page.route('**/api/voucher/total?**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue().catch(() => undefined);
  });
  await shell.choose(list.filter('state'), '待审核');
  await expect.poll(() => list.rowIds()).toEqual([ids[1], ids[3], ids[4], ids[5]]);
  await list.focusFirstRow();
  await list.expectFocusOn(ids[1]);
  await page.keyboard.press('F8');
  await list.expectFocusOn(ids[3]);
  await expect.poll(() => list.rowIds()).toEqual([ids[3], ids[4], ids[5]]);
  await page.keyboard.press('F8');
  await list.expectFocusOn(ids[4]);
  // The reason typed at once, before the dialog is drawn, still lands in its field.
  await page.keyboard.press('Shift+F8');
  await page.keyboard.type('附件不全');
  await expect(page.getByTestId('voucher-reason-dialog')).toBeVisible();
  await expect(page.getByTestId('voucher-reason')).toHaveValue('附件不全');
  await page.keyboard.press('Enter');
  await list.expectFocusOn(ids[5]);
  await expect.poll(() => list.rowIds()).toEqual([ids[5]]);

  const api = await apiLogin(request, 'auditor', 'audit123');
  const states = await api.get('/api/voucher', { filter: { accountId: 1, id: ids, includeInvalid: true }, limit: 10 });
  expect(Object.fromEntries((states.content as Array<{ id: number; lifecycle: string; auditNote: string | null }>).map((v) => [v.id, [v.lifecycle, v.auditNote]]))).toEqual({
    [ids[0]]: ['audited', null], [ids[1]]: ['audited', null], [ids[2]]: ['invalid', null], [ids[3]]: ['audited', null], [ids[4]]: ['auditError', '附件不全'], [ids[5]]: ['draft', null],
  });

  // Enter opens the focused voucher in the editor.
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/newVoucher/${ids[5]}(\\?|$)`));
  await expect(page.getByTestId('voucher-editor')).toHaveAttribute('data-lifecycle', 'draft');
});

test('the clerk sees New, Delete and 凭证整理 with its preview; the list speaks English', async ({ page }, testInfo) => {
  await startInLanguage(page, 'en_US');
  await loginAs(page, 'clerk', 'clerk123', { at: '/voucher/daily/list' });
  const list = new VoucherListModel(page);
  await expect(list.rows().first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('voucher-list-new')).toBeVisible();
  await expect(list.action('audit')).toHaveCount(0);
  await list.filter('summary').fill(TAG);
  await expect.poll(() => list.rowIds()).toEqual(ids);
  await expect(page.getByTestId('voucher-list-keys')).toContainText('Enter opens in the editor');
  await expect(page.getByTestId('voucher-list-keys')).toContainText('Delete deletes');
  await expect(page.getByTestId('voucher-list-keys')).not.toContainText('F8');
  await expect(page.getByTestId('voucher-filter-total')).toHaveText('6 vouchers in all: debit 1,800.00, credit 1,800.00 (1 invalid, not in the amounts)');
  await page.screenshot({ path: testInfo.outputPath('voucher-list-en.png'), fullPage: true });

  // Saved filters: the filter saved under a name, the panel reset, the name picked to apply it again.
  const NAME = `E2E凭证${Date.now().toString(36).slice(-4)}`;
  await page.getByTestId('saved-filters-save').click();
  await expect(page.getByTestId('saved-filters-name')).toBeFocused();
  await page.keyboard.type(NAME);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('saved-filters-name')).toBeHidden();
  await expect(page.getByTestId('saved-filters-select')).toHaveValue(NAME);
  // A reload starts at home with the tabs closed: open the list again, its filter empty.
  await page.reload();
  await new ShellModel(page).openMenu('voucher', 'voucher.daily', 'voucher.daily.list');
  await expect(list.filter('summary')).toHaveValue('');
  await expect.poll(async () => (await list.rowIds()).length).toBe(10);
  const select = page.getByTestId('saved-filters-select');
  await select.focus();
  await page.keyboard.type(NAME.slice(0, 5));
  await chooseOpenOption(page.getByRole('option', { name: NAME }));
  await expect(list.filter('summary')).toHaveValue(TAG);
  await expect.poll(() => list.rowIds()).toEqual(ids);
  // The filter reset (its icon, Enter) empties the saved filter's box too: it no longer describes the list.
  await page.getByTestId('voucher-filter-reset').focus();
  await page.keyboard.press('Enter');
  await expect(list.filter('summary')).toHaveValue('');
  await expect.poll(async () => (await list.rowIds()).length).toBe(10);
  await expect(select).toHaveValue('');
  /** ↓ opens the saved filters, the name, Enter: the box shows it and the list is filtered by it. */
  const pickSaved = async () => {
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await chooseOpenOption(page.getByRole('option', { name: NAME }));
    await expect(select).toHaveValue(NAME);
    await expect(list.filter('summary')).toHaveValue(TAG);
    await expect.poll(() => list.rowIds()).toEqual(ids);
  };
  // Picking the same name again (↓ opens the list, the name, Enter) applies it again, never empties the box.
  await pickSaved();
  // Even when it is the one shown: it stays picked and applied.
  await list.filter('summary').fill('');
  await expect.poll(async () => (await list.rowIds()).length).toBe(10);
  await pickSaved();
  await page.getByTestId('saved-filters-delete').click();
  await expect(select).toHaveValue('');

  // Delete (the invalid one): the Delete key asks, Enter confirms, the report says done.
  await list.focusFirstRow();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await list.expectFocusOn(ids[2]);
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await expect(page.getByTestId('confirm-ok')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`voucher-batch-line-${ids[2]}`)).toHaveAttribute('data-ok', 'true');
  await page.keyboard.press('Enter');
  await expect.poll(() => list.rowIds()).toEqual([ids[0], ids[1], ids[3], ids[4], ids[5]]);
  // The caret is where the deleted voucher was: on the next one, so the keys go on from there.
  await list.expectFocusOn(ids[3]);
  await page.keyboard.press('ArrowUp');
  await list.expectFocusOn(ids[1]);
  const codeOf = async (id: number) => (await list.row(id).getByTestId('voucher-row-label').textContent()) ?? '';
  const lastCode = await codeOf(ids[5]);
  const freedCode = Number(/(\d+)$/.exec(lastCode)![1]) - 3;

  // 凭证整理 of December, the set-up's kind: the preview names the one draft above the gap (the examined
  // ones keep their numbers); confirming renumbers it.
  const shell = new ShellModel(page);
  await page.getByTestId('voucher-list-arrange').click();
  await expect(page.getByTestId('voucher-arrange-dialog')).toBeVisible();
  await shell.choose(page.getByTestId('voucher-arrange-period'), '2026-12');
  await shell.choose(page.getByTestId('voucher-arrange-kind'), KIND.nameEn);
  await expect(page.getByTestId('voucher-arrange-changes')).toContainText(lastCode);
  await expect(page.getByTestId('voucher-arrange-changes')).toContainText(`${KIND.nameEn}-${String(freedCode).padStart(4, '0')}`);
  await page.screenshot({ path: testInfo.outputPath('voucher-list-arrange-en.png'), fullPage: true });
  await page.getByTestId('voucher-arrange-confirm').click();
  await expect(page.getByTestId('voucher-arrange-dialog')).toBeHidden();
  await expect.poll(() => codeOf(ids[5])).toBe(`${KIND.nameEn}-${String(freedCode).padStart(4, '0')}`);
});

test("a link naming vouchers of another year (the period end's blockers) lists them under the top bar's year", async ({ page, request }) => {
  const admin = await apiLogin(request, 'admin', 'admin123');
  const years = (await admin.get('/api/account/year', { accountId: 1 })).content as Array<{ id: number; year: number }>;
  const last = years.find((y) => y.year === 2025)!;
  const earlier = (await admin.get('/api/voucher', { filter: { accountId: 1, accountYearId: last.id }, limit: 2, sort: { id: 'asc' } })).content as Array<{ id: number }>;
  expect(earlier.length).toBe(2);
  await loginAs(page, 'admin', 'admin123', { at: `/voucher/daily/list?ids=${earlier.map((v) => v.id).join(',')}` });
  await expect(new ShellModel(page).yearSelect()).toHaveValue('2026');
  await expect(page.getByTestId('voucher-list-ids')).toBeVisible();
  const list = new VoucherListModel(page);
  await expect.poll(() => list.rowIds()).toEqual(earlier.map((v) => v.id));
});

test('F8 and PageDown go on from the last row of a page to the next page; PageUp on the first row goes back; the last voucher of all says so', async ({ page, request }) => {
  const PAGED = 'E2E翻页审核';
  const admin = await apiLogin(request, 'admin', 'admin123');
  const clerk = await apiLogin(request, 'clerk', 'clerk123');
  const { s, kindId } = await ledger2026(admin);
  // Twelve vouchers: page 1 holds ten of them (the list's page size 10), page 2 the other two.
  const paged: number[] = [];
  for (let i = 0; i < 12; i++) {
    const v = await clerk.post('/api/voucher', {
      accountId: 1, kindId, markTime: `2026-11-${String(i + 1).padStart(2, '0')}`,
      items: [
        { summary: `${PAGED} ${i + 1}`, subjectId: s('1001'), direction: true, amount: '100' },
        { summary: `${PAGED} ${i + 1}`, subjectId: s('1002'), direction: false, amount: '100' },
      ],
    });
    paged.push(v.id);
    ids.push(v.id);
  }

  await loginAs(page, 'auditor', 'audit123', { at: '/voucher/daily/list' });
  const list = new VoucherListModel(page);
  await expect(list.root).toBeVisible();
  await list.filter('summary').fill(PAGED);
  await expect.poll(() => list.rowIds()).toEqual(paged.slice(0, 10));
  await expect(page.getByTestId('list-total')).toContainText('12');

  // PageDown goes to the page's last row; once there, to the next page's first row (same column).
  await list.focusFirstRow();
  await list.expectFocusOn(paged[0]);
  await page.keyboard.press('ArrowRight');
  const col = await list.focusedColId();
  await page.keyboard.press('PageDown');
  await list.expectFocusOn(paged[9]);
  await page.keyboard.press('PageDown');
  await expect.poll(() => list.rowIds()).toEqual(paged.slice(10));
  await list.expectFocusOn(paged[10]);
  expect(await list.focusedColId()).toBe(col);
  // Ctrl+End / Ctrl+Home: the page's last / first row, in the same column (a list's Home / End leave it).
  await page.keyboard.press('Control+End');
  await list.expectFocusOn(paged[11]);
  expect(await list.focusedColId()).toBe(col);
  await page.keyboard.press('Control+Home');
  await list.expectFocusOn(paged[10]);
  expect(await list.focusedColId()).toBe(col);
  // PageUp on the first row goes back to the previous page's last row.
  await page.keyboard.press('PageUp');
  await expect.poll(() => list.rowIds()).toEqual(paged.slice(0, 10));
  await list.expectFocusOn(paged[9]);
  expect(await list.focusedColId()).toBe(col);

  // F8 on the page's last voucher examines it and goes on to the next page's first one, and on.
  await page.keyboard.press('F8');
  await expect.poll(() => list.rowIds()).toEqual(paged.slice(10));
  await list.expectFocusOn(paged[10]);
  await page.keyboard.press('F8');
  await list.expectFocusOn(paged[11]);
  // The last voucher of all: examined, the focus stays and the list says it was the last.
  await page.keyboard.press('F8');
  await expect(page.getByText('已是列表中最后一张凭证')).toBeVisible();
  await list.expectFocusOn(paged[11]);
  await page.screenshot({ path: test.info().outputPath('voucher-list-paged-zh.png'), fullPage: true });

  const auditor = await apiLogin(request, 'auditor', 'audit123');
  const states = await auditor.get('/api/voucher', { filter: { accountId: 1, id: paged }, limit: 20 });
  const audited = (states.content as Array<{ id: number; lifecycle: string }>).filter((v) => v.lifecycle === 'audited').map((v) => v.id).sort((a, b) => a - b);
  expect(audited).toEqual(paged.slice(9).sort((a, b) => a - b));
});

test('keys only: a red-ink voucher shows red; an amount the filter cannot read or a range ending below its start is said under the field; back from the voucher opened with Enter, the caret is on its row', async ({ page, request }) => {
  const RED = 'E2E红字凭证';
  const admin = await apiLogin(request, 'admin', 'admin123');
  const clerk = await apiLogin(request, 'clerk', 'clerk123');
  const { s } = await ledger2026(admin);
  // 100.00, a reversal of -1,234.56 and 800.00 (the spec's own kind: afterAll removes them with the others).
  const made: number[] = [];
  for (const [i, cents] of (['10000', '-123456', '80000'] as const).entries()) {
    const v = await clerk.post('/api/voucher', {
      accountId: 1, kindId, markTime: `2026-12-${String(26 + i).padStart(2, '0')}`,
      items: [
        { summary: `${RED} ${i + 1}`, subjectId: s('1001'), direction: true, amount: cents },
        { summary: `${RED} ${i + 1}`, subjectId: s('1002'), direction: false, amount: cents },
      ],
    });
    made.push(v.id);
    ids.push(v.id);
  }
  const [plus, minus, more] = made;
  await loginAs(page, 'auditor', 'audit123', { at: '/voucher/daily/list' });
  const list = new VoucherListModel(page);
  await expect(list.rows().first()).toBeVisible({ timeout: 20_000 });
  await list.filter('summary').focus();
  await page.keyboard.type(RED);
  await expect.poll(() => list.rowIds()).toEqual(made);

  // Money: the reversal's debit and credit in red, the others not.
  for (const col of ['debitCents', 'creditCents']) {
    await expect(list.row(minus).locator(`[col-id="${col}"]`)).toHaveText('-1,234.56');
    await expect(list.row(minus).locator(`[col-id="${col}"]`)).toHaveClass(/ld-negative/);
    await expect(list.row(plus).locator(`[col-id="${col}"]`)).not.toHaveClass(/ld-negative/);
  }
  const color = (l: ReturnType<typeof list.row>) => l.locator('[col-id="debitCents"]').evaluate((el) => getComputedStyle(el).color);
  expect(await color(list.row(minus))).not.toBe(await color(list.row(plus)));

  // Text that is no amount is said under its field, and the list keeps its rows (it showed all
  // three under "abc" before: the amount was dropped).
  const from = list.filter('amount-from');
  const to = list.filter('amount-to');
  await from.focus();
  await page.keyboard.type('abc');
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(from).toHaveAccessibleDescription('不是有效的金额');
  // A range ending below its start: said under its end (the list was empty without a word).
  await page.keyboard.press('Control+A');
  await page.keyboard.type('500');
  await expect(from).not.toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Tab');
  await expect(to).toBeFocused();
  await page.keyboard.type('100');
  await expect(to).toHaveAccessibleDescription('范围的结束值不能小于起始值');
  await expect.poll(() => list.rowIds()).toEqual(made);
  // Mended (a negative start reads as an amount too): the list is asked, the messages go.
  await from.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('-2,000');
  await to.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('500');
  await expect(to).not.toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => list.rowIds()).toEqual([plus, minus]);
  await to.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await from.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await expect.poll(() => list.rowIds()).toEqual(made);

  // Enter on the third row's code opens it; Alt+PageUp comes back to the list with its filter and
  // the caret on that row and column (it went to the search box), so ↑ goes on at once.
  await list.focusFirstRow();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await list.expectFocusOn(more);
  for (let i = 0; i < 5 && (await list.focusedColId()) !== 'label'; i++) await page.keyboard.press('ArrowRight');
  expect(await list.focusedColId()).toBe('label');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/newVoucher/${more}(\\?|$)`), { timeout: 20_000 });
  await page.keyboard.press('Alt+PageUp');
  await expect(page).toHaveURL(/\/voucher\/daily\/list$/);
  await expect(list.filter('summary')).toHaveValue(RED);
  await list.expectFocusOn(more);
  expect(await list.focusedColId()).toBe('label');
  await page.keyboard.press('ArrowUp');
  await list.expectFocusOn(minus);
});

test('keys only: a select takes typing as a native one does: "12" in the period picks December', async ({ page }) => {
  await loginAs(page, 'auditor', 'audit123', { at: '/voucher/daily/list' });
  const from = page.getByTestId('voucher-filter-period-from');
  await expect(from).toBeVisible({ timeout: 20_000 });
  // The list has arrived (its search box has the focus); the periods may still be on their way: typed
  // again after the type-ahead's pause until they are there.
  await expect(page.getByTestId('list-keyword')).toBeFocused({ timeout: 20_000 });
  await expect(async () => {
    await from.focus();
    await page.keyboard.type('12');
    await expect(from).toHaveValue(/2026-12/, { timeout: 1000 });
  }).toPass({ intervals: [900], timeout: 15_000 });
  // A pause, then another word: the choice follows it; the list closed, so Enter takes nothing else.
  await page.waitForTimeout(900);
  await page.keyboard.type('3');
  await expect(from).toHaveValue(/2026-03/);
  await page.keyboard.press('Enter');
  await expect(from).toHaveValue(/2026-03/);
});

test('keys only: Enter on the page total row (本页合计) opens nothing; on a voucher row it opens that voucher', async ({ page }) => {
  await loginAs(page, 'clerk', 'clerk123', { at: '/voucher/daily/list' });
  const list = new VoucherListModel(page);
  await expect(list.rows().first()).toBeVisible({ timeout: 20_000 });
  await list.focusFirstRow();
  await page.keyboard.press('Control+End');
  const ids = await list.rowIds();
  await list.expectFocusOn(ids[ids.length - 1]);
  // ↓ from the last row reaches the pinned totals row.
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.ag-row-pinned'))).toBe(true);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/voucher\/daily\/list$/);
  await expect(page.getByTestId('voucher-editor')).toHaveCount(0);
  await page.keyboard.press('ArrowUp');
  await list.expectFocusOn(ids[ids.length - 1]);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('voucher-editor')).toHaveAttribute('data-voucher-id', String(ids[ids.length - 1]), { timeout: 20_000 });
});

test('keys only: Alt+N starts a new voucher from the list, from a filter or a row', async ({ page }) => {
  await loginAs(page, 'clerk', 'clerk123', { at: '/voucher/daily/list' });
  const list = new VoucherListModel(page);
  await expect(list.rows().first()).toBeVisible({ timeout: 20_000 });
  await list.filter('summary').focus();
  await page.keyboard.press('Alt+n');
  await expect(page).toHaveURL(/\/newVoucher\/new/);
  await expect(page.getByTestId('voucher-editor')).toBeVisible({ timeout: 20_000 });
});

/** Vouchers of the tests below by the clerk (two lines, the spec's kind), put back and deleted by `dropVouchers`. */
async function makeVouchers(request: APIRequestContext, summary: string, dates: string[], maker = 'clerk') {
  const admin = await apiLogin(request, 'admin', 'admin123');
  const by = maker === 'admin' ? admin : await apiLogin(request, 'clerk', 'clerk123');
  const { s } = await ledger2026(admin);
  const out: number[] = [];
  for (const [i, markTime] of dates.entries()) {
    const cents = String((i + 1) * 1_000);
    const v = await by.post('/api/voucher', {
      accountId: 1, kindId, markTime,
      items: [
        { summary: `${summary} ${i + 1}`, subjectId: s('1001'), direction: true, amount: cents },
        { summary: `${summary} ${i + 1}`, subjectId: s('1002'), direction: false, amount: cents },
      ],
    });
    out.push(v.id);
    qaMade.push(v.id);
  }
  return { admin, made: out };
}

async function dropVouchers(request: APIRequestContext, made: readonly number[]) {
  const admin = await apiLogin(request, 'admin', 'admin123');
  for (const id of made) {
    await admin.tryPost(`/api/voucher/${id}/reverseAudit`);
    await admin.del(`/api/voucher/${id}`);
  }
}

test('opened from a filtered list (待审核), the editor steps within the list’s result, a PageDown pressed at once included; without the list, through the year', async ({ page, request }) => {
  const STEP = `${QA_TAG} 翻页`;
  const { admin, made } = await makeVouchers(request, STEP, ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04']);
  try {
    // Examined already: the second and the fourth are not "to be audited".
    await admin.post(`/api/voucher/${made[1]}/audit`);
    await admin.post(`/api/voucher/${made[3]}/audit`);
    await loginAs(page, 'auditor', 'audit123', { at: '/voucher/daily/list' });
    const list = new VoucherListModel(page);
    await expect(list.rows().first()).toBeVisible({ timeout: 20_000 });
    await list.filter('summary').fill(STEP);
    await expect.poll(() => list.rowIds()).toEqual(made);
    await new ShellModel(page).choose(list.filter('state'), '待审核');
    await expect.poll(() => list.rowIds()).toEqual([made[0], made[2]]);

    // The voucher answers late, as in an app just loaded: the PageDown pressed right after Enter
    // waits for the editor and steps there, within the list's result (made[1] is not in it).
    await page.route(new RegExp(`/api/voucher/${made[0]}(\\?|$)`), async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await list.focusFirstRow();
    await list.expectFocusOn(made[0]);
    await page.keyboard.press('Enter');
    await page.keyboard.press('PageDown');
    const v = new VoucherEditorModel(page);
    await expect(v.root).toHaveAttribute('data-voucher-id', String(made[2]), { timeout: 20_000 });
    await v.expectVoucher(made[2]);
    await expect(page).toHaveURL(/within=/);
    await expect(page.getByTestId('voucher-step-scope')).toHaveText('在列表筛选结果内翻页');
    await expect.poll(() => v.focused(), { timeout: 10_000 }).not.toBeNull();
    // The last of the list's result, said so; PageUp goes back over the examined voucher.
    await v.press('PageDown');
    await expect(page.getByText('已经是最后一张凭证')).toBeVisible();
    await expect(v.root).toHaveAttribute('data-voucher-id', String(made[2]));
    await v.press('PageUp');
    await v.expectVoucher(made[0]);
    await expect(page.getByTestId('voucher-step-scope')).toBeVisible();

    // × on the hint: through the whole year again (the next voucher of the year follows made[0]).
    const years = (await admin.get('/api/account/year', { accountId: 1 })).content as Array<{ id: number; year: number }>;
    const year = years.find((y) => y.year === 2026)!.id;
    const next = (await admin.get('/api/voucher/step', { accountId: 1, accountYearId: year, step: 'next', fromId: made[0] })) as { id: number };
    expect(next.id).not.toBe(made[2]);
    await page.getByTestId('voucher-step-scope-clear').click();
    await expect(page.getByTestId('voucher-step-scope')).toHaveCount(0);
    await expect(page).not.toHaveURL(/within=/);
    await v.cell(0, 'summary').click();
    await v.press('PageDown');
    await v.expectVoucher(next.id);
    await expect(page.getByTestId('voucher-step-scope')).toHaveCount(0);
  } finally {
    await dropVouchers(request, made);
  }
});

test('a reversed period range (期间从 2026-03, 期间至 2026-01) is flagged under 期间至, not swapped, and the list is not asked with it', async ({ page }) => {
  await loginAs(page, 'auditor', 'audit123', { at: '/voucher/daily/list' });
  const list = new VoucherListModel(page);
  await expect(list.rows().first()).toBeVisible({ timeout: 20_000 });
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/voucher\?/.test(r.url())) asked.push(decodeURIComponent(r.url()));
  });
  const shell = new ShellModel(page);
  await shell.choose(list.filter('period-from'), '2026-03');
  await expect.poll(() => asked.some((u) => u.includes('"periodFrom"'))).toBe(true);
  await shell.choose(list.filter('period-to'), '2026-01');
  const flagged = page.getByTestId('voucher-list-filters').getByText('期间结束日期不能早于开始日期');
  await expect(flagged).toBeVisible();
  await page.waitForTimeout(1000);
  expect(asked.filter((u) => u.includes('"periodTo"'))).toEqual([]);
  await expect(list.rows().first()).toBeVisible();
  // Put right, the message goes and the list asks for the range as chosen.
  await shell.choose(list.filter('period-to'), '2026-04');
  await expect(flagged).toHaveCount(0);
  await expect.poll(() => asked.some((u) => u.includes('"periodTo"'))).toBe(true);
});

test('in a settled period the list says so on each voucher, and the More items it refuses say 期间已结账', async ({ page, request }) => {
  const SETTLED = `${QA_TAG} 结账`;
  const { admin, made } = await makeVouchers(request, SETTLED, ['2026-12-27']);
  try {
    await admin.post(`/api/voucher/${made[0]}/audit`);
    // 2026-12 shown as settled (the settle itself is period-settlement.spec's).
    await page.route(/\/api\/account\/period\?/, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: { content: Array<{ startAt: string; rolled: boolean }> } };
      for (const p of body.data.content) if (p.startAt.startsWith('2026-12')) p.rolled = true;
      await route.fulfill({ response: res, json: body });
    });
    await loginAs(page, 'auditor', 'audit123', { at: '/voucher/daily/list' });
    const list = new VoucherListModel(page);
    await expect(list.rows().first()).toBeVisible({ timeout: 20_000 });
    await list.filter('summary').fill(SETTLED);
    await expect.poll(() => list.rowIds()).toEqual(made);
    await expect(list.row(made[0]).getByTestId('voucher-row-tags')).toContainText('已结账');
    await list.focusFirstRow();
    await list.expectFocusOn(made[0]);
    await page.keyboard.press('Space');
    await page.getByTestId('voucher-list-more').click();
    for (const action of ['reverseAudit', 'reverseAuditError', 'reverseBookkeep']) {
      const item = list.action(action);
      await expect(item).toBeDisabled();
      await expect(item).toHaveAttribute('data-reason', 'PERIOD_SETTLED');
      await expect(item).toContainText('该会计期间已结账');
    }
  } finally {
    await dropVouchers(request, made);
  }
});

test('the list filters by maker (制单人) with keys only, and shows a maker\'s whole name (系统管理员)', async ({ page, request }) => {
  const MAKER = `${QA_TAG} 制单人`;
  const { made } = await makeVouchers(request, MAKER, ['2026-12-26'], 'admin');
  const { made: clerks } = await makeVouchers(request, MAKER, ['2026-12-26']);
  try {
    await loginAs(page, 'auditor', 'audit123', { at: '/voucher/daily/list' });
    const list = new VoucherListModel(page);
    await expect(list.rows().first()).toBeVisible({ timeout: 20_000 });
    await list.filter('summary').fill(MAKER);
    await expect.poll(async () => (await list.rowIds()).sort()).toEqual([...made, ...clerks].sort());
    // The maker's name fits its column: 系统管理员, not 系统….
    const makerCell = list.row(made[0]).locator('.ag-cell[col-id="createdByName"]');
    await expect(makerCell).toHaveText('系统管理员');
    expect(await makerCell.evaluate((el) => {
      const text = (el.querySelector('.ag-cell-value') ?? el) as HTMLElement;
      return text.scrollWidth <= text.clientWidth;
    })).toBe(true);
    // 制单人 by the keyboard: focus, ↓ to the name, Enter.
    await list.filter('maker').focus();
    await page.keyboard.press('ArrowDown');
    await chooseOpenOption(page.getByRole('option', { name: '系统管理员' }));
    await expect(list.filter('maker')).toHaveValue('系统管理员');
    await expect.poll(() => list.rowIds()).toEqual(made);
  } finally {
    await dropVouchers(request, [...made, ...clerks]);
  }
});

test('the list filters by an auxiliary value a line carries (辅助核算 客户, 核算项目 C0001) with keys only', async ({ page, request }, testInfo) => {
  const AUX = `${QA_TAG} 核算项目`;
  const admin = await apiLogin(request, 'admin', 'admin123');
  const clerk = await apiLogin(request, 'clerk', 'clerk123');
  const { s, kindId: kind } = await ledger2026(admin);
  const customers = (await admin.get('/api/aux/customer', { filter: { companyId: 1, keyword: 'C0001' }, limit: 10 })).content as Array<{ id: number; code: string }>;
  const c1 = customers.find((c) => c.code === 'C0001')!.id;
  const line = (summary: string, subject: string, direction: boolean, auxes: unknown[] = []) => ({ summary, subjectId: s(subject), direction, amount: '1234', auxes });
  const withClient = await clerk.post('/api/voucher', { accountId: 1, kindId: kind, markTime: '2026-12-27', items: [line(AUX, '1122', true, [{ auxTypeId: 3, auxId: c1 }]), line(AUX, '1002', false)] });
  const without = await clerk.post('/api/voucher', { accountId: 1, kindId: kind, markTime: '2026-12-27', items: [line(AUX, '1001', true), line(AUX, '1002', false)] });
  qaMade.push(withClient.id, without.id);
  try {
    await loginAs(page, 'auditor', 'audit123', { at: '/voucher/daily/list' });
    const list = new VoucherListModel(page);
    await expect(list.rows().first()).toBeVisible({ timeout: 20_000 });
    await list.filter('summary').fill(AUX);
    await expect.poll(async () => (await list.rowIds()).sort()).toEqual([withClient.id, without.id].sort());
    // The value waits for its type; then its code typed and Enter takes the first match.
    await expect(list.filter('aux-value')).toBeDisabled();
    await pickByKeys(list.filter('aux-type'), '客户');
    await expect(list.filter('aux-value')).toBeEnabled();
    await list.filter('aux-value').focus();
    await page.keyboard.type('C0001');
    await expect(page.getByRole('option', { name: /^C0001 / })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(list.filter('aux-value')).toHaveValue(/^C0001 /);
    await expect.poll(() => list.rowIds()).toEqual([withClient.id]);
    await page.screenshot({ path: testInfo.outputPath('voucher-list-aux-filter-zh.png'), fullPage: true });
    // Another type clears the value: the list is the summary's again.
    await pickByKeys(list.filter('aux-type'), '部门');
    await expect(list.filter('aux-value')).toHaveValue('');
    await expect.poll(async () => (await list.rowIds()).sort()).toEqual([withClient.id, without.id].sort());
    // A parent department is offered too (it stands for its groups), unlike in a voucher line.
    await list.filter('aux-value').focus();
    await page.keyboard.type('01');
    await expect(page.getByRole('option', { name: /^01 业务部/ })).toBeVisible();
    await page.keyboard.press('Escape');
  } finally {
    await dropVouchers(request, [withClient.id, without.id]);
  }
});
