/**
 * The entry grid kit on kit.html, driven with the keyboard only: four voucher lines entered with
 * Enter, `..`/`//`, F7, arithmetic, space and `=`; undo/redo and the sign key; row insert, copy
 * and delete by keys; a 3-row block pasted from the system clipboard with Ctrl+V and a bad block
 * reported; a block copied with Shift+arrows and Ctrl+C; rows added past the end and by
 * arrow-down on the auxiliary rows; typing never lost on Tab or a click elsewhere; a locked
 * document (nothing flashes, and it says why); a Chinese input method's `。。` / `、、`; a third
 * decimal and the voucher line limit refused with their messages; amounts pasted as Excel and
 * Chinese banks export them; key tooltips; screenshots at 100% and 200% zoom in both languages.
 */
import { expect, test, type Browser, type TestInfo } from './page-models/test';
import { shiftPageClock } from './page-models/clock';
import { GridKitPage } from './page-models/grid-kit';
import { expectFocusWithin } from './page-models/focus';

const PASTE_BLOCK = ['Travel\t6601\tD02\t1,280.00\t', 'Travel\t6601\tD02\t-80\t', 'Reimburse travel\t1001\t\t\t1200'].join('\r\n') + '\r\n';

async function enterFourLines(kit: GridKitPage) {
  // Line 1: summary, a subject with a department, the department by code, arithmetic in the debit.
  await kit.enter('Office rent');
  await kit.expectFocus(0, 'subjectId');
  await kit.enter('6602');
  await kit.expectFocus(0, 'auxId');
  await kit.enter('D03');
  await kit.expectFocus(0, 'debit');
  await kit.enter('1200*3+45.5');
  await kit.expectFocus(1, 'summary'); // the credit is skipped: the debit is filled

  // Line 2: `..` copies summary and subject from line 1, `//` the department of the first line.
  await kit.type('..');
  await kit.press('Enter');
  await kit.type('..');
  await kit.press('Enter');
  await kit.expectFocus(1, 'auxId');
  await kit.type('//');
  await kit.press('Enter');
  await kit.expectFocus(1, 'debit');
  await kit.enter('354.5');
  await kit.expectFocus(2, 'summary');

  // Line 3: subject from the F7 picker; the typed amount goes to the credit with space.
  await kit.enter('Pay by bank');
  await kit.press('F7');
  const picker = kit.page.getByTestId('list-picker-query');
  await expect(picker).toBeFocused();
  await kit.page.keyboard.type('1002');
  await kit.page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await kit.expectFocus(2, 'debit');
  await kit.type('3000');
  await kit.press(' ');
  await kit.expectFocus(2, 'credit');
  await kit.press('Enter');
  await kit.expectFocus(3, 'summary');

  // Line 4: `=` fills the credit that balances the voucher.
  await kit.enter('Adjustment');
  await kit.enter('1001');
  await kit.expectFocus(3, 'debit');
  await kit.press('Enter');
  await kit.expectFocus(3, 'credit');
  await kit.press('=');
  await kit.press('Enter');
  await kit.expectFocus(4, 'summary');
}

test.describe('grid kit', () => {
  test('enters a voucher with the keyboard only', async ({ page }) => {
    // About 150 keyed steps: 20-40 s under a full suite's load on 2 CPUs, too near the default 60 s.
    test.setTimeout(150_000);
    const kit = new GridKitPage(page);
    await kit.allowClipboard();
    await kit.goto();
    await enterFourLines(kit);

    await expect.poll(() => kit.text(0, 'summary')).toBe('Office rent');
    await expect.poll(() => kit.text(0, 'subjectId')).toBe('6602 管理费用');
    await expect.poll(() => kit.text(0, 'auxId')).toBe('行政部');
    await expect.poll(() => kit.cents(0, 'debit')).toBe(364550);
    await expect.poll(() => kit.digits(0, 'debit')).toBe('     364550');
    await expect.poll(() => kit.text(1, 'summary')).toBe('Office rent');
    await expect.poll(() => kit.text(1, 'subjectId')).toBe('6602 管理费用');
    await expect.poll(() => kit.text(1, 'auxId')).toBe('行政部');
    await expect.poll(() => kit.cents(1, 'debit')).toBe(35450);
    await expect.poll(() => kit.text(2, 'subjectId')).toBe('1002 银行存款');
    await expect.poll(async () => [await kit.cents(2, 'debit'), await kit.cents(2, 'credit')]).toEqual([null, 300000]);
    await expect.poll(async () => [await kit.cents(3, 'debit'), await kit.cents(3, 'credit')]).toEqual([null, 100000]);
    await expect.poll(() => kit.totalCents('debit')).toBe(400000);
    await expect.poll(() => kit.totalCents('credit')).toBe(400000);
    await expect.poll(() => kit.debitTotalText()).toBe('4,000.00');
    await expect.poll(() => kit.uppercase()).toBe('肆仟元整');
    await expect(page.getByTestId('totals-uppercase')).toHaveText('合计：肆仟元整');

    // Undo and redo the `=`; the caret returns to the cell that changed.
    await kit.press('Control+z');
    await kit.expectFocus(3, 'credit');
    await expect.poll(() => kit.cents(3, 'credit')).toBeNull();
    await expect(page.getByTestId('totals-difference')).toHaveText('借贷差额 1,000.00');
    await expect(page.getByTestId('kit-balance')).toHaveText('借贷不平衡');
    await kit.press('Control+y');
    await expect.poll(() => kit.cents(3, 'credit')).toBe(100000);
    await expect(page.getByTestId('kit-balance')).toHaveText('借贷平衡');

    // `-` flips the sign of the amount under the caret (red), and back.
    await kit.press('-');
    await expect.poll(() => kit.cents(3, 'credit')).toBe(-100000);
    await expect.poll(() => kit.isNegative(3, 'credit')).toBe(true);
    await kit.press('-');
    await expect.poll(() => kit.cents(3, 'credit')).toBe(100000);
    await expect.poll(() => kit.isNegative(3, 'credit')).toBe(false);

    // Rows by keys: insert above line 2, delete it again; copy line 2 and undo the copy.
    await kit.press('ArrowUp');
    await kit.press('ArrowUp');
    await kit.expectFocus(1, 'credit');
    await kit.press('Alt+Insert');
    await expect.poll(() => kit.rowCount()).toBe(21);
    await kit.expectFocus(1, 'credit');
    await expect.poll(() => kit.text(1, 'summary')).toBe('');
    await expect.poll(() => kit.cents(2, 'debit')).toBe(35450);
    await kit.press('Control+Delete');
    await expect.poll(() => kit.rowCount()).toBe(20);
    await expect.poll(() => kit.cents(1, 'debit')).toBe(35450);
    await kit.press('Control+d');
    await kit.expectFocus(2, 'credit');
    await expect.poll(() => kit.cents(2, 'debit')).toBe(35450);
    await expect.poll(() => kit.totalCents('debit')).toBe(435450);
    await kit.press('Control+z');
    await expect.poll(() => kit.totalCents('debit')).toBe(400000);
    await expect.poll(() => kit.text(2, 'subjectId')).toBe('1002 银行存款');

    // Paste a 3-row block copied from Excel at line 5: the system clipboard and Ctrl+V.
    await kit.press('Control+End');
    await kit.press('Control+Home');
    await kit.expectFocus(0, 'credit');
    for (let i = 0; i < 4; i++) await kit.press('ArrowDown');
    await kit.press('Home');
    await kit.expectFocus(4, 'summary');
    await kit.pasteFromClipboard(PASTE_BLOCK);
    await expect.poll(() => kit.text(4, 'summary')).toBe('Travel');
    await expect.poll(() => kit.text(4, 'subjectId')).toBe('6601 销售费用');
    await expect.poll(() => kit.text(4, 'auxId')).toBe('销售部');
    await expect.poll(() => kit.cents(4, 'debit')).toBe(128000);
    await expect.poll(() => kit.cents(5, 'debit')).toBe(-8000);
    await expect.poll(() => kit.isNegative(5, 'debit')).toBe(true);
    await expect.poll(() => kit.text(6, 'summary')).toBe('Reimburse travel');
    await expect.poll(() => kit.cents(6, 'credit')).toBe(120000);
    await expect.poll(() => kit.debitTotalText()).toBe('5,200.00');
    await expect.poll(() => kit.creditTotalText()).toBe('5,200.00');
    await expect.poll(() => kit.uppercase()).toBe('伍仟贰佰元整');
    await expect.poll(() => kit.totalCents('debit')).toBe(520000);

    // A block with cells that cannot be read: the good cells go in, the bad ones are listed.
    await kit.press('ArrowDown');
    await kit.press('ArrowDown');
    await kit.press('ArrowDown');
    await kit.expectFocus(7, 'summary');
    await kit.pasteFromClipboard('Bad line\t9999\t\tabc\t\n');
    await expect.poll(() => kit.text(7, 'summary')).toBe('Bad line');
    await expect.poll(() => kit.text(7, 'subjectId')).toBe('');
    const report = page.locator('.mantine-Notification-root');
    await expect(report).toContainText('已粘贴 1 个单元格，2 个单元格无法读取');
    await expect(report).toContainText('第 8 行「会计科目」：没有找到匹配项（9999）');
    await expect(report).toContainText('第 8 行「借方金额」：无法识别为金额');
    await expect(report).toContainText('（abc）');
    await kit.press('Control+z');
    await expect.poll(() => kit.text(7, 'summary')).toBe('');

    // Switching the language relabels headers, digit units, subjects and totals in place.
    await kit.switchLanguage('English');
    await expect(page.locator('.ag-header-cell[col-id="debit"]')).toContainText('Debit');
    await expect(page.locator('.ag-header-cell[col-id="debit"] .ld-digit').first()).toHaveText('M');
    await expect.poll(() => kit.text(0, 'subjectId')).toBe('6602 Administrative expenses');
    await expect.poll(() => kit.text(0, 'auxId')).toBe('Administration');
    await expect(page.getByTestId('totals-uppercase')).toHaveText('Total: 伍仟贰佰元整');
    await expect.poll(() => kit.cents(4, 'debit')).toBe(128000);
  });

  test('adds rows past the end, clears cells, refuses bad amounts', async ({ page }) => {
    const kit = new GridKitPage(page);
    await kit.goto({ rows: 2 });
    await expect.poll(() => kit.rowCount()).toBe(2);
    await kit.press('ArrowDown');
    await kit.expectFocus(1, 'summary');
    await kit.enter('Last');
    await kit.enter('1001');
    // A third decimal is refused with its message, not truncated: the editor keeps the typing.
    await kit.type('12.345');
    await kit.press('Enter');
    await kit.expectFocus(1, 'debit', true);
    await expect(kit.editorError()).toHaveText('金额最多两位小数（到分）');
    await expect(kit.amountEditor()).toHaveValue('12.345');
    await kit.press('Backspace');
    await kit.press('Enter');
    await kit.expectFocus(2, 'summary');
    await expect.poll(() => kit.rowCount()).toBe(3);
    await expect.poll(() => kit.cents(1, 'debit')).toBe(1234);
    // Arithmetic that does not evaluate stays in the editor with a message.
    await kit.press('ArrowUp');
    await kit.press('End');
    await kit.expectFocus(1, 'credit');
    await kit.type('5/0');
    await kit.press('Enter');
    await expect(kit.cell(1, 'credit').locator('input[aria-invalid="true"]')).toHaveCount(1);
    await expect(page.getByText('除数不能为零')).toBeVisible();
    await kit.press('Escape');
    await kit.expectFocus(1, 'credit');
    await expect.poll(() => kit.cents(1, 'credit')).toBeNull();
    // Letters never start editing an amount; Delete clears a cell.
    await kit.press('ArrowLeft');
    await kit.type('x');
    await expect.poll(() => kit.focused()).toMatchObject({ rowIndex: 1, colId: 'debit', editing: false });
    await kit.press('Delete');
    await expect.poll(() => kit.cents(1, 'debit')).toBeNull();
    // On an empty amount cell '-' starts a negative amount; on a filled one it flips the sign.
    await kit.enter('-12.5');
    await expect.poll(() => kit.cents(1, 'debit')).toBe(-1250);
    await expect.poll(() => kit.isNegative(1, 'debit')).toBe(true);
    await kit.press('Shift+Enter');
    await kit.expectFocus(1, 'debit');
    await kit.press('-');
    await expect.poll(() => kit.cents(1, 'debit')).toBe(1250);
    // F2 edits the amount in place.
    await kit.press('F2');
    await kit.type('1');
    await kit.press('Enter');
    await expect.poll(() => kit.cents(1, 'debit')).toBe(1251);
  });

  test('row menu from Shift+F10 and a right click; Tab; lookup text that does not resolve opens the picker', async ({ page }) => {
    const kit = new GridKitPage(page);
    await kit.goto({ lang: 'en_US' });
    await kit.enter('First');
    await kit.press('Tab');
    await kit.expectFocus(0, 'debit'); // Tab passes over the auxiliary cell of a row without such a subject
    await kit.press('Shift+Tab');
    await kit.expectFocus(0, 'subjectId');

    // '6' matches several subjects: Enter opens the picker with it as the query.
    await kit.type('6');
    await kit.press('Enter');
    const query = page.getByTestId('list-picker-query');
    await expect(query).toBeFocused();
    await expect(query).toHaveValue('6');
    await expect(page.getByRole('option')).toHaveCount(3);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => kit.text(0, 'subjectId')).toBe('6601 Selling expenses');
    await kit.expectFocus(0, 'auxId');
    await page.keyboard.press('F7');
    await expect(query).toBeFocused();
    await page.keyboard.press('Escape');
    await kit.expectFocus(0, 'auxId');

    // Keyboard: Shift+F10 opens the row menu under the cell; arrows and Enter choose.
    await kit.press('Shift+F10');
    const menu = page.getByTestId('kit-grid-menu');
    await expect(menu).toBeVisible();
    await expect(menu.locator('[data-command="insertRowAbove"]')).toContainText('Alt+Insert');
    await expectFocusWithin(menu);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await expect.poll(() => kit.rowCount()).toBe(21);
    await kit.expectFocus(0, 'auxId');
    await expect.poll(() => kit.text(1, 'summary')).toBe('First');

    // Mouse: a right click opens the same menu at the pointer.
    await kit.cell(1, 'summary').click({ button: 'right' });
    await expect(menu).toBeVisible();
    await menu.locator('[data-command="deleteRow"]').click();
    await expect.poll(() => kit.rowCount()).toBe(20);
    await expect.poll(() => kit.text(0, 'summary')).toBe('');
    await kit.expectFocus(1, 'summary');
    await kit.cell(1, 'summary').click({ button: 'right' });
    await menu.locator('[data-command="undo"]').click();
    await expect.poll(() => kit.text(1, 'summary')).toBe('First');
    await expect.poll(() => kit.rowCount()).toBe(21);

    // The keyboard help lists the bindings.
    await page.getByTestId('grid-key-help').click();
    await expect(page.getByTestId('grid-key-help-panel')).toContainText('Ctrl+Delete');
  });

  test('a locked document takes no edits', async ({ page }) => {
    const kit = new GridKitPage(page);
    await kit.allowClipboard();
    await kit.goto({ locked: true });
    await expect(kit.grid).toHaveAttribute('data-readonly', 'true');
    await kit.type('Nope');
    await kit.press('Enter');
    await expect.poll(() => kit.text(0, 'summary')).toBe('');
    await kit.expectFocus(0, 'subjectId');
    await kit.press('Alt+Insert');
    await kit.press('Control+Delete');
    await expect.poll(() => kit.rowCount()).toBe(20);
    await kit.pasteFromClipboard('a\tb');
    await expect.poll(() => kit.text(0, 'subjectId')).toBe('');
    await page.getByTestId('kit-locked').click();
    await kit.cell(0, 'summary').click();
    await kit.enter('Now');
    await expect.poll(() => kit.text(0, 'summary')).toBe('Now');
  });

  test('a locked sheet says why it refuses an edit', async ({ page }, testInfo) => {
    const kit = new GridKitPage(page);
    await kit.allowClipboard();
    await kit.goto({ locked: true });
    // Typing on a cell: the message names the lock reason the screen passed (an audited voucher).
    await kit.type('N');
    const refusal = kit.notice().filter({ hasText: '单据已锁定，不能修改：凭证已审核' });
    await expect(refusal).toBeVisible();
    await expect.poll(() => kit.text(0, 'summary')).toBe('');
    await kit.expectFocus(0, 'summary', false);
    await page.screenshot({ path: testInfo.outputPath('grid-kit-locked-refusal.png'), fullPage: true });
    // Delete, a row key, an input method's key and a paste say the same — once, not piled up.
    for (const key of ['Delete', 'F2', 'Control+Delete', 'Alt+Insert']) await kit.press(key);
    await kit.typeWithIme('。');
    await kit.pasteFromClipboard('x');
    await expect(refusal).toHaveCount(1);
    await expect.poll(() => kit.rowCount()).toBe(20);
    // Moving the caret is no edit: nothing to refuse.
    await kit.press('ArrowDown');
    await kit.expectFocus(1, 'summary');
    // In English, with the same reason.
    await kit.goto({ locked: true, lang: 'en_US' });
    await kit.press('Delete');
    await expect(kit.notice().filter({ hasText: 'The document is locked and cannot be changed: the voucher has been audited' })).toBeVisible();
  });

  test('a Chinese input method: 。。 and 、、 copy like .. and //', async ({ page }) => {
    const kit = new GridKitPage(page);
    await kit.goto();
    await kit.enter('Rent');
    await kit.enter('6602');
    await kit.enter('D03');
    await kit.enter('100');
    await kit.expectFocus(1, 'summary');
    // Pinyin mode types `。` for `.` and `、` for `/`: the first key opens the editor, the second copies.
    await kit.typeWithIme('。。');
    await expect.poll(() => kit.text(1, 'summary')).toBe('Rent');
    await kit.expectFocus(1, 'summary', false);
    await kit.press('Enter');
    await kit.typeWithIme('、、');
    await expect.poll(() => kit.text(1, 'subjectId')).toBe('6602 管理费用');
    await kit.press('Enter');
    await kit.expectFocus(1, 'auxId');
    // Full-width mode types `．` and `／`.
    await kit.typeWithIme('．．');
    await expect.poll(() => kit.text(1, 'auxId')).toBe('行政部');
    await kit.press('Enter');
    await kit.expectFocus(1, 'debit');
    // An amount typed in full-width digits with the IME's `。` reads as 123.45.
    await kit.typeWithIme('１２３。４５');
    await expect(kit.amountEditor()).toHaveValue('123.45');
    await kit.press('Enter');
    await expect.poll(() => kit.cents(1, 'debit')).toBe(12345);
  });

  test('amounts: a third decimal and an amount over the digit columns are refused with their messages', async ({ page }, testInfo) => {
    const kit = new GridKitPage(page);
    await kit.goto({ rows: 3 });
    await kit.enter('Rent');
    await kit.enter('1001');
    await kit.expectFocus(0, 'debit');
    await kit.type('100.125');
    await kit.press('Enter');
    await kit.expectFocus(0, 'debit', true);
    await expect(kit.editorError()).toHaveText('金额最多两位小数（到分）');
    await expect(kit.amountEditor()).toHaveValue('100.125');
    await page.screenshot({ path: testInfo.outputPath('grid-kit-third-decimal.png'), fullPage: true });
    // Tab refuses it too; a click elsewhere reports it and the cell keeps its value.
    await kit.press('Tab');
    await kit.expectFocus(0, 'debit', true);
    await page.getByRole('heading', { name: '录入表格组件' }).click();
    await expect(kit.notice().filter({ hasText: '第 1 行「借方金额」的输入未保存：金额最多两位小数（到分）（100.125）' })).toBeVisible();
    await expect.poll(() => kit.cents(0, 'debit')).toBeNull();
    // The voucher line limit is what the 11 digit columns (亿 … 分) draw: 999,999,999.99.
    await kit.cell(0, 'debit').click();
    await kit.type('999999999.99');
    await kit.press('Enter');
    await expect.poll(() => kit.digits(0, 'debit')).toBe('99999999999');
    await kit.press('ArrowUp');
    await kit.press('End');
    await kit.press('Shift+Tab');
    await kit.expectFocus(0, 'debit');
    await kit.type('1000000000');
    await kit.press('Enter');
    await expect(kit.editorError()).toHaveText('金额不能超过 999,999,999.99');
    // A 12th integer digit is kept out by the key filter, which says why.
    await kit.type('12');
    await expect(kit.amountEditor()).toHaveValue('10000000001');
    await expect(kit.editorError()).toHaveText('金额不能超过 999,999,999.99');
    await kit.press('Escape');
    await expect.poll(() => kit.cents(0, 'debit')).toBe(99_999_999_999);
  });

  test('pasted amounts as Excel and Chinese banks export them', async ({ page }) => {
    const kit = new GridKitPage(page);
    await kit.allowClipboard();
    await kit.goto();
    await kit.press('End');
    await kit.press('ArrowLeft');
    await kit.expectFocus(0, 'debit');
    await kit.pasteFromClipboard(['¥1,000.00', '￥1,000.00', '1,000.00', '(1,000.00)', '（1,000.00）', '-1,000.00', '１２３．４５', '88元', 'N/A'].join('\r\n') + '\r\n');
    await expect.poll(() => kit.cents(0, 'debit')).toBe(100000);
    await expect.poll(() => kit.cents(1, 'debit')).toBe(100000);
    await expect.poll(() => kit.cents(2, 'debit')).toBe(100000);
    await expect.poll(() => kit.cents(3, 'debit')).toBe(-100000);
    await expect.poll(() => kit.cents(4, 'debit')).toBe(-100000);
    await expect.poll(() => kit.cents(5, 'debit')).toBe(-100000);
    await expect.poll(() => kit.cents(6, 'debit')).toBe(12345);
    await expect.poll(() => kit.cents(7, 'debit')).toBe(8800);
    await expect.poll(() => kit.cents(8, 'debit')).toBeNull();
    const report = kit.notice();
    await expect(report).toContainText('已粘贴 8 个单元格，1 个单元格无法读取');
    await expect(report).toContainText('第 9 行「借方金额」：无法识别为金额');
  });

  test('F7 opens the picker while a cell is being edited, with the typed text', async ({ page }) => {
    const kit = new GridKitPage(page);
    await kit.goto({ lang: 'en_US' });
    // Whether the page kept F7 from the browser (Chromium's caret-browsing prompt).
    await page.evaluate(() => window.addEventListener('keydown', (e) => e.key === 'F7' && ((window as unknown as { f7: boolean[] }).f7 ??= []).push(e.defaultPrevented)));
    await kit.enter('Fees');
    await kit.type('66');
    await kit.expectFocus(0, 'subjectId', true);
    await kit.press('F7');
    const query = page.getByTestId('list-picker-query');
    await expect(query).toBeFocused();
    await expect(query).toHaveValue('66');
    await expect(page.getByRole('option')).toHaveCount(2);
    await page.keyboard.press('Enter');
    await expect.poll(() => kit.text(0, 'subjectId')).toBe('6601 Selling expenses');
    await kit.expectFocus(0, 'auxId');
    // F7 in a text cell while editing: nothing to pick, but the browser does not get it either; the typing stays.
    await kit.press('ArrowLeft');
    await kit.press('ArrowLeft');
    await kit.type('x');
    await kit.press('F7');
    await kit.expectFocus(0, 'summary', true);
    await expect(page.locator('[data-testid="text-editor"]')).toHaveValue('x');
    await kit.press('Escape');
    expect(await page.evaluate(() => (window as unknown as { f7: boolean[] }).f7)).toEqual([true, true]);
  });

  test('keys typed at once after a pick or Escape in the F7 picker all land where the caret goes, in order', async ({ page }) => {
    const kit = new GridKitPage(page);
    await kit.goto({ lang: 'en_US' });
    const query = page.getByTestId('list-picker-query');
    // A pick with Enter and the amount typed at once, without waiting for the caret: every digit, then Enter.
    await kit.enter('Pay by bank');
    await kit.press('F7');
    await expect(query).toBeFocused();
    await page.keyboard.type('1002');
    await page.keyboard.press('Enter');
    await page.keyboard.type('3000');
    await page.keyboard.press('Enter');
    await expect(query).toHaveCount(0);
    await expect.poll(() => kit.text(0, 'subjectId')).toBe('1002 Bank deposits');
    await expect.poll(() => kit.cents(0, 'debit')).toBe(300000);
    await kit.expectFocus(1, 'summary');
    // Escape: back on the same cell, and the code typed at once goes into it.
    await kit.enter('Office');
    await kit.press('F7');
    await expect(query).toBeFocused();
    await page.keyboard.press('Escape');
    await page.keyboard.type('6602');
    await page.keyboard.press('Enter');
    await expect.poll(() => kit.text(1, 'subjectId')).toBe('6602 Administrative expenses');
    await kit.expectFocus(1, 'auxId');
    // The auxiliary picker the same way; the amount's decimals too.
    await kit.press('F7');
    await expect(query).toBeFocused();
    await page.keyboard.type('D03');
    await page.keyboard.press('Enter');
    await page.keyboard.type('125.5');
    await page.keyboard.press('Enter');
    await expect.poll(() => kit.text(1, 'auxId')).toBe('Administration');
    await expect.poll(() => kit.cents(1, 'debit')).toBe(12550);
    await kit.expectFocus(2, 'summary');
    await expect(query).toHaveCount(0);
  });

  test('.. and // copy only what fits the row; = never gives a negative amount; space on an empty amount moves across', async ({ page }) => {
    const kit = new GridKitPage(page);
    await kit.goto();
    // Line 1: an admin expense for the administration department, a debit of 100.
    await kit.enter('Rent');
    await kit.enter('6602');
    await kit.enter('D03');
    await kit.enter('100');
    // Line 2: a receivable takes a customer: `//` would bring a department — refused, with a message.
    await kit.enter('Invoice');
    await kit.enter('1122');
    await kit.expectFocus(1, 'auxId');
    await kit.type('//');
    await expect(kit.editorError()).toHaveText('第 1 行的「行政部」不适用于本行的科目，未复制');
    await kit.expectFocus(1, 'auxId', true);
    await kit.enter('C01');
    await expect.poll(() => kit.text(1, 'auxId')).toBe('华东贸易有限公司');
    await kit.expectFocus(1, 'debit');
    // Space on the empty debit moves the caret to the credit.
    await kit.press(' ');
    await kit.expectFocus(1, 'credit');
    await kit.press('Shift+Tab');
    await kit.expectFocus(1, 'debit');
    // `=` on the debit would be -100: the credit gets 100 instead, and the caret goes there.
    await kit.press('=');
    await kit.expectFocus(1, 'credit');
    await expect.poll(async () => [await kit.cents(1, 'debit'), await kit.cents(1, 'credit')]).toEqual([null, 10000]);
    await expect(page.getByTestId('kit-balance')).toHaveText('借贷平衡');
    // Line 3: `..` copies the summary; under a subject that also takes a department, `//` brings line 1's.
    await kit.press('Enter');
    await kit.enter('..');
    await kit.enter('6601');
    await kit.type('//');
    await kit.press('Enter');
    await expect.poll(() => kit.text(2, 'auxId')).toBe('行政部');
  });

  test('Tab and a click elsewhere never lose typing silently', async ({ page }) => {
    const kit = new GridKitPage(page);
    await kit.goto({ rows: 3 });
    await kit.enter('Rent');
    await kit.enter('1001');
    await kit.expectFocus(0, 'debit');
    // Tab with an amount that does not read: the editor stays open with the message.
    await kit.type('5/0');
    await kit.press('Tab');
    await kit.expectFocus(0, 'debit', true);
    await expect(kit.editorError()).toHaveText('除数不能为零');
    // Amounts in a sum keep two decimals.
    await kit.press('Control+A');
    await kit.type('1+100.125');
    await kit.press('Enter');
    await expect(kit.editorError()).toHaveText('算式中作为金额相加减的数字最多两位小数；只有乘除运算中的数字可以有更多小数');
    await kit.press('Control+A');
    await kit.type('2*1.125');
    await kit.press('Tab');
    await kit.expectFocus(0, 'credit');
    await expect.poll(() => kit.cents(0, 'debit')).toBe(225);
    // A click elsewhere with an amount that does not read: the cell keeps its value and the clerk is told.
    await kit.press('Shift+Tab');
    await kit.type('9/0');
    await page.getByRole('heading', { name: '录入表格组件' }).click();
    await expect(kit.notice().filter({ hasText: '第 1 行「借方金额」的输入未保存：除数不能为零（9/0）' })).toBeVisible();
    await expect.poll(() => kit.cents(0, 'debit')).toBe(225);
    // Tab with a subject code that does not resolve opens the picker with it; a click elsewhere reports it.
    await kit.cell(1, 'subjectId').click();
    await kit.type('6');
    await kit.press('Tab');
    const query = page.getByTestId('list-picker-query');
    await expect(query).toHaveValue('6');
    await page.keyboard.press('Escape');
    await kit.expectFocus(1, 'subjectId');
    await kit.type('9999');
    await kit.cell(2, 'summary').click();
    await expect(kit.notice().filter({ hasText: '第 2 行「会计科目」的输入未保存：没有找到匹配项（9999）' })).toBeVisible();
    await expect.poll(() => kit.text(1, 'subjectId')).toBe('');
    // Text that reads is committed by a click elsewhere.
    await kit.cell(1, 'subjectId').click();
    await kit.type('1002');
    await kit.cell(2, 'summary').click();
    await expect.poll(() => kit.text(1, 'subjectId')).toBe('1002 银行存款');
  });

  test('Ctrl+C copies the block selected with Shift+arrows as Excel rows; Ctrl+V puts it back', async ({ page }) => {
    const kit = new GridKitPage(page);
    await kit.allowClipboard();
    await kit.goto();
    await enterFourLines(kit);
    // One cell: its value as typed.
    await kit.press('Control+Home');
    await kit.expectFocus(0, 'summary');
    expect(await kit.copyToClipboard()).toBe('Office rent');
    // Lines 1–2, every column: Shift+End then Shift+↓.
    await kit.press('Shift+End');
    await kit.press('Shift+ArrowDown');
    await expect(kit.grid.locator('.ld-cell-selected')).toHaveCount(10);
    const tsv = await kit.copyToClipboard();
    expect(tsv).toBe('Office rent\t6602 管理费用\t行政部\t3645.5\t\r\nOffice rent\t6602 管理费用\t行政部\t354.5\t\r\n');
    // The block pastes back as the same lines, at line 6.
    await kit.press('Escape');
    await expect(kit.grid.locator('.ld-cell-selected')).toHaveCount(0);
    for (let i = 0; i < 5; i++) await kit.press('ArrowDown');
    await kit.expectFocus(5, 'summary');
    await kit.press('Control+V');
    await expect.poll(() => kit.text(5, 'subjectId')).toBe('6602 管理费用');
    await expect.poll(() => kit.text(6, 'auxId')).toBe('行政部');
    await expect.poll(() => kit.cents(6, 'debit')).toBe(35450);
    await expect.poll(() => kit.totalCents('debit')).toBe(800000);
  });

  test('arrow-down on the last auxiliary row adds a row', async ({ page }) => {
    const kit = new GridKitPage(page);
    await kit.goto({ sheet: 'aux', lang: 'en_US' });
    await expect(page.getByTestId('kit-aux-hint')).toHaveText('Press ↓ on the last row to add a row');
    await expect.poll(() => kit.rowCount()).toBe(6);
    await expect.poll(() => kit.text(0, 'auxId')).toBe('Finance');
    await expect.poll(() => kit.cents(0, 'amount')).toBe(120000);
    for (let i = 0; i < 5; i++) await kit.press('ArrowDown');
    await kit.expectFocus(5, 'auxId');
    await kit.press('ArrowDown');
    await expect.poll(() => kit.rowCount()).toBe(7);
    await kit.expectFocus(6, 'auxId');
    await kit.enter('D02');
    await kit.expectFocus(6, 'amount');
    await kit.enter('50');
    await expect.poll(() => kit.cents(6, 'amount')).toBe(5000);
    // The voucher sheet keeps its rows: arrow-down on its last row goes nowhere.
    await kit.goto({ rows: 2 });
    await kit.press('ArrowDown');
    await kit.press('ArrowDown');
    await kit.expectFocus(1, 'summary');
    await expect.poll(() => kit.rowCount()).toBe(2);
  });

  test('a locked document shows no edit, not even for a frame', async ({ page }) => {
    const kit = new GridKitPage(page);
    await kit.allowClipboard();
    await kit.goto();
    await kit.enter('Rent');
    await kit.enter('1001');
    await kit.enter('100');
    await page.getByTestId('kit-locked').click();
    await expect(kit.grid).toHaveAttribute('data-readonly', 'true');
    await kit.cell(0, 'debit').click();
    // Record every change to the cells' content from now on.
    await page.evaluate(() => {
      const w = window as unknown as { cellChanges: number };
      w.cellChanges = 0;
      const inCell = (node: Node) => (node instanceof Element ? node : node.parentElement)?.closest('.ag-cell') != null;
      new MutationObserver((records) => (w.cellChanges += records.filter((r) => inCell(r.target)).length)).observe(document.querySelector('[data-testid="kit-grid"]')!, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    for (const key of ['Delete', '=', ' ', '-', 'Control+d', 'Alt+Insert', 'Control+Delete', 'Control+z', '5', 'Enter']) await kit.press(key);
    await kit.pasteFromClipboard('x\t1002\t\t1\t');
    await page.getByTestId('kit-row-toolbar').locator('[data-command="deleteRow"]').click({ force: true });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(resolve)))));
    expect(await page.evaluate(() => (window as unknown as { cellChanges: number }).cellChanges)).toBe(0);
    await expect.poll(() => kit.cents(0, 'debit')).toBe(10000);
  });

  test('a character typed into an open editor changes nothing in the page but its text', async ({ page }) => {
    // React restores every input it drew on each `input` event (it set and removed the input's
    // name: two changes and a restyle per key); the editors keep their typing to themselves.
    const kit = new GridKitPage(page);
    await kit.goto();
    await kit.type('R');
    await kit.expectFocus(0, 'summary', true);
    const record = () =>
      page.evaluate(() => {
        const w = window as unknown as { changes: string[]; recorder?: MutationObserver };
        w.recorder?.disconnect();
        w.changes = [];
        const name = (n: Node) => (n instanceof Element ? `${n.tagName.toLowerCase()}.${[...n.classList].join('.')}` : n.nodeName);
        // AG Grid's screen-reader description of the cell the caret moved to comes in a timer after the move that opened the editor.
        const announced = (r: MutationRecord) => (r.target instanceof Element ? r.target : r.target.parentElement)?.closest('.ag-aria-description-container') != null;
        w.recorder = new MutationObserver((records) => w.changes.push(...records.filter((r) => !announced(r)).map((r) => `${r.type} ${name(r.target)} ${r.attributeName ?? ''} ${[...r.addedNodes, ...r.removedNodes].map(name).join(' ')}`.trim())));
        w.recorder.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
      });
    const changes = () => page.evaluate(() => (window as unknown as { changes: string[] }).changes);
    await record();
    await kit.type('ent of May');
    await expect(page.getByRole('textbox').and(page.locator('.ld-editor'))).toHaveValue('Rent of May');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await changes()).toEqual([]);
    await kit.enter('');
    await kit.enter('1001');
    // The amount editor too (the key filter rewrites the text in place, never the page).
    await kit.type('1');
    await expect(kit.amountEditor()).toHaveValue('1');
    await record();
    await kit.type('234.5');
    await expect(kit.amountEditor()).toHaveValue('1234.5');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await changes()).toEqual([]);
    await kit.press('Enter');
    await expect.poll(() => kit.cents(0, 'debit')).toBe(123450);
    await expect.poll(() => kit.text(0, 'summary')).toBe('Rent of May');
  });

  test('row operation keys in tooltips: toolbar buttons and row menu items', async ({ page }) => {
    const kit = new GridKitPage(page);
    await kit.goto({ lang: 'en_US' });
    const toolbar = page.getByTestId('kit-row-toolbar');
    await expect(await kit.tooltipOf(toolbar.locator('[data-command="insertRowAbove"]'))).toHaveText('Insert row above (Alt+Insert / Ctrl+I)');
    await expect(await kit.tooltipOf(toolbar.locator('[data-command="deleteRow"]'))).toHaveText('Delete row (Ctrl+Delete / Alt+Delete)');
    // The button runs the command on the caret's cell, and the caret stays in the grid.
    await kit.cell(0, 'summary').click();
    await toolbar.locator('[data-command="appendRow"]').click();
    await expect.poll(() => kit.rowCount()).toBe(21);
    await expect.poll(() => kit.focused()).not.toBeNull();
    await kit.cell(0, 'summary').click({ button: 'right' });
    const menu = page.getByTestId('kit-grid-menu');
    await expect(await kit.tooltipOf(menu.locator('[data-command="copyRow"]'))).toHaveText('Copy the row below it (Ctrl+D)');
    await expect(menu.locator('[data-command="insertRowAbove"]')).toHaveAttribute('aria-keyshortcuts', 'Alt+Insert Ctrl+I');
  });

  test('screenshots at 100% and 200% zoom in both languages', async ({ browser }, testInfo) => {
    for (const zoom of [100, 200] as const) {
      for (const lang of ['zh_CN', 'en_US'] as const) {
        await screenshot(browser, testInfo, zoom, lang);
      }
    }
  });
});

/**
 * A browser zoomed to 200% on a 1440×900 screen lays the page out in 720×450 CSS pixels drawn
 * with two device pixels each: that is the context at 200%; 100% is 1440×900 at one.
 */
async function screenshot(browser: Browser, testInfo: TestInfo, zoom: 100 | 200, lang: 'zh_CN' | 'en_US') {
  const scale = zoom / 100;
  const context = await browser.newContext({ deviceScaleFactor: scale, viewport: { width: 1440 / scale, height: 900 / scale }, locale: lang === 'zh_CN' ? 'zh-CN' : 'en-US' });
  await shiftPageClock(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  const kit = new GridKitPage(page);
  await kit.goto({ lang });
  await enterFourLines(kit);
  await kit.pasteFromClipboard(PASTE_BLOCK);
  for (let i = 0; i < 3; i++) await kit.press('ArrowDown');
  await kit.enter('Refund');
  await kit.enter('1001');
  await kit.enter('-12.5');
  await kit.expectFocus(8, 'summary');
  // Crisp rules: every digit column starts and ends on a whole device pixel, in the header's unit
  // labels (one box each) and in the cells (one box each, ruled every --ld-digit-width from its left edge).
  const offGrid = await page.locator('[data-testid="kit-grid"]').evaluate((grid) => {
    const edges: number[] = [];
    for (const label of grid.querySelectorAll('.ld-digit')) {
      const r = label.getBoundingClientRect();
      edges.push(r.left, r.right);
    }
    for (const cell of grid.querySelectorAll('.ld-digits')) {
      const r = cell.getBoundingClientRect();
      const width = parseFloat(getComputedStyle(cell).getPropertyValue('--ld-digit-width'));
      for (let i = 0; i <= 11; i++) edges.push(r.left + i * width);
      edges.push(r.right);
    }
    return edges.map((x) => x * devicePixelRatio).filter((x) => Math.abs(x - Math.round(x)) > 0.01);
  });
  expect(await page.locator('[data-testid="kit-grid"] .ag-row:not(.ag-row-pinned) .ld-digits').count()).toBeGreaterThan(0);
  // Every digit is drawn in its own column: the k-th character of a cell led by n blank columns
  // takes column n + k, its glyph centred in it (the spacing that fills the column follows it).
  const misplaced = await page.locator('[data-testid="kit-grid"]').evaluate((grid) => {
    const wrong: string[] = [];
    let digits = 0;
    for (const cell of grid.querySelectorAll('.ld-digits')) {
      const text = cell.firstChild;
      if (!(text instanceof Text) || text.data === '') continue;
      const box = cell.getBoundingClientRect();
      const width = parseFloat(getComputedStyle(cell).getPropertyValue('--ld-digit-width'));
      const lead = Number(getComputedStyle(cell).getPropertyValue('--ld-lead'));
      for (let k = 0; k < text.data.length; k++) {
        const range = document.createRange();
        range.setStart(text, k);
        range.setEnd(text, k + 1);
        const glyph = range.getBoundingClientRect();
        const column = box.left + (lead + k) * width;
        const inset = glyph.left - column;
        digits++;
        if (inset < 0 || inset > width / 2 || Math.abs(glyph.width - width) > 0.5) wrong.push(`${text.data}[${k}]: ${inset.toFixed(2)} / ${glyph.width.toFixed(2)}`);
      }
    }
    return { wrong, digits };
  });
  expect(misplaced.digits).toBeGreaterThan(10);
  expect(misplaced.wrong, `digits outside their columns at ${zoom}%`).toEqual([]);
  expect(offGrid, `digit rules off the device-pixel grid at ${zoom}%`).toEqual([]);
  const path = testInfo.outputPath(`grid-kit-${lang}-${zoom}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(`grid kit ${lang} ${zoom}%`, { path, contentType: 'image/png' });
  await context.close();
}
