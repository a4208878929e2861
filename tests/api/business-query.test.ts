/**
 * The business query (GET /report/businessQuery, right 103, decision 051) on both backends: a
 * case's contract, invoiced, red-letter and received figures in a date range and its outstanding
 * and unbilled positions at the range's end, exact to the cent; the same cases grouped by lead
 * client, lead director and department adding up to the same totals; the drill filters, keyword,
 * kind, disabled and outstanding-only filters; the project list's visibility rule; refusals
 * (right, company, reversed range, bad grouping) changing nothing; the export as a workbook.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, type MadeUser, type World } from './factories';

type Row = { key: string; id: number | null; code: string | null; name: string; kind: string | null; clients: string[]; principals: string[]; department: string | null; disabled: boolean;
  cases: number; contract: string; invoiceCount: number; invoiced: string; red: string; received: string; outstanding: string; unbilled: string; lastInvoiceDate: string | null };
type Answer = { from: string; to: string; groupBy: string; rows: Row[]; totals: Omit<Row, 'key' | 'id' | 'code' | 'name' | 'kind' | 'clients' | 'principals' | 'department' | 'disabled'> };

describe.each(backends())('business query (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  let other: World;
  let lawyer: MadeUser;
  const ids: Record<string, number> = {};
  const ok = (url: string, body: unknown) => data(t.call('POST', url, { token: admin, body, lang: 'en_US' }), url);
  const ask = (filter: Record<string, unknown>, token = admin) => t.call('GET', '/api/report/businessQuery', { token, query: { filter: { companyId: w.companyId, from: '2026-01-01', to: '2026-06-30', ...filter } }, lang: 'en_US' });
  const answer = async (filter: Record<string, unknown> = {}, token = admin) => (await data(ask(filter, token), 'business')) as Answer;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
    other = await makeWorld(t, admin);
    const c = w.companyId;
    ids.dept = (await ok('/api/aux/department', { companyId: c, code: 'BQD', name: '诉讼一部' })).id;
    ids.lead = (await ok('/api/aux/employee', { companyId: c, code: 'BQE1', name: '张律师', departmentId: ids.dept })).id;
    ids.second = (await ok('/api/aux/employee', { companyId: c, code: 'BQE2', name: '李律师', departmentId: ids.dept })).id;
    ids.c1 = (await ok('/api/aux/customer', { companyId: c, code: 'BQC1', name: '华夏科技有限公司' })).id;
    ids.c2 = (await ok('/api/aux/customer', { companyId: c, code: 'BQC2', name: 'Apex Trading Ltd.' })).id;
    // X: two clients (华夏 leads), two directors (张 leads), in the department; contract 100,000.00.
    ids.x = (await ok('/api/aux/project', { companyId: c, code: 'BQ-X', name: '华夏合同纠纷', kind: 'LITIGATION', amount: 10_000_000, clients: [ids.c1, ids.c2], principals: [ids.lead, ids.second], departmentId: ids.dept })).id;
    // Y: Apex alone, 李 directs, no department; contract 5,000.00, invoiced beyond it.
    ids.y = (await ok('/api/aux/project', { companyId: c, code: 'BQ-Y', name: 'Apex share transfer', amount: 500_000, clients: [ids.c2], principals: [ids.second] })).id;
    // Z: disabled, nothing invoiced.
    ids.z = (await ok('/api/aux/project', { companyId: c, code: 'BQ-Z', name: '华夏旧案', amount: 100_000, clients: [ids.c1], principals: [ids.lead], disabled: true })).id;
    const invoice = (projectId: number, no: string, date: string, amount: number, receivedAmount: number, redAmount = 0) => ok('/api/invoice', { projectId, no, date, amount, receivedAmount, redAmount });
    await invoice(ids.x, 'BQ-1', '2025-12-20', 200_000, 0); // before the range: outstanding only
    await invoice(ids.x, 'BQ-2', '2026-01-10', 300_000, 300_000);
    await invoice(ids.x, 'BQ-3', '2026-03-05', 500_000, 100_000, 50_000);
    await invoice(ids.x, 'BQ-4', '2026-07-15', 100_000, 0); // after the range: nowhere
    await invoice(ids.y, 'BQ-5', '2026-06-30', 700_000, 650_000);
    lawyer = await makeUser(t, admin, c, [RIGHTS.BUSINESS_QUERY]);
    await data(t.call('POST', `/api/aux/employee/${ids.second}/bindUser`, { token: admin, body: { userId: lawyer.id } }), 'bind');
  });
  afterAll(async () => t?.close());

  it('answers each case to the cent: in the range, and outstanding and unbilled at its end', async () => {
    const a = await answer();
    expect(a).toMatchObject({ from: '2026-01-01', to: '2026-06-30', groupBy: 'PROJECT' });
    expect(a.rows.map((r) => r.code)).toEqual(['BQ-Y', 'BQ-X']);
    const x = a.rows.find((r) => r.code === 'BQ-X')!;
    expect(x).toMatchObject({
      key: `P${ids.x}`, id: ids.x, kind: 'LITIGATION', clients: ['华夏科技有限公司', 'Apex Trading Ltd.'], principals: ['张律师', '李律师'], department: '诉讼一部',
      cases: 1, contract: '10000000', invoiceCount: 2, invoiced: '800000', red: '50000', received: '400000',
      outstanding: String(200_000 + 300_000 + 450_000 - 400_000), unbilled: String(10_000_000 - 950_000), lastInvoiceDate: '2026-03-05',
    });
    const y = a.rows.find((r) => r.code === 'BQ-Y')!;
    expect(y).toMatchObject({ department: null, invoiced: '700000', received: '650000', outstanding: '50000', unbilled: '-200000', lastInvoiceDate: '2026-06-30' });
    expect(a.totals).toMatchObject({ cases: 2, contract: '10500000', invoiceCount: 3, invoiced: '1500000', red: '50000', received: '1050000', outstanding: '600000', unbilled: '8850000' });
    // The range's end moves the positions: at 2026-02-28 the March invoice does not exist yet.
    const feb = await answer({ to: '2026-02-28' });
    expect(feb.rows.find((r) => r.code === 'BQ-X')).toMatchObject({ invoiceCount: 1, invoiced: '300000', outstanding: '200000', unbilled: String(10_000_000 - 500_000), lastInvoiceDate: '2026-01-10' });
  });

  it('groups by lead client, lead director and department, adding up to the same totals', async () => {
    const all = await answer();
    const byClient = await answer({ groupBy: 'CLIENT' });
    expect(byClient.rows.map((r) => [r.key, r.code, r.name, r.cases, r.invoiced])).toEqual([
      [`C${ids.c1}`, 'BQC1', '华夏科技有限公司', 1, '800000'],
      [`C${ids.c2}`, 'BQC2', 'Apex Trading Ltd.', 1, '700000'],
    ]);
    const byDirector = await answer({ groupBy: 'PRINCIPAL' });
    expect(byDirector.rows.map((r) => [r.code, r.name, r.cases])).toEqual([['BQE1', '张律师', 1], ['BQE2', '李律师', 1]]);
    const byDept = await answer({ groupBy: 'DEPARTMENT' });
    expect(byDept.rows.map((r) => [r.key, r.name, r.cases])).toEqual([[`D${ids.dept}`, '诉讼一部', 1], ['D-', '', 1]]);
    for (const g of [byClient, byDirector, byDept]) expect(g.totals).toEqual(all.totals);
  });

  it('drills, searches and filters', async () => {
    const codes = async (f: Record<string, unknown>) => (await answer(f)).rows.map((r) => r.code);
    expect(await codes({ clientId: ids.c1 })).toEqual(['BQ-X']);
    expect(await codes({ clientId: ids.c2 })).toEqual(['BQ-Y']); // X names Apex, but 华夏 leads it
    expect(await codes({ principalId: ids.second })).toEqual(['BQ-Y']);
    expect(await codes({ departmentId: null })).toEqual(['BQ-Y']);
    expect(await codes({ departmentId: ids.dept })).toEqual(['BQ-X']);
    expect(await codes({ keyword: 'apex' })).toEqual(['BQ-Y', 'BQ-X']); // a client's name, case-insensitive
    expect(await codes({ keyword: 'bq-x' })).toEqual(['BQ-X']);
    expect(await codes({ keyword: '%' })).toEqual([]);
    expect(await codes({ kind: 'NON_LITIGATION' })).toEqual(['BQ-Y']);
    expect(await codes({ includeDisabled: true })).toEqual(['BQ-Z', 'BQ-Y', 'BQ-X']);
    expect(await codes({ includeDisabled: true, outstandingOnly: true })).toEqual(['BQ-Y', 'BQ-X']);
    expect((await answer({ groupBy: 'CLIENT', includeDisabled: true })).rows.find((r) => r.id === ids.c1)).toMatchObject({ cases: 2, contract: '10100000' });
    // Without dates: the current year to today.
    const plain = (await data(t.call('GET', '/api/report/businessQuery', { token: admin, query: { filter: { companyId: w.companyId } } }), 'plain')) as Answer;
    expect(plain.from).toBe(`${plain.to.slice(0, 4)}-01-01`);
    expect(plain.to).toBe(new Date().toISOString().slice(0, 10));
  });

  it('shows a director only the cases they direct, unless they may view every case', async () => {
    expect((await answer({}, lawyer.token)).rows.map((r) => r.code)).toEqual(['BQ-Y', 'BQ-X']); // 李 directs both (second on X)
    const partner = await makeUser(t, admin, w.companyId, [RIGHTS.BUSINESS_QUERY, RIGHTS.PROJECT_VIEW_ALL]);
    expect((await answer({}, partner.token)).totals.cases).toBe(2);
    const stranger = await makeUser(t, admin, w.companyId, [RIGHTS.BUSINESS_QUERY]);
    expect(await answer({}, stranger.token)).toMatchObject({ rows: [], totals: { cases: 0, invoiced: '0' } });
  });

  it('refuses without the right, in another company, a reversed range or an unknown grouping', async () => {
    const clerk = await makeUser(t, admin, w.companyId, [RIGHTS.VOUCHER]);
    expect((await ask({}, clerk.token)).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    expect((await ask({ companyId: other.companyId }, lawyer.token)).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    const reversed = await ask({ from: '2026-07-01', to: '2026-06-30' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ success: false, code: 'PERIOD_END_BEFORE_START', msg: 'The period end cannot be before its start' });
    expect((await ask({ groupBy: 'CITY' })).statusCode).toBe(400);
    expect((await ask({ to: '2026-02-30' })).statusCode).toBe(400);
    expect((await t.call('POST', '/api/report/businessQuery/export', { token: clerk.token, body: { filter: { companyId: w.companyId } } })).json().code).toBe('NO_PERMISSION');
  });

  it('exports what the screen shows as a workbook, totals last', async () => {
    const started = await t.call('POST', '/api/report/businessQuery/export', { token: admin, body: { filter: { companyId: w.companyId, from: '2026-01-01', to: '2026-06-30', groupBy: 'CLIENT' } }, lang: 'en_US' });
    expect(started.json(), started.body).toMatchObject({ success: true, data: { state: 'RUNNING' } });
    let task = started.json().data;
    for (let i = 0; i < 300 && !task.completed && !task.failed; i++) {
      await new Promise((r) => setTimeout(r, 10));
      task = (await t.call('GET', `/api/system/export/${task.token}`, { token: admin, lang: 'en_US' })).json().data;
    }
    expect(task).toMatchObject({ completed: true, failed: false });
    const file = await t.app.inject({ method: 'GET', url: task.result });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual(expect.arrayContaining(['客户 Client', '开票金额 Invoiced', '应收未收 Outstanding', '未开票 Unbilled']));
    expect(ws.getRow(2).values).toEqual(expect.arrayContaining(['BQC1', '华夏科技有限公司', 8000, 4000, 5500]));
    expect(ws.getRow(4).values).toEqual(expect.arrayContaining(['合计 Total', 2, 105000, 15000, 10500, 6000, 88500]));
    // Nothing to export: refused, no task.
    const none = await t.call('POST', '/api/report/businessQuery/export', { token: admin, body: { filter: { companyId: w.companyId, keyword: 'nothing-like-this' } }, lang: 'en_US' });
    expect(none.json()).toMatchObject({ success: false, code: 'NO_DATA_TO_EXPORT' });
  });
});
