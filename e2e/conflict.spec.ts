/**
 * The conflict-of-interest check (/retrieval/query, GET /retrieval/conflict) by the keyboard: the
 * name box has the focus, Enter searches, the hits are the server's with the other side of a case
 * in red, ↓ goes into them; a name nobody has says no conflict. Both languages.
 */
import { expect, test } from './page-models/test';
import { apiHeaders, loginAs, startInLanguage } from './page-models/login';

type Hit = { companyId: number; role: string; matched: string; projectId: number | null; customerId: number | null };

test('a partner checks a name before taking a matter: clients and the other side of cases, keys only', async ({ page, request }, testInfo) => {
  const headers = await apiHeaders(request, 'admin', 'admin123');
  // A name of the demo: the first customer's, found as a client at least.
  const customers = (await (await request.get('/api/aux/customer', { params: { filter: JSON.stringify({ companyId: 1 }), limit: 1, sort: JSON.stringify({ code: 'asc' }) }, headers })).json()).data.content as Array<{ name: string }>;
  const name = customers[0].name.slice(0, 4);
  const answer = (await (await request.get('/api/retrieval/conflict', { params: { keyword: name }, headers })).json()).data as { hits: Hit[] };
  expect(answer.hits.length).toBeGreaterThan(0);

  await loginAs(page, 'admin', 'admin123', { at: '/retrieval/query' });
  const box = page.getByTestId('conflict-keyword');
  await expect(box).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conflict-summary')).toContainText(`共 ${answer.hits.length} 条`);
  const grid = page.getByTestId('conflict-grid');
  const first = answer.hits[0];
  await expect(grid.locator('.ag-row[row-index="0"] .ag-cell[col-id="matched"]')).toHaveText(first.matched);
  // ↓ from the box goes into the hits.
  await box.focus();
  await page.keyboard.press('ArrowDown');
  await expect(grid.locator('.ag-row[row-index="0"] .ag-cell[col-id="role"]')).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('conflict-zh.png'), fullPage: true });

  // A name nobody has: no conflict.
  await box.focus();
  await box.fill('无此当事人XYZ');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conflict-summary')).toContainText('共 0 条');
  await expect(grid).toContainText('没有找到该名称，未发现利益冲突');
});

test('the conflict check in English: a case party shows on the other side, in red', async ({ page, request }, testInfo) => {
  const headers = await apiHeaders(request, 'admin', 'admin123');
  // An opposing party of a demo case (the demo's opposing parties are 控股有限公司 / Group names).
  const probe = async (keyword: string) => ((await (await request.get('/api/retrieval/conflict', { params: { keyword }, headers })).json()).data as { hits: Hit[] }).hits;
  const opposing = [...(await probe('控股')), ...(await probe('Group'))].find((h) => h.role === 'OPPOSING')?.matched;
  test.skip(!opposing, 'the demo has no case with an opposing party');
  await startInLanguage(page, 'en_US');
  await loginAs(page, 'admin', 'admin123', { at: '/retrieval/query' });
  await expect(page.getByTestId('conflict-keyword')).toBeFocused();
  await page.keyboard.type(opposing!);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conflict-other-side')).toContainText('on the other side of a case');
  const row = page.getByTestId('conflict-grid').locator('.ag-row').filter({ hasText: 'Opposing party' }).first();
  await expect(row.locator('.ag-cell[col-id="role"]')).toHaveClass(/ld-negative/);
  // Drawn red (the class has its colour: Mantine's red 7).
  await expect(row.locator('.ag-cell[col-id="role"]')).toHaveCSS('color', 'rgb(240, 62, 62)');
  await page.screenshot({ path: testInfo.outputPath('conflict-en.png'), fullPage: true });
});
