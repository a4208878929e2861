/**
 * The business query (/businessQuery, GET /report/businessQuery) by the keyboard: the tiles and rows
 * are the server's figures for the year so far; 3 groups by director, Enter shows a director's
 * cases (the breadcrumb names them), Enter on a case opens it with its invoices, Backspace goes
 * back to the director it came from; the keyword filters by a client's name; L opens a case's lines
 * in the books. Both languages.
 */
import { expect, test, type APIRequestContext } from './page-models/test';
import { apiHeaders, loginAs, startInLanguage } from './page-models/login';
import { e2eToday } from './page-models/clock';
import { formatCents } from '../src/domain/money';

type Row = { key: string; id: number | null; code: string | null; name: string; cases: number; invoiced: string; outstanding: string; clients: string[] };
type Answer = { companyId: number; from: string; to: string; rows: Row[]; totals: { cases: number; contract: string; invoiced: string; received: string; outstanding: string; unbilled: string } };
const today = e2eToday;
const money = (cents: string) => (cents === '0' ? '' : formatCents(BigInt(cents)));

async function ask(request: APIRequestContext, filter: Record<string, unknown>): Promise<Answer> {
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const res = await request.get('/api/report/businessQuery', { params: { filter: JSON.stringify({ from: `${today().slice(0, 4)}-01-01`, to: today(), ...filter }) }, headers });
  return (await res.json()).data as Answer;
}

test('a partner reads what the cases brought in, by director, down to a case and back, keys only', async ({ page, request }, testInfo) => {
  const all = await ask(request, {});
  expect(all.rows.length).toBeGreaterThan(0);
  await loginAs(page, 'admin', 'admin123', { at: '/businessQuery' });
  const grid = page.getByTestId('bq-grid');
  for (const key of ['contract', 'invoiced', 'received', 'outstanding', 'unbilled'] as const) {
    await expect(page.getByTestId(`bq-value-${key}`)).toHaveText(formatCents(BigInt(all.totals[key])));
  }
  const first = all.rows[0];
  await expect(grid.locator(`.ag-row[row-id="${first.key}"] .ag-cell[col-id="invoiced"]`)).toHaveText(money(first.invoiced));
  await expect(grid.locator('.ag-row-pinned .ag-cell[col-id="name"]')).toHaveText(`合计（${all.totals.cases} 个案件）`);
  // The grid has the keys.
  await expect(grid.locator('.ag-row[row-index="0"] .ag-cell[col-id="code"]')).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('business-query-zh.png'), fullPage: true });

  // 3: by director; the groups add up to the same total.
  await page.keyboard.press('3');
  const directors = await ask(request, { groupBy: 'PRINCIPAL' });
  expect(directors.totals).toEqual(all.totals);
  await expect(grid.locator('.ag-header-cell[col-id="name"]')).toContainText('主办人');
  const director = directors.rows[1] ?? directors.rows[0];
  await expect(grid.locator(`.ag-row[row-id="${director.key}"] .ag-cell[col-id="cases"]`)).toHaveText(String(director.cases));
  await grid.locator(`.ag-row[row-id="${director.key}"] .ag-cell[col-id="code"]`).focus();
  await page.keyboard.press('Enter');

  // Enter: that director's cases.
  const theirs = await ask(request, { principalId: director.id });
  await expect(page.getByTestId('bq-path')).toContainText(director.name);
  await expect(grid.locator('.ag-row-pinned .ag-cell[col-id="name"]')).toHaveText(`合计（${theirs.totals.cases} 个案件）`);
  await expect(page.getByTestId('bq-value-invoiced')).toHaveText(formatCents(BigInt(theirs.totals.invoiced)));
  await expect(grid.locator(`.ag-row[row-id="${theirs.rows[0].key}"] .ag-cell[col-id="code"]`)).toBeFocused();

  // Enter on a case: the case with its invoices; Escape closes it and the keys stay in the grid.
  await page.keyboard.press('Enter');
  const view = page.getByTestId('project-view');
  await expect(view).toBeVisible();
  await expect(view).toContainText(theirs.rows[0].name);
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();
  await expect(grid.locator(`.ag-row[row-id="${theirs.rows[0].key}"] .ag-cell[col-id="code"]`)).toBeFocused();

  // Backspace: back to the directors, on the one it came from.
  await page.keyboard.press('Backspace');
  await expect(page.getByTestId('bq-path')).toBeHidden();
  await expect(grid.locator(`.ag-row[row-id="${director.key}"] .ag-cell[col-id="code"]`)).toBeFocused();
  await expect(page.getByTestId('bq-value-invoiced')).toHaveText(formatCents(BigInt(all.totals.invoiced)));
});

test('the business query in English: a client\'s name filters the cases; the export is offered', async ({ page, request }, testInfo) => {
  const all = await ask(request, {});
  const client = all.rows.find((r) => r.clients.length > 0)!.clients[0];
  const piece = client.slice(0, 6);
  const found = await ask(request, { keyword: piece });
  expect(found.rows.length).toBeGreaterThan(0);
  await startInLanguage(page, 'en_US');
  // The tiles stand in their places (dashes) before the figures come, so the page does not jump
  // when they do: it fits the window throughout, and the tiles keep their height.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/report\/businessQuery\?/, async (route) => {
    await held;
    await route.continue();
  });
  await loginAs(page, 'admin', 'admin123', { at: '/businessQuery' });
  const tiles = page.getByTestId('bq-tiles');
  await expect(page.getByTestId('bq-value-contract')).toHaveText('—');
  await expect(page.getByTestId('bq-value-contract')).toHaveAttribute('aria-busy', 'true');
  const overflow = () => page.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight);
  expect(await overflow()).toBeLessThanOrEqual(4);
  const before = (await tiles.boundingBox())!.height;
  release();
  await expect(page.getByTestId('bq-value-contract')).toHaveText(formatCents(BigInt(all.totals.contract)));
  expect(await overflow()).toBeLessThanOrEqual(4);
  expect((await tiles.boundingBox())!.height).toBe(before);
  await page.unrouteAll({ behavior: 'wait' });
  const grid = page.getByTestId('bq-grid');
  await expect(grid.locator('.ag-row-pinned .ag-cell[col-id="name"]')).toHaveText(`Total (${all.totals.cases} cases)`);
  await expect(grid.locator('.ag-header-cell[col-id="outstanding"]')).toContainText('Outstanding');
  // Sorting by an amount orders by value (the API sends cents as text: '99999' < '100000').
  const header = grid.locator('.ag-header-cell[col-id="invoiced"]');
  await header.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const largest = [...all.rows].sort((a, b) => (BigInt(b.invoiced) > BigInt(a.invoiced) ? 1 : BigInt(b.invoiced) < BigInt(a.invoiced) ? -1 : 0))[0];
  await expect(grid.locator('.ag-row[row-index="0"] .ag-cell[col-id="invoiced"]')).toHaveText(money(largest.invoiced));
  await page.keyboard.press('Enter');
  await expect(header).not.toHaveAttribute('aria-sort', /ending/);
  await grid.locator('.ag-row[row-index="0"] .ag-cell[col-id="code"]').focus();
  // `/` goes to the filter's keyword box, its text selected: a letter typed there searches, never
  // lands in a date. The keyword box takes a client's name and Enter (below).
  await page.keyboard.press('/');
  await expect(page.getByTestId('bq-keyword')).toBeFocused();
  // A start after the end: the catalogue's message under the end date (as the other filter bars say
  // it), nothing asked of the server, no export of it.
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 400) refused.push(r.url());
  });
  const from = page.getByTestId('bq-from');
  const to = page.getByTestId('bq-to');
  await from.focus();
  const year = Number(e2eToday().slice(0, 4));
  await from.fill(`${year + 1}-01-01`);
  await from.press('Enter');
  await expect(to).toHaveAccessibleDescription('The period end cannot be before its start');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('al-export')).toBeDisabled();
  await from.fill(`${year}-01-01`);
  await from.press('Enter');
  await expect(to).not.toHaveAttribute('aria-invalid', 'true');
  expect(refused).toEqual([]);
  await page.getByTestId('bq-keyword').focus();
  await page.keyboard.type(piece);
  await page.keyboard.press('Enter');
  await expect(grid.locator('.ag-row-pinned .ag-cell[col-id="name"]')).toHaveText(found.totals.cases === 1 ? 'Total (1 case)' : `Total (${found.totals.cases} cases)`);
  await expect(page.getByTestId('bq-value-outstanding')).toHaveText(formatCents(BigInt(found.totals.outstanding)));
  await expect(page.getByTestId('al-export')).toBeEnabled();
  // ↓ from the keyword box: back to the rows.
  await page.keyboard.press('ArrowDown');
  await expect(grid.locator(`.ag-row[row-id="${found.rows[0].key}"] .ag-cell[col-id="code"]`)).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('business-query-en.png'), fullPage: true });

  // L on a case: its lines in the books, the sub-ledger by the project dimension of this year.
  const booked = found.rows.find((r) => r.code)!;
  await grid.locator(`.ag-row[row-id="${booked.key}"] .ag-cell[col-id="code"]`).focus();
  await page.keyboard.press('l');
  await page.waitForURL(/\/voucher\/business\/subLedgerByAuxiliary/);
  const detail = page.getByTestId('aux-detail');
  await expect(detail).toContainText(booked.name);
  await expect(detail.getByTestId('al-count')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('business-query-books-en.png') });
});
