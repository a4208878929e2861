/**
 * 科目余额表 (/voucher/business/balanceBySubject) as the administrator: opened from the menu, the
 * demo year's whole range, the totals row balancing, parents bold and summing their children,
 * level 1 only, bookkept vouchers only, a subject code range; the grid is walked with the arrow
 * keys. Screenshots in Chinese and English. Eight-digit codes show whole; 导出 downloads the table.
 */
import { expect, test, type Page } from './page-models/test';
import { loginAs } from './page-models/login';
import { ShellModel } from './page-models/shell';
import { restoreDemoState } from './page-models/demo-state';
import { apiLogin } from './page-models/voucher-list';
import { VoucherEditorModel } from './page-models/voucher-editor';
import { expectEveryColumnInView } from './page-models/grid-fit';

test.describe.configure({ mode: 'serial' });

// A second-level subject with a voucher on it, so the table shows a parent (2221) over its child.
const made: { yearId: number; subjectId: number; voucherId: number } = { yearId: 0, subjectId: 0, voucherId: 0 };

test.beforeAll(async ({ request }) => {
  const admin = await apiLogin(request, 'admin', 'admin123');
  const years = await admin.get('/api/account/year', { accountId: 1 });
  made.yearId = (years.content as Array<{ id: number; year: number }>).find((y) => y.year === 2026)!.id;
  const subjects = (await admin.get('/api/subject', { filter: { accountYearId: made.yearId }, limit: 1000 })).content as Array<{ id: number; code: string }>;
  made.subjectId = (await admin.post('/api/subject', { accountYearId: made.yearId, code: '222101', name: '应交增值税', nameEn: 'VAT payable' })).id;
  const kinds = (await admin.get('/api/voucher/kind', { accountId: 1 })).content as Array<{ id: number; isDefault: boolean }>;
  made.voucherId = (await admin.post('/api/voucher', {
    accountId: 1, kindId: (kinds.find((k) => k.isDefault) ?? kinds[0]).id, markTime: '2026-06-30',
    items: [
      { summary: 'E2E科目余额表', subjectId: subjects.find((x) => x.code === '1002')!.id, direction: true, amount: '123456' },
      { summary: 'E2E科目余额表', subjectId: made.subjectId, direction: false, amount: '123456' },
    ],
  })).id;
});

test.afterAll(async ({ request }) => {
  const admin = await apiLogin(request, 'admin', 'admin123');
  if (made.voucherId) await admin.del(`/api/voucher/${made.voucherId}`);
  if (made.subjectId) await admin.del(`/api/subject?filter=${encodeURIComponent(JSON.stringify({ accountYearId: made.yearId, id: [made.subjectId] }))}`);
  await restoreDemoState(request);
});

const money = (s: string | null) => Math.round(Number((s ?? '').replace(/,/g, '') || '0') * 100);


/** The admin's 2026 subject balance table for the whole year (January to December), opened from the menu. */
async function openYearBalance(page: Page) {
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  await shell.selectYear('2026');
  await shell.openMenu('voucher', 'voucher.business', 'voucher.business.balanceBySubject');
  await shell.choose(page.getByTestId('sb-start'), '2026-01');
  await shell.choose(page.getByTestId('sb-end'), '2026-12');
  return shell;
}

test('the subject balance of the demo year: totals balance, parents sum their children, filters narrow it', async ({ page }, testInfo) => {
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  await shell.selectYear('2026');
  await shell.openMenu('voucher', 'voucher.business', 'voucher.business.balanceBySubject');
  await expect(page).toHaveURL(/\/voucher\/business\/balanceBySubject$/);
  const root = page.getByTestId('subject-balance');
  await expect(root).toBeVisible();
  await shell.choose(page.getByTestId('sb-start'), '2026-01');
  await shell.choose(page.getByTestId('sb-end'), '2026-12');
  const grid = page.getByTestId('sb-grid');
  const codes = async () => grid.locator('.ag-row:not(.ag-row-pinned) [col-id="code"]').allInnerTexts();
  await expect.poll(async () => (await codes()).length).toBeGreaterThan(3);
  await expect(page.getByTestId('sb-balanced')).toHaveAttribute('data-balanced', 'true');
  // The parent 2221 sums its child 222101 and is bold; the child is indented under it.
  const cell = (code: string, col: string) => grid.locator(`.ag-row:not(.ag-row-pinned)[row-id="${code}"] [col-id="${col}"]`);
  const idOf = async (code: string) => grid.locator('.ag-row:not(.ag-row-pinned)').filter({ has: page.locator('[col-id="code"]', { hasText: new RegExp(`^${code}$`) }) }).first().getAttribute('row-id');
  const parentId = await idOf('2221');
  const childId = await idOf('222101');
  expect(parentId).toBeTruthy();
  expect(childId).toBe(String(made.subjectId));
  await expect(cell(parentId!, 'credit')).toHaveText('1,234.56');
  await expect(cell(childId!, 'credit')).toHaveText('1,234.56');
  await expect(cell(parentId!, 'closingSide')).toHaveText('贷');
  await expect(cell(parentId!, 'name')).toHaveCSS('font-weight', '700');
  await expect(cell(childId!, 'name')).not.toHaveCSS('font-weight', '700');
  await expect(grid.locator('.ag-row-pinned [col-id="code"]')).toHaveCSS('font-weight', '700');
  await expect(cell(childId!, 'name')).toHaveText(/^\u3000应交增值税$/);
  const total = (col: string) => grid.locator(`.ag-row-pinned [col-id="${col}"]`);
  await expect(grid.locator('.ag-row-pinned [col-id="code"]')).toHaveText('合计');
  expect(money(await total('debit').innerText())).toBeGreaterThan(0);
  expect(money(await total('debit').innerText())).toBe(money(await total('credit').innerText()));
  expect(money(await total('closingDebit').innerText())).toBe(money(await total('closingCredit').innerText()));
  // Every column in view at 1440 px beside the menu, no amount cut (the closing credit was past the edge).
  await expectEveryColumnInView(grid);
  await page.screenshot({ path: testInfo.outputPath('subject-balance-zh.png'), fullPage: true });

  // Level 1 only: every code has four digits.
  await shell.choose(page.getByTestId('sb-level'), '1 级');
  await expect.poll(async () => (await codes()).every((c) => /^\d{4}$/.test(c))).toBe(true);
  await expect(page.getByTestId('sb-balanced')).toHaveAttribute('data-balanced', 'true');
  // Bookkept vouchers only: the period debit total does not grow.
  const allDebit = money(await total('debit').innerText());
  await page.getByTestId('sb-unbooked').click();
  await expect.poll(async () => money(await total('debit').innerText())).toBeLessThan(allDebit);
  await page.getByTestId('sb-unbooked').click();
  await expect.poll(async () => money(await total('debit').innerText())).toBe(allDebit);
  // A code range: 1001 to 1002 (cash and bank).
  await page.getByTestId('sb-code-from').fill('1001');
  await page.getByTestId('sb-code-to').fill('1002');
  await expect.poll(codes).toEqual(['1001', '1002']);
  // A part of the chart is no trial balance: the check is not shown.
  await expect(page.getByTestId('sb-balanced')).toHaveCount(0);

  // The grid by the keyboard: focus the first cell, ↓ moves to the next subject.
  await grid.locator('.ag-row:not(.ag-row-pinned)[row-index="0"] [col-id="code"]').click();
  await page.keyboard.press('ArrowDown');
  await expect(grid.locator('.ag-row:not(.ag-row-pinned)[row-index="1"] [col-id="code"]')).toBeFocused();

  // Back to the whole chart at every level, then the same table in English.
  await page.getByTestId('sb-code-from').fill('');
  await page.getByTestId('sb-code-to').fill('');
  await shell.choose(page.getByTestId('sb-level'), '全部级次');
  await expect.poll(codes).toContain('222101');
  await shell.switchLanguage('en_US');
  await expect(cell(childId!, 'name')).toHaveText(/^\u3000VAT payable$/);
  await expect(grid.locator('.ag-row-pinned [col-id="code"]')).toHaveText('Total');
  await expect(page.getByText('Balance by subject').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('subject-balance-en.png'), fullPage: true });
  await shell.switchLanguage('zh_CN');
});

test('a kept subject balance tab shows a voucher saved in another tab without being asked again', async ({ page, request }) => {
  test.setTimeout(90_000);
  const shell = await openYearBalance(page);
  const grid = page.getByTestId('sb-grid');
  const credit = grid.locator(`.ag-row:not(.ag-row-pinned)[row-id="${made.subjectId}"] [col-id="credit"]`);
  await expect(credit).toHaveText('1,234.56', { timeout: 20_000 });
  // Another tab: a voucher typed and saved with the keys.
  await shell.openMenu('voucher', 'voucher.daily', 'voucher.daily.list');
  await page.getByTestId('voucher-list-new').click();
  const editor = new VoucherEditorModel(page);
  await editor.ready();
  await editor.enter('E2E刷新');
  await editor.enter('1002');
  await editor.enter('100');
  await editor.enter('..');
  await editor.enter('222101');
  await editor.press('=');
  await editor.press('Control+s');
  await page.waitForURL(/\/newVoucher\/\d+$/, { timeout: 20_000 });
  const savedId = Number(new URL(page.url()).pathname.split('/').pop());
  try {
    await expect(editor.root).toHaveAttribute('data-voucher-id', String(savedId));
    // Back on the kept balance tab: the figure moved on with the books (it showed 1,234.56 until asked again).
    await shell.tab('/voucher/business/balanceBySubject').click();
    await expect(credit).toHaveText('1,334.56', { timeout: 10_000 });
  } finally {
    const admin = await apiLogin(request, 'admin', 'admin123');
    await admin.del(`/api/voucher/${savedId}`);
  }
});

test('the code column shows eight-digit codes whole at 1440 px; 导出 writes the table as shown to .xlsx', async ({ page, request }) => {
  const admin = await apiLogin(request, 'admin', 'admin123');
  // A third level under 1012 (其他货币资金): 101201 over 10120101 and 10120102, which differ in their last digit only.
  const made3: number[] = [];
  try {
    made3.push((await admin.post('/api/subject', { accountYearId: made.yearId, code: '101201', name: '外埠存款' })).id);
    made3.push((await admin.post('/api/subject', { accountYearId: made.yearId, code: '10120101', name: '上海' })).id);
    made3.push((await admin.post('/api/subject', { accountYearId: made.yearId, code: '10120102', name: '北京' })).id);
    await openYearBalance(page);
    await page.getByTestId('sb-code-from').fill('1012');
    await page.getByTestId('sb-code-to').fill('1012');
    await page.getByTestId('sb-zero').check();
    const grid = page.getByTestId('sb-grid');
    const codeCells = grid.locator('.ag-row:not(.ag-row-pinned) [col-id="code"]');
    await expect.poll(() => codeCells.allInnerTexts()).toEqual(['1012', '101201', '10120101', '10120102']);
    // No code ends in an ellipsis ("101201…" for both): every code's text fits inside its cell's padding.
    expect(await codeCells.evaluateAll((cells) => cells.filter((c) => {
      const range = document.createRange();
      range.selectNodeContents(c);
      const style = getComputedStyle(c);
      return range.getBoundingClientRect().width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) > c.clientWidth || c.scrollWidth > c.clientWidth;
    }).map((c) => c.textContent))).toEqual([]);
    await expectEveryColumnInView(grid);

    // 导出: the button starts the export task of the table as shown; the workbook downloads.
    const download = page.waitForEvent('download');
    await page.getByTestId('sb-export').click();
    await expect(page.getByTestId('export-progress')).toBeVisible();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^科目余额表-\d{4}-\d{2}-\d{2}\.xlsx$/);
  } finally {
    for (const id of made3.reverse()) await admin.del(`/api/subject?filter=${encodeURIComponent(JSON.stringify({ accountYearId: made.yearId, id: [id] }))}`);
  }
});
