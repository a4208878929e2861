/**
 * Documents to vouchers by the keyboard (spec 01 §2 /voucher/daily/documentToVoucher; decision
 * 037): the admin ticks the first audited demo reimbursement with Space, chooses the paying account
 * and the debit subject of its expense kinds by typing (5602, which asks for a department: the
 * submitter's fills it), previews (a balanced voucher), generates,
 * and the voucher written through the API balances and answers its source. Screenshots in both
 * languages. The generated voucher is deleted in afterAll, which frees the reimbursement again.
 */
import { expect, test, type Page } from './page-models/test';
import { restoreDemoState } from './page-models/demo-state';
import { apiHeaders, loginAs } from './page-models/login';
import { ShellModel } from './page-models/shell';
import { chooseOpenOption, pressOn } from './page-models/keys';

test.describe.configure({ mode: 'serial' });

const made: number[] = [];

test.afterAll(async ({ request }) => {
  const headers = await apiHeaders(request, 'admin', 'admin123');
  for (const id of made) await request.delete(`/api/voucher/${id}`, { headers });
  await restoreDemoState(request);
});

/** Types into a searchable select and takes the first matching option with the keyboard. */
async function pick(page: Page, testId: string, text: string) {
  const input = page.getByTestId(testId);
  await input.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
  await chooseOpenOption(page.getByRole('option', { name: new RegExp(text) }).first());
  await expect(input).not.toHaveValue('');
}

test('an audited reimbursement becomes a balanced voucher, previewed first, by the keyboard', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin', 'admin123', { at: '/voucher/daily/documentToVoucher' });
  const screen = page.getByTestId('doc-to-voucher');
  await expect(screen).toBeVisible({ timeout: 20_000 });
  const grid = page.getByTestId('d2v-grid');
  const firstRow = grid.locator('.ag-row[row-index="0"]').filter({ has: page.locator('[col-id="code"]') });
  await expect(firstRow).toBeVisible({ timeout: 20_000 });
  const code = (await firstRow.locator('[col-id="code"]').innerText()).trim();

  // Tick the first document with Space (focus its cell, as Tab/arrow navigation lands there).
  await firstRow.locator('[col-id="date"]').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('d2v-selected')).toHaveText('已选 1 张');

  // The paying account and each kind's debit subject, typed.
  await pick(page, 'd2v-bank', 'B001');
  const kindSelects = page.getByTestId('d2v-kind-subjects').locator('input[data-testid^="d2v-kind-subject-"]');
  const count = await kindSelects.count();
  expect(count).toBeGreaterThan(0);
  // 5602 asks for a department: the submitter's department fills it.
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const expenseSubject = '5602';
  for (let i = 0; i < count; i += 1) await pick(page, (await kindSelects.nth(i).getAttribute('data-testid'))!, expenseSubject);

  // Preview: one balanced voucher, nothing written.
  await pressOn(page.getByTestId('d2v-preview'));
  const proposal = page.getByTestId('d2v-proposal');
  await expect(proposal).toHaveCount(1);
  await expect(proposal).toHaveAttribute('data-balanced', 'true');
  await expect(proposal).toContainText(code);
  await expect(page.getByTestId('d2v-debit')).toHaveText(await page.getByTestId('d2v-credit').innerText());
  await expect(page.getByTestId('d2v-voucher')).toHaveCount(0);
  await expect(proposal.getByTestId('d2v-line-aux').first()).toContainText('部门:');
  await page.screenshot({ path: testInfo.outputPath('doc-to-voucher-zh.png'), fullPage: true });

  // Generate: the voucher is written and the document leaves the list of pending ones.
  await pressOn(page.getByTestId('d2v-generate'));
  await expect(page.getByTestId('d2v-voucher')).toBeVisible({ timeout: 20_000 });
  const voucherId = Number(await proposal.getAttribute('data-voucher-id'));
  expect(voucherId).toBeGreaterThan(0);
  made.push(voucherId);
  await expect(grid.getByText(code, { exact: true })).toHaveCount(0);

  const v = (await (await request.get(`/api/voucher/${voucherId}`, { headers })).json()).data;
  expect(v.source).toBe('EXPENSE');
  const sum = (debit: boolean) => v.items.filter((l: { direction: boolean }) => l.direction === debit).reduce((s: number, l: { amount: string }) => s + Number(l.amount), 0);
  expect(sum(true)).toBeGreaterThan(0);
  expect(sum(true)).toBe(sum(false));
  // Its expense lines carry the submitter's department.
  expect(v.items.filter((l: { direction: boolean }) => l.direction).every((l: { auxes: Array<{ auxTypeId: number }> }) => l.auxes.some((a) => a.auxTypeId === 1))).toBe(true);
  const sources = (await (await request.get('/api/voucher/billQuery', { headers, params: { accountId: v.accountId, source: 'EXPENSE', voucherId } })).json()).data;
  expect(sources.map((d: { code: string }) => d.code)).toEqual([code]);

  // The same screen in English.
  const shell = new ShellModel(page);
  await shell.switchLanguage('en_US');
  await expect(page.getByText('Documents to vouchers').first()).toBeVisible();
  await expect(page.getByTestId('d2v-voucher')).toContainText('Generated');
  await page.screenshot({ path: testInfo.outputPath('doc-to-voucher-en.png'), fullPage: true });
  await shell.switchLanguage('zh_CN');
});
