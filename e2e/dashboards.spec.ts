/**
 * The management dashboard (/dashboard/manage, GET /report/adminStat) by the keyboard: the totals
 * and each company's row are the server's figures; `/` goes to the date, a new date reloads them;
 * Enter on a company opens its voucher list in that company. The business dashboard
 * (/dashboard/business, GET /report/business): the year's tiles, months and largest customers and
 * cases are the server's, for the company in the header. Screenshots in both languages.
 */
import { expect, test, type APIRequestContext } from './page-models/test';
import { apiHeaders, loginAs, startInLanguage } from './page-models/login';
import { e2eToday } from './page-models/clock';

type Stat = {
  date: string;
  companies: Array<{ companyId: number; companyName: string; toExamine: number; overduePeriods: number; reimbursementsToAudit: number }>;
  totals: { companies: number; companiesBehind: number; toExamine: number; examinedError: number; toBookKeep: number; overduePeriods: number; reimbursementsToAudit: number; reimbursementsToVoucher: number };
};
const stat = async (request: APIRequestContext, date: string): Promise<Stat> =>
  (await (await request.get('/api/report/adminStat', { params: { date }, headers: await apiHeaders(request, 'admin', 'admin123') })).json()).data as Stat;
const today = e2eToday;

test('the management dashboard shows what waits in each company; / changes the date; Enter works in a company', async ({ page, request }, testInfo) => {
  await loginAs(page, 'admin', 'admin123', { at: '/dashboard/manage' });
  const grid = page.getByTestId('ms-grid');
  const now = await stat(request, today());
  expect(now.companies.length).toBeGreaterThan(0);
  for (const key of ['toExamine', 'examinedError', 'toBookKeep', 'overduePeriods', 'reimbursementsToAudit', 'reimbursementsToVoucher'] as const) {
    await expect(page.getByTestId(`ms-value-${key}`)).toHaveText(String(now.totals[key]));
  }
  await expect(page.getByTestId('ms-value-companies')).toHaveText(String(now.totals.companies));
  for (const c of now.companies) {
    const row = grid.locator(`.ag-row[row-id="${c.companyId}"]`);
    await expect(row.locator('.ag-cell[col-id="company"]')).toHaveText(c.companyName);
    await expect(row.locator('.ag-cell[col-id="toExamine"]')).toHaveText(c.toExamine ? String(c.toExamine) : '');
    await expect(row.locator('.ag-cell[col-id="overduePeriods"]')).toHaveText(c.overduePeriods ? String(c.overduePeriods) : '');
  }
  // The grid has the focus: the first company's name.
  await expect(grid.locator('.ag-row[row-index="0"] .ag-cell[col-id="company"]')).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('manage-dashboard-zh.png'), fullPage: true });

  // `/` goes to the date; an earlier date asks the server again: fewer months lie before it.
  await page.keyboard.press('/');
  const date = page.getByTestId('ms-date');
  await expect(date).toBeFocused();
  const early = await stat(request, '2026-06-15');
  expect(early.totals.overduePeriods).toBeLessThan(now.totals.overduePeriods);
  await date.fill('2026-06-15');
  await date.press('Enter');
  await expect(page.getByTestId('ms-value-overduePeriods')).toHaveText(String(early.totals.overduePeriods));
  await expect(page.getByTestId('ms-value-toExamine')).toHaveText(String(early.totals.toExamine));

  // Enter on a company: its voucher list, in that company.
  const target = now.companies[now.companies.length - 1]!;
  await grid.locator(`.ag-row[row-id="${target.companyId}"] .ag-cell[col-id="company"]`).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/voucher\/daily\/list$/);
  await expect(page.getByTestId('company-select')).toHaveValue(target.companyName);
});

test('the management dashboard in English; a user sees only the companies where they hold its right, a clerk none', async ({ page }, testInfo) => {
  await startInLanguage(page, 'en_US');
  await loginAs(page, 'admin', 'admin123', { at: '/dashboard/manage' });
  await expect(page.getByTestId('manage-dashboard')).toContainText('Management dashboard: the books of every company');
  await expect(page.getByTestId('ms-tile-toExamine')).toContainText('Vouchers to examine');
  await expect(page.getByTestId('ms-grid').locator('.ag-header')).toContainText('Months past due');
  await page.screenshot({ path: testInfo.outputPath('manage-dashboard-en.png'), fullPage: true });
  // The demo auditor (the finance supervisor, in a tab of their own) holds the right in the demo
  // firm only: one company.
  const auditor = await page.context().newPage();
  await loginAs(auditor, 'auditor', 'audit123', { at: '/dashboard/manage' });
  await expect(auditor.getByTestId('ms-value-companies')).toHaveText('1');
  await expect(auditor.getByTestId('ms-grid').locator('.ag-row[row-id="1"]')).toBeVisible();
  await auditor.close();
  // The demo clerk holds no dashboard right: no menu entry, and the address says no permission.
  const clerk = await page.context().newPage();
  await loginAs(clerk, 'clerk', 'clerk123');
  await expect(clerk.getByTestId('tabs-bar')).toBeVisible();
  await clerk.goto('/dashboard/business');
  await expect(clerk.getByTestId('no-permission')).toBeVisible();
  await expect(clerk.getByTestId('business-dashboard')).toHaveCount(0);
  await clerk.close();
});

type Business = {
  month: number;
  months: Array<{ month: number; income: string; expense: string; profit: string }>;
  ytd: { income: string; expense: string; profit: string };
  position: { cash: string; bank: string; receivables: string; payables: string };
  topCustomers: Array<{ auxId: number; name: string; cents: string }>;
  topProjects: Array<{ auxId: number; name: string; cents: string }>;
};
const yuan = (cents: string | number) => (Number(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test('the business dashboard: the year so far, month by month, and who owes and earns the most (keys, both languages)', async ({ page, request }, testInfo) => {
  await loginAs(page, 'admin', 'admin123', { at: '/dashboard/business' });
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const b = (await (await request.get('/api/report/business', { params: { companyId: 1, date: today() }, headers })).json()).data as Business;
  await expect(page.getByTestId('bs-value-income')).toHaveText(yuan(b.ytd.income));
  await expect(page.getByTestId('bs-value-expense')).toHaveText(yuan(b.ytd.expense));
  await expect(page.getByTestId('bs-value-profit')).toHaveText(yuan(b.ytd.profit));
  await expect(page.getByTestId('bs-value-receivables')).toHaveText(yuan(b.position.receivables));
  await expect(page.getByTestId('bs-value-funds')).toHaveText(yuan(Number(b.position.cash) + Number(b.position.bank)));
  // The months' grid has the focus, on the date's period.
  const months = page.getByTestId('bs-months');
  await expect(months.locator(`.ag-row[row-id="${b.month}"] .ag-cell[col-id="month"]`)).toBeFocused();
  for (const m of b.months.filter((x) => x.income !== '0').slice(0, 3)) {
    await expect(months.locator(`.ag-row[row-id="${m.month}"] .ag-cell[col-id="income"]`)).toHaveText(yuan(m.income));
  }
  expect(b.topCustomers.length).toBeGreaterThan(0);
  for (const c of b.topCustomers) await expect(page.getByTestId('bs-customers').locator(`.ag-row[row-id="${c.auxId}"]`)).toContainText(yuan(c.cents));
  for (const c of b.topProjects) await expect(page.getByTestId('bs-projects').locator(`.ag-row[row-id="${c.auxId}"]`)).toContainText(c.name);
  await page.screenshot({ path: testInfo.outputPath('business-dashboard-zh.png'), fullPage: true });
  // `/` goes to the date: as of mid-March the tiles add the year up to March's end.
  await page.keyboard.press('/');
  await expect(page.getByTestId('bs-date')).toBeFocused();
  const march = (await (await request.get('/api/report/business', { params: { companyId: 1, date: '2026-03-15' }, headers })).json()).data as Business;
  await page.getByTestId('bs-date').fill('2026-03-15');
  await page.getByTestId('bs-date').press('Enter');
  await expect(page.getByTestId('bs-value-income')).toHaveText(yuan(march.ytd.income));
  await expect(page.getByTestId('bs-head')).toContainText('第 3 期');

  // In English (a reload starts from home, as after any refresh).
  await startInLanguage(page, 'en_US');
  await page.goto('/dashboard/business');
  await expect(page.getByTestId('bs-tile-funds')).toContainText('Cash and bank');
  await expect(page.getByTestId('bs-months').locator('.ag-header')).toContainText('Profit');
  await page.screenshot({ path: testInfo.outputPath('business-dashboard-en.png'), fullPage: true });
});
