/**
 * The voucher editor as a clerk, keyboard only: a 4-line voucher entered with Enter, `..`, space
 * and `=`, saved with Ctrl+S (the rules pass, the server gives it a code), then F12 saves and
 * opens a new voucher; the save rules' row-indexed message before the server is called; the
 * toolbar follows the machine (the clerk cannot audit). An auditor steps through the last vouchers
 * of the year with F9 / Shift+F9 only, to the "last voucher" message; the live balance of the
 * caret's subject counts the lines on screen; a date in another account year asks to clear the
 * subjects or keep the date. A 60-line voucher scrolls its lines inside the grid (kit `maxRows`).
 * Screenshots in both languages.
 */
import { expectFocusWithin } from './page-models/focus';
import { expect, test, type Page } from './page-models/test';
import { restoreDemoState } from './page-models/demo-state';
import { apiHeaders, loginAs, startInLanguage } from './page-models/login';
import { demoVoucherWorld, VoucherEditorModel } from './page-models/voucher-editor';
import { ShellModel } from './page-models/shell';
import { expectFullText, gridTooltip } from './page-models/full-text';
import { recordNotices } from './page-models/notices';

test.describe.configure({ mode: 'serial' });

/** Vouchers the auditor's test made (examined, then put back and deleted in afterAll). */
const made: number[] = [];
/** Vouchers the clerk saved through the editor (drafts, deleted in afterAll). */
const saved: number[] = [];

test.afterAll(async ({ request }) => {
  if (saved.length) {
    const clerk = await apiHeaders(request, 'clerk', 'clerk123');
    for (const id of saved) await request.delete(`/api/voucher/${id}`, { headers: clerk });
  }
  if (made.length) {
    const auditor = await apiHeaders(request, 'auditor', 'audit123');
    const clerk = await apiHeaders(request, 'clerk', 'clerk123');
    for (const id of made) {
      // Whichever examination the voucher carries is reversed (the other call is refused harmlessly).
      await request.post(`/api/voucher/${id}/reverseAudit`, { headers: auditor, data: {} });
      await request.post(`/api/voucher/${id}/reverseAuditError`, { headers: auditor, data: {} });
      await request.delete(`/api/voucher/${id}`, { headers: clerk });
    }
  }
  // Common summaries an interrupted run may have left.
  const h = await apiHeaders(request, 'admin', 'admin123');
  const left = (await (await request.get('/api/common/commonlySummary', { params: { filter: JSON.stringify({ companyId: 1, keyword: 'E2E' }) }, headers: h })).json()).data?.content ?? [];
  for (const s of left as Array<{ id: number }>) await request.delete(`/api/common/commonlySummary/${s.id}`, { headers: h });
  await restoreDemoState(request);
});

/** "借 1,234.50" as the balance bar writes a balance on the debit side (cents signed on the subject's side, debit subject). */
const onSide = (cents: number, words: { debit: string; credit: string; flat: string }) =>
  `${cents > 0 ? words.debit : cents < 0 ? words.credit : words.flat} ${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

type SaveAnswer = { success: boolean; data: { id: number } };
/**
 * Answers of voucher saves a test's route held back, read by the route itself: under such a route
 * Playwright now and then never reports the answer to waitForResponse (the screen shows it stored).
 */
const heldAnswers: SaveAnswer[] = [];
/** Voucher saves (POST on `pattern`) answer `ms` late; their answers are noted in heldAnswers. */
const holdVoucherSaves = (page: Page, ms: number, pattern: RegExp = /\/api\/voucher(\/\d+)?$/) =>
  page.route(pattern, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await new Promise((r) => setTimeout(r, ms));
    const response = await route.fetch();
    heldAnswers.push((await response.json()) as SaveAnswer);
    await route.fulfill({ response });
  });

/**
 * Runs `run` (a key that saves), checks the save answered success, notes the voucher for afterAll and
 * answers its id: from the answer's event, or from the held route's note when the event never came.
 */
async function savedVoucherId(page: Page, run: () => Promise<void>): Promise<number> {
  const held = heldAnswers.length;
  const seen: { body: SaveAnswer | null } = { body: null };
  // A new voucher's save also shows in the editor: it takes the stored id only once the server
  // answered success (a third witness, for the rare run where neither the event nor the held
  // route's note reaches the test, though the screen shows the voucher stored).
  const root = page.getByTestId('voucher-editor');
  const idBefore = await root.getAttribute('data-voucher-id').catch(() => null);
  const shown = async (): Promise<SaveAnswer | null> => {
    if (idBefore !== null && /^\d+$/.test(idBefore)) return null;
    const now = await root.getAttribute('data-voucher-id', { timeout: 1000 }).catch(() => null);
    return now !== null && /^\d+$/.test(now) ? { success: true, data: { id: Number(now) } } : null;
  };
  void page
    .waitForResponse((r) => /\/api\/voucher(\/\d+)?$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST', { timeout: 30_000 })
    .then(async (r) => {
      seen.body ??= (await r.json()) as SaveAnswer;
    }, () => undefined);
  await run();
  let fromScreen: SaveAnswer | null = null;
  await expect.poll(async () => seen.body ?? heldAnswers[held] ?? (fromScreen = await shown()), { timeout: 30_000 }).not.toBeNull();
  const body = (seen.body ?? heldAnswers[held] ?? fromScreen)!;
  expect(body.success).toBe(true);
  saved.push(body.data.id);
  return body.data.id;
}

test('a clerk enters a 4-line voucher with keys, saves with Ctrl+S and goes on with F12', async ({ page }, testInfo) => {
  await loginAs(page, 'clerk', 'clerk123', { at: '/newVoucher/new' });
  const v = new VoucherEditorModel(page);
  await v.ready();
  await expect(v.code()).not.toHaveValue('');

  // Line 1: summary, bank, 1,000.00 debit; Enter after the debit goes to the next summary.
  await v.enter('Legal fee received');
  await v.expectFocus(0, 'subjectId');
  await v.enter('1002');
  await v.expectFocus(0, 'debit');
  await v.enter('1000');
  await v.expectFocus(1, 'summary');

  // Line 2: `..` copies the summary; cash 500.00 debit.
  await page.keyboard.type('..');
  await v.press('Enter');
  await v.expectFocus(1, 'subjectId');
  await v.enter('1001');
  await v.enter('500');
  await v.expectFocus(2, 'summary');

  // Line 3: 300.00 typed in the debit, space moves it to the credit.
  await page.keyboard.type('..');
  await v.press('Enter');
  await v.enter('2211');
  await v.expectFocus(2, 'debit');
  await page.keyboard.type('300');
  await v.press('Enter');
  await v.expectFocus(3, 'summary');
  await v.cell(2, 'debit').click();
  await v.press('Space');
  await expect(v.cell(2, 'credit')).toContainText('3');
  await v.press('ArrowDown');
  await v.press('Home');
  await v.press('Home');
  await v.expectFocus(3, 'summary');

  // Line 4: `=` balances (1,500.00 debit − 300.00 credit → 1,200.00 credit).
  await page.keyboard.type('..');
  await v.press('Enter');
  await v.enter('2211');
  await v.expectFocus(3, 'debit');
  await v.press('=');
  await expect(v.creditTotal()).toHaveText('1,500.00');
  await expect(v.debitTotal()).toHaveText('1,500.00');
  await expect(v.uppercase()).toHaveText('壹仟伍佰元整');
  await page.screenshot({ path: testInfo.outputPath('voucher-editor-zh.png'), fullPage: true });

  // Ctrl+S: saved, the tab now shows the stored voucher.
  await v.press('Control+s');
  await page.waitForURL(/\/newVoucher\/\d+$/);
  saved.push(Number(new URL(page.url()).pathname.split('/').at(-1)));
  await expect(v.root).toHaveAttribute('data-lifecycle', 'draft');
  await expect(v.debitTotal()).toHaveText('1,500.00');
  // The caret is back in the stored voucher's grid (focus carry) before the focus is moved on: keys
  // pressed while it lands are the caret's (type-ahead), and the landing would take the focus back.
  await expect.poll(() => v.focused(), { timeout: 10_000 }).not.toBeNull();
  // The editor's key list opens with Enter on its button and Escape closes it there (the focus stays on the button).
  const keyHelp = page.getByTestId('voucher-key-help');
  await keyHelp.focus();
  await v.press('Enter');
  await expect(page.getByTestId('voucher-key-help-panel')).toBeVisible();
  await v.press('Escape');
  await expect(page.getByTestId('voucher-key-help-panel')).toBeHidden();
  await expect(keyHelp).toBeFocused();
  // A clerk holds no audit right: the machine keeps the audit button disabled.
  await expect(v.action('audit')).toBeDisabled();
  await expect(v.action('delete')).toBeEnabled();
  // Delete asks first ('Cannot be recovered after deletion'); Esc keeps the voucher.
  await v.action('delete').click();
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await expectFocusWithin(page.getByTestId('confirm-dialog'));
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('confirm-dialog')).toBeHidden();
  await expect(v.root).toHaveAttribute('data-lifecycle', 'draft');
  await expect(page).toHaveURL(/\/newVoucher\/\d+$/);

  // F12: save and a new voucher.
  await v.grid.locator('.ag-cell[col-id="summary"]').first().click();
  await v.press('F12');
  await page.waitForURL(/\/newVoucher\/new$/);
  await expect(v.root).toHaveAttribute('data-lifecycle', 'new');
  await expect(v.debitTotal()).toHaveText('0.00');
});

test('Ctrl+S pressed twice in one frame saves one voucher, not two', async ({ page, request }) => {
  const summary = `E2E twice ${Date.now()}`;
  await loginAs(page, 'clerk', 'clerk123', { at: '/newVoucher/new' });
  const v = new VoucherEditorModel(page);
  await v.ready();
  await expect(v.code()).not.toHaveValue('');
  await v.enter(summary);
  await v.enter('1002');
  await v.enter('100');
  await page.keyboard.type('..');
  await v.press('Enter');
  await v.enter('1001');
  await v.press('=');
  await expect(v.creditTotal()).toHaveText('100.00');
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/voucher') posts.push(r.url());
  });
  // Both presses reach the page before React draws again (a held key or a double tap).
  await page.evaluate(() => {
    const at = document.activeElement ?? document.body;
    for (let i = 0; i < 2; i += 1) at.dispatchEvent(new KeyboardEvent('keydown', { key: 's', code: 'KeyS', ctrlKey: true, bubbles: true, cancelable: true }));
  });
  await page.waitForURL(/\/newVoucher\/\d+$/);
  await page.waitForLoadState('networkidle');
  const clerk = await apiHeaders(request, 'clerk', 'clerk123');
  const found = (await (await request.get('/api/voucher', { params: { filter: JSON.stringify({ accountId: 1, summary }), limit: 10 }, headers: clerk })).json()).data.content as Array<{ id: number }>;
  saved.push(...found.map((f) => f.id));
  expect(found).toHaveLength(1);
  // One request: the second press did not reach the server to be refused (a duplicate code).
  expect(posts).toHaveLength(1);
});

test('keys typed before the caret lands go into the next voucher: while the editor opens, right after F12 and after Alt+N', async ({ page }) => {
  const v = new VoucherEditorModel(page);
  const keys = async (...ks: string[]) => {
    for (const k of ks) await page.keyboard.press(k);
  };
  const chars = (text: string) => [...text];
  const savedId = (run: () => Promise<void>) => savedVoucherId(page, run);

  // From the list: Enter on "New", and the summary typed at once, before the editor has drawn.
  await loginAs(page, 'clerk', 'clerk123', { at: '/voucher/daily/list' });
  await page.getByTestId('voucher-list-new').focus();
  await keys('Enter', ...chars('Office supplies'), 'Enter');
  await expect(v.cell(0, 'summary')).toHaveText('Office supplies');
  await v.expectFocus(0, 'subjectId');
  // Nothing went into the header's code field on the way.
  await expect(v.code()).toHaveValue(/^\d{4}$/);
  await v.enter('1002');
  await v.enter('100');
  await keys('.', '.', 'Enter');
  await v.enter('1001');
  await v.press('=');
  await expect(v.creditTotal()).toHaveText('100.00');

  // F12 with a save that answers late: the next voucher's first line is typed before it exists.
  await holdVoucherSaves(page, 800, /\/api\/voucher$/);
  await savedId(async () => {
    await v.press('F12');
    await keys(...chars('Rent'), 'Enter', ...chars('1002'), 'Enter', ...chars('250'), 'Enter', '.', '.', 'Enter');
  });
  await page.unroute(/\/api\/voucher$/);
  await expect(v.root).toHaveAttribute('data-lifecycle', 'new');
  await v.expectFocus(1, 'subjectId');
  await expect(v.cell(0, 'summary')).toHaveText('Rent');
  await expect(v.cell(0, 'subjectId')).toContainText('1002');
  await expect(v.cell(1, 'summary')).toHaveText('Rent');
  await expect(v.debitTotal()).toHaveText('250.00');
  await v.enter('1001');
  await v.press('=');
  await savedId(() => v.press('Control+s'));
  await page.waitForURL(/\/newVoucher\/\d+$/);
  await expect(v.root).toHaveAttribute('data-voucher-id', String(saved.at(-1)));
  // The stored voucher's caret is in its grid again.
  await expect.poll(() => v.focused(), { timeout: 10_000 }).not.toBeNull();

  // Alt+N on the stored voucher (once its editor is there), typed straight on.
  await keys('Alt+n', ...chars('Taxi'), 'Enter');
  await page.waitForURL(/\/newVoucher\/new$/);
  await expect(v.root).toHaveAttribute('data-lifecycle', 'new');
  await expect(v.cell(0, 'summary')).toHaveText('Taxi');
  await v.expectFocus(0, 'subjectId');
  // The stored voucher kept its own lines.
  const stored = saved.at(-1)!;
  const clerk = await apiHeaders(page.request, 'clerk', 'clerk123');
  const got = (await (await page.request.get(`/api/voucher/${stored}`, { headers: clerk })).json()) as { data: { items: Array<{ summary: string }> } };
  expect(got.data.items.map((i) => i.summary)).toEqual(['Rent', 'Rent']);
});


test('Ctrl+S on a new voucher keeps the clerk where they were: the caret cell, keys typed during the save, a header field', async ({ page }) => {
  const v = new VoucherEditorModel(page);
  const chars = (text: string) => [...text];
  const savedId = (run: () => Promise<void>) => savedVoucherId(page, run);
  await loginAs(page, 'clerk', 'clerk123', { at: '/newVoucher/new' });
  await v.ready();
  await expect(v.code()).not.toHaveValue('');
  await v.enter('Courier');
  await v.enter('1002');
  await v.enter('80');
  await page.keyboard.type('..');
  await v.press('Enter');
  await v.enter('1001');
  await v.press('=');
  await expect(v.creditTotal()).toHaveText('80.00');
  // The caret on the third line's summary, then Ctrl+S with a save that answers late, and the
  // next line typed at once.
  await v.press('ArrowDown');
  await v.press('Home');
  await v.press('Home');
  await v.expectFocus(2, 'summary');
  await holdVoucherSaves(page, 800, /\/api\/voucher$/);
  const id = await savedId(async () => {
    await v.press('Control+s');
    for (const k of [...chars('Stamps'), 'Enter']) await page.keyboard.press(k);
  });
  await page.unroute(/\/api\/voucher$/);
  await page.waitForURL(new RegExp(`/newVoucher/${id}$`));
  await expect(v.root).toHaveAttribute('data-voucher-id', String(id));
  // Not back on the first line: the line typed during the save is the third, the caret after it.
  await expect(v.cell(2, 'summary')).toHaveText('Stamps');
  await v.expectFocus(2, 'subjectId');
  await expect(v.cell(0, 'summary')).toHaveText('Courier');
  await expect(v.root).toHaveAttribute('data-dirty', 'true');
  // The stored voucher has the two lines saved; the third is this editor's unsaved change.
  const clerk = await apiHeaders(page.request, 'clerk', 'clerk123');
  const got = (await (await page.request.get(`/api/voucher/${id}`, { headers: clerk })).json()) as { data: { items: Array<{ summary: string }> } };
  expect(got.data.items.map((i) => i.summary)).toEqual(['Courier', 'Courier']);

  // A header field keeps the focus too: Ctrl+S from the bill count of the next new voucher.
  await page.keyboard.press('Escape');
  await v.press('Alt+n');
  await expect(page.getByTestId('unsaved-dialog')).toBeVisible();
  await page.keyboard.press('n');
  await page.waitForURL(/\/newVoucher\/new$/);
  await v.ready();
  await v.enter('Parking');
  await v.enter('1002');
  await v.enter('15');
  await page.keyboard.type('..');
  await v.press('Enter');
  await v.enter('1001');
  await v.press('=');
  const bills = page.getByTestId('voucher-bill-count');
  await bills.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('2');
  const second = await savedId(() => page.keyboard.press('Control+s'));
  await page.waitForURL(new RegExp(`/newVoucher/${second}$`));
  await expect(v.root).toHaveAttribute('data-voucher-id', String(second));
  await expect(bills).toBeFocused();
  await expect(bills).toHaveValue('2');
});

test("a command key pressed during a save waits for it: F12 during a new voucher's first save opens a new voucher, Alt+N during a stored one's too", async ({ page }) => {
  // The saves are held back by a route: the test waits for the screen and finds the stored vouchers
  // by their summaries, not by a save's answer (Playwright now and then missed it under a held route).
  const summary = `E2E held F12 ${Date.now()}`;
  const taxi = `Taxi${Date.now() % 10_000}`;
  const { v, posts } = await twoLineVoucher(page, summary);
  const clerk = await apiHeaders(page.request, 'clerk', 'clerk123');
  const storedSummaries = async (id: number) =>
    ((await (await page.request.get(`/api/voucher/${id}`, { headers: clerk })).json()) as { data: { items: Array<{ summary: string }> } }).data.items.map((i) => i.summary);
  const idsOf = async (piece: string) =>
    ((await (await page.request.get('/api/voucher', { params: { filter: JSON.stringify({ accountId: 1, summary: piece }), limit: 10 }, headers: clerk })).json()).data.content as Array<{ id: number }>).map((f) => f.id);

  // Ctrl+S with a save that answers late, F12 during it and the next voucher's summary typed on.
  await lateSaves(page, 800);
  await pressAll(page, 'Control+s', 'F12', ...taxi, 'Enter');
  // F12 ran on the stored voucher once it was there: nothing changed, so a new voucher, and the keys after it went there.
  await page.waitForURL(/\/newVoucher\/new$/);
  await expect(v.root).toHaveAttribute('data-lifecycle', 'new');
  await expect(v.cell(0, 'summary')).toHaveText(taxi);
  await v.expectFocus(0, 'subjectId');
  await expect(v.debitTotal()).toHaveText('0.00');
  // The first voucher was stored once, with its own lines only.
  const firsts = await idsOf(summary);
  saved.push(...firsts);
  expect(firsts).toHaveLength(1);
  expect(posts).toEqual(['/api/voucher']);
  expect(await storedSummaries(firsts[0])).toEqual([summary, summary]);

  // A stored voucher: a line changed, Ctrl+S with a late answer, Alt+N during it, and typed on.
  await v.enter('1002');
  await v.enter('20');
  await pressAll(page, '.', '.', 'Enter');
  await v.enter('1001');
  await v.press('=');
  await expect(v.creditTotal()).toHaveText('20.00');
  await v.press('Control+s');
  await page.waitForURL(/\/newVoucher\/\d+$/);
  const second = Number(/\/newVoucher\/(\d+)$/.exec(page.url())![1]);
  saved.push(second);
  await expect(v.root).toHaveAttribute('data-voucher-id', String(second));
  await v.cell(0, 'summary').click();
  await v.enter('Cab');
  await expect(v.root).toHaveAttribute('data-dirty', 'true');
  await pressAll(page, 'Control+s', 'Alt+n', ...'Tea', 'Enter');
  // Alt+N ran after the save: a new voucher with the keys typed after it; the stored voucher has the change, saved once.
  await page.waitForURL(/\/newVoucher\/new$/);
  await expect(v.root).toHaveAttribute('data-lifecycle', 'new');
  await expect(v.cell(0, 'summary')).toHaveText('Tea');
  await v.expectFocus(0, 'subjectId');
  await page.unroute(/\/api\/voucher(\/\d+)?$/);
  expect(posts).toEqual(['/api/voucher', '/api/voucher', `/api/voucher/${second}`]);
  expect(await storedSummaries(second)).toEqual(['Cab', taxi]);
});

/**
 * A clerk's session on a new voucher with two balanced lines (80.00), and its voucher saves counted
 * (as sent; the vouchers they store are noted for afterAll as they answer). The tests below wait for
 * the screen, not for a save's answer: with a save held back by a route, Playwright now and then
 * missed the answer (the screen showed the saved voucher) and the wait ran into the test's time-out.
 */
async function twoLineVoucher(page: Page, summary: string, first?: (v: VoucherEditorModel) => Promise<void>) {
  const v = new VoucherEditorModel(page);
  const posts: string[] = [];
  const isSave = (r: { method: () => string; url: () => string }) => r.method() === 'POST' && /^\/api\/voucher(\/\d+)?$/.test(new URL(r.url()).pathname);
  page.on('request', (r) => {
    if (isSave(r)) posts.push(new URL(r.url()).pathname);
  });
  page.on('response', (r) => {
    if (!isSave(r.request())) return;
    void r.json().then((b: { success?: boolean; data?: { id?: number } }) => b.success && b.data?.id && !saved.includes(b.data.id) && saved.push(b.data.id), () => undefined);
  });
  await loginAs(page, 'clerk', 'clerk123', { at: '/newVoucher/new' });
  await v.ready();
  await expect(v.code()).not.toHaveValue('');
  await first?.(v);
  await v.enter(summary);
  await v.enter('1002');
  await v.enter('80');
  await page.keyboard.type('..');
  await v.press('Enter');
  await v.enter('1001');
  await v.press('=');
  await expect(v.creditTotal()).toHaveText('80.00');
  return { v, posts };
}
const pressAll = async (page: Page, ...ks: string[]) => {
  for (const k of ks) await page.keyboard.press(k);
};
/** Voucher saves (POST) answer `ms` late. */
const lateSaves = (page: Page, ms: number) => holdVoucherSaves(page, ms);

test("Ctrl+S on a changed stored voucher, then the next line typed at once: the whole line lands on the caret's row, without a freeze", async ({ page }) => {
  const { v, posts } = await twoLineVoucher(page, `E2E stored line ${Date.now()}`);
  const id = await savedVoucherId(page, () => v.press('Control+s'));
  await page.waitForURL(new RegExp(`/newVoucher/${id}$`));
  await expect(v.root).toHaveAttribute('data-voucher-id', String(id));
  // A change to the stored voucher, then the caret on the empty third line's summary.
  await v.cell(0, 'summary').click();
  await v.enter('Changed');
  await expect(v.root).toHaveAttribute('data-dirty', 'true');
  await v.cell(2, 'summary').click();
  await v.expectFocus(2, 'summary');
  // The save answers after the keys are typed (held), and the stored lines are drawn again with new row ids.
  await lateSaves(page, 300);
  const started = Date.now();
  await pressAll(page, 'Control+s', ...'Lunch3', 'Enter', ...'1002', 'Enter', '5', 'Enter');
  await expect(v.cell(2, 'summary')).toHaveText('Lunch3');
  await expect(v.cell(2, 'subjectId')).toContainText('1002');
  await expect(v.debitTotal()).toHaveText('85.00');
  await v.expectFocus(3, 'summary');
  // No key waited a second for an effect that never came: the line is there within a few seconds.
  expect(Date.now() - started).toBeLessThan(5000);
  await page.unroute(/\/api\/voucher(\/\d+)?$/);
  expect(posts).toEqual(['/api/voucher', `/api/voucher/${id}`]);
  // The change is stored; the line typed after Ctrl+S is this editor's unsaved change.
  await expect(v.root).toHaveAttribute('data-dirty', 'true');
  const clerk = await apiHeaders(page.request, 'clerk', 'clerk123');
  const got = (await (await page.request.get(`/api/voucher/${id}`, { headers: clerk })).json()) as { data: { items: Array<{ summary: string }> } };
  expect(got.data.items.map((i) => i.summary)[0]).toBe('Changed');
});

test('a subject picked from F7\'s list, then the amount and Ctrl+S at once: the save waits for the amount (keys held while the caret returns from the picker keep their order with the chord)', async ({ page }) => {
  const summary = `E2E pick then save ${Date.now()}`;
  const v = new VoucherEditorModel(page);
  await loginAs(page, 'clerk', 'clerk123', { at: '/newVoucher/new' });
  await v.ready();
  await expect(v.code()).not.toHaveValue('');
  await v.enter(summary);
  await v.enter('1001');
  await v.enter('80');
  await page.keyboard.type('..');
  await v.press('Enter');
  await v.expectFocus(1, 'subjectId');
  await v.press('F7');
  await expect(page.getByTestId('list-picker-query')).toBeFocused();
  await page.keyboard.type('1002');
  await expect(page.getByTestId('list-picker').getByRole('option').first()).toContainText('1002');
  // Enter picks; the caret comes back to the debit a few frames later. Tab to the credit, 80 and
  // Ctrl+S reach the page before it does (all in one task, as a fast clerk's keys can): before,
  // Ctrl+S ended the hold, the Tab and the 80 were dropped and nothing was saved (or the save ran
  // before them). Now they land in order and Ctrl+S saves the 80.
  const id = await savedVoucherId(page, () =>
    page.evaluate(() => {
      const key = (k: string, code: string, init: KeyboardEventInit = {}) =>
        (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: k, code, bubbles: true, cancelable: true, ...init }));
      key('Enter', 'Enter');
      key('Tab', 'Tab');
      key('8', 'Digit8');
      key('0', 'Digit0');
      key('s', 'KeyS', { ctrlKey: true });
    }),
  );
  await page.waitForURL(new RegExp(`/newVoucher/${id}$`));
  await expect(v.root).toHaveAttribute('data-lifecycle', 'draft');
  await expect(v.creditTotal()).toHaveText('80.00');
  const clerk = await apiHeaders(page.request, 'clerk', 'clerk123');
  const got = (await (await page.request.get(`/api/voucher/${id}`, { headers: clerk })).json()) as { data: { items: Array<{ subjectCode: string; direction: boolean; amount: string }> } };
  expect(got.data.items.map((i) => [i.subjectCode, i.direction, i.amount])).toEqual([['1001', true, '8000'], ['1002', false, '8000']]);
});

test('Ctrl+S with the amount still in its editor (no Enter): the amount is saved with the voucher', async ({ page }) => {
  const v = new VoucherEditorModel(page);
  await loginAs(page, 'clerk', 'clerk123', { at: '/newVoucher/new' });
  await v.ready();
  await expect(v.code()).not.toHaveValue('');
  await v.enter(`E2E open editor ${Date.now()}`);
  await v.enter('1001');
  await v.enter('60');
  await page.keyboard.type('..');
  await v.press('Enter');
  await v.enter('1002');
  await v.expectFocus(1, 'debit');
  await v.press('Tab');
  await v.expectFocus(1, 'credit');
  await page.keyboard.type('60');
  await expect(page.getByTestId('amount-editor')).toHaveValue('60');
  // Before, the save read the lines before AG Grid had handed the editor's 60 over: refused as not
  // balanced, the 60 showing a moment later.
  const id = await savedVoucherId(page, () => v.press('Control+s'));
  const clerk = await apiHeaders(page.request, 'clerk', 'clerk123');
  const got = (await (await page.request.get(`/api/voucher/${id}`, { headers: clerk })).json()) as { data: { items: Array<{ subjectCode: string; direction: boolean; amount: string }> } };
  expect(got.data.items.map((i) => [i.subjectCode, i.direction, i.amount])).toEqual([['1001', true, '6000'], ['1002', false, '6000']]);
});

test('F12 twice on a balanced new voucher, then typing: one voucher saved, the second F12 does nothing on the untouched new voucher, the text lands there', async ({ page }) => {
  const { v, posts } = await twoLineVoucher(page, `E2E F12 twice ${Date.now()}`, async (fresh) => {
    // Ctrl+S on the untouched new voucher: nothing to save, no refusal; the caret stays.
    await fresh.press('Control+s');
    await fresh.expectFocus(0, 'summary');
    await expect(fresh.ruleErrors()).toBeHidden();
  });
  await pressAll(page, 'F12', 'F12', ...'C-next', 'Enter');
  await expect(v.root).toHaveAttribute('data-lifecycle', 'new');
  await expect(v.cell(0, 'summary')).toHaveText('C-next');
  await v.expectFocus(0, 'subjectId');
  // No save of the untouched voucher was tried: no refusal.
  await expect(v.ruleErrors()).toBeHidden();
  expect(posts).toEqual(['/api/voucher']);
});

test('a save slower than the type-ahead limit keeps the keys: Ctrl+S, F12 and typing during a 6.5 s save end on a new voucher with the text', async ({ page }) => {
  test.slow();
  const { v, posts } = await twoLineVoucher(page, `E2E slow save ${Date.now()}`);
  await lateSaves(page, 6500);
  await pressAll(page, 'Control+s', 'F12', ...'Hnext', 'Enter');
  // Still the voucher being saved, its lines untouched by the keys (held).
  await expect(v.debitTotal()).toHaveText('80.00');
  // The address and the lifecycle are /new and 'new' already while the first save is on its way, so
  // the wait is for the next voucher's summary: the 6.5 s save, the stored voucher's page, F12's new
  // voucher and the replay (on the loaded CI machine that took more than the usual 10 s).
  await expect(v.cell(0, 'summary')).toHaveText('Hnext', { timeout: 30_000 });
  await expect(page).toHaveURL(/\/newVoucher\/new$/);
  await expect(v.root).toHaveAttribute('data-lifecycle', 'new');
  await expect(v.debitTotal()).toHaveText('0.00');
  await v.expectFocus(0, 'subjectId');
  await page.unroute(/\/api\/voucher(\/\d+)?$/);
  expect(posts).toEqual(['/api/voucher']);
});

test('the save rules speak before the server: an unbalanced voucher names its rows (in English)', async ({ page }, testInfo) => {
  await startInLanguage(page, 'en_US');
  await loginAs(page, 'clerk', 'clerk123', { at: '/newVoucher/new' });
  const v = new VoucherEditorModel(page);
  await v.ready();
  await v.enter('Office');
  await v.enter('1001');
  await v.enter('10');
  await v.enter('Only summary');
  await v.press('Control+s');
  await expect(v.ruleErrors()).toBeVisible();
  await expect(v.ruleErrors()).toContainText('2');
  await expect(page).toHaveURL(/\/newVoucher\/new$/);
  // Stepping with unsaved changes asks Yes / No / Cancel first.
  await v.press('PageUp');
  await expect(page.getByTestId('unsaved-dialog')).toContainText('The voucher has changes that are not saved');
  await page.getByTestId('unsaved-cancel').click();
  await page.screenshot({ path: testInfo.outputPath('voucher-editor-en.png'), fullPage: true });
});

test('a refused save puts the caret on the first cell it refuses and frames the refused cells until they are put right', async ({ page }) => {
  await loginAs(page, 'clerk', 'clerk123', { at: '/newVoucher/new' });
  const v = new VoucherEditorModel(page);
  await v.ready();
  const flagged = page.getByTestId('voucher-grid').locator('.ld-cell-issue');
  // 管理费用 takes a department; Enter passes its empty auxiliary cell by.
  await v.enter('E2E 办公用品');
  await v.enter('5602');
  await v.expectFocus(0, 'auxId');
  await v.press('Enter');
  await v.expectFocus(0, 'debit');
  await v.enter('100');
  await v.enter('E2E 办公用品');
  await v.enter('1001');
  await v.press('Enter');
  await v.enter('100');
  await expect(flagged).toHaveCount(0);
  await v.press('Control+s');
  await expect(v.ruleErrors()).toContainText('第1行');
  await v.expectFocus(0, 'auxId');
  await expect(v.cell(0, 'auxId')).toHaveClass(/ld-cell-issue/);
  await expect(flagged).toHaveCount(1);
  // The department by its code: the frame goes as the cell is put right.
  await v.enter('0202');
  await expect(v.cell(0, 'auxId')).toContainText('行政组');
  await expect(flagged).toHaveCount(0);
  await v.press('Control+s');
  await expect(page).toHaveURL(/\/newVoucher\/\d+$/);
  await expect(flagged).toHaveCount(0);
});

test('an auditor steps to the last voucher with keys only: F9 examines and goes on, Shift+F9 records an error with its reason', async ({ page, request }, testInfo) => {
  const w = await demoVoucherWorld(request, 'clerk', 'clerk123');
  for (const cents of [11_100, 22_200, 33_300]) {
    const body = await (
      await request.post('/api/voucher', {
        headers: w.headers,
        data: {
          accountId: 1, kindId: w.kindId, markTime: '2026-12-31',
          items: [
            { summary: `E2E 审核 ${cents}`, subjectId: w.bank, direction: true, amount: String(cents) },
            { summary: `E2E 审核 ${cents}`, subjectId: w.cash, direction: false, amount: String(cents) },
          ],
        },
      })
    ).json();
    expect(body.success, JSON.stringify(body)).toBe(true);
    made.push(body.data.id);
  }
  // They are the year's last three in the stepping order (date, code, id).
  const stepOf = async (step: string, fromId?: number) => ((await w.get('/api/voucher/step', { accountId: '1', accountYearId: String(w.year2026), step, ...(fromId ? { fromId: String(fromId) } : {}) })) as { id: number } | null)?.id;
  expect(await stepOf('last')).toBe(made[2]);
  expect(await stepOf('previous', made[2])).toBe(made[1]);
  expect(await stepOf('previous', made[1])).toBe(made[0]);

  await loginAs(page, 'auditor', 'audit123', { at: `/newVoucher/${made[0]}` });
  const v = new VoucherEditorModel(page);
  await v.ready();
  // The tab names the voucher, not the raw id; the caret's line (bank) shows its balance.
  await expect(v.activeTab()).toContainText(/凭证 .+-\d{4}/);
  await expect(v.balanceBar()).toHaveAttribute('data-state', 'ready');
  await expect(v.action('audit')).toBeEnabled();
  // The auditor may not make vouchers: New is not offered (a blank voucher nobody could save).
  await expect(v.action('new')).toBeDisabled();

  await v.auditAndNext();
  await v.expectVoucher(made[1]);
  await expect(v.root).toHaveAttribute('data-lifecycle', 'draft');
  await v.auditErrorAndNext('金额与原始单据不符');
  await v.expectVoucher(made[2]);
  await v.auditAndNext();
  await expect(page.getByText('已经是最后一张凭证')).toBeVisible();
  await expect(v.root).toHaveAttribute('data-lifecycle', 'audited');
  await expect(page).toHaveURL(new RegExp(`/newVoucher/${made[2]}$`));
  await expect(v.procs()).toContainText('李审核');

  // Back one: examined as an error, the reason in the processing records and the footer.
  await v.press('PageUp');
  await v.expectVoucher(made[1]);
  await expect(v.root).toHaveAttribute('data-lifecycle', 'auditError');
  await expect(v.procs()).toContainText('审核错误');
  await expect(v.procs()).toContainText('金额与原始单据不符');
  await page.screenshot({ path: testInfo.outputPath('voucher-auditor-zh.png'), fullPage: true });
  // F9 on a voucher already examined passes over it to the next.
  await v.auditAndNext();
  await v.expectVoucher(made[2]);

  const stored = await Promise.all(made.map(async (id) => (await w.get(`/api/voucher/${id}`, {})) as { lifecycle: string; auditNote: string | null }));
  expect(stored.map((x) => x.lifecycle)).toEqual(['audited', 'auditError', 'audited']);
  expect(stored[1].auditNote).toBe('金额与原始单据不符');

  // A voucher's tab left in the background follows a language switch, the kind's name too.
  const shell = new ShellModel(page);
  await v.open(made[0]);
  await expect(shell.tab(`/newVoucher/${made[2]}`)).toContainText('记-');
  await shell.switchLanguage('en_US');
  await expect(shell.tab(`/newVoucher/${made[2]}`)).toContainText('General-');
  await expect(shell.tab(`/newVoucher/${made[0]}`)).toContainText('General-');
  await shell.switchLanguage('zh_CN');
  await expect(shell.tab(`/newVoucher/${made[2]}`)).toContainText('记-');
});

test("the auditor's keys are buffered: F9 four times during a slow audit examines four vouchers in order and shows the fifth; Shift+F9, reason, Enter, F9 at once; PageDown four times moves four", async ({ page, request }) => {
  const w = await demoVoucherWorld(request, 'clerk', 'clerk123');
  const tag = `E2E 连审 ${Date.now()}`;
  const mine: number[] = [];
  for (let i = 1; i <= 7; i++) {
    const cents = String(100 * i);
    const body = await (
      await request.post('/api/voucher', {
        headers: w.headers,
        data: {
          accountId: 1, kindId: w.kindId, markTime: '2026-12-31',
          items: [
            { summary: `${tag} ${i}`, subjectId: w.bank, direction: true, amount: cents },
            { summary: `${tag} ${i}`, subjectId: w.cash, direction: false, amount: cents },
          ],
        },
      })
    ).json();
    expect(body.success, JSON.stringify(body)).toBe(true);
    mine.push(body.data.id);
    made.push(body.data.id);
  }
  // They are the year's last seven in the stepping order (date, code, id), one after the other.
  const stepOf = async (step: string, fromId?: number) => ((await w.get('/api/voucher/step', { accountId: '1', accountYearId: String(w.year2026), step, ...(fromId ? { fromId: String(fromId) } : {}) })) as { id: number } | null)?.id;
  expect(await stepOf('last')).toBe(mine[6]);
  for (let i = 0; i < 6; i++) expect(await stepOf('next', mine[i])).toBe(mine[i + 1]);

  // Each examination answers half a second late; the stepping a little late too.
  await page.route(/\/api\/voucher\/\d+\/(audit|auditError)$/, async (route) => {
    await new Promise((r) => setTimeout(r, 500));
    await route.continue();
  });
  await page.route(/\/api\/voucher\/step(\?|$)/, async (route) => {
    await new Promise((r) => setTimeout(r, 150));
    await route.continue();
  });
  await loginAs(page, 'auditor', 'audit123', { at: `/newVoucher/${mine[0]}` });
  const v = new VoucherEditorModel(page);
  await v.ready();
  await expect(v.action('audit')).toBeEnabled();

  // Four F9s, 100 ms apart: all but the first arrive while the first is at the server.
  for (let i = 0; i < 4; i++) {
    await v.auditAndNext();
    await page.waitForTimeout(100);
  }
  await v.expectVoucher(mine[4]);
  await expect(v.root).toHaveAttribute('data-lifecycle', 'draft');
  await expect(v.cell(0, 'summary')).toHaveText(`${tag} 5`);
  // None ran on the voucher it had just examined.
  await expect(page.getByText(/已审核，跳到下一张/)).toHaveCount(0);
  const read = async (id: number) => (await w.get(`/api/voucher/${id}`, {})) as { lifecycle: string; auditAt: string | null; auditNote: string | null };
  await expect.poll(async () => (await Promise.all(mine.map(read))).map((x) => x.lifecycle)).toEqual(['audited', 'audited', 'audited', 'audited', 'draft', 'draft', 'draft']);
  const examined = await Promise.all(mine.slice(0, 4).map(read));
  const times = examined.map((x) => x.auditAt!);
  expect([...times].sort()).toEqual(times);

  // Shift+F9, the reason, Enter and F9 at once: the fifth marked as an error, the sixth examined, the seventh on view.
  await v.auditErrorAndNext('金额不符');
  await v.auditAndNext();
  await v.expectVoucher(mine[6]);
  await expect.poll(async () => (await Promise.all(mine.slice(4).map(read))).map((x) => x.lifecycle)).toEqual(['auditError', 'audited', 'draft']);
  expect((await read(mine[4])).auditNote).toBe('金额不符');

  // PageDown four times, 80 ms apart: four vouchers on.
  await v.open(mine[0]);
  for (let i = 0; i < 4; i++) {
    await v.press('PageDown');
    await page.waitForTimeout(80);
  }
  await v.expectVoucher(mine[4]);
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL(new RegExp(`/newVoucher/${mine[4]}$`));
});

test('the balance of the caret subject counts this voucher; subjects named in English; a date in another year asks to clear the subjects or keep the date once it is typed whole, the question\'s keys work wherever its focus is; a date outside the account years says why (in English)', async ({ page, request }, testInfo) => {
  const w = await demoVoucherWorld(request, 'clerk', 'clerk123');
  const words = { debit: 'Dr', credit: 'Cr', flat: 'Nil' };
  await startInLanguage(page, 'en_US');
  await loginAs(page, 'clerk', 'clerk123', { at: '/newVoucher/new' });
  const v = new VoucherEditorModel(page);
  await v.ready();
  await expect(v.activeTab()).toContainText('New voucher');
  const date = await v.date().inputValue();
  const [cash] = await w.get('/api/subject/balance', { filter: JSON.stringify({ accountYearId: w.year2026, subjectId: w.cash, dateTo: date }) });
  const saved = Number(cash.all.balanceCents);

  await v.enter('E2E balance');
  await v.enter('1001');
  await v.expectFocus(0, 'debit');
  // The subject is named in the reader's language, on the line and in the balance bar.
  await expect(v.cell(0, 'subjectId')).toHaveText('1001 Cash on hand');
  await expect(v.balanceBar()).toContainText('1001 Cash on hand');
  await expect(page.getByTestId('voucher-balance-saved')).toContainText(onSide(saved, words));
  await v.enter('123.45');
  await v.expectFocus(1, 'summary');
  await expect(v.balanceBar()).toHaveAttribute('data-state', 'none');
  await v.press('ArrowUp');
  await expect(page.getByTestId('voucher-balance-after')).toContainText(onSide(saved + 12_345, words));

  // Into 2025 with a subject filled, typed over the date key by key: nothing is asked while typing
  // ("2025-06-3" is not the 3rd yet, it becomes the 30th); Tab asks about the date typed, the focus
  // on "clear" (C, Enter). Tab goes between the two answers only (the ✕ is for the mouse); K keeps the old date.
  const yearDialog = page.getByTestId('voucher-year-dialog');
  const typeDate = async (text: string) => {
    await v.date().focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type(text, { delay: 30 });
  };
  await typeDate('2025-06-30');
  await expect(v.date()).toHaveValue('2025-06-30');
  await expect(yearDialog).toBeHidden();
  await page.keyboard.press('Tab');
  await expect(yearDialog).toContainText('2025-06-30');
  await expect(page.getByTestId('voucher-year-clear')).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('voucher-year-en.png'), fullPage: true });
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('voucher-year-keep')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('voucher-year-clear')).toBeFocused();
  await page.keyboard.press('k');
  await expect(yearDialog).toBeHidden();
  await expect(v.date()).toHaveValue(date);
  await expect(v.cell(0, 'subjectId')).toContainText('1001');
  // Again, with Enter in the field: C clears the subjects with the focus on "keep" too. The lines keep
  // their summaries and amounts, the voucher lives in 2025.
  await typeDate('2025-06-30');
  await expect(yearDialog).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('voucher-year-clear')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByTestId('voucher-year-keep')).toBeFocused();
  await page.keyboard.press('c');
  await expect(yearDialog).toBeHidden();
  await expect(v.date()).toHaveValue('2025-06-30');
  await expect(v.cell(0, 'subjectId')).toHaveText('');
  await expect(v.cell(0, 'summary')).toContainText('E2E balance');
  await expect(v.debitTotal()).toHaveText('123.45');

  // The subject typed again is 2025's; its balance is 2025's up to the new date.
  const cash2025 = ((await w.get('/api/subject', { filter: JSON.stringify({ accountYearId: w.year2025, code: '1001' }) })).content as { id: number }[])[0].id;
  const [old] = await w.get('/api/subject/balance', { filter: JSON.stringify({ accountYearId: w.year2025, subjectId: cash2025, dateTo: '2025-06-30' }) });
  // The date's calendar, open again with the caret back in the date, closes with Escape (it lies over the first lines).
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-dates-dropdown]')).toBeHidden();
  // A date after the last account year is not taken, and the clerk is told why.
  await typeDate('2027-01-05');
  await page.keyboard.press('Tab');
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'must lie within the account years' })).toBeVisible();
  await expect(v.date()).toHaveValue('2025-06-30');
  await expect(yearDialog).toBeHidden();
  await v.cell(0, 'subjectId').click();
  await v.enter('1001');
  await v.expectFocus(0, 'debit');
  await expect(page.getByTestId('voucher-balance-saved')).toContainText(onSide(Number(old.all.balanceCents), words));
  await expect(page.getByTestId('voucher-balance-after')).toContainText(onSide(Number(old.all.balanceCents) + 12_345, words));
  await page.screenshot({ path: testInfo.outputPath('voucher-balance-en.png'), fullPage: true });
});

test('a long voucher scrolls its lines inside the grid: at most 20 rows high and no taller than the window leaves with the totals and signatures in view, only the rows near the caret in the page, Ctrl+End and a new line after it', async ({ page, request }) => {
  const w = await demoVoucherWorld(request, 'clerk', 'clerk123');
  const lines = 60;
  const body = {
    accountId: 1,
    kindId: w.kindId,
    markTime: '2026-12-28',
    items: [
      ...Array.from({ length: lines - 1 }, (_, i) => ({ summary: `E2E long ${i + 1}`, subjectId: w.cash, direction: true, amount: String(100 + i) })),
      { summary: 'E2E long', subjectId: w.bank, direction: false, amount: String(Array.from({ length: lines - 1 }, (_, i) => 100 + i).reduce((a, b) => a + b, 0)) },
    ],
  };
  const res = await (await request.post('/api/voucher', { headers: w.headers, data: body })).json();
  expect(res.success, JSON.stringify(res)).toBe(true);
  saved.push(res.data.id);

  await loginAs(page, 'clerk', 'clerk123', { at: `/newVoucher/${res.data.id}` });
  const v = new VoucherEditorModel(page);
  await v.ready();
  // The grid keeps at most the height of 20 rows and draws only the rows around those on screen;
  // its totals row, the uppercase total and the signatures stay in the window (1440 × 900: 9 rows).
  const box = await v.grid.boundingBox();
  expect(box?.height ?? 0).toBeLessThan(21 * 34 + 120);
  expect(await v.grid.locator('.ag-row:not(.ag-row-pinned)').count()).toBeLessThan(40);
  await expect(page.getByTestId('voucher-footer')).toBeInViewport({ ratio: 1 });
  await expect(v.grid.locator('.ag-row-pinned')).toBeInViewport({ ratio: 1 });
  // A laptop's window: fewer rows, the footer still in view.
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(page.getByTestId('voucher-footer')).toBeInViewport({ ratio: 1 });
  await expect.poll(async () => (await v.grid.boundingBox())?.height ?? 0).toBeLessThan((box?.height ?? 0) - 100);
  // Ctrl+End brings the last line into view with the caret on it.
  await v.press('Control+End');
  await v.expectFocus(lines - 1, 'summary');
  await expect(v.cell(lines - 1, 'summary')).toBeInViewport();
  await expect(v.grid.locator(`.ag-row[row-index="${lines - 1}"] .ag-cell[col-id="index"]`)).toHaveText(String(lines));
  // Past the last line Enter adds one (row number 61) and the caret stays in view as the grid scrolls.
  await v.press('End');
  await v.expectFocus(lines - 1, 'credit');
  await v.press('Enter');
  await v.expectFocus(lines, 'summary');
  await expect(v.cell(lines, 'summary')).toBeInViewport();
  await expect(v.grid.locator(`.ag-row[row-index="${lines}"] .ag-cell[col-id="index"]`)).toHaveText(String(lines + 1));
  await v.enter('E2E long added');
  await v.expectFocus(lines, 'subjectId');
  await expect(v.cell(lines, 'summary')).toHaveText('E2E long added');
  expect(await v.debitTotal().innerText()).toBe(await v.creditTotal().innerText());
});

test('the auxiliary popup has a direction column: a credit entry lands on the credit side; a long summary reads whole by keys; closing the dirty tab asks Yes / No / Cancel', async ({ page }, testInfo) => {
  await loginAs(page, 'clerk', 'clerk123', { at: '/newVoucher/new' });
  const v = new VoucherEditorModel(page);
  await v.ready();
  // A summary wider than its column: ← back onto it shows it whole (a tooltip while the cell has the focus).
  const summary = 'E2E 辅助核算：北京朝阳国际商务咨询服务有限责任公司常年法律顾问费';
  await v.enter(summary);
  await v.expectFocus(0, 'subjectId');
  await v.press('ArrowLeft');
  await expectFullText(page, v.cell(0, 'summary'), summary);
  await v.press('ArrowRight');
  await v.expectFocus(0, 'subjectId');
  await expect(gridTooltip(page)).toBeHidden();
  await v.enter('1122');
  await v.expectFocus(0, 'auxId');
  await v.press('F7');
  const popup = page.getByTestId('voucher-aux-grid');
  await expect(popup).toBeVisible();
  await expect(popup.locator('.ag-header-cell[col-id="direction"]')).toContainText('方向');
  await expectFocusWithin(popup);
  // An amount without its customer: confirm names what is missing and puts the caret on it.
  await v.press('Tab');
  await v.press('Tab');
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.ag-cell')?.getAttribute('col-id'))).toBe('amount');
  await page.keyboard.type('50');
  await v.press('Enter');
  await page.getByTestId('voucher-aux-confirm').click();
  await expect(page.getByTestId('voucher-aux-error')).toContainText('客户');
  await expect.poll(() => page.evaluate(() => {
    const cell = document.activeElement?.closest('.ag-cell');
    return cell ? `${cell.closest('.ag-row')?.getAttribute('row-index')}:${cell.getAttribute('col-id')}` : null;
  })).toBe('0:aux3');
  // The customer from its pick list, 贷 typed as its pinyin initial, the amount. The clerk leads none
  // of the company's clients but keeps the books of all of them: C0020 (刘娜静's) is in the list.
  await v.press('F7');
  await expect(page.getByTestId('list-picker-query')).toBeFocused();
  await page.keyboard.type('C0020');
  await expect(page.getByTestId('list-picker')).toContainText('Juniper Blue River Partners LP');
  await v.press('Enter');
  await expect(popup.locator('.ag-row[row-index="0"] .ag-cell[col-id="aux3"]')).toContainText('Juniper Blue River Partners LP');
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.ag-cell')?.getAttribute('col-id'))).toBe('direction');
  await page.keyboard.type('d');
  await v.press('Enter');
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.ag-cell')?.getAttribute('col-id'))).toBe('amount');
  await page.keyboard.type('50');
  await v.press('Enter');
  await expect(popup.locator('.ag-row[row-index="0"] .ag-cell[col-id="direction"]')).toHaveText('贷');
  await page.screenshot({ path: testInfo.outputPath('voucher-aux-zh.png'), fullPage: true });
  await page.getByTestId('voucher-aux-confirm').click();
  await expect(popup).toBeHidden();
  await expect(v.creditTotal()).toHaveText('50.00');
  await expect(v.debitTotal()).toHaveText('0.00');

  // The tab of a voucher with unsaved changes asks before it closes; Cancel keeps it, No discards it.
  const close = v.activeTab().getByRole('button');
  await close.click();
  await expect(page.getByTestId('unsaved-dialog')).toBeVisible();
  await page.getByTestId('unsaved-cancel').click();
  await expect(page).toHaveURL(/\/newVoucher\/new$/);
  await close.click();
  await page.getByTestId('unsaved-discard').click();
  await expect(page).not.toHaveURL(/\/newVoucher\/new$/);
});

test('Esc in the auxiliary popup cancels only the cell being typed, and a pick list opened from it closes alone; the popup with changes asks before it closes; Ctrl+S confirms it', async ({ page }, testInfo) => {
  await loginAs(page, 'clerk', 'clerk123', { at: '/newVoucher/new' });
  const v = new VoucherEditorModel(page);
  await v.ready();
  // 销售费用 takes a department and a budget item.
  await v.enter('E2E 辅助 Esc');
  await v.enter('5601');
  await v.expectFocus(0, 'auxId');
  await v.press('F7');
  const popup = page.getByTestId('voucher-aux-grid');
  const caretCol = () => page.evaluate(() => document.activeElement?.closest('.ag-cell')?.getAttribute('col-id') ?? null);
  await expect(popup).toBeVisible();
  await expectFocusWithin(popup);
  await expect(page.getByTestId('voucher-aux-confirm')).toContainText('Ctrl+S');
  // The department's pick list: Esc closes the list, not the popup.
  await v.press('F7');
  await expect(page.getByTestId('list-picker-query')).toBeFocused();
  await v.press('Escape');
  await expect(page.getByTestId('list-picker')).toHaveCount(0);
  await expect(popup).toBeVisible();
  await expect.poll(caretCol).toBe('aux1');
  // A department and a budget item from their lists, Enter past the direction to the amount.
  await v.press('F7');
  await expect(page.getByTestId('list-picker-query')).toBeFocused();
  await v.press('Enter');
  await expect.poll(caretCol).toBe('aux6');
  await v.press('F7');
  await expect(page.getByTestId('list-picker-query')).toBeFocused();
  await v.press('Enter');
  await expect.poll(caretCol).toBe('direction');
  await v.press('Enter');
  await expect.poll(caretCol).toBe('amount');
  // "12" typed, then Esc: the amount's edit is cancelled, the popup and its row stay.
  const amount = popup.locator('.ag-row[row-index="0"] .ag-cell[col-id="amount"]');
  await page.keyboard.type('12');
  await expect(page.getByTestId('amount-editor')).toBeFocused();
  await v.press('Escape');
  await expect(page.getByTestId('amount-editor')).toHaveCount(0);
  await expect(popup).toBeVisible();
  await expect(amount).toHaveText('');
  await expect(popup.locator('.ag-row[row-index="0"] .ag-cell[col-id="aux1"]')).not.toHaveText('');
  await expect.poll(caretCol).toBe('amount');
  // Esc with no cell being typed, the popup changed: the unsaved question; Esc on it goes back to the cell.
  await v.press('Escape');
  await expect(page.getByTestId('unsaved-dialog')).toContainText('辅助核算已修改');
  await expect(popup).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('voucher-aux-esc-zh.png'), fullPage: true });
  await v.press('Escape');
  await expect(page.getByTestId('unsaved-dialog')).toHaveCount(0);
  await expect(popup).toBeVisible();
  await expect.poll(caretCol).toBe('amount');
  // Ctrl+S confirms: the line takes the amount and the auxiliary values.
  await v.enter('34');
  await v.press('Control+s');
  await expect(popup).toBeHidden();
  await expect(v.debitTotal()).toHaveText('34.00');
  await expect(v.cell(0, 'auxId')).not.toHaveText('');
  const auxText = await v.cell(0, 'auxId').innerText();
  // Opened again and left unchanged, Esc closes it at once; changed, No discards the change.
  await v.cell(0, 'auxId').click();
  await v.press('F7');
  await expect(popup).toBeVisible();
  await expectFocusWithin(popup);
  await v.press('Escape');
  await expect(popup).toBeHidden();
  await expect(page.getByTestId('unsaved-dialog')).toHaveCount(0);
  await v.cell(0, 'auxId').click();
  await v.press('F7');
  await expect(popup).toBeVisible();
  await expectFocusWithin(popup);
  await v.press('Delete');
  await v.press('Escape');
  await expect(page.getByTestId('unsaved-dialog')).toBeVisible();
  await v.press('n');
  await expect(popup).toBeHidden();
  await expect(v.cell(0, 'auxId')).toHaveText(auxText);
  await expect(v.debitTotal()).toHaveText('34.00');
});

test('auxiliary values are typed by the pinyin initials of their names: a department in the line\'s cell (xz: 行政组), a department and a budget item in the popup (cwz: 财务组, jn: 境内差旅)', async ({ page }) => {
  await loginAs(page, 'clerk', 'clerk123', { at: '/newVoucher/new' });
  const v = new VoucherEditorModel(page);
  await v.ready();
  // 管理费用 takes a department: the start of 行政组's initials (xzz) names it in the line's cell.
  await v.enter('E2E 拼音首字母');
  await v.enter('5602');
  await v.expectFocus(0, 'auxId');
  await v.enter('xz');
  await expect(v.cell(0, 'auxId')).toContainText('行政组');
  await v.expectFocus(0, 'debit');
  await v.enter('10');
  // 销售费用 takes a department and a budget item: each typed by its initials in the popup.
  await v.enter('E2E 拼音首字母');
  await v.enter('5601');
  await v.expectFocus(1, 'auxId');
  await v.press('F7');
  const popup = page.getByTestId('voucher-aux-grid');
  const caretCol = () => page.evaluate(() => document.activeElement?.closest('.ag-cell')?.getAttribute('col-id') ?? null);
  await expect(popup).toBeVisible();
  await expect.poll(caretCol).toBe('aux1');
  await v.enter('cwz');
  await expect.poll(caretCol).toBe('aux6');
  await v.enter('jn');
  await expect.poll(caretCol).toBe('direction');
  await expect(popup.locator('.ag-row[row-index="0"] .ag-cell[col-id="aux1"]')).toContainText('财务组');
  await expect(popup.locator('.ag-row[row-index="0"] .ag-cell[col-id="aux6"]')).toContainText('境内差旅');
  await v.press('Enter');
  await expect.poll(caretCol).toBe('amount');
  await v.enter('10');
  await v.press('Control+s');
  await expect(popup).toBeHidden();
  await expect(v.cell(1, 'auxId')).toContainText('财务组');
  await expect(v.cell(1, 'auxId')).toContainText('境内差旅');
  await expect(v.debitTotal()).toHaveText('20.00');
});

test('a new voucher again on the same tab shows its code (Alt+N, No); a refused save\'s banner goes once what it names is put right', async ({ page }) => {
  await loginAs(page, 'clerk', 'clerk123', { at: '/newVoucher/new' });
  const v = new VoucherEditorModel(page);
  await v.ready();
  await expect(v.code()).not.toHaveValue('');
  await v.enter('E2E 新凭证号');
  await v.press('Alt+n');
  await expect(page.getByTestId('unsaved-dialog')).toBeVisible();
  await v.press('n');
  await expect(page.getByTestId('unsaved-dialog')).toHaveCount(0);
  await v.expectFocus(0, 'summary');
  await expect(v.cell(0, 'summary')).toHaveText('');
  await expect(v.code()).not.toHaveValue('');

  // A refused save: a code of 0 and a line with only its summary.
  await v.enter('E2E 横幅');
  await v.enter('1001');
  await v.enter('100');
  await v.enter('E2E 横幅');
  await v.expectFocus(1, 'subjectId');
  await v.code().focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('0');
  await v.press('Control+s');
  await expect(v.ruleErrors()).toContainText('凭证号必须为不超过');
  await expect(v.ruleErrors()).toContainText('必填项未填写（第2行）');
  // The caret is on the refused subject: filled and balanced, the line's messages go; the code's stays.
  await v.expectFocus(1, 'subjectId');
  await v.enter('1002');
  await v.press('=');
  await expect(v.creditTotal()).toHaveText('100.00');
  await expect(v.ruleErrors()).not.toContainText('必填项未填写');
  await expect(v.ruleErrors()).toContainText('凭证号必须为不超过');
  // The code put right: the banner goes.
  await v.code().focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('11');
  await expect(v.ruleErrors()).toBeHidden();
});

test('F7 on a summary when the commonly used summaries cannot be read: the server\'s message, an empty list, typed text still taken', async ({ page }) => {
  // The first read fails; the query's retry is never answered (a server that hangs), so F7 cannot
  // simply wait for the retries to end.
  let reads = 0;
  await page.route((url) => url.pathname === '/api/common/commonlySummary', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    if (++reads === 1) return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ data: null, success: false, code: 'QUERY_FAILED', msg: '查询失败' }) });
  });
  await loginAs(page, 'clerk', 'clerk123', { at: '/newVoucher/new' });
  const v = new VoucherEditorModel(page);
  await v.ready();
  await v.press('F7');
  // The picker opens on what there is once a read has failed, without waiting for the retry.
  await expect(page.getByTestId('list-picker-query')).toBeFocused();
  expect(reads).toBeGreaterThanOrEqual(1);
  await expect(page.locator('.mantine-Notification-root').last()).toContainText('查询失败');
  await expect(page.getByTestId('list-picker').getByRole('option')).toHaveCount(0);
  await page.keyboard.type('手工摘要');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('list-picker')).toHaveCount(0);
  await expect(v.cell(0, 'summary')).toHaveText('手工摘要');
});

test('F7 in a summary cell offers the commonly used summaries: pick by code, keep a new one with Insert, drop one with Alt+Delete, Enter takes free text', async ({ page, request }) => {
  const headers = await apiHeaders(request, 'clerk', 'clerk123');
  const summaries = async () => ((await (await request.get('/api/common/commonlySummary', { params: { filter: JSON.stringify({ companyId: 1 }) }, headers })).json()).data.content as Array<{ id: number; summary: string }>);
  // The list is held back until after F7: pressed before the list had arrived, F7 showed an empty
  // list that stayed empty (a CI run on a busy machine).
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route((url) => url.pathname === '/api/common/commonlySummary', async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.continue();
  });
  await loginAs(page, 'clerk', 'clerk123', { at: '/newVoucher/new' });
  const v = new VoucherEditorModel(page);
  await v.ready();
  const picker = page.getByTestId('list-picker');
  // The seeded list, found by its code: 03 → 支付办公室房租.
  await v.press('F7');
  release();
  await expect(page.getByTestId('list-picker-query')).toBeFocused();
  await expect(picker.getByRole('option')).toHaveCount((await summaries()).length);
  await expect(page.getByTestId('list-picker-hint')).toContainText('Insert');
  await page.keyboard.type('03');
  await expect(picker.getByRole('option').first()).toContainText('支付办公室房租');
  await v.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(v.cell(0, 'summary')).toHaveText('支付办公室房租');
  await v.expectFocus(0, 'subjectId');
  // Keeping a text the company already has is refused with the server's message; the list stays open.
  await v.press('ArrowDown');
  await v.press('ArrowLeft');
  await v.expectFocus(1, 'summary');
  await v.press('F7');
  await page.keyboard.type('提取备用金');
  await v.press('Insert');
  await expect(page.getByText('常用摘要“提取备用金”已存在')).toBeVisible();
  await expect(page.getByTestId('list-picker-query')).toBeFocused();
  // Escape closes the list and the caret is back in the cell it came from, the message still showing.
  await v.press('Escape');
  await expect(picker).toHaveCount(0);
  await v.expectFocus(1, 'summary');
  await v.press('F7');
  await expect(page.getByTestId('list-picker-query')).toBeFocused();
  // A new text kept with Insert lands in the cell and in the company's list.
  await page.keyboard.press('Control+A');
  await page.keyboard.type('E2E 收到咨询费');
  await expect(picker.getByRole('option')).toHaveCount(0);
  await v.press('Insert');
  await expect(picker).toHaveCount(0);
  await expect(v.cell(1, 'summary')).toHaveText('E2E 收到咨询费');
  await expect.poll(async () => (await summaries()).map((s) => s.summary)).toContain('E2E 收到咨询费');
  // Alt+Delete drops the chosen one; Enter with nothing found takes the typed text.
  await v.press('ArrowDown');
  await v.press('ArrowLeft');
  await v.expectFocus(2, 'summary');
  await v.press('F7');
  await page.keyboard.type('E2E 收到');
  await expect(picker.getByRole('option')).toHaveCount(1);
  await v.press('Alt+Delete');
  await expect(picker.getByRole('option')).toHaveCount(0);
  await expect.poll(async () => (await summaries()).map((s) => s.summary)).not.toContain('E2E 收到咨询费');
  await v.press('Enter');
  await expect(v.cell(2, 'summary')).toHaveText('E2E 收到');
});

/** A stored 2-line voucher of a kind other than the default (bank debit, cash credit), made by the clerk through the API; noted for afterAll. */
async function storedVoucher(request: Parameters<typeof demoVoucherWorld>[0], summary: string, cents: number) {
  const w = await demoVoucherWorld(request, 'clerk', 'clerk123');
  const kinds = (await w.get('/api/voucher/kind', { filter: JSON.stringify({ accountId: 1 }) })).content as { id: number; isDefault: boolean; name: string }[];
  const kind = kinds.find((k) => !k.isDefault) ?? kinds[0];
  const body = await (
    await request.post('/api/voucher', {
      headers: w.headers,
      data: {
        accountId: 1, kindId: kind.id, markTime: '2026-06-15', billCount: 3,
        items: [
          { summary, subjectId: w.bank, direction: true, amount: String(cents) },
          { summary, subjectId: w.cash, direction: false, amount: String(cents) },
        ],
      },
    })
  ).json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  saved.push(body.data.id);
  type Stored = { id: number; kindId: number; codeText: string; billCount: number; originId: number | null; items: { summary: string; subjectId: number; direction: boolean; amount: string }[]; voucherRelationInfos: { kind: string; targetId: number }[] };
  const read = async (id: number) => (await w.get(`/api/voucher/${id}`, {})) as Stored;
  return { w, kind, source: body.data as Stored, read };
}

const linesOf = (v: { items: { summary: string; subjectId: number; direction: boolean; amount: string }[] }) => v.items.map((i) => ({ summary: i.summary, subjectId: i.subjectId, direction: i.direction, amount: i.amount }));

test('Copy (keys only) opens the voucher\'s kind and lines as a new unsaved voucher, the source\'s tab stays; Ctrl+S saves a second voucher', async ({ page, request }) => {
  const summary = `E2E copy ${Date.now()}`;
  const { w, kind, source, read } = await storedVoucher(request, summary, 12_345);
  await loginAs(page, 'clerk', 'clerk123', { at: `/newVoucher/${source.id}` });
  const v = new VoucherEditorModel(page);
  await v.ready();
  await expect(v.root).toHaveAttribute('data-voucher-id', String(source.id));

  await v.action('copy').focus();
  await v.press('Enter');
  await page.waitForURL(/\/newVoucher\/new$/);
  await expect(page.getByText('已复制为新凭证，保存后生效')).toBeVisible();
  await expect(v.root).toHaveAttribute('data-voucher-id', 'new');
  await expect(v.root).toHaveAttribute('data-lifecycle', 'new');
  await expect(v.root).toHaveAttribute('data-dirty', 'true');
  // The kind and the lines stay; the code is the next free one of the copy's date, the bill count 0.
  await expect(page.getByTestId('voucher-kind')).toHaveValue(kind.name);
  await expect(v.cell(0, 'summary')).toContainText(summary);
  await expect(v.cell(1, 'summary')).toContainText(summary);
  await expect(v.debitTotal()).toHaveText('123.45');
  await expect(v.creditTotal()).toHaveText('123.45');
  await expect(page.getByTestId('voucher-bill-count')).toHaveValue('0');
  const markTime = await v.date().inputValue();
  const next = (await w.get('/api/voucher/code', { accountId: '1', kindId: String(kind.id), markTime })) as { codeText: string };
  await expect(v.code()).toHaveValue(next.codeText);
  // The source's tab is still open, on the stored voucher.
  const shell = new ShellModel(page);
  await expect(shell.tab(`/newVoucher/${source.id}`)).toBeVisible();

  await v.expectFocus(0, 'summary');
  const copyId = await savedVoucherId(page, () => v.press('Control+s'));
  expect(copyId).not.toBe(source.id);
  await page.waitForURL(new RegExp(`/newVoucher/${copyId}$`));
  const copy = await read(copyId);
  expect(copy.kindId).toBe(kind.id);
  expect(copy.billCount).toBe(0);
  expect(linesOf(copy)).toEqual(linesOf(source));
  // The source is unchanged.
  const after = await read(source.id);
  expect(linesOf(after)).toEqual(linesOf(source));
  expect(after.codeText).toBe(source.codeText);
});

test('red reversal (keys only) from the More menu: a new voucher with the lines negated, linked both ways, opened in the editor; it cannot be reversed again', async ({ page, request }) => {
  const summary = `E2E reversal ${Date.now()}`;
  const { kind, source, read } = await storedVoucher(request, summary, 45_600);
  // Examined as correct (a draft is corrected by editing, not reversed: VOUCHER_REVERSAL_NOT_AUDITED);
  // afterAll deletes the reversal, then puts the original back and deletes it.
  const auditor = await apiHeaders(request, 'auditor', 'audit123');
  expect((await (await request.post(`/api/voucher/${source.id}/audit`, { headers: auditor, data: {} })).json()).success).toBe(true);
  saved.splice(saved.indexOf(source.id), 1);
  made.push(source.id);
  await loginAs(page, 'clerk', 'clerk123', { at: `/newVoucher/${source.id}` });
  const v = new VoucherEditorModel(page);
  await v.ready();
  await expect(v.root).toHaveAttribute('data-voucher-id', String(source.id));

  await v.action('more').focus();
  await v.press('Enter');
  await expect(v.action('reversal')).toBeVisible();
  await expect(v.action('reversal')).toBeEnabled();
  await expect(v.action('reversal')).toHaveText('红字冲销');
  // The first item of the menu, next to the main actions (copy among them).
  await v.press('ArrowDown');
  await expect(v.action('reversal')).toBeFocused();
  // It writes a voucher at once: asked first (Enter confirms, the question names the voucher).
  await v.press('Enter');
  await expect(page.getByTestId('confirm-dialog')).toContainText(`红字冲销将立即生成一张新凭证`);
  await expect(page.getByTestId('confirm-dialog')).toContainText(`${kind.name}-${source.codeText}`);
  const reversalId = await savedVoucherId(page, () => page.keyboard.press('Enter'));
  await v.expectVoucher(reversalId);
  await expect(page.getByText(/已生成红字冲销凭证/)).toBeVisible();

  const reversal = await read(reversalId);
  expect(reversal.kindId).toBe(kind.id);
  // The lines negated, each summary naming the voucher it reverses.
  expect(linesOf(reversal)).toEqual(linesOf(source).map((l) => ({ ...l, summary: `冲销${kind.name}-${source.codeText}号凭证：${l.summary}`, amount: String(-Number(l.amount)) })));
  expect(reversal.originId).toBe(source.id);
  expect(reversal.voucherRelationInfos).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'REVERSAL', targetId: source.id })]));
  expect((await read(source.id)).voucherRelationInfos).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'REVERSAL', targetId: reversalId })]));
  await expect(v.debitTotal()).toContainText('456.00');
  await expect(v.debitTotal()).toContainText('-');

  // The reversal names its original among its relations and is not reversed itself.
  await expect(page.getByTestId('voucher-relations')).toBeEnabled();
  await v.action('more').focus();
  await v.press('Enter');
  await expect(v.action('reversal')).toBeDisabled();
  await expect(v.action('reversal')).toHaveAttribute('data-reason', 'VOUCHER_ALREADY_REVERSED');
  await v.press('Escape');
  // Its lines are the original's negated: not edited (a stored draft's Save is otherwise offered).
  await expect(v.action('save')).toBeDisabled();
  // The original's tab stays; there the action is refused now too.
  const shell = new ShellModel(page);
  await expect(shell.tab(`/newVoucher/${source.id}`)).toBeVisible();
  await v.open(source.id);
  await v.action('more').focus();
  await v.press('Enter');
  await expect(v.action('reversal')).toHaveAttribute('data-reason', 'VOUCHER_ALREADY_REVERSED');
  await v.press('Escape');
  // To the auditor, its examination cannot be reversed while the reversal stands: the menu names the way out.
  await loginAs(page, 'auditor', 'audit123', { at: `/newVoucher/${source.id}` });
  await v.ready();
  await v.action('more').focus();
  await v.press('Enter');
  await expect(v.action('reverseAudit')).toHaveAttribute('data-reason', 'VOUCHER_REVERSED');
  await expect(v.action('reverseAudit')).toContainText('请先删除其冲销凭证');
});

test('a date in a settled period is said at once beside the date, Save waits (with the reason) and Ctrl+S sends nothing; moving the date back saves', async ({ page }) => {
  // 2026-01 shown as settled (the settle itself is period-settlement.spec's): the editor's own rule, before the server's.
  await page.route(/\/api\/account\/period\?/, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: { content: Array<{ startAt: string; rolled: boolean }> } };
    for (const p of body.data.content) if (p.startAt.startsWith('2026-01')) p.rolled = true;
    await route.fulfill({ response: res, json: body });
  });
  let today = '';
  const { v, posts } = await twoLineVoucher(page, `E2E settled ${Date.now()}`, async (ed) => {
    today = await ed.date().inputValue();
    await ed.date().fill('2026-01-15');
    await ed.date().press('Enter');
    await expect(page.getByTestId('voucher-period-settled')).toHaveText('期间 2026-01 已结账，请改为未结账期间的日期');
    await ed.cell(0, 'summary').click();
  });
  await expect(page.getByTestId('voucher-period-settled')).toBeVisible();
  await expect(page.getByTestId('voucher-action-save')).toBeDisabled();
  await v.press('Control+s');
  await expect(page.getByTestId('voucher-rule-errors')).toContainText('期间 2026-01 已结账，请先把日期改到未结账的期间再保存。');
  expect(posts).toEqual([]);
  // The date stays editable: back to an open period, and the voucher saves.
  await v.date().fill(today);
  await v.date().press('Enter');
  await expect(page.getByTestId('voucher-period-settled')).toHaveCount(0);
  await expect(page.getByTestId('voucher-action-save')).toBeEnabled();
  const id = await savedVoucherId(page, () => v.press('Control+s'));
  expect(id).toBeGreaterThan(0);
  await expect(page.getByTestId('voucher-period-closed')).toHaveCount(0);

  // Once its period is settled, the stored voucher says so beside its date (read only), not only by
  // disabled buttons; in English too.
  await page.unrouteAll({ behavior: 'wait' });
  await page.route(/\/api\/account\/period\?/, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: { content: Array<{ startAt: string; endAt: string; rolled: boolean }> } };
    for (const p of body.data.content) if (p.startAt <= today && today <= p.endAt) p.rolled = true;
    await route.fulfill({ response: res, json: body });
  });
  await page.goto(`/newVoucher/${id}`);
  await expect(v.root).toBeVisible({ timeout: 20_000 });
  const month = today.slice(0, 7);
  await expect(page.getByTestId('voucher-period-closed')).toHaveText(`期间 ${month} 已结账，凭证只读`);
  await expect(page.getByTestId('voucher-period-settled')).toHaveCount(0);
  await expect(page.getByTestId('voucher-action-save')).toBeDisabled();
  await expect(v.date()).toBeDisabled();
  await new ShellModel(page).switchLanguage('en_US');
  await expect(page.getByTestId('voucher-period-closed')).toHaveText(`Period ${month} is settled: the voucher is read only`);
  await page.screenshot({ path: test.info().outputPath('voucher-period-closed-en.png') });
  // The language is the clerk's own setting (kept by the server): back to Chinese for the specs after this one.
  await new ShellModel(page).switchLanguage('zh_CN');
  await expect(page.getByTestId('voucher-period-closed')).toHaveText(`期间 ${month} 已结账，凭证只读`);
});

test('keys only: a summary typed past its 50 characters says so under the cell instead of silently not growing', async ({ page }) => {
  await loginAs(page, 'clerk', 'clerk123', { at: '/newVoucher/new' });
  const v = new VoucherEditorModel(page);
  await v.ready();
  await v.expectFocus(0, 'summary');
  const text = 'Fee for case 2026-017 received from Huaxia Tech ';
  expect(text.length).toBe(48);
  await page.keyboard.type(text);
  const editor = page.getByTestId('text-editor');
  await expect(editor).toHaveValue(text);
  await expect(page.locator('.ld-editor-error[role="alert"]')).toHaveCount(0);
  await page.keyboard.type('Ltd');
  await expect(editor).toHaveValue(`${text}Lt`);
  await expect(page.locator('.ld-editor-error[role="alert"]')).toHaveText('最多 50 个字符，超出的部分未输入');
  // Enter still takes the 50 characters and moves on.
  await page.keyboard.press('Enter');
  await v.expectFocus(0, 'subjectId');
});

test('an auditor typing in a draft is told the real reason (no edit right), not "locked: saved"; a locked voucher says its lock', async ({ page, request }) => {
  const w = await demoVoucherWorld(request, 'clerk', 'clerk123');
  const body = await (await request.post('/api/voucher', {
    headers: w.headers,
    data: { accountId: 1, kindId: w.kindId, markTime: '2026-12-30', items: [
      { summary: 'E2E 只读原因', subjectId: w.bank, direction: true, amount: '1200' },
      { summary: 'E2E 只读原因', subjectId: w.cash, direction: false, amount: '1200' },
    ] },
  })).json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  const id = body.data.id as number;
  made.push(id);
  const notices = await recordNotices(page);
  await loginAs(page, 'auditor', 'audit123', { at: `/newVoucher/${id}` });
  const v = new VoucherEditorModel(page);
  await v.ready();
  await expect(v.root).toHaveAttribute('data-lifecycle', 'draft');
  // The auditor holds no 2010101: the grid refuses every edit with that reason (the one Ctrl+S gives).
  await expect(v.root).toHaveAttribute('data-readonly-reason', 'NO_PERMISSION');
  const refusal = page.locator('.mantine-Notification-root').filter({ hasText: '没有操作权限' });
  await page.keyboard.type('a');
  await expect(refusal).toBeVisible();
  for (const key of ['Delete', 'Backspace', 'F2', 'Alt+a']) await v.press(key);
  await expect(refusal).toHaveCount(1);
  await v.press('Control+s');
  await expect.poll(async () => (await notices()).filter((n) => n.includes('没有操作权限')).length).toBeGreaterThanOrEqual(2);
  expect((await notices()).filter((n) => n.includes('已锁定') || n.includes('已保存'))).toEqual([]);
  await expect(v.cell(0, 'summary')).toHaveText('E2E 只读原因');

  // Audited, to the clerk (who may edit): the lock itself, in the toolbar's words.
  await request.post(`/api/voucher/${id}/audit`, { headers: await apiHeaders(request, 'auditor', 'audit123'), data: {} });
  await loginAs(page, 'clerk', 'clerk123', { at: `/newVoucher/${id}` });
  await v.ready();
  await expect(v.root).toHaveAttribute('data-lifecycle', 'audited');
  await expect(v.root).toHaveAttribute('data-readonly-reason', 'VOUCHER_LOCKED');
  await v.press('Delete');
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: '凭证已审核、记账或出纳签字，不能修改' })).toBeVisible();
});
