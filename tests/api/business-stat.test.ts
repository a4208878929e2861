/**
 * The business dashboard's figures (GET /report/business, right 10102) on both backends: the main
 * ledger set's year holding the date, income / expense / profit per period and through the date's
 * period, the cash, bank, receivable and payable balances at its end, the largest receivables by
 * customer and revenues by project; the company's own data only; a company without a ledger set
 * answers with its name and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeCompany, makeUser, type MadeUser } from './factories';
import { makeVoucherWorld, type VoucherWorld } from './voucher-world';

describe.each(backends())('business dashboard figures (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: VoucherWorld;
  let viewer: MadeUser;
  let bareCompanyId: number;
  let otherProject: number;
  let otherCustomer: number;
  const ok = (url: string, body: unknown, token = admin) => data(t.call('POST', url, { token, body, lang: 'en_US' }), url);
  const business = (query: Record<string, unknown>, token = admin) => t.call('GET', '/api/report/business', { token, query: { companyId: w.companyId, ...query }, lang: 'en_US' });

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeVoucherWorld(t, admin);
    otherCustomer = (await ok('/api/aux/customer', { companyId: w.companyId, code: 'BSC2', name: '长城建设' })).id;
    const lawyer = (await ok('/api/aux/employee', { companyId: w.companyId, code: 'BSE', name: '吴律师', departmentId: w.departmentId })).id;
    otherProject = (await ok('/api/aux/project', { companyId: w.companyId, code: 'BSP2', name: '长城仲裁案', clients: [otherCustomer], principals: [lawyer] })).id;
    const { clerk } = w.users;
    const voucher = (markTime: string, items: unknown[]) => ok('/api/voucher', { accountId: w.accountId, kindId: w.kindId, markTime, items }, clerk.token);
    // February: fees billed to two customers (receivables) on two cases (revenue).
    await voucher('2026-02-10', [
      { summary: '应收律师费', subjectId: w.subject.receivable, direction: true, amount: '500000', auxes: [{ auxTypeId: 3, auxId: w.customerId }] },
      { summary: '律师费收入', subjectId: w.subject.revenue, direction: false, amount: '500000', auxes: [{ auxTypeId: 5, auxId: w.projectId }] },
    ]);
    await voucher('2026-02-20', [
      { summary: '应收律师费', subjectId: w.subject.receivable, direction: true, amount: '200000', auxes: [{ auxTypeId: 3, auxId: otherCustomer }] },
      { summary: '律师费收入', subjectId: w.subject.revenue, direction: false, amount: '200000', auxes: [{ auxTypeId: 5, auxId: otherProject }] },
    ]);
    // March: the first customer pays 3,000.00 into the bank; 800.00 of office expense paid in cash.
    await voucher('2026-03-05', [
      { summary: '收回律师费', subjectId: w.subject.bank, direction: true, amount: '300000' },
      { summary: '收回律师费', subjectId: w.subject.receivable, direction: false, amount: '300000', auxes: [{ auxTypeId: 3, auxId: w.customerId }] },
    ]);
    await voucher('2026-03-18', [
      { summary: '办公费', subjectId: w.subject.admin, direction: true, amount: '80000', auxes: [{ auxTypeId: 1, auxId: w.departmentId }] },
      { summary: '办公费', subjectId: w.subject.cash, direction: false, amount: '80000' },
    ]);
    viewer = await makeUser(t, admin, w.companyId, [RIGHTS.DASHBOARD_BUSINESS]);
    bareCompanyId = (await makeCompany(t, admin)).id;
  });
  afterAll(async () => t?.close());

  it('answers the year month by month, the year to the date, the position and the largest customers and cases', async () => {
    const b = await data(business({ date: '2026-03-20' }, viewer.token), 'business');
    expect(b).toMatchObject({ accountId: w.accountId, year: 2026, month: 3, periodStart: '2026-03-01', periodEnd: '2026-03-31' });
    expect(b.months).toHaveLength(12);
    expect(b.months.slice(0, 4).map((m: { income: string; expense: string; profit: string }) => [m.income, m.expense, m.profit])).toEqual([
      ['0', '0', '0'], ['700000', '0', '700000'], ['0', '80000', '-80000'], ['0', '0', '0'],
    ]);
    expect(b.ytd).toEqual({ income: '700000', expense: '80000', profit: '620000' });
    expect(b.position).toEqual({ cash: '-80000', bank: '300000', receivables: '400000', payables: '0' });
    // Receivables at the end of March: 2,000.00 and 2,000.00 (ties by id); revenue 5,000.00 and 2,000.00.
    expect(b.topCustomers.map((c: { auxId: number; cents: string }) => [c.auxId, c.cents])).toEqual([[w.customerId, '200000'], [otherCustomer, '200000']]);
    expect(b.topProjects.map((c: { auxId: number; name: string; cents: string }) => [c.auxId, c.name, c.cents])).toEqual([[w.projectId, '华夏合同纠纷案', '500000'], [otherProject, '长城仲裁案', '200000']]);
    // As of January nothing has happened yet; the year's months are the same.
    const jan = await data(business({ date: '2026-01-15' }), 'business');
    expect(jan).toMatchObject({ month: 1, ytd: { income: '0', expense: '0', profit: '0' }, topCustomers: [], topProjects: [] });
    expect(jan.months[1].income).toBe('700000');
    // A date after the year: its last period.
    expect(await data(business({ date: '2027-05-01' }), 'business')).toMatchObject({ year: 2026, month: 12, ytd: { income: '700000' } });
  });

  it('refuses another company and users without the right; a company without books answers its name only', async () => {
    const bare = await data(business({ companyId: bareCompanyId }), 'bare');
    expect(bare).toMatchObject({ accountId: null, year: null, months: [], topCustomers: [] });
    expect((await business({ companyId: bareCompanyId }, viewer.token)).statusCode).toBe(403);
    expect((await business({}, w.users.clerk.token)).statusCode).toBe(403);
    expect((await business({ date: '2026-13-01' })).statusCode).toBe(400);
  });
});
