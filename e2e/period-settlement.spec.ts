/**
 * 期末结账 (/voucher/end/periodSettlement) by the keyboard, on a ledger set of its own (E2E期末结账,
 * removed again by restoreDemoState): the checklist warns of profit and loss not transferred, Enter
 * on it opens the transfer preview (its lines; bookkept vouchers only unless "include unbookkept
 * vouchers" is ticked), Enter writes the voucher; the new voucher blocks the
 * settle and Enter on that blocker opens the voucher list filtered to it; once audited and bookkept
 * (by the auditor, through the API) the period settles with balances recomputed, and is reopened by
 * reverse settle. Revenue is kept by project: the preview's auxiliary column names each line's
 * project. Then the year end in English (decision 064): February … November settled through the API,
 * December's transfer (its notice names the voucher General-…, as the voucher list does), the
 * blocker "profit for the year not closed" opens the year-end close (3103 debited, 3104 credited),
 * and December settles: 2027 opens with 3103 at zero and the year's profit in 3104. Screenshots in
 * Chinese and English. afterAll reverses what it settled and deletes the vouchers, then the demo
 * state is restored.
 */
import { expect, test, type Page } from './page-models/test';
import { loginAs } from './page-models/login';
import { ShellModel } from './page-models/shell';
import { restoreDemoState } from './page-models/demo-state';
import { apiLogin } from './page-models/voucher-list';
import { chooseOpenOption } from './page-models/keys';

test.describe.configure({ mode: 'serial' });

// Stamped: ledger-set names are unique within a company, and a retry runs beforeAll again.
const NAME = `E2E期末结账${Date.now().toString(36).slice(-4)}`;
const made = { accountId: 0, yearId: 0, kindId: 0, cash: 0, revenue: 0, projects: [] as Array<{ id: number; code: string; name: string }> };

test.beforeAll(async ({ request }) => {
  const admin = await apiLogin(request, 'admin', 'admin123');
  const clerk = await apiLogin(request, 'clerk', 'clerk123');
  const auditor = await apiLogin(request, 'auditor', 'audit123');
  const account = await admin.post('/api/account', { companyId: 1, name: NAME, year: 2026 });
  made.accountId = account.id;
  made.yearId = account.accountYears[0].id;
  const subjects = (await admin.get('/api/subject', { filter: { accountYearId: made.yearId }, limit: 1000 })).content as Array<{ id: number; code: string }>;
  const s = (code: string) => subjects.find((x) => x.code === code)!.id;
  const kinds = (await admin.get('/api/voucher/kind', { accountId: made.accountId })).content as Array<{ id: number; isDefault: boolean }>;
  const kindId = (kinds.find((k) => k.isDefault) ?? kinds[0]).id;
  // Revenue by project (as the demo's main ledger keeps it): the transfer moves it project by project.
  await admin.post(`/api/subject/${s('5001')}`, { auxTypeIds: [5] });
  // By id: the transfer lists a subject's lines by their auxiliary values.
  made.projects = ((await admin.get('/api/aux/project', { filter: { companyId: 1 }, limit: 2 })).content as Array<{ id: number; code: string; name: string }>).slice(0, 2).sort((a, b) => a.id - b.id);
  Object.assign(made, { kindId, cash: s('1001'), revenue: s('5001') });
  const line = (subjectId: number, direction: boolean, amount: string, auxes: unknown[] = []) => ({ summary: 'E2E期末', subjectId, direction, amount, auxes });
  const project = (i: number) => [{ auxTypeId: 5, auxId: made.projects[i].id }];
  const bodies = [
    [line(s('1001'), true, '500000'), line(s('5001'), false, '300000', project(0)), line(s('5001'), false, '200000', project(1))],
    [line(s('5602'), true, '120000'), line(s('1001'), false, '120000')],
  ];
  for (const [i, items] of bodies.entries()) {
    const v = await clerk.post('/api/voucher', { accountId: made.accountId, kindId, markTime: `2026-01-${10 + i}`, items });
    await auditor.post(`/api/voucher/${v.id}/audit`);
    await auditor.post(`/api/voucher/${v.id}/bookkeep`);
  }
});

test.afterAll(async ({ request }) => {
  const admin = await apiLogin(request, 'admin', 'admin123');
  if (made.accountId) {
    for (let i = 0; i < 13; i++) if (!(await admin.tryPost(`/api/account/${made.accountId}/reverseRoll`)).success) break;
    const list = (await admin.get('/api/voucher', { filter: { accountId: made.accountId }, size: 100 })).content as Array<{ id: number; bookKeepAt: string | null; auditAt: string | null; auditPass: boolean | null }>;
    for (const v of list) {
      if (v.bookKeepAt) await admin.tryPost(`/api/voucher/${v.id}/reverseBookkeep`);
      if (v.auditAt) await admin.tryPost(`/api/voucher/${v.id}/${v.auditPass === false ? 'reverseAuditError' : 'reverseAudit'}`);
      await admin.del(`/api/voucher/${v.id}`);
    }
  }
  await restoreDemoState(request);
});

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? null);

async function tabTo(page: Page, testId: string, max = 40) {
  for (let i = 0; i < max; i++) {
    if ((await focusedTestId(page)) === testId) return;
    await page.keyboard.press('Tab');
  }
  expect(await focusedTestId(page)).toBe(testId);
}

test('profit transfer, settle and reverse settle by the keyboard', async ({ page, request }, testInfo) => {
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  await shell.choose(shell.accountSelect(), NAME);
  // The address some links use (under the daily work) leads to the period end.
  await page.goto('/voucher/daily/periodSettlement');
  await expect(page).toHaveURL(/\/voucher\/end\/periodSettlement$/);
  const root = page.getByTestId('period-settlement');
  await expect(root).toBeVisible();
  await expect(page.getByTestId('period-next')).toHaveText('下一个结账期间：2026-01');
  await expect(page.getByTestId('period-row')).toHaveCount(12);

  // The only check: profit and loss not transferred (a warning); it has the focus, Enter opens the transfer.
  const warning = page.locator('[data-testid="period-check"][data-code="PROFIT_NOT_TRANSFERRED"]');
  await expect(warning).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('transfer-dialog');
  await expect(dialog).toBeVisible();
  const lines = dialog.getByTestId('transfer-line');
  await expect(lines).toHaveCount(5);
  // The two revenue lines differ by their project only: the auxiliary column tells them apart.
  await expect(lines.nth(0)).toContainText('5001');
  await expect(lines.nth(0).getByTestId('transfer-line-aux')).toHaveText(`项目：${made.projects[0].code} ${made.projects[0].name}`);
  await expect(lines.nth(1).getByTestId('transfer-line-aux')).toHaveText(`项目：${made.projects[1].code} ${made.projects[1].name}`);
  await expect(lines.nth(2)).toContainText('3103');
  await expect(lines.nth(2).getByTestId('transfer-line-aux')).toHaveText('');
  await expect(lines.nth(4)).toContainText('5602');
  await expect(dialog.getByTestId('transfer-total')).toHaveText('6,200.00');
  await expect(dialog.getByTestId('transfer-confirm')).toBeFocused();
  // Each line on one line of text (the dialog is wide enough for summary, subject and auxiliaries).
  const heights = await lines.evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
  expect(Math.max(...heights)).toBeLessThan(44);
  await page.screenshot({ path: testInfo.outputPath('period-transfer-zh.png'), fullPage: true });
  // The preview of the month just written is not asked again while the dialog closes (it would
  // answer "nothing to transfer" into the fading dialog).
  const refusedPreviews: number[] = [];
  const onResponse = (r: import('@playwright/test').Response) => {
    if (r.url().includes('/profitTransfer') && r.status() !== 200) refusedPreviews.push(r.status());
  };
  page.on('response', onResponse);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // The voucher written stays named on the page, with its own "open" button (the notice's goes with it).
  await expect(page.getByTestId('period-written')).toContainText(/已生成结转凭证 记-\d{4}/);

  // The transfer voucher is not audited: it blocks the settle; Enter on the blocker opens the list with it.
  const blocker = page.locator('[data-testid="period-check"][data-code="NOT_AUDITED"]');
  await expect(blocker).toContainText('1 张凭证未审核或审核有误');
  page.off('response', onResponse);
  expect(refusedPreviews).toEqual([]);
  await expect(page.locator('[data-testid="period-check"][data-code="PROFIT_NOT_TRANSFERRED"]')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('period-blocked-zh.png'), fullPage: true });
  await expect(blocker).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/voucher\/daily\/list\?ids=\d+$/);
  await expect(page.getByTestId('voucher-list-ids')).toBeVisible();
  await expect(page.getByTestId('voucher-row-label')).toHaveCount(1);

  // The auditor audits and bookkeeps it (not the maker: 制单人与审核人不能为同一人).
  const auditor = await apiLogin(request, 'auditor', 'audit123');
  const id = Number(new URL(page.url()).searchParams.get('ids'));
  await auditor.post(`/api/voucher/${id}/audit`);
  await auditor.post(`/api/voucher/${id}/bookkeep`);

  await page.goto('/voucher/end/periodSettlement');
  await expect(page.getByTestId('period-check-pass')).toBeVisible();
  await expect(page.getByTestId('period-transfer')).toBeFocused();
  // Tab to "recompute balances", Space ticks it, Tab to Settle, Enter, Enter confirms.
  await tabTo(page, 'period-rewrite');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('period-rewrite')).toBeChecked();
  await tabTo(page, 'period-roll');
  await page.keyboard.press('Enter');
  // The page has two confirmations (settle, reverse settle); one may still be fading out as the other opens.
  await expect(page.getByTestId('confirm-ok').filter({ hasText: /^结账$/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid="period-row"][data-period="2026-01"]')).toHaveAttribute('data-rolled', 'true');
  await expect(page.getByTestId('period-next')).toHaveText('下一个结账期间：2026-02');
  await expect(page.getByTestId('period-last-settled')).toContainText('2026-01');
  await page.screenshot({ path: testInfo.outputPath('period-settled-zh.png'), fullPage: true });

  // Reverse settle: Tab to it, Enter, Enter confirms; January is open again.
  await tabTo(page, 'period-reverse');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm-ok').filter({ hasText: /^反结账$/ })).toBeFocused();
  // The confirmation says what reopening does, not only "are you sure".
  await expect(page.getByTestId('confirm-dialog').filter({ hasText: '反结账' }).last()).toContainText('确定反结账 2026-01？反结账后该期间的凭证可以重新新增、修改或删除');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid="period-row"][data-period="2026-01"]')).toHaveAttribute('data-rolled', 'false');
  await expect(page.getByTestId('period-next')).toHaveText('下一个结账期间：2026-01');
  // Nothing else is settled, so the reverse button is disabled now: the keyboard is not left on the
  // page body but on Settle 2026-01, the next thing to do.
  await expect(page.getByTestId('period-roll')).toHaveText('结账 2026-01');
  await expect(page.getByTestId('period-roll')).toBeFocused();

  // English: settle January again for the screenshot (afterAll reverses it).
  const admin = await apiLogin(request, 'admin', 'admin123');
  await admin.post(`/api/account/${made.accountId}/roll`, {});
  await shell.switchLanguage('en_US');
  await page.goto('/voucher/end/periodSettlement');
  await expect(page.getByTestId('period-next')).toHaveText('Next period to settle: 2026-02');
  await page.screenshot({ path: testInfo.outputPath('period-settled-en.png'), fullPage: true });
  await expect(page.getByTestId('period-transfer')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('transfer-error')).toContainText('no profit or loss left');
  await page.screenshot({ path: testInfo.outputPath('period-transfer-en.png'), fullPage: true });
  // Nothing in February: the keyboard waits on the month field (not on the dialog's close button),
  // ↓ picks March, where a clerk's revenue voucher (not audited yet) waits; Enter writes its transfer.
  const clerk = await apiLogin(request, 'clerk', 'clerk123');
  const march = await clerk.post('/api/voucher', { accountId: made.accountId, kindId: made.kindId, markTime: '2026-03-05', items: [
    { summary: 'E2E三月', subjectId: made.cash, direction: true, amount: '10000', auxes: [] },
    { summary: 'E2E三月', subjectId: made.revenue, direction: false, amount: '10000', auxes: [{ auxTypeId: 5, auxId: made.projects[0].id }] },
  ] });
  const month = page.getByTestId('transfer-period');
  await expect(month).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await chooseOpenOption(page.getByRole('option', { name: '2026-03', exact: true }));
  const transfer = page.getByTestId('transfer-dialog');
  // Bookkept vouchers only by default (as Kingdee and Yonyou transfer): March's voucher is not even
  // audited, so nothing moves until "include unbookkept vouchers" is ticked (Tab to it, Space).
  await expect(transfer.getByTestId('transfer-error')).toContainText('no profit or loss left');
  await expect(transfer.getByTestId('transfer-unbooked')).not.toBeChecked();
  await tabTo(page, 'transfer-unbooked');
  await page.keyboard.press('Space');
  await expect(transfer.getByTestId('transfer-unbooked')).toBeChecked();
  await expect(transfer.getByTestId('transfer-line')).toHaveCount(2);
  await expect(transfer.getByTestId('transfer-confirm')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(transfer).toBeHidden();
  // March is not the period to settle (February is): no check of its own shows the new voucher, so
  // the keyboard lands on the written voucher's "open" button; Enter opens it in the editor.
  const open = page.getByTestId('period-written-open');
  await expect(page.getByTestId('period-written')).toContainText(/Transfer voucher General-\d{4} written/);
  await expect(open).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/newVoucher\/\d+$/);
  // Out again, so the year end below sees the same year (afterAll would delete them anyway).
  const transferId = Number(new URL(page.url()).pathname.split('/').pop());
  expect(transferId).not.toBe(march.id);
  await admin.del(`/api/voucher/${transferId}`);
  await admin.del(`/api/voucher/${march.id}`);
});

async function tabToCheck(page: Page, code: string, max = 40) {
  const focusedCode = () => page.evaluate(() => document.activeElement?.getAttribute('data-code') ?? null);
  for (let i = 0; i < max; i++) {
    if ((await focusedCode()) === code) return;
    await page.keyboard.press('Tab');
  }
  expect(await focusedCode()).toBe(code);
}

test('year end in English: the transfer, the year-end close (3103 into 3104) by the keyboard, 2027 opens with 3103 at zero', async ({ page, request }, testInfo) => {
  const admin = await apiLogin(request, 'admin', 'admin123');
  const clerk = await apiLogin(request, 'clerk', 'clerk123');
  const auditor = await apiLogin(request, 'auditor', 'audit123');
  // January is settled (the first test); February … November have nothing: settle them.
  for (let i = 0; i < 12; i++) {
    const info = await admin.get(`/api/account/${made.accountId}/rollInfo`);
    if (info.period.name === '2026-12') break;
    await admin.post(`/api/account/${made.accountId}/roll`, {});
  }
  // December: revenue of 3,000.00 on the second project, audited and bookkept.
  const dec = await clerk.post('/api/voucher', { accountId: made.accountId, kindId: made.kindId, markTime: '2026-12-10', items: [
    { summary: 'E2E年末', subjectId: made.cash, direction: true, amount: '300000', auxes: [] },
    { summary: 'E2E年末', subjectId: made.revenue, direction: false, amount: '300000', auxes: [{ auxTypeId: 5, auxId: made.projects[1].id }] },
  ] });
  await auditor.post(`/api/voucher/${dec.id}/audit`);
  await auditor.post(`/api/voucher/${dec.id}/bookkeep`);

  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  await shell.choose(shell.accountSelect(), NAME);
  await shell.switchLanguage('en_US');
  await page.goto('/voucher/end/periodSettlement');
  await expect(page.getByTestId('period-next')).toHaveText('Next period to settle: 2026-12');
  await expect(page.getByTestId('period-year-close')).toContainText('Close profit for the year 2026-12');

  // At the year end profit and loss not transferred blocks; Enter on it opens the transfer, Enter writes it.
  const plBlocker = page.locator('[data-testid="period-check"][data-code="PROFIT_NOT_TRANSFERRED"]');
  await expect(plBlocker).toBeFocused();
  await expect(plBlocker).toContainText('Blocks the settle');
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('transfer-dialog');
  await expect(dialog.getByTestId('transfer-line')).toHaveCount(2);
  await expect(dialog.getByTestId('transfer-line').nth(0).getByTestId('transfer-line-aux')).toHaveText(`Project: ${made.projects[1].code} ${made.projects[1].name}`);
  await expect(dialog.getByTestId('transfer-confirm')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // The notice names the voucher's kind as the voucher list does (General, not 记).
  await expect(page.getByTestId('transfer-done')).toHaveText(/^Transfer voucher General-\d{4} written$/);

  // 本年利润 now holds the year's profit (3,800.00 + 3,000.00): closing it into 3104 blocks the settle.
  const yearBlocker = page.locator('[data-testid="period-check"][data-code="YEAR_PROFIT_NOT_CLOSED"]');
  await expect(yearBlocker).toContainText('Profit for the year (3103) holds Cr 6,800.00 at the year end, not closed into 3104 Profit distribution');
  await page.screenshot({ path: testInfo.outputPath('period-year-close-blocked-en.png'), fullPage: true });
  // The close counts bookkept vouchers only by default: the auditor audits and bookkeeps the
  // transfer first (through the API), as the books are kept before a year is closed.
  const transferred = (await admin.get('/api/voucher', { filter: { accountId: made.accountId }, size: 100 })).content as Array<{ id: number; auditAt: string | null }>;
  for (const v of transferred.filter((x) => !x.auditAt)) {
    await auditor.post(`/api/voucher/${v.id}/audit`);
    await auditor.post(`/api/voucher/${v.id}/bookkeep`);
  }
  await page.goto('/voucher/end/periodSettlement');
  await expect(page.locator('[data-testid="period-check"][data-code="NOT_AUDITED"]')).toHaveCount(0);
  await tabToCheck(page, 'YEAR_PROFIT_NOT_CLOSED');
  await page.keyboard.press('Enter');
  const close = page.getByTestId('year-close-dialog');
  await expect(close).toBeVisible();
  await expect(close.getByTestId('transfer-target')).toHaveText('Into: 3104 Profit distribution');
  const lines = close.getByTestId('transfer-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('3103');
  await expect(lines.nth(0)).toContainText('Close profit for the year 2026');
  await expect(lines.nth(1)).toContainText('3104');
  await expect(close.getByTestId('transfer-total')).toHaveText('6,800.00');
  await expect(close.getByTestId('transfer-confirm')).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('period-year-close-en.png'), fullPage: true });
  await page.keyboard.press('Enter');
  await expect(close).toBeHidden();
  await expect(page.getByTestId('transfer-done').last()).toHaveText(/^Year-end close voucher General-\d{4} written$/);
  await expect(yearBlocker).toHaveCount(0);

  // The auditor audits and bookkeeps the close too; December settles by the keyboard and opens 2027.
  const list = (await admin.get('/api/voucher', { filter: { accountId: made.accountId }, size: 100 })).content as Array<{ id: number; auditAt: string | null }>;
  for (const v of list.filter((x) => !x.auditAt)) {
    await auditor.post(`/api/voucher/${v.id}/audit`);
    await auditor.post(`/api/voucher/${v.id}/bookkeep`);
  }
  await page.goto('/voucher/end/periodSettlement');
  await expect(page.getByTestId('period-check-pass')).toBeVisible();
  await tabTo(page, 'period-roll');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm-ok').filter({ hasText: /^Settle$/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid="period-row"][data-period="2026-12"]')).toHaveAttribute('data-rolled', 'true');
  // The account year the settle opened is in the top bar's year list at once (no reload): ↓ on it lists 2027.
  await shell.yearSelect().focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: '2027', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  // Reopening December says what becomes of 2027.
  await tabTo(page, 'period-reverse');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm-dialog').last()).toContainText('It is the last period of its year: its vouchers can be changed again; account year 2027 stays open');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('period-reverse')).toBeFocused();

  // 2027 opens with 本年利润 at zero and the profit in 利润分配 (credit 6,800.00).
  const years = (await admin.get('/api/account/year', { accountId: made.accountId })).content as Array<{ id: number; year: number }>;
  const y2027 = years.find((y) => y.year === 2027)!;
  const openings = (await admin.get('/api/opening', { accountYearId: y2027.id })).rows as Array<{ code: string; balanceCents: string }>;
  const opening = (code: string) => Number(openings.find((r) => r.code === code)?.balanceCents ?? 0);
  expect(opening('3103')).toBe(0);
  expect(opening('3104')).toBe(-680000);
  await page.screenshot({ path: testInfo.outputPath('period-year-settled-en.png'), fullPage: true });
});
