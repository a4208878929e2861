/**
 * 部门报销明细 /report/departmentRADetail through the API on both backends: invoice-line amounts by
 * the submitter's department × expense kind for a mark-date range, audited only or all, subtotals
 * and total to the cent, the documents behind each row (drill-down), a document without submitter
 * under "no department", an inverted range refused, the report right, and another company refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, unique, type MadeUser, type World } from './factories';

type Body = Record<string, unknown>;

describe.each(backends())('department reimbursement report (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  let other: World;
  let reader: MadeUser;
  let clerk: MadeUser;
  let travel: number;
  let meals: number;
  let office: number;
  let sales: number;
  let li: number;
  let wang: number;
  const ids: Record<string, number> = {};
  const ok = async (method: 'GET' | 'POST', url: string, body?: unknown, token = admin) => data(t.call(method, url, { token, body, lang: 'en_US' }), `${method} ${url}`);
  const report = (query: Record<string, unknown>, token = reader.token) => t.call('GET', '/api/report/departmentRADetail', { token, query: { companyId: w.companyId, ...query }, lang: 'en_US' });
  const line = (kind: number, amount: number) => ({ expenseKindId: kind, issueAt: '2026-03-01', no: unique('RA').replace(/\s/g, ''), amount, remark: null });
  const doc = async (markAt: string, submitterId: number | null, invoices: Body[]) =>
    (await ok('POST', '/api/expense', { companyId: w.companyId, markAt, submitterId, submitAt: null, payAt: null, payAmount: 0, markerId: null, invoices })).id as number;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
    other = await makeWorld(t, admin);
    reader = await makeUser(t, admin, w.companyId, [RIGHTS.REPORT]);
    clerk = await makeUser(t, admin, w.companyId, [RIGHTS.REIMBURSE_MANAGE, RIGHTS.REIMBURSE_EDIT]);
    travel = (await ok('POST', '/api/expense/kind', { companyId: w.companyId, name: 'Travel' })).id;
    meals = (await ok('POST', '/api/expense/kind', { companyId: w.companyId, name: 'Meals' })).id;
    office = (await ok('POST', '/api/aux/department', { companyId: w.companyId, code: 'D1', name: 'Office' })).id;
    sales = (await ok('POST', '/api/aux/department', { companyId: w.companyId, code: 'D2', name: 'Sales' })).id;
    li = (await ok('POST', '/api/aux/employee', { companyId: w.companyId, code: 'E1', name: 'Li Lei', departmentId: office })).id;
    wang = (await ok('POST', '/api/aux/employee', { companyId: w.companyId, code: 'E2', name: 'Wang Fang', departmentId: sales })).id;
    ids.a = await doc('2026-03-05', li, [line(travel, 120_00), line(meals, 35_50), line(travel, 80_00)]);
    ids.b = await doc('2026-03-20', li, [line(travel, 1_000_00), line(travel, -50_00)]);
    ids.c = await doc('2026-03-31', wang, [line(meals, 99_99)]);
    ids.d = await doc('2026-03-10', null, [line(meals, 10_00)]);
    ids.out = await doc('2026-04-01', wang, [line(travel, 5_000_00)]);
    await ok('POST', '/api/expense/lock', { lock: true, ids: [ids.a, ids.c] }, clerk.token);
  });
  afterAll(async () => t?.close());

  it('sums invoice lines by the submitter department × kind in the range, with subtotals, total and the documents', async () => {
    const r = await data<Record<string, any>>(report({ startDate: '2026-03-01', endDate: '2026-03-31' }), 'ra');
    expect(r).toMatchObject({ startDate: '2026-03-01', endDate: '2026-03-31', audited: false, total: '129549' });
    expect(r.rows.map((x: Body) => [x.departmentName, x.kindName, x.lines, x.documents, x.amount])).toEqual([
      ['Office', 'Meals', 1, 1, '3550'],
      ['Office', 'Travel', 4, 2, '115000'],
      ['Sales', 'Meals', 1, 1, '9999'],
      [null, 'Meals', 1, 1, '1000'],
    ]);
    expect(r.departments).toEqual([
      { departmentId: office, departmentCode: 'D1', departmentName: 'Office', amount: '118550' },
      { departmentId: sales, departmentCode: 'D2', departmentName: 'Sales', amount: '9999' },
      { departmentId: null, departmentCode: null, departmentName: null, amount: '1000' },
    ]);
    const travelDocs = r.documents.filter((d: Body) => d.departmentId === office && d.kindId === travel);
    expect(travelDocs.map((d: Body) => [d.id, d.amount, d.audited, d.submitterName])).toEqual([[ids.a, '20000', true, 'Li Lei'], [ids.b, '95000', false, 'Li Lei']]);
    expect(r.documents.find((d: Body) => d.id === ids.d)).toMatchObject({ departmentId: null, submitterName: null, amount: '1000', markAt: '2026-03-10' });
    expect(r.documents.some((d: Body) => d.id === ids.out)).toBe(false);
  });

  it('audited only, and a narrower range', async () => {
    const r = await data<Record<string, any>>(report({ startDate: '2026-03-01', endDate: '2026-03-31', audited: 'true' }), 'ra');
    expect(r.audited).toBe(true);
    expect(r.rows.map((x: Body) => [x.departmentName, x.kindName, x.amount])).toEqual([['Office', 'Meals', '3550'], ['Office', 'Travel', '20000'], ['Sales', 'Meals', '9999']]);
    expect(r.total).toBe('33549');
    const april = await data<Record<string, any>>(report({ startDate: '2026-03-31', endDate: '2026-04-30' }), 'ra');
    expect(april.rows.map((x: Body) => [x.departmentName, x.kindName, x.amount])).toEqual([['Sales', 'Meals', '9999'], ['Sales', 'Travel', '500000']]);
    expect(april.total).toBe('509999');
    const none = await data<Record<string, any>>(report({ startDate: '2025-01-01', endDate: '2025-12-31' }), 'ra');
    expect(none).toMatchObject({ rows: [], departments: [], documents: [], total: '0' });
    expect((await report({ startDate: '2026-04-01', endDate: '2026-03-01' })).json()).toMatchObject({ success: false, code: 'PERIOD_END_BEFORE_START' });
    expect((await report({ startDate: '2026-02-30', endDate: '2026-03-01' })).statusCode).toBe(400);
  });

  it('needs the report right in the company; another company is refused', async () => {
    const noRight = await report({ startDate: '2026-03-01', endDate: '2026-03-31' }, clerk.token);
    expect(noRight.json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    const foreign = await t.call('GET', '/api/report/departmentRADetail', { token: reader.token, query: { companyId: other.companyId, startDate: '2026-03-01', endDate: '2026-03-31' }, lang: 'en_US' });
    expect(foreign.json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    // The admin reads the other company: its own reimbursements only (none).
    expect((await data<Record<string, any>>(t.call('GET', '/api/report/departmentRADetail', { token: admin, query: { companyId: other.companyId, startDate: '2026-03-01', endDate: '2026-03-31' } }), 'ra')).total).toBe('0');
  });
});
