/**
 * 科目期初余额 (/basic/subjectOpeningBalance) by the keyboard, as the administrator in the demo's
 * first year (2025, seeded with balanced openings): the focus starts on the first opening amount;
 * typing a new cash figure and Enter moves down and unbalances the live trial balance (the spec's
 * debit-credit imbalance message); the bank figure typed below balances it again; Ctrl+S saves,
 * F8 shows the saved trial balance; F7 on the receivables opens the auxiliary breakdown by
 * customer. Screenshots in Chinese and English; the seeded figures are put back afterwards. Then,
 * in English: Ctrl+Home / Ctrl+End, a key typed on the receivables (which take their figures from
 * the breakdown) answered with how to enter them, Enter opening the breakdown, and the trial
 * balance's messages in English brackets. Typed figures stay with their tab (another tab and back),
 * which shows them unsaved: closing it asks Yes / No / Cancel, and so does logging out (Yes saves).
 * Openings a settled year end carried forward are read-only, naming the period to reverse-settle.
 */
import { expect, test, type Page } from './page-models/test';
import { loginAs, startInLanguage } from './page-models/login';
import { recordNotices } from './page-models/notices';
import { ShellKeyboard, ShellModel } from './page-models/shell';
import { countMouse, pickByKeys, pressOn } from './page-models/keys';
import { restoreDemoState } from './page-models/demo-state';
import { apiLogin } from './page-models/voucher-list';

test.describe.configure({ mode: 'serial' });

const seeded = { yearId: 0, cash: 0, bank: 0, receivables: 0, lastCode: '' };

test.beforeAll(async ({ request }) => {
  const admin = await apiLogin(request, 'admin', 'admin123');
  const years = await admin.get('/api/account/year', { accountId: 1 });
  seeded.yearId = (years.content as Array<{ id: number; year: number }>).find((y) => y.year === 2025)!.id;
  const rows = (await admin.get('/api/opening', { accountYearId: seeded.yearId })).rows as Array<{ subjectId: number; code: string }>;
  seeded.cash = rows.find((r) => r.code === '1001')!.subjectId;
  seeded.bank = rows.find((r) => r.code === '1002')!.subjectId;
  seeded.receivables = rows.find((r) => r.code === '1122')!.subjectId;
  seeded.lastCode = rows.at(-1)!.code;
});

test.afterAll(async ({ request }) => {
  const admin = await apiLogin(request, 'admin', 'admin123');
  await admin.post('/api/opening', { accountYearId: seeded.yearId, rows: [{ subjectId: seeded.cash, amountCents: 2_000_000 }, { subjectId: seeded.bank, amountCents: 85_000_000 }] });
  await restoreDemoState(request);
});

const cell = (page: Page, subjectId: number, col: string) => page.getByTestId('ob-grid').locator(`.ag-row[row-id="${subjectId}"] [col-id="${col}"]`).first();
const focusedCode = (page: Page) => page.evaluate(() => document.activeElement?.closest('.ag-row')?.querySelector('[col-id="code"]')?.textContent ?? '');

test('opening balances by the keyboard: enter, see the trial balance move, save, check, auxiliary breakdown', async ({ page, request }, testInfo) => {
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  await shell.selectYear('2025');
  await shell.openMenu('basic', 'basic.init', 'basic.init.subjectOpeningBalance');
  await expect(page).toHaveURL(/\/basic\/subjectOpeningBalance$/);
  const live = page.getByTestId('ob-live');
  await expect(cell(page, seeded.cash, 'amountCents')).toHaveText('20,000.00');
  await expect(live).toHaveAttribute('data-passed', 'true');
  // Debit balances 1,170,000.00 (accumulated depreciation stands on the credit side); assets net 1,140,000.00.
  await expect(page.getByTestId('ob-live-debit')).toHaveText('1,170,000.00');
  await expect(page.getByTestId('ob-live-assets')).toHaveText('1,140,000.00');
  // The focus starts on the first opening amount: cash.
  await expect(cell(page, seeded.cash, 'amountCents')).toBeFocused();

  // Typing starts the edit; Enter commits and moves down to the bank.
  await page.keyboard.type('25000');
  await page.keyboard.press('Enter');
  await expect(cell(page, seeded.cash, 'amountCents')).toHaveText('25,000.00');
  await expect(cell(page, seeded.bank, 'amountCents')).toBeFocused();
  await expect(page.getByTestId('ob-dirty')).toBeVisible();
  await expect(live).toHaveAttribute('data-passed', 'false');
  await expect(page.getByTestId('ob-live-problem').first()).toContainText('借贷不平衡');
  await expect(page.getByTestId('ob-live-problem').first()).toContainText('5,000.00');
  // The totals follow as the clerk types.
  await expect(page.getByTestId('ob-live-debit')).toHaveText('1,175,000.00');
  // Cash typed back to its saved figure is no change (↑, 20000, Enter): one subject unsaved, then none; again 25000.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.type('20000');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ob-dirty')).toHaveCount(0);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.type('25000');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ob-dirty')).toBeVisible();
  await expect(cell(page, seeded.bank, 'amountCents')).toBeFocused();

  // The bank 5,000.00 less: balanced again; Ctrl+S saves.
  await page.keyboard.type('845000');
  await page.keyboard.press('Enter');
  await expect(cell(page, seeded.bank, 'amountCents')).toHaveText('845,000.00');
  await expect(live).toHaveAttribute('data-passed', 'true');
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('ob-dirty')).toHaveCount(0);
  // Saved on the server.
  const admin = await apiLogin(request, 'admin', 'admin123');
  await expect.poll(async () => ((await admin.get('/api/opening', { accountYearId: seeded.yearId })).rows as Array<{ code: string; amountCents: string }>)
    .filter((r) => r.code === '1001' || r.code === '1002').map((r) => r.amountCents)).toEqual(['2500000', '84500000']);

  // F8: the saved trial balance.
  await page.keyboard.press('F8');
  const check = page.getByTestId('ob-check-panel');
  await expect(check).toHaveAttribute('data-passed', 'true');
  await expect(page.getByTestId('ob-check-panel-debit')).toHaveText('1,170,000.00');
  await expect(page.getByTestId('ob-check-panel-credit')).toHaveText('1,170,000.00');
  await expect(page.getByTestId('ob-check-panel-assets')).toHaveText('1,140,000.00');
  await page.screenshot({ path: testInfo.outputPath('opening-balance-check-zh.png'), fullPage: true });
  await page.keyboard.press('Escape');
  await expect(check).toHaveCount(0);

  // Down to the receivables (by customer): F7 opens their breakdown, three customers summing 180,000.00.
  await cell(page, seeded.bank, 'amountCents').click();
  for (let i = 0; i < 10 && (await focusedCode(page)) !== '1122'; i++) await page.keyboard.press('ArrowDown');
  expect(await focusedCode(page)).toBe('1122');
  await page.keyboard.press('F7');
  const popup = page.getByRole('dialog');
  await expect(popup.getByTestId('opening-aux-grid')).toBeVisible();
  await expect(popup).toContainText('1122');
  // The three seeded customers, one per row.
  await expect.poll(async () => (await popup.locator('.ag-row:not(.ag-row-pinned) [col-id="aux3"]').allInnerTexts()).filter((x) => x.trim() !== '').length).toBe(3);
  await page.screenshot({ path: testInfo.outputPath('opening-balance-aux-zh.png'), fullPage: true });
  // Ctrl+S confirms the breakdown (unchanged here: saved as it was) and closes the popup.
  await page.keyboard.press('Control+s');
  await expect(popup).toHaveCount(0);
  await expect.poll(async () => ((await admin.get('/api/opening', { accountYearId: seeded.yearId })).rows as Array<{ code: string; amountCents: string }>)
    .find((r) => r.code === '1122')?.amountCents).toBe('18000000');
  // The caret is back on the subject, so the keys go on from there: F7 opens it again.
  await expect.poll(() => focusedCode(page)).toBe('1122');
  const obTab = shell.tab('/basic/subjectOpeningBalance');
  await expect(obTab).not.toHaveAttribute('data-dirty', /.*/);
  await page.keyboard.press('F7');
  await expect(popup.getByTestId('opening-aux-grid')).toBeVisible();
  // An amount without its customer on the fourth row: Ctrl+S is refused and the caret goes to the customer.
  const caret = () => page.evaluate(() => {
    const c = document.activeElement?.closest('.ag-cell');
    return c ? `${c.closest('.ag-row')?.getAttribute('row-index')}:${c.getAttribute('col-id')}` : null;
  });
  await expect.poll(caret).toBe('0:aux3');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect.poll(caret).toBe('3:amount');
  // Esc while typing the amount cancels that cell only: the popup stays.
  await page.keyboard.type('9');
  await expect(popup.getByTestId('amount-editor')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popup.getByTestId('amount-editor')).toHaveCount(0);
  await expect(popup.getByTestId('opening-aux-grid')).toBeVisible();
  await expect.poll(caret).toBe('3:amount');
  await page.keyboard.type('10');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+s');
  await expect(popup.getByTestId('opening-aux-error')).toContainText('客户');
  await expect.poll(caret).toBe('3:aux3');
  // The popup's rows not yet confirmed mark the tab unsaved (closing the tab would ask), as a form dialog's do.
  await expect(obTab).toHaveAttribute('data-dirty', 'true');
  // Cancel with a change asks first (as every dialog does); No leaves it without saving, the caret again on the subject.
  await page.getByTestId('opening-aux-popup').getByRole('button', { name: '取消' }).click();
  await expect(page.getByTestId('unsaved-dialog')).toBeVisible();
  await page.keyboard.press('n');
  await expect(popup).toHaveCount(0);
  await expect(obTab).not.toHaveAttribute('data-dirty', /.*/);
  await expect.poll(() => focusedCode(page)).toBe('1122');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => focusedCode(page)).toBe('1123');
  await page.screenshot({ path: testInfo.outputPath('opening-balance-zh.png'), fullPage: true });

  await shell.switchLanguage('en_US');
  await expect(page.getByText('Subject opening balances').first()).toBeVisible();
  await expect(page.getByTestId('ob-live-status')).toHaveText('Balanced');
  await page.screenshot({ path: testInfo.outputPath('opening-balance-en.png'), fullPage: true });
  await shell.switchLanguage('zh_CN');
});

test('Ctrl+Home / Ctrl+End reach the first and last rows; a key typed on an auxiliary subject says how to enter it; English figures in English brackets', async ({ page }) => {
  const notices = await recordNotices(page);
  await startInLanguage(page, 'en_US');
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  await shell.selectYear('2025');
  await shell.openMenu('basic', 'basic.init', 'basic.init.subjectOpeningBalance');
  await expect(cell(page, seeded.cash, 'amountCents')).toBeFocused();

  // As in the journal grid: the same column in the last row, then in the first.
  const focusedColumn = () => page.evaluate(() => document.activeElement?.closest('.ag-cell')?.getAttribute('col-id') ?? '');
  await page.keyboard.press('Control+End');
  await expect.poll(() => focusedCode(page)).toBe(seeded.lastCode);
  expect(await focusedColumn()).toBe('amountCents');
  await page.keyboard.press('Control+Home');
  await expect.poll(() => focusedCode(page)).toBe('1001');
  expect(await focusedColumn()).toBe('amountCents');

  // The receivables take their opening from the breakdown by customer: a key typed there is not
  // dropped without a word, and Enter opens the breakdown.
  for (let i = 0; i < 10 && (await focusedCode(page)) !== '1122'; i++) await page.keyboard.press('ArrowDown');
  expect(await focusedCode(page)).toBe('1122');
  const before = await cell(page, seeded.receivables, 'amountCents').textContent();
  await page.keyboard.type('5');
  await expect.poll(notices).toContainEqual(expect.stringMatching(/^Subject 1122 has auxiliary accounting: .*F7 or Enter/));
  await expect(cell(page, seeded.receivables, 'amountCents')).toHaveText(before ?? '');
  await page.keyboard.press('Enter');
  const popup = page.getByRole('dialog');
  await expect(popup.getByTestId('opening-aux-grid')).toBeVisible();
  await expect(popup).toContainText('1122');
  await popup.getByRole('button', { name: 'Cancel' }).click();
  await expect(popup).toHaveCount(0);
  await expect.poll(() => focusedCode(page)).toBe('1122');

  // An unbalanced figure: the messages and the liabilities + equity breakdown read as English.
  await page.keyboard.press('Control+Home');
  await expect.poll(() => focusedCode(page)).toBe('1001');
  await page.keyboard.type('12345.67');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ob-live')).toHaveAttribute('data-passed', 'false');
  await expect(page.getByTestId('ob-live-problem').first()).toHaveText(/^Debit and credit are not balanced \(difference -?[\d,]+\.\d\d\)$/);
  await expect(page.getByTestId('ob-live-le')).toHaveText(/^[\d,]+\.\d\d \(Liabilities [\d,]+\.\d\d \+ Equity [\d,]+\.\d\d\)$/);
});

test('quick edits of one cell on a busy machine keep the last figure: typed back to the saved one and then changed again', async ({ page }) => {
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  await shell.selectYear('2025');
  await shell.openMenu('basic', 'basic.init', 'basic.init.subjectOpeningBalance');
  await expect(cell(page, seeded.cash, 'amountCents')).toBeFocused();
  const saved = await cell(page, seeded.cash, 'amountCents').innerText();
  const typedBack = saved.replace(/,/g, '').replace(/\.00$/, '');
  const other = typedBack === '31000' ? '32000' : '31000';
  // A CPU ten times slower lets keys run ahead of the grid's timers: the edit used to reach the
  // page on a timer, so the third edit began from the figure before the second and, typing the
  // first figure again, was no change (lost in about a third of the rounds).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 });
  const shown: string[] = [];
  for (let round = 0; round < 4; round++) {
    await page.keyboard.type(other);
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.type(typedBack);
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.type(other);
    await page.keyboard.press('Enter');
    await expect(cell(page, seeded.bank, 'amountCents')).toBeFocused();
    shown.push(await cell(page, seeded.cash, 'amountCents').innerText());
    // Back to the saved figure for the next round: nothing unsaved.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.type(typedBack);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('ob-dirty')).toHaveCount(0);
    await page.keyboard.press('ArrowUp');
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  expect(shown).toEqual(Array(4).fill(`${other.slice(0, 2)},000.00`));
});

test('typed openings stay with their tab: another tab and back keeps them, the tab is marked unsaved, closing it asks Yes / No / Cancel and logout saves them on Yes (keys only)', async ({ page, request }) => {
  const mouse = await countMouse(page);
  // Signed in afresh for each look (logging out in the page ends the administrator's API sessions too).
  const figures = async () => (((await (await apiLogin(request, 'admin', 'admin123')).get('/api/opening', { accountYearId: seeded.yearId })).rows) as Array<{ code: string; amountCents: string }>)
    .filter((r) => r.code === '1001' || r.code === '1002').map((r) => Number(r.amountCents));
  const [cash, bank] = await figures();
  // Cash 1,000.00 more and the bank 1,000.00 less: still balanced.
  const typed = { cash: String(cash / 100 + 1000), bank: String(bank / 100 - 1000) };
  const shown = (cents: number) => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  const path = '/basic/subjectOpeningBalance';
  try {
    await loginAs(page, 'admin', 'admin123');
    const shell = new ShellModel(page);
    const keys = new ShellKeyboard(page);
    await pickByKeys(shell.yearSelect(), '2025');
    const open = async () => {
      await keys.searchPalette('科目期初余额', 'screen:basic.init.subjectOpeningBalance');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(cell(page, seeded.cash, 'amountCents')).toBeFocused();
    };
    const typeBoth = async () => {
      await page.keyboard.type(typed.cash);
      await page.keyboard.press('Enter');
      await expect(cell(page, seeded.bank, 'amountCents')).toBeFocused();
      await page.keyboard.type(typed.bank);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('ob-dirty')).toBeVisible();
    };
    await open();
    await typeBoth();
    const tab = shell.tab(path);
    await expect(tab).toHaveAttribute('data-dirty', 'true');

    // Another tab (Alt+PageUp) and back (Alt+PageDown): the figures are still there, still unsaved.
    await page.keyboard.press('Alt+PageUp');
    await expect(page).not.toHaveURL(new RegExp(`${path}$`));
    // Gone for real (the page left stays drawn while the next one's code loads).
    await expect(page.getByTestId('opening-balance')).toHaveCount(0);
    await expect(tab).toHaveAttribute('data-dirty', 'true');
    await page.keyboard.press('Alt+PageDown');
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(cell(page, seeded.cash, 'amountCents')).toHaveText(shown(cash + 100_000));
    await expect(cell(page, seeded.bank, 'amountCents')).toHaveText(shown(bank - 100_000));
    await expect(page.getByTestId('ob-dirty')).toBeVisible();
    await expect(page.getByTestId('ob-live')).toHaveAttribute('data-passed', 'true');

    // Delete on the tab asks Yes / No / Cancel (Yes focused); Esc stays with the figures.
    const tip = page.getByTestId('unsaved-dialog');
    await pressOn(tab, 'Delete');
    await expect(tip).toBeVisible();
    await expect(page.getByTestId('unsaved-save')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(tip).toBeHidden();
    await expect(tab).toHaveCount(1);
    await expect(cell(page, seeded.cash, 'amountCents')).toHaveText(shown(cash + 100_000));
    // N closes it without saving: opened again, the saved figures show.
    await pressOn(tab, 'Delete');
    await expect(tip).toBeVisible();
    await page.keyboard.press('n');
    await expect(tab).toHaveCount(0);
    expect(await figures()).toEqual([cash, bank]);
    await open();
    await expect(cell(page, seeded.cash, 'amountCents')).toHaveText(shown(cash));
    await expect(page.getByTestId('ob-dirty')).toHaveCount(0);
    await expect(tab).not.toHaveAttribute('data-dirty', /.*/);

    // Typed again and left in the background: logging out asks Yes / No / Cancel; Y saves them, then logs out.
    await typeBoth();
    await page.keyboard.press('Alt+PageUp');
    await expect(page).not.toHaveURL(new RegExp(`${path}$`));
    expect(await mouse()).toBe(0);
    await pressOn(page.getByTestId('user-menu'));
    await pressOn(page.getByTestId('menu-logout'));
    const question = page.getByTestId('leave-save-dialog');
    await expect(question).toBeVisible();
    await expect(question).toContainText('科目期初余额');
    await expect(page.getByTestId('discard-dirty-save')).toBeFocused();
    await page.keyboard.press('y');
    await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
    expect(await figures()).toEqual([cash + 100_000, bank - 100_000]);
  } finally {
    await (await apiLogin(request, 'admin', 'admin123')).post('/api/opening', { accountYearId: seeded.yearId, rows: [{ subjectId: seeded.cash, amountCents: cash }, { subjectId: seeded.bank, amountCents: bank }] });
  }
});

test('openings carried forward by a settled year end are read-only on the screen, saying which period to reverse-settle', async ({ page, request }) => {
  const admin = await apiLogin(request, 'admin', 'admin123');
  // A ledger set of its own (removed by restoreDemoState): 2026 settled month by month; December's
  // settle opens 2027 and carries 2026's closing balances into its openings.
  const name = `E2E结转期初${Date.now().toString(36).slice(-4)}`;
  const account = await admin.post('/api/account', { companyId: 1, name, year: 2026 });
  try {
    for (let i = 0; i < 12; i++) await admin.post(`/api/account/${account.id}/roll`, {});
    await loginAs(page, 'admin', 'admin123');
    const shell = new ShellModel(page);
    await shell.choose(shell.accountSelect(), name);
    await shell.selectYear('2027');
    await shell.openMenu('basic', 'basic.init', 'basic.init.subjectOpeningBalance');
    await expect(page.getByTestId('ob-settled')).toHaveText('期初余额由上年年末结账（2026-12）结转而来，只能查看：如需修改，请先反结账 2026-12');
    await expect(page.getByTestId('ob-save')).toBeDisabled();
    // A figure typed on cash does not open an editor: the cell stays as carried.
    const grid = page.getByTestId('ob-grid');
    const cashCell = grid.locator('.ag-row').filter({ has: page.locator('[col-id="code"]', { hasText: /^1001$/ }) }).locator('[col-id="amountCents"]').first();
    await cashCell.focus();
    await page.keyboard.type('5');
    await expect(grid.locator('.ag-cell-inline-editing')).toHaveCount(0);
    await expect(page.getByTestId('ob-dirty')).toHaveCount(0);
    // Reverse-settled, the 2026 year end no longer stands behind them: editable again.
    await admin.post(`/api/account/${account.id}/reverseRoll`, {});
    await page.reload();
    await shell.openMenu('basic', 'basic.init', 'basic.init.subjectOpeningBalance');
    await expect(page.getByTestId('opening-balance')).toBeVisible();
    await expect(page.getByTestId('ob-settled')).toHaveCount(0);
    await expect(page.getByTestId('ob-save')).toBeEnabled();
  } finally {
    for (let i = 0; i < 13; i++) if (!(await admin.tryPost(`/api/account/${account.id}/reverseRoll`)).success) break;
  }
});
