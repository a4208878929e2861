/**
 * Ledgers by auxiliary dimension (GET /ledger/auxBalance, auxTotal, auxDetail) and budget execution
 * (GET /report/budgetSummary, budgetDetail):
 * - a small hand-computed ledger with customers, departments and budget items whose every figure is
 *   asserted, with and without unbookkept vouchers, and sub-ledger pages whose running balance is
 *   right on any page;
 * - rights (the finance reports right for the ledgers, the budget right for the budget reports) and
 *   another company's ids refused;
 * - a property test: random postings (some bookkept, some invalidated) → the balance by customer and
 *   random sub-ledger pages equal a naive recomputation from the lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { RIGHTS } from '../../src/domain/rights';
import { UNASSIGNED_AUX_ID } from '../../src/contract/ledger-aux';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, MISSING_ID, type MadeUser } from './factories';
import { makeVoucherWorld, type VoucherWorld } from './voucher-world';
import { exportWorkbook } from './workbooks';

type Aux = Array<{ auxTypeId: number; auxId: number }>;
type Line = [number, boolean, number, Aux?];

describe.each(backends())('auxiliary ledgers (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: VoucherWorld;
  let reader: MadeUser;
  let budgeter: MadeUser;
  const ids: Record<string, number> = {};
  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, o: { body?: unknown; query?: Record<string, unknown> } = {}) => t.call(method, url, { token, lang: 'en_US', ...o });
  const save = async (world: VoucherWorld, markTime: string, lines: Line[]) =>
    data<{ id: number }>(call(world.users.clerk.token, 'POST', '/api/voucher', { body: { accountId: world.accountId, kindId: world.kindId, markTime, items: lines.map(([subjectId, direction, cents, auxes]) => ({ summary: '辅助', subjectId, direction, amount: String(cents), auxes: auxes ?? [] })) } }), 'save');
  const book = async (world: VoucherWorld, id: number) => {
    await data(call(world.users.auditor.token, 'POST', `/api/voucher/${id}/audit`, { body: {} }), 'audit');
    await data(call(world.users.auditor.token, 'POST', `/api/voucher/${id}/bookkeep`, { body: {} }), 'bookkeep');
  };
  const ask = (path: string, filter: Record<string, unknown>, o: { token?: string; offset?: number; limit?: number; world?: VoucherWorld } = {}) => {
    const world = o.world ?? w;
    return call(o.token ?? reader.token, 'GET', `/api/${path}`, { query: {
      filter: { accountId: world.accountId, accountYearId: world.accountYearId, ...filter },
      ...(o.offset !== undefined ? { offset: o.offset } : {}), ...(o.limit !== undefined ? { limit: o.limit } : {}),
    } });
  };
  const period = (world: VoucherWorld, month: number) => world.periodIds[month - 1];

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeVoucherWorld(t, admin);
    reader = await makeUser(t, admin, w.companyId, { rightIds: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_BOOKS], name: '吴会计' });
    budgeter = await makeUser(t, admin, w.companyId, { rightIds: [RIGHTS.BUDGET], name: '郑预算' });
    const post = <T>(url: string, body: unknown) => data<T>(call(admin, 'POST', url, { body }), url);
    ids.custA = w.customerId;
    ids.custB = (await post<{ id: number }>('/api/aux/customer', { companyId: w.companyId, code: 'VWD', name: '远东贸易' })).id;
    // Budget items (OUTCOME): 0001 管理费用 over 000101 办公费 1,000.00 and 000102 差旅费 500.00.
    ids.b0 = (await post<{ id: number }>('/api/aux/budget', { accountYearId: w.accountYearId, code: '0001', name: '管理费用', kind: 'OUTCOME' })).id;
    ids.b1 = (await post<{ id: number }>('/api/aux/budget', { accountYearId: w.accountYearId, code: '000101', name: '办公费', kind: 'OUTCOME', amount: 100_000 })).id;
    ids.b2 = (await post<{ id: number }>('/api/aux/budget', { accountYearId: w.accountYearId, code: '000102', name: '差旅费', kind: 'OUTCOME', amount: 50_000 })).id;
    await t.db.db.execute(sql`update subjects set aux_type_ids = '{1,6}' where id = ${w.subject.admin}`);

    const s = w.subject;
    const project = [{ auxTypeId: 5, auxId: w.projectId }];
    const cust = (id: number) => [{ auxTypeId: 3, auxId: id }];
    const adm = (budgetId: number) => [{ auxTypeId: 1, auxId: w.departmentId }, { auxTypeId: 6, auxId: budgetId }];
    // January, bookkept: customer A owes 1,000.00.
    ids.jan = (await save(w, '2026-01-10', [[s.receivable, true, 100_000, cust(ids.custA)], [s.revenue, false, 100_000, project]])).id;
    await book(w, ids.jan);
    // February, not bookkept: customer B owes 500.00; 300.00 office costs (budget 000101) paid in cash.
    await save(w, '2026-02-05', [[s.receivable, true, 50_000, cust(ids.custB)], [s.revenue, false, 50_000, project]]);
    await save(w, '2026-02-06', [[s.admin, true, 30_000, adm(ids.b1)], [s.cash, false, 30_000]]);
    // March, bookkept: A pays 300.00 into the bank; 120.00 office costs, 20.00 of them refunded.
    ids.marA = (await save(w, '2026-03-15', [[s.bank, true, 30_000], [s.receivable, false, 30_000, cust(ids.custA)]])).id;
    await book(w, ids.marA);
    ids.office = (await save(w, '2026-03-16', [[s.admin, true, 12_000, adm(ids.b1)], [s.cash, false, 12_000]])).id;
    await book(w, ids.office);
    ids.refund = (await save(w, '2026-03-17', [[s.cash, true, 2_000], [s.admin, false, 2_000, adm(ids.b1)]])).id;
    await book(w, ids.refund);
    // March, not bookkept: B pays 200.00.
    await save(w, '2026-03-20', [[s.bank, true, 20_000], [s.receivable, false, 20_000, cust(ids.custB)]]);
    // March, invalidated: counts nowhere.
    const gone = await save(w, '2026-03-25', [[s.receivable, true, 99_900, cust(ids.custA)], [s.revenue, false, 99_900, project]]);
    await data(call(w.users.boss.token, 'POST', `/api/voucher/${gone.id}/invalid`, { body: {} }), 'invalid');
    // April, not bookkept: 50.00 travel (budget 000102).
    await save(w, '2026-04-02', [[s.admin, true, 5_000, adm(ids.b2)], [s.cash, false, 5_000]]);
  });
  afterAll(async () => t?.close());

  const figures = (r: Record<string, unknown>) => [r.openingSide, r.openingCents, r.debit, r.credit, r.ytdDebit, r.ytdCredit, r.closingSide, r.closingCents];

  it('balance by customer: per value and subject, opening, movements, year to date, closing; totals; bookkept only', async () => {
    const march = await data<{ rows: Array<Record<string, unknown>>; totals: Record<string, string> }>(ask('ledger/auxBalance', { auxTypeId: 3, startPeriodId: period(w, 3), endPeriodId: period(w, 3) }), 'auxBalance');
    expect(march.rows.map((r) => [r.kind, r.auxCode, r.subjectCode, ...figures(r)])).toEqual([
      ['VALUE', 'VWC', null, 'DEBIT', '100000', '0', '30000', '100000', '30000', 'DEBIT', '70000'],
      ['SUBJECT', 'VWC', '1122', 'DEBIT', '100000', '0', '30000', '100000', '30000', 'DEBIT', '70000'],
      ['VALUE', 'VWD', null, 'DEBIT', '50000', '0', '20000', '50000', '20000', 'DEBIT', '30000'],
      ['SUBJECT', 'VWD', '1122', 'DEBIT', '50000', '0', '20000', '50000', '20000', 'DEBIT', '30000'],
    ]);
    expect(march.rows[0]).toMatchObject({ auxId: ids.custA, auxName: '华夏科技有限公司' });
    expect(march.totals).toEqual({ openingDebit: '150000', openingCredit: '0', debit: '0', credit: '50000', ytdDebit: '150000', ytdCredit: '50000', closingDebit: '100000', closingCredit: '0' });

    const booked = await data<{ rows: Array<Record<string, unknown>>; totals: Record<string, string> }>(ask('ledger/auxBalance', { auxTypeId: 3, startPeriodId: period(w, 3), endPeriodId: period(w, 3), includeUnbooked: false }), 'auxBalance');
    expect(booked.rows.map((r) => [r.kind, r.auxCode, ...figures(r)])).toEqual([
      ['VALUE', 'VWC', 'DEBIT', '100000', '0', '30000', '100000', '30000', 'DEBIT', '70000'],
      ['SUBJECT', 'VWC', 'DEBIT', '100000', '0', '30000', '100000', '30000', 'DEBIT', '70000'],
    ]);
    // One value asked; a subject range that leaves 1122 out; zero rows shown for the values asked.
    const onlyB = await data<{ rows: Array<Record<string, unknown>> }>(ask('ledger/auxBalance', { auxTypeId: 3, auxIds: [ids.custB], startPeriodId: period(w, 1), endPeriodId: period(w, 3) }), 'auxBalance');
    expect(onlyB.rows.map((r) => [r.auxCode, ...figures(r)])).toEqual([
      ['VWD', 'FLAT', '0', '50000', '20000', '50000', '20000', 'DEBIT', '30000'],
      ['VWD', 'FLAT', '0', '50000', '20000', '50000', '20000', 'DEBIT', '30000'],
    ]);
    expect((await data<{ rows: unknown[] }>(ask('ledger/auxBalance', { auxTypeId: 3, subjectCodeFrom: '2000', startPeriodId: period(w, 3), endPeriodId: period(w, 3) }), 'auxBalance')).rows).toEqual([]);
    const zero = await data<{ rows: Array<Record<string, unknown>> }>(ask('ledger/auxBalance', { auxTypeId: 3, auxIds: [ids.custB], showZero: true, includeUnbooked: false, startPeriodId: period(w, 3), endPeriodId: period(w, 3) }), 'auxBalance');
    expect(zero.rows.map((r) => [r.kind, r.auxCode, r.subjectCode, r.closingSide])).toEqual([['VALUE', 'VWD', null, 'FLAT'], ['SUBJECT', 'VWD', '1122', 'FLAT']]);
    // By department: the admin subject's movements (a refund on the credit side), the world's
    // department VW01 rolled up into its parent VW (departments form a tree).
    const dept = await data<{ rows: Array<Record<string, unknown>> }>(ask('ledger/auxBalance', { auxTypeId: 1, startPeriodId: period(w, 2), endPeriodId: period(w, 4) }), 'auxBalance');
    expect(dept.rows.map((r) => [r.kind, r.auxCode, r.auxLevel, r.subjectCode, ...figures(r)])).toEqual([
      ['VALUE', 'VW', 1, null, 'FLAT', '0', '47000', '2000', '47000', '2000', 'DEBIT', '45000'],
      ['SUBJECT', 'VW', 1, '5602', 'FLAT', '0', '47000', '2000', '47000', '2000', 'DEBIT', '45000'],
      ['VALUE', 'VW01', 2, null, 'FLAT', '0', '47000', '2000', '47000', '2000', 'DEBIT', '45000'],
      ['SUBJECT', 'VW01', 2, '5602', 'FLAT', '0', '47000', '2000', '47000', '2000', 'DEBIT', '45000'],
    ]);
  });

  it('balance by department rolls up the tree: a parent is the sum of its subtree to the cent; levels, leaves only, one subtree', async () => {
    const g = await makeVoucherWorld(t, admin);
    const gReader = await makeUser(t, admin, g.companyId, { rightIds: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_BOOKS], name: '汇总' });
    const dept = async (code: string, parentId?: number) => (await data<{ id: number }>(call(admin, 'POST', '/api/aux/department', { body: { companyId: g.companyId, code, name: `部门${code}`, ...(parentId ? { parentId } : {}) } }), code)).id;
    // VW (the world's) over VW01 (the world's) and VW02, VW02 over VW0201 and VW0202; ZZ alone.
    // Lines carry leaf departments only (the voucher refuses a parent).
    const vw02 = await dept('VW02', g.parentDepartmentId);
    const vw0201 = await dept('VW0201', vw02);
    const vw0202 = await dept('VW0202', vw02);
    const zz = await dept('ZZ');
    const d = (id: number) => [{ auxTypeId: 1, auxId: id }];
    const s = g.subject;
    // January (bookkept): VW01 100.01. February: VW0201 250.50 and VW0202 0.03. March: VW0201 refunds 0.07, ZZ 9.99.
    await book(g, (await save(g, '2026-01-08', [[s.admin, true, 10_001, d(g.departmentId)], [s.cash, false, 10_001]])).id);
    await save(g, '2026-02-11', [[s.admin, true, 25_050, d(vw0201)], [s.admin, true, 3, d(vw0202)], [s.cash, false, 25_053]]);
    await save(g, '2026-03-02', [[s.cash, true, 7], [s.admin, false, 7, d(vw0201)]]);
    await save(g, '2026-03-09', [[s.admin, true, 999, d(zz)], [s.cash, false, 999]]);
    type Balance = { rows: Array<Record<string, unknown>>; totals: Record<string, string>; levels: number };
    const balance = (extra: Record<string, unknown> = {}) => data<Balance>(call(gReader.token, 'GET', '/api/ledger/auxBalance', { query: { filter: {
      accountId: g.accountId, accountYearId: g.accountYearId, auxTypeId: 1, startPeriodId: period(g, 2), endPeriodId: period(g, 3), ...extra,
    } } }), 'auxBalance');
    const values = (b: Balance) => b.rows.filter((r) => r.kind === 'VALUE').map((r) => [r.auxCode, r.auxLevel, r.auxLeaf, ...figures(r)]);
    const all = await balance();
    expect(all.levels).toBe(3);
    expect(values(all)).toEqual([
      ['VW', 1, false, 'DEBIT', '10001', '25053', '7', '35054', '7', 'DEBIT', '35047'],
      ['VW01', 2, true, 'DEBIT', '10001', '0', '0', '10001', '0', 'DEBIT', '10001'],
      ['VW02', 2, false, 'FLAT', '0', '25053', '7', '25053', '7', 'DEBIT', '25046'],
      ['VW0201', 3, true, 'FLAT', '0', '25050', '7', '25050', '7', 'DEBIT', '25043'],
      ['VW0202', 3, true, 'FLAT', '0', '3', '0', '3', '0', 'DEBIT', '3'],
      ['ZZ', 1, true, 'FLAT', '0', '999', '0', '999', '0', 'DEBIT', '999'],
    ]);
    // Each parent's row is the sum of its children's rows, column by column.
    const signed = (r: Record<string, unknown>) => ({
      opening: (r.openingSide === 'CREDIT' ? -1 : 1) * Number(r.openingCents), debit: Number(r.debit), credit: Number(r.credit),
      ytdDebit: Number(r.ytdDebit), ytdCredit: Number(r.ytdCredit), closing: (r.closingSide === 'CREDIT' ? -1 : 1) * Number(r.closingCents),
    });
    const row = (code: string) => signed(all.rows.find((r) => r.kind === 'VALUE' && r.auxCode === code)!);
    const plus = (...xs: Array<ReturnType<typeof signed>>) => xs.reduce((a, b) => ({ opening: a.opening + b.opening, debit: a.debit + b.debit, credit: a.credit + b.credit, ytdDebit: a.ytdDebit + b.ytdDebit, ytdCredit: a.ytdCredit + b.ytdCredit, closing: a.closing + b.closing }));
    expect(row('VW02')).toEqual(plus(row('VW0201'), row('VW0202')));
    expect(row('VW')).toEqual(plus(row('VW01'), row('VW02')));
    // Subject rows of a parent are its subtree's too.
    expect(all.rows.find((r) => r.kind === 'SUBJECT' && r.auxCode === 'VW')).toMatchObject({ subjectCode: '5602', closingCents: '35047', debit: '25053' });
    // The totals count each department's own lines once, whatever level is shown.
    const totals = { openingDebit: '10001', openingCredit: '0', debit: '26052', credit: '7', ytdDebit: '36053', ytdCredit: '7', closingDebit: '36046', closingCredit: '0' };
    expect(all.totals).toEqual(totals);
    const top = await balance({ level: 1 });
    expect(values(top).map((r) => r[0])).toEqual(['VW', 'ZZ']);
    expect(top.totals).toEqual(totals);
    const leaves = await balance({ leafOnly: true });
    expect(values(leaves).map((r) => r[0])).toEqual(['VW01', 'VW0201', 'VW0202', 'ZZ']);
    expect(leaves.totals).toEqual(totals);
    // One department asked: its row sums its subtree; the totals are that subtree's.
    const sub = await balance({ auxIds: [vw02] });
    expect(values(sub)).toEqual([['VW02', 2, false, 'FLAT', '0', '25053', '7', '25053', '7', 'DEBIT', '25046']]);
    expect(sub.totals).toMatchObject({ debit: '25053', credit: '7', closingDebit: '25046', closingCredit: '0' });
    // Bookkept only: January's line alone.
    expect(values(await balance({ includeUnbooked: false })).map((r) => [r[0], r.at(-1)])).toEqual([['VW', '10001'], ['VW01', '10001']]);
    // The parent's sub-ledger takes in its subtree's lines, ending on the balance of its row.
    const detail = await data<{ total: number; rows: Array<Record<string, unknown>> }>(call(gReader.token, 'GET', '/api/ledger/auxDetail', { query: { filter: {
      accountId: g.accountId, accountYearId: g.accountYearId, auxTypeId: 1, auxId: vw02, startPeriodId: period(g, 2), endPeriodId: period(g, 3),
    } } }), 'auxDetail');
    expect(detail.rows.map((r) => [r.kind, r.debit, r.credit, r.balanceCents])).toEqual([
      ['OPENING', '0', '0', '0'],
      ['LINE', '25050', '0', '25050'], ['LINE', '3', '0', '25053'], ['PERIOD', '25053', '0', '25053'], ['YEAR', '25053', '0', '25053'],
      ['LINE', '0', '7', '25046'], ['PERIOD', '0', '7', '25046'], ['YEAR', '25053', '7', '25046'],
    ]);
    // Level is a tree type's choice; a bad level is a 400.
    expect((await call(gReader.token, 'GET', '/api/ledger/auxBalance', { query: { filter: { accountId: g.accountId, accountYearId: g.accountYearId, auxTypeId: 1, startPeriodId: period(g, 2), endPeriodId: period(g, 3), level: 0 } } })).statusCode).toBe(400);
  });

  it('general ledger by customer: opening, then each period with year to date and balance', async () => {
    const answer = await data<{ groups: Array<Record<string, unknown> & { periods: Array<Record<string, unknown>> }> }>(ask('ledger/auxTotal', { auxTypeId: 3, auxIds: [ids.custA], startPeriodId: period(w, 2), endPeriodId: period(w, 3) }), 'auxTotal');
    expect(answer.groups).toHaveLength(1);
    expect(answer.groups[0]).toMatchObject({ auxId: ids.custA, subjectId: w.subject.receivable, subjectCode: '1122', openingSide: 'DEBIT', openingCents: '100000' });
    expect(answer.groups[0].periods.map((p) => [p.periodName, p.debit, p.credit, p.ytdDebit, p.ytdCredit, p.side, p.balanceCents])).toEqual([
      ['2026-02', '0', '0', '100000', '0', 'DEBIT', '100000'],
      ['2026-03', '0', '30000', '100000', '30000', 'DEBIT', '70000'],
    ]);
    const all = await data<{ groups: Array<{ auxCode: string; periods: Array<Record<string, unknown>> }> }>(ask('ledger/auxTotal', { auxTypeId: 3, startPeriodId: period(w, 1), endPeriodId: period(w, 3) }), 'auxTotal');
    expect(all.groups.map((g) => [g.auxCode, g.periods.map((p) => `${p.debit}/${p.credit}/${p.side}${p.balanceCents}`)])).toEqual([
      ['VWC', ['100000/0/DEBIT100000', '0/0/DEBIT100000', '0/30000/DEBIT70000']],
      ['VWD', ['0/0/FLAT0', '50000/0/DEBIT50000', '0/20000/DEBIT30000']],
    ]);
  });

  it('sub-ledger by customer: opening, lines with running balance, period and year totals; any page', async () => {
    type Detail = { total: number; auxCode: string; rows: Array<Record<string, unknown>> };
    const whole = await data<Detail>(ask('ledger/auxDetail', { auxTypeId: 3, auxId: ids.custA, startPeriodId: period(w, 1), endPeriodId: period(w, 3) }), 'auxDetail');
    const shape = (rows: Array<Record<string, unknown>>) => rows.map((r) => [r.index, r.kind, r.periodName, r.markDate, r.debit, r.credit, r.side, r.balanceCents]);
    expect(whole.total).toBe(9);
    expect(whole.auxCode).toBe('VWC');
    // February has no line: it still says its totals and closing, as the subject's sub-ledger does.
    expect(shape(whole.rows)).toEqual([
      [0, 'OPENING', null, null, '0', '0', 'FLAT', '0'],
      [1, 'LINE', '2026-01', '2026-01-10', '100000', '0', 'DEBIT', '100000'],
      [2, 'PERIOD', '2026-01', null, '100000', '0', 'DEBIT', '100000'],
      [3, 'YEAR', '2026-01', null, '100000', '0', 'DEBIT', '100000'],
      [4, 'PERIOD', '2026-02', null, '0', '0', 'DEBIT', '100000'],
      [5, 'YEAR', '2026-02', null, '100000', '0', 'DEBIT', '100000'],
      [6, 'LINE', '2026-03', '2026-03-15', '0', '30000', 'DEBIT', '70000'],
      [7, 'PERIOD', '2026-03', null, '0', '30000', 'DEBIT', '70000'],
      [8, 'YEAR', '2026-03', null, '100000', '30000', 'DEBIT', '70000'],
    ]);
    expect(whole.rows[6]).toMatchObject({ voucherId: ids.marA, subjectId: w.subject.receivable, subjectCode: '1122', lineNo: 2 });
    // The voucher's number as the ledger set writes it (padded to its code length), as the subject ledgers show it.
    expect(whole.rows[6].codeText).toBe(String(whole.rows[6].voucherCode).padStart(4, '0'));
    expect(whole.rows[0].codeText).toBeNull();
    // A page in the middle has the same rows as the whole list.
    for (const [offset, limit] of [[2, 3], [4, 3], [5, 2]]) {
      const page = await data<Detail>(ask('ledger/auxDetail', { auxTypeId: 3, auxId: ids.custA, startPeriodId: period(w, 1), endPeriodId: period(w, 3) }, { offset, limit }), 'auxDetail');
      expect(page.total).toBe(9);
      expect(shape(page.rows)).toEqual(shape(whole.rows.slice(offset, offset + limit)));
    }
    // March alone opens with January; bookkept only; a subject filter; past the end: no rows.
    const march = await data<Detail>(ask('ledger/auxDetail', { auxTypeId: 3, auxId: ids.custB, startPeriodId: period(w, 3), endPeriodId: period(w, 3) }), 'auxDetail');
    expect(shape(march.rows)).toEqual([
      [0, 'OPENING', null, null, '0', '0', 'DEBIT', '50000'],
      [1, 'LINE', '2026-03', '2026-03-20', '0', '20000', 'DEBIT', '30000'],
      [2, 'PERIOD', '2026-03', null, '0', '20000', 'DEBIT', '30000'],
      [3, 'YEAR', '2026-03', null, '50000', '20000', 'DEBIT', '30000'],
    ]);
    const bookedB = await data<Detail>(ask('ledger/auxDetail', { auxTypeId: 3, auxId: ids.custB, includeUnbooked: false, startPeriodId: period(w, 1), endPeriodId: period(w, 3) }), 'auxDetail');
    expect(shape(bookedB.rows)).toEqual([[0, 'OPENING', null, null, '0', '0', 'FLAT', '0'], ...['2026-01', '2026-02', '2026-03'].flatMap((m, i) => [
      [1 + 2 * i, 'PERIOD', m, null, '0', '0', 'FLAT', '0'], [2 + 2 * i, 'YEAR', m, null, '0', '0', 'FLAT', '0']])]);
    const revenueOnly = await data<Detail>(ask('ledger/auxDetail', { auxTypeId: 3, auxId: ids.custA, subjectId: w.subject.revenue, startPeriodId: period(w, 1), endPeriodId: period(w, 3) }), 'auxDetail');
    expect(revenueOnly.rows.map((r) => r.kind)).toEqual(['OPENING', 'PERIOD', 'YEAR', 'PERIOD', 'YEAR', 'PERIOD', 'YEAR']);
    expect((await data<Detail>(ask('ledger/auxDetail', { auxTypeId: 3, auxId: ids.custA, startPeriodId: period(w, 1), endPeriodId: period(w, 3) }, { offset: 50 }), 'auxDetail')).rows).toEqual([]);
  });

  it('sub-ledger of a value on several subjects, no subject chosen: one section per subject, each with its own opening, running balance and totals', async () => {
    type Detail = { total: number; rows: Array<Record<string, unknown>> };
    // A world of its own: revenue there takes the customer, so customer C stands on 1122 and 5001.
    const v = await makeVoucherWorld(t, admin);
    const viewer = await makeUser(t, admin, v.companyId, { rightIds: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_BOOKS], name: '周会计' });
    await t.db.db.execute(sql`update subjects set aux_type_ids = '{3}' where id = ${v.subject.revenue}`);
    const c = [{ auxTypeId: 3, auxId: v.customerId }];
    await save(v, '2026-01-10', [[v.subject.receivable, true, 100_000, c], [v.subject.revenue, false, 100_000, c]]);
    await save(v, '2026-02-12', [[v.subject.bank, true, 40_000], [v.subject.receivable, false, 40_000, c]]);
    const filter = { auxTypeId: 3, auxId: v.customerId, startPeriodId: period(v, 1), endPeriodId: period(v, 2) };
    const whole = await data<Detail>(ask('ledger/auxDetail', filter, { world: v, token: viewer.token }), 'auxDetail');
    const shape = (rows: Array<Record<string, unknown>>) => rows.map((r) => [r.index, r.kind, r.subjectCode, r.periodName, r.debit, r.credit, r.side, r.balanceCents]);
    // Receivable: the debit of January less February's receipt; revenue: its own credit, never netted with the receivable.
    expect(shape(whole.rows)).toEqual([
      [0, 'OPENING', '1122', null, '0', '0', 'FLAT', '0'],
      [1, 'LINE', '1122', '2026-01', '100000', '0', 'DEBIT', '100000'],
      [2, 'PERIOD', '1122', '2026-01', '100000', '0', 'DEBIT', '100000'],
      [3, 'YEAR', '1122', '2026-01', '100000', '0', 'DEBIT', '100000'],
      [4, 'LINE', '1122', '2026-02', '0', '40000', 'DEBIT', '60000'],
      [5, 'PERIOD', '1122', '2026-02', '0', '40000', 'DEBIT', '60000'],
      [6, 'YEAR', '1122', '2026-02', '100000', '40000', 'DEBIT', '60000'],
      [7, 'OPENING', '5001', null, '0', '0', 'FLAT', '0'],
      [8, 'LINE', '5001', '2026-01', '0', '100000', 'CREDIT', '100000'],
      [9, 'PERIOD', '5001', '2026-01', '0', '100000', 'CREDIT', '100000'],
      [10, 'YEAR', '5001', '2026-01', '0', '100000', 'CREDIT', '100000'],
      [11, 'PERIOD', '5001', '2026-02', '0', '0', 'CREDIT', '100000'],
      [12, 'YEAR', '5001', '2026-02', '0', '100000', 'CREDIT', '100000'],
    ]);
    expect(whole.total).toBe(13);
    expect(whole.rows[7]).toMatchObject({ subjectId: v.subject.revenue, subjectName: expect.any(String) });
    // Any page, across the sections' border too, has the whole list's rows.
    for (const [offset, limit] of [[0, 1], [5, 4], [6, 1], [7, 6], [12, 10], [3, 100]]) {
      const page = await data<Detail>(ask('ledger/auxDetail', filter, { world: v, token: viewer.token, offset, limit }), 'auxDetail');
      expect(page.total).toBe(13);
      expect(shape(page.rows)).toEqual(shape(whole.rows.slice(offset, offset + limit)));
    }
    // One subject chosen: its plain list (the opening row names no subject), as before.
    const receivable = await data<Detail>(ask('ledger/auxDetail', { ...filter, subjectId: v.subject.receivable }, { world: v, token: viewer.token }), 'auxDetail');
    expect(shape(receivable.rows)).toEqual(shape(whole.rows.slice(0, 7)).map((r) => (r[1] === 'LINE' ? r : [r[0], r[1], null, ...r.slice(3)])));
    // The export writes the sections as the screen shows them.
    const sheet = await exportWorkbook(t, '/api/ledger/auxDetail/export', 'LEDGER', { accountId: v.accountId, accountYearId: v.accountYearId, ...filter }, viewer.token);
    const texts: string[] = [];
    sheet.ws.eachRow((row) => texts.push(row.values ? (row.values as unknown[]).slice(1).map((x) => String(x ?? '')).join('|') : ''));
    expect(texts.filter((x) => x.includes('Opening')).map((x) => x.split('|')[2])).toEqual([expect.stringMatching(/^1122 /), expect.stringMatching(/^5001 /)]);
  });

  /** Budget execution of the budget world, as it must read with or without month-end transfers. */
  async function expectBudgetExecution() {
    type Summary = { rows: Array<Record<string, unknown>> };
    const row = (r: Record<string, unknown>) => [r.code, r.leaf, r.budget, r.actual, r.ytdActual, r.remaining, r.rateBp];
    const march = await data<Summary>(ask('report/budgetSummary', { startPeriodId: period(w, 3), endPeriodId: period(w, 3) }, { token: budgeter.token }), 'budgetSummary');
    expect(march.rows.map(row)).toEqual([
      ['0001', false, '150000', '10000', '40000', '110000', 2667],
      ['000101', true, '100000', '10000', '40000', '60000', 4000],
      ['000102', true, '50000', '0', '0', '50000', 0],
    ]);
    const booked = await data<Summary>(ask('report/budgetSummary', { includeUnbooked: false, startPeriodId: period(w, 3), endPeriodId: period(w, 4) }, { token: budgeter.token }), 'budgetSummary');
    expect(booked.rows.map(row)).toEqual([
      ['0001', false, '150000', '10000', '10000', '140000', 667],
      ['000101', true, '100000', '10000', '10000', '90000', 1000],
      ['000102', true, '50000', '0', '0', '50000', 0],
    ]);
    const toApril = await data<Summary>(ask('report/budgetSummary', { budgetIds: [ids.b2], startPeriodId: period(w, 1), endPeriodId: period(w, 4) }, { token: budgeter.token }), 'budgetSummary');
    expect(toApril.rows.map(row)).toEqual([['000102', true, '50000', '5000', '5000', '45000', 1000]]);

    type Detail = { total: number; budget: string; rows: Array<Record<string, unknown>> };
    const lines = await data<Detail>(ask('report/budgetDetail', { budgetId: ids.b1, startPeriodId: period(w, 2), endPeriodId: period(w, 3) }, { token: budgeter.token }), 'budgetDetail');
    expect(lines.budget).toBe('100000');
    expect(lines.rows.map((r) => [r.kind, r.markDate, r.debit, r.credit, r.balanceCents])).toEqual([
      ['OPENING', null, '0', '0', '0'],
      ['LINE', '2026-02-06', '30000', '0', '30000'],
      ['PERIOD', null, '30000', '0', '30000'],
      ['YEAR', null, '30000', '0', '30000'],
      ['LINE', '2026-03-16', '12000', '0', '42000'],
      ['LINE', '2026-03-17', '0', '2000', '40000'],
      ['PERIOD', null, '12000', '2000', '40000'],
      ['YEAR', null, '42000', '2000', '40000'],
    ]);
    expect(lines.rows[5]).toMatchObject({ voucherId: ids.refund });
    // The parent item takes in its children's lines.
    const parent = await data<Detail>(ask('report/budgetDetail', { budgetId: ids.b0, startPeriodId: period(w, 4), endPeriodId: period(w, 4) }, { token: budgeter.token }), 'budgetDetail');
    expect(parent.budget).toBe('150000');
    expect(parent.rows.map((r) => [r.kind, r.balanceCents])).toEqual([['OPENING', '40000'], ['LINE', '45000'], ['PERIOD', '45000'], ['YEAR', '45000']]);
  }

  it('budget execution: budget against use per item, parents summing; the lines with the amount used so far', async () => {
    await expectBudgetExecution();
  });

  it('budget execution narrowed to a parent item: the item and its whole subtree, nothing beside it (the summary and its export)', async () => {
    type Summary = { rows: Array<Record<string, unknown>> };
    const other = (await data<{ id: number }>(call(admin, 'POST', '/api/aux/budget', { body: { accountYearId: w.accountYearId, code: '0002', name: '业务招待费', kind: 'OUTCOME', amount: 20_000 } }), 'budget')).id;
    try {
      const march = { startPeriodId: period(w, 3), endPeriodId: period(w, 3) };
      const summary = (budgetIds?: number[]) => data<Summary>(ask('report/budgetSummary', { ...march, budgetIds }, { token: budgeter.token }), 'budgetSummary');
      const all = await summary();
      expect(all.rows.map((r) => r.code)).toEqual(['0001', '000101', '000102', '0002']);
      const subtree = await summary([ids.b0]);
      expect(subtree.rows).toEqual(all.rows.slice(0, 3));
      expect(subtree.rows[0]).toMatchObject({ code: '0001', leaf: false, budget: '150000', actual: '10000', ytdActual: '40000' });
      expect((await summary([other])).rows.map((r) => r.code)).toEqual(['0002']);
      expect((await summary([ids.b2])).rows.map((r) => r.code)).toEqual(['000102']);
      const exported = await exportWorkbook(t, '/api/report/budgetSummary/export', 'LEDGER', { accountId: w.accountId, accountYearId: w.accountYearId, ...march, budgetIds: [ids.b0] }, budgeter.token);
      // Below the two heading lines and the header row.
      expect(exported.ws.getColumn(1).values.slice(4)).toEqual(['0001', '000101', '000102']);
    } finally {
      await data(call(admin, 'DELETE', `/api/aux/budget/${other}`), 'delete budget');
    }
  });

  it('budget execution and the department report leave month-end transfers (结转损益) out: closing a month gives no budget back; the ledger by item shows them', async () => {
    const made: number[] = [];
    // The department income and expense report leaves them out too.
    const departments = async () => data(call(admin, 'GET', '/api/report/departmentIODetail', { query: { accountId: w.accountId, year: 2026, startMonth: 1, endMonth: 4 } }), 'departmentIODetail');
    const before = await departments();
    expect(before.rows.length).toBeGreaterThan(0);
    try {
      for (const month of [1, 2, 3, 4]) {
        // Most of the lines are not bookkept: the transfer is asked to count them (its default is bookkept only).
        const r = (await call(admin, 'POST', '/api/voucher/profitTransfer', { body: { periodId: period(w, month), includeUnbooked: true } })).json();
        if (r.success) made.push(r.data.voucher.id);
        else expect(r.code).toBe('PROFIT_TRANSFER_NOTHING');
      }
      expect(made.length).toBeGreaterThanOrEqual(3);
      await expectBudgetExecution();
      expect(await departments()).toEqual(before);
      // The ledger by budget item (an auxiliary ledger) keeps every line: after March's transfer the item's expense balance is closed.
      type Detail = { rows: Array<Record<string, unknown>> };
      const ledger = await data<Detail>(ask('ledger/auxDetail', { auxTypeId: 6, auxId: ids.b1, startPeriodId: period(w, 2), endPeriodId: period(w, 3) }), 'auxDetail');
      const periodRows = ledger.rows.filter((r) => r.kind === 'PERIOD');
      expect(periodRows.map((r) => [r.side, r.balanceCents])).toEqual([['FLAT', '0'], ['FLAT', '0']]);
      expect(ledger.rows.some((r) => r.kind === 'LINE' && made.includes(r.voucherId as number))).toBe(true);
    } finally {
      for (const id of made) await data(call(admin, 'DELETE', `/api/voucher/${id}`), 'delete transfer');
    }
  });

  it('exports each report as a workbook through the export task, with the screen figures, in the requester\'s language', async () => {
    const base = { accountId: w.accountId, accountYearId: w.accountYearId };
    // Two heading lines (the title, then company, ledger set, periods and unit) above the header row: row n of the table is sheet row n + 2.
    const HEAD = 2;
    const values = (ws: { getRow: (n: number) => { values: unknown } }, n: number) => (ws.getRow(n + HEAD).values as unknown[]).slice(1);
    const day = String.raw`\d{4}-\d{2}-\d{2}`;
    const named = (s: string) => new RegExp(`^${s}-${day}\\.xlsx$`);
    // Balance by customer: English headers, sides, total, sheet and file for an English reader …
    const balanceFilter = { ...base, auxTypeId: 3, startPeriodId: period(w, 3), endPeriodId: period(w, 3) };
    const balance = await exportWorkbook(t, '/api/ledger/auxBalance/export', 'LEDGER', balanceFilter, reader.token);
    expect(values(balance.ws, 1)).toEqual(['Code', 'Name', 'Subject code', 'Subject', 'Opening debit', 'Opening credit', 'Period debit', 'Period credit', 'YTD debit', 'YTD credit', 'Side', 'Closing debit', 'Closing credit']);
    expect(values(balance.ws, 3)).toEqual(['VWC', '华夏科技有限公司', '1122', 'Accounts receivable', 1000, 0, 0, 300, 1000, 300, 'Dr', 700, 0]);
    expect(values(balance.ws, 6)).toEqual(['Total', '', '', '', 1500, 0, 0, 500, 1500, 500, '', 1000, 0]);
    expect(balance.ws.name).toBe('Aux balance - Customer');
    expect(balance.ws.getCell('A1').value).toBe('Balance by auxiliary · Customer');
    expect(balance.ws.getCell('A2').value).toMatch(/ · ledger set .+ · periods 2026-03 to 2026-03 · amounts in yuan · unbookkept vouchers included$/);
    expect(balance.ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 3 });
    expect(balance.fileName).toMatch(named('Balance by auxiliary'));
    // … and Chinese ones for a Chinese reader; amounts stay numbers either way.
    const balanceZh = await exportWorkbook(t, '/api/ledger/auxBalance/export', 'LEDGER', balanceFilter, reader.token, 'zh_CN');
    expect(values(balanceZh.ws, 1)).toEqual(['编码', '名称', '科目编码', '科目名称', '期初借方', '期初贷方', '本期借方', '本期贷方', '本年累计借方', '本年累计贷方', '方向', '期末借方', '期末贷方']);
    expect(values(balanceZh.ws, 3)).toEqual(['VWC', '华夏科技有限公司', '1122', '应收账款', 1000, 0, 0, 300, 1000, 300, '借', 700, 0]);
    expect(values(balanceZh.ws, 6)[0]).toBe('合计');
    expect(balanceZh.ws.name).toBe('辅助核算余额表 客户');
    expect(balanceZh.fileName).toMatch(named('辅助核算余额表'));
    const totalFilter = { ...base, auxTypeId: 3, auxIds: [ids.custA], startPeriodId: period(w, 2), endPeriodId: period(w, 3) };
    const total = await exportWorkbook(t, '/api/ledger/auxTotal/export', 'LEDGER', totalFilter, reader.token);
    expect(values(total.ws, 1)).toEqual(['Customer', 'Subject', 'Period', 'Summary', 'Debit', 'Credit', 'Side', 'Balance']);
    expect(values(total.ws, 2).slice(3)).toEqual(['Opening balance', undefined, undefined, 'Dr', 1000]);
    expect(values(total.ws, 6).slice(2)).toEqual(['2026-03', 'Year to date', 1000, 300, 'Dr', 700]);
    expect(values(total.ws, 3).slice(0, 2)).toEqual([expect.stringContaining('华夏科技有限公司'), '1122 Accounts receivable']);
    expect(total.ws.getRow(6 + HEAD).font?.bold).toBe(true);
    expect(total.ws.name).toBe('Aux general ledger - Customer');
    expect(total.fileName).toMatch(named('General ledger by auxiliary'));
    const totalZh = await exportWorkbook(t, '/api/ledger/auxTotal/export', 'LEDGER', totalFilter, reader.token, 'zh_CN');
    expect(values(totalZh.ws, 1)).toEqual(['客户', '科目名称', '期间', '摘要', '借方', '贷方', '方向', '余额']);
    expect(values(totalZh.ws, 6).slice(2)).toEqual(['2026-03', '本年累计', 1000, 300, '借', 700]);
    expect(totalZh.ws.getRow(6 + HEAD).font?.bold).toBe(true);
    expect(totalZh.fileName).toMatch(named('辅助核算总账'));
    const detailFilter = { ...base, auxTypeId: 3, auxId: ids.custA, startPeriodId: period(w, 1), endPeriodId: period(w, 3) };
    const detail = await exportWorkbook(t, '/api/ledger/auxDetail/export', 'LEDGER', detailFilter, reader.token);
    expect(detail.ws.rowCount).toBe(10 + HEAD);
    expect(values(detail.ws, 1)).toEqual(['Date', 'Voucher', 'Subject', 'Summary', 'Debit', 'Credit', 'Side', 'Balance (debit +)']);
    expect(values(detail.ws, 2).slice(3)).toEqual(['Opening balance', undefined, undefined, 'Nil', 0]);
    // The voucher word in the caller's language too (记 → its English name).
    expect(values(detail.ws, 8).slice(0, 3)).toEqual(['2026-03-15', expect.stringMatching(/^[A-Za-z]+-\d{4}$/), '1122 Accounts receivable']); // the number padded as the ledger set writes it
    expect(values(detail.ws, 8).slice(4)).toEqual([0, 300, 'Dr', 700]);
    expect(detail.ws.name).toBe('Aux sub-ledger VWC');
    expect(detail.fileName).toMatch(named('Sub-ledger by auxiliary-VWC'));
    const detailZh = await exportWorkbook(t, '/api/ledger/auxDetail/export', 'LEDGER', detailFilter, reader.token, 'zh_CN');
    expect(values(detailZh.ws, 1)).toEqual(['日期', '凭证字号', '科目名称', '摘要', '借方', '贷方', '方向', '余额（借正）']);
    expect(values(detailZh.ws, 2).slice(3)).toEqual(['期初余额', undefined, undefined, '平', 0]);
    expect(values(detailZh.ws, 8).slice(4)).toEqual([0, 300, '借', 700]);
    expect(detailZh.fileName).toMatch(named('辅助核算明细账-VWC'));
    const summaryFilter = { ...base, startPeriodId: period(w, 3), endPeriodId: period(w, 3) };
    const summary = await exportWorkbook(t, '/api/report/budgetSummary/export', 'LEDGER', summaryFilter, budgeter.token);
    expect(values(summary.ws, 1)).toEqual(['Code', 'Budget item', 'Kind', 'Budget', 'Used in the periods', 'Used this year', 'Remaining', 'Execution rate %']);
    expect(values(summary.ws, 3)).toEqual(['000101', '办公费', 'Expense', 1000, 100, 400, 600, 40]);
    expect(summary.ws.name).toBe('Budget execution summary');
    expect(summary.fileName).toMatch(named('Budget execution summary'));
    const summaryZh = await exportWorkbook(t, '/api/report/budgetSummary/export', 'LEDGER', summaryFilter, budgeter.token, 'zh_CN');
    expect(values(summaryZh.ws, 1)).toEqual(['编码', '预算项目', '类别', '预算金额', '本期执行数', '本年执行数', '预算余额', '执行率 %']);
    expect(values(summaryZh.ws, 3)).toEqual(['000101', '办公费', '支出', 1000, 100, 400, 600, 40]);
    expect(summaryZh.ws.name).toBe('预算执行汇总表');
    expect(summaryZh.ws.getCell('A1').value).toBe('预算执行汇总表');
    expect(summaryZh.ws.getCell('A2').value).toMatch(/ · 账套 .+ · 期间 2026-03 至 2026-03 · 单位：元 · 含未记账凭证$/);
    expect(summaryZh.fileName).toMatch(named('预算执行汇总表'));
    const usedFilter = { ...base, budgetId: ids.b1, startPeriodId: period(w, 2), endPeriodId: period(w, 3) };
    const used = await exportWorkbook(t, '/api/report/budgetDetail/export', 'LEDGER', usedFilter, budgeter.token);
    expect(values(used.ws, 1)).toEqual(['Date', 'Voucher', 'Subject', 'Summary', 'Debit', 'Credit', 'Side', 'Used so far']);
    expect(values(used.ws, 7).slice(4)).toEqual([0, 20, 'Dr', 400]);
    expect(values(used.ws, 9).slice(3)).toEqual(['Year to date', 420, 20, 'Dr', 400]);
    expect(used.ws.name).toBe('Budget use 000101');
    expect(used.fileName).toMatch(named('Budget execution sub-ledger-000101'));
    const usedZh = await exportWorkbook(t, '/api/report/budgetDetail/export', 'LEDGER', usedFilter, budgeter.token, 'zh_CN');
    expect(values(usedZh.ws, 1)).toEqual(['日期', '凭证字号', '科目名称', '摘要', '借方', '贷方', '方向', '累计执行数']);
    expect(values(usedZh.ws, 7).slice(4)).toEqual([0, 20, '借', 400]);
    expect(values(usedZh.ws, 9).slice(3)).toEqual(['本年累计', 420, 20, '借', 400]);
    expect(usedZh.ws.name).toBe('预算执行明细账 000101');
    expect(usedZh.fileName).toMatch(named('预算执行明细账-000101'));
    // Nothing to export; rights as the screens.
    expect((await call(reader.token, 'POST', '/api/ledger/auxBalance/export', { body: { filter: { ...base, auxTypeId: 4, startPeriodId: period(w, 3), endPeriodId: period(w, 3) } } })).json()).toMatchObject({ success: false, code: 'NO_DATA_TO_EXPORT' });
    expect((await call(budgeter.token, 'POST', '/api/ledger/auxBalance/export', { body: { filter: { ...base, auxTypeId: 3, startPeriodId: period(w, 3), endPeriodId: period(w, 3) } } })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    expect((await call(reader.token, 'POST', '/api/report/budgetSummary/export', { body: { filter: { ...base, startPeriodId: period(w, 3), endPeriodId: period(w, 3) } } })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
  });

  it('openings: the opening balance breakdown by value opens the balance, general ledger and sub-ledger', async () => {
    const g = await makeVoucherWorld(t, admin);
    const gReader = await makeUser(t, admin, g.companyId, { rightIds: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_BOOKS], name: '期初' });
    // Customer A opens the year owing 800.00 (of which 1,000.00 debit and 200.00 credit before a mid-year start).
    await data(call(admin, 'POST', '/api/opening/aux', { body: { accountYearId: g.accountYearId, subjectId: g.subject.receivable, rows: [{ customerId: g.customerId, amountCents: 80_000, ytdDebitCents: 100_000, ytdCreditCents: 20_000 }] } }), 'opening');
    await save(g, '2026-02-10', [[g.subject.bank, true, 30_000], [g.subject.receivable, false, 30_000, [{ auxTypeId: 3, auxId: g.customerId }]]]);
    const f = { accountId: g.accountId, accountYearId: g.accountYearId, auxTypeId: 3 };
    const bal = await data<{ rows: Array<Record<string, unknown>> }>(call(gReader.token, 'GET', '/api/ledger/auxBalance', { query: { filter: { ...f, startPeriodId: period(g, 3), endPeriodId: period(g, 3) } } }), 'auxBalance');
    expect(bal.rows.map((r) => [r.kind, ...figures(r)])).toEqual([
      ['VALUE', 'DEBIT', '50000', '0', '0', '100000', '50000', 'DEBIT', '50000'],
      ['SUBJECT', 'DEBIT', '50000', '0', '0', '100000', '50000', 'DEBIT', '50000'],
    ]);
    const total = await data<{ groups: Array<{ openingCents: string; periods: Array<Record<string, unknown>> }> }>(call(gReader.token, 'GET', '/api/ledger/auxTotal', { query: { filter: { ...f, startPeriodId: period(g, 1), endPeriodId: period(g, 2) } } }), 'auxTotal');
    expect(total.groups[0].openingCents).toBe('80000');
    expect(total.groups[0].periods.map((p) => [p.ytdDebit, p.ytdCredit, p.side, p.balanceCents])).toEqual([['100000', '20000', 'DEBIT', '80000'], ['100000', '50000', 'DEBIT', '50000']]);
    const detail = await data<{ rows: Array<Record<string, unknown>> }>(call(gReader.token, 'GET', '/api/ledger/auxDetail', { query: { filter: { ...f, auxId: g.customerId, startPeriodId: period(g, 1), endPeriodId: period(g, 3) } } }), 'auxDetail');
    expect(detail.rows.map((r) => [r.kind, r.debit, r.credit, r.balanceCents])).toEqual([
      ['OPENING', '0', '0', '80000'], ['PERIOD', '0', '0', '80000'], ['YEAR', '100000', '20000', '80000'],
      ['LINE', '0', '30000', '50000'], ['PERIOD', '0', '30000', '50000'], ['YEAR', '100000', '50000', '50000'],
      ['PERIOD', '0', '0', '50000'], ['YEAR', '100000', '50000', '50000'],
    ]);
  });

  it('reconciles to the control account: the part of a subject without a value of the type is an unassigned row, in the balance, the general ledger and the export', async () => {
    const g = await makeVoucherWorld(t, admin);
    const gReader = await makeUser(t, admin, g.companyId, { rightIds: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_BOOKS], name: '对账' });
    const [payable] = (await t.db.db.execute(sql`select id from subjects where account_year_id = ${g.accountYearId} and code = '2202'`) as unknown as { rows: Array<{ id: number }> }).rows;
    // 2202 应付账款 opens at 50,000.00 credit and takes a 1,000.00 purchase in January, both before
    // the subject took the vendor type; from February on its lines name the vendor.
    await data(call(admin, 'POST', '/api/opening', { body: { accountYearId: g.accountYearId, rows: [{ subjectId: payable.id, amountCents: 5_000_000 }] } }), 'opening 2202');
    await data(call(admin, 'POST', '/api/opening', { body: { accountYearId: g.accountYearId, rows: [{ subjectId: g.subject.bank, amountCents: 5_000_000 }] } }), 'opening 1002');
    await save(g, '2026-01-08', [[g.subject.cash, true, 100_000], [payable.id, false, 100_000]]);
    await t.db.db.execute(sql`update subjects set aux_type_ids = '{4}' where id = ${payable.id}`);
    const vendor = await data<{ id: number }>(call(admin, 'POST', '/api/aux/vendor', { body: { accountId: g.accountId, code: 'V01', name: '华东材料' } }), 'vendor');
    const v = [{ auxTypeId: 4, auxId: vendor.id }];
    await save(g, '2026-02-12', [[g.subject.cash, true, 848_000], [payable.id, false, 848_000, v]]);
    await save(g, '2026-03-03', [[payable.id, true, 200_000, v], [g.subject.bank, false, 200_000]]);
    const f = { accountId: g.accountId, accountYearId: g.accountYearId, auxTypeId: 4, startPeriodId: period(g, 2), endPeriodId: period(g, 3) };
    const get = <T>(path: string, filter: Record<string, unknown>) => data<T>(call(gReader.token, 'GET', `/api/${path}`, { query: { filter } }), path);

    const bal = await get<{ rows: Array<Record<string, unknown>>; totals: Record<string, string> }>('ledger/auxBalance', f);
    expect(bal.rows.map((r) => [r.kind, r.auxId, r.auxCode, r.auxName, r.subjectCode, ...figures(r)])).toEqual([
      ['VALUE', vendor.id, 'V01', '华东材料', null, 'FLAT', '0', '200000', '848000', '200000', '848000', 'CREDIT', '648000'],
      ['SUBJECT', vendor.id, 'V01', '华东材料', '2202', 'FLAT', '0', '200000', '848000', '200000', '848000', 'CREDIT', '648000'],
      ['VALUE', 0, '', 'Unassigned', null, 'CREDIT', '5100000', '0', '0', '0', '100000', 'CREDIT', '5100000'],
      ['SUBJECT', 0, '', 'Unassigned', '2202', 'CREDIT', '5100000', '0', '0', '0', '100000', 'CREDIT', '5100000'],
    ]);
    // The totals are the subject balance table's for the subjects concerned (2202 alone here).
    const sb = await get<{ totals: Record<string, string> }>('ledger/subjectBalance', { accountId: g.accountId, accountYearId: g.accountYearId, startPeriodId: f.startPeriodId, endPeriodId: f.endPeriodId, subjectCodeFrom: '2202', subjectCodeTo: '2202' });
    expect(bal.totals).toEqual(sb.totals);
    expect(bal.totals).toMatchObject({ openingCredit: '5100000', debit: '200000', credit: '848000', ytdDebit: '200000', ytdCredit: '948000', closingCredit: '5748000' });
    // Named values: only they (the unassigned part is no value of theirs).
    expect((await get<{ rows: Array<Record<string, unknown>> }>('ledger/auxBalance', { ...f, auxIds: [vendor.id] })).rows.map((r) => r.auxId)).toEqual([vendor.id, vendor.id]);
    // In Chinese the row is 未指定.
    const zh = await data<{ rows: Array<Record<string, unknown>> }>(t.call('GET', '/api/ledger/auxBalance', { token: gReader.token, lang: 'zh_CN', query: { filter: f } }), 'zh');
    expect(zh.rows.at(-1)).toMatchObject({ auxId: UNASSIGNED_AUX_ID, auxName: '未指定' });

    // The general ledger: the unassigned group after the values; the closing balances add up to the subject's.
    const total = await get<{ groups: Array<{ auxId: number; auxName: string; subjectCode: string; openingSide: string; openingCents: string; periods: Array<Record<string, unknown>> }> }>('ledger/auxTotal', f);
    expect(total.groups.map((x) => [x.auxId, x.auxName, x.subjectCode, x.openingSide, x.openingCents, x.periods.map((p) => [p.debit, p.credit, p.ytdDebit, p.ytdCredit, p.side, p.balanceCents])])).toEqual([
      [vendor.id, '华东材料', '2202', 'FLAT', '0', [['0', '848000', '0', '848000', 'CREDIT', '848000'], ['200000', '0', '200000', '848000', 'CREDIT', '648000']]],
      [0, 'Unassigned', '2202', 'CREDIT', '5100000', [['0', '0', '0', '100000', 'CREDIT', '5100000'], ['0', '0', '0', '100000', 'CREDIT', '5100000']]],
    ]);
    const sbRow = (await get<{ rows: Array<Record<string, string>> }>('ledger/subjectBalance', { accountId: g.accountId, accountYearId: g.accountYearId, startPeriodId: f.startPeriodId, endPeriodId: f.endPeriodId })).rows.find((r) => r.code === '2202')!;
    expect(total.groups.reduce((sum, x) => sum + Number(x.periods.at(-1)!.balanceCents), 0)).toBe(Number(sbRow.closingCredit));
    expect((await get<{ groups: unknown[] }>('ledger/auxTotal', { ...f, auxIds: [vendor.id] })).groups).toHaveLength(1);

    // The export has the row, named in the reader's language, and the same total.
    const exported = await exportWorkbook(t, '/api/ledger/auxBalance/export', 'LEDGER', f, gReader.token);
    const sheet = (exported.ws.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    expect(sheet.find((r) => r[1] === 'Unassigned' && r[2] === '2202')).toEqual(['', 'Unassigned', '2202', 'Accounts payable', 0, 51000, 0, 0, 0, 1000, 'Cr', 0, 51000]);
    expect(sheet.at(-1)).toEqual(['Total', '', '', '', 0, 51000, 2000, 8480, 2000, 9480, '', 0, 57480]);

    // The unassigned row drilled: the subject's lines without a vendor, from its own opening; each month says its closing.
    const detailOf = (filter: Record<string, unknown>, lang: 'en_US' | 'zh_CN' = 'en_US') =>
      data<{ auxId: number; auxName: string; total: number; rows: Array<Record<string, unknown>> }>(t.call('GET', '/api/ledger/auxDetail', { token: gReader.token, lang, query: { filter } }), 'auxDetail');
    const un = await detailOf({ ...f, startPeriodId: period(g, 1), auxId: UNASSIGNED_AUX_ID, subjectId: payable.id });
    expect([un.auxId, un.auxName, un.total]).toEqual([UNASSIGNED_AUX_ID, 'Unassigned', 8]);
    expect(un.rows.map((r) => [r.kind, r.periodName ?? null, r.debit, r.credit, r.side, r.balanceCents])).toEqual([
      ['OPENING', null, '0', '0', 'CREDIT', '5000000'],
      ['LINE', expect.any(String), '0', '100000', 'CREDIT', '5100000'], ['PERIOD', expect.any(String), '0', '100000', 'CREDIT', '5100000'], ['YEAR', expect.any(String), '0', '100000', 'CREDIT', '5100000'],
      ['PERIOD', expect.any(String), '0', '0', 'CREDIT', '5100000'], ['YEAR', expect.any(String), '0', '100000', 'CREDIT', '5100000'],
      ['PERIOD', expect.any(String), '0', '0', 'CREDIT', '5100000'], ['YEAR', expect.any(String), '0', '100000', 'CREDIT', '5100000'],
    ]);
    // From February the January line is in the opening: the balance's unassigned row, line for line.
    const feb = await detailOf({ ...f, auxId: UNASSIGNED_AUX_ID, subjectId: payable.id }, 'zh_CN');
    expect(feb.auxName).toBe('未指定');
    expect(feb.rows[0]).toMatchObject({ kind: 'OPENING', side: 'CREDIT', balanceCents: '5100000' });
    expect(feb.rows.at(-1)).toMatchObject({ kind: 'YEAR', debit: '0', credit: '100000', side: 'CREDIT', balanceCents: '5100000' });
    // The unassigned part is of a subject: without one it is refused, naming the field.
    const bare = await t.call('GET', '/api/ledger/auxDetail', { token: gReader.token, lang: 'en_US', query: { filter: { ...f, auxId: UNASSIGNED_AUX_ID } } });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().msg).toMatch(/subject/i);
  });

  it('rights: the finance reports right for the ledgers, the budget right for the budget reports', async () => {
    const nobody = await makeUser(t, admin, w.companyId, { rightIds: [RIGHTS.VOUCHER], name: '无报表' });
    const f = { auxTypeId: 3, startPeriodId: period(w, 3), endPeriodId: period(w, 3) };
    for (const path of ['ledger/auxBalance', 'ledger/auxTotal']) {
      expect((await ask(path, f, { token: nobody.token })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
      expect((await ask(path, f, { token: budgeter.token })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
      expect((await ask(path, f)).json()).toMatchObject({ success: true });
    }
    expect((await ask('ledger/auxDetail', { ...f, auxId: ids.custA }, { token: nobody.token })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    const b = { startPeriodId: period(w, 3), endPeriodId: period(w, 3) };
    expect((await ask('report/budgetSummary', b)).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    expect((await ask('report/budgetDetail', { ...b, budgetId: ids.b1 })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    // A bad filter is a 400.
    expect((await ask('ledger/auxBalance', { ...f, auxTypeId: 7 })).statusCode).toBe(400);
    expect((await ask('ledger/auxDetail', f)).statusCode).toBe(400);
  });

  it('refuses another company\'s year, values, subjects and budget items, and a period range of another year', async () => {
    const other = await makeVoucherWorld(t, admin);
    const otherBudget = (await data<{ id: number }>(call(admin, 'POST', '/api/aux/budget', { body: { accountYearId: other.accountYearId, code: '0009', name: '外', kind: 'OUTCOME', amount: 100 } }), 'budget')).id;
    const f = { auxTypeId: 3, startPeriodId: period(w, 3), endPeriodId: period(w, 3) };
    const refused = { success: false, code: 'NO_PERMISSION' };
    expect((await ask('ledger/auxBalance', f, { world: other })).json()).toMatchObject(refused);
    expect((await ask('ledger/auxBalance', { ...f, auxIds: [other.customerId] })).json()).toMatchObject(refused);
    expect((await ask('ledger/auxBalance', { ...f, auxIds: [ids.custA, MISSING_ID] })).json()).toMatchObject(refused);
    expect((await ask('ledger/auxTotal', { ...f, auxIds: [other.customerId] })).json()).toMatchObject(refused);
    expect((await ask('ledger/auxDetail', { ...f, auxId: other.customerId })).json()).toMatchObject(refused);
    expect((await ask('ledger/auxDetail', { ...f, auxId: ids.custA, subjectId: other.subject.receivable })).json()).toMatchObject(refused);
    // The budget items of the type are those of the year.
    expect((await ask('ledger/auxDetail', { ...f, auxTypeId: 6, auxId: otherBudget })).json()).toMatchObject(refused);
    expect((await ask('report/budgetDetail', { startPeriodId: period(w, 3), endPeriodId: period(w, 3), budgetId: otherBudget }, { token: budgeter.token })).json()).toMatchObject(refused);
    expect((await ask('report/budgetSummary', { startPeriodId: period(w, 3), endPeriodId: period(w, 3), budgetIds: [otherBudget] }, { token: budgeter.token })).json()).toMatchObject(refused);
    // The year of one ledger set asked under another's id; a period of another year.
    expect((await ask('ledger/auxBalance', { ...f, accountId: other.accountId })).json()).toMatchObject(refused);
    expect((await ask('ledger/auxBalance', { ...f, startPeriodId: period(other, 3) })).json()).toMatchObject({ success: false, code: 'MISSING_ACCOUNT_OR_PERIOD' });
    expect((await ask('ledger/auxBalance', { ...f, startPeriodId: period(w, 4) })).json()).toMatchObject({ success: false, code: 'PERIOD_END_BEFORE_START' });
    // Another company's user cannot read this company's ledger.
    const outsider = await makeUser(t, admin, other.companyId, { rightIds: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_BOOKS], name: '外人' });
    expect((await ask('ledger/auxBalance', f, { token: outsider.token })).json()).toMatchObject(refused);
  });

  it('property: random postings → balance by customer and random sub-ledger pages equal a naive recomputation from the lines', async () => {
    const g = await makeVoucherWorld(t, admin);
    const gReader = await makeUser(t, admin, g.companyId, { rightIds: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_BOOKS], name: '性质' });
    // In code order (P1, P2, VWC), the order of the ledger's values.
    const customers: number[] = [];
    for (const code of ['P1', 'P2']) customers.push((await data<{ id: number }>(call(admin, 'POST', '/api/aux/customer', { body: { companyId: g.companyId, code, name: code } }), 'c')).id);
    customers.push(g.customerId);
    const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.db.execute(q)) as unknown as { rows: T[] }).rows;
    const posting = fc.record({
      month: fc.integer({ min: 1, max: 4 }),
      day: fc.integer({ min: 1, max: 28 }),
      customer: fc.integer({ min: 0, max: 2 }),
      debit: fc.boolean(),
      cents: fc.integer({ min: -50_000, max: 200_000 }).filter((c) => c !== 0),
      fate: fc.constantFrom('keep', 'book', 'invalid'),
    });
    const runs = backend === 'pglite' ? 5 : 8;
    await fc.assert(fc.asyncProperty(fc.array(posting, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 3 }), fc.boolean(), fc.integer({ min: 0, max: 2 }), fc.nat(40), async (batch, start, span, includeUnbooked, who, offset) => {
      for (const p of batch) {
        const date = `2026-0${p.month}-${String(p.day).padStart(2, '0')}`;
        const aux = [{ auxTypeId: 3, auxId: customers[p.customer] }];
        const v = await save(g, date, p.debit ? [[g.subject.receivable, true, p.cents, aux], [g.subject.revenue, false, p.cents, [{ auxTypeId: 5, auxId: g.projectId }]]] : [[g.subject.cash, true, p.cents], [g.subject.receivable, false, p.cents, aux]]);
        if (p.fate === 'book') await book(g, v.id);
        if (p.fate === 'invalid') await data(call(g.users.boss.token, 'POST', `/api/voucher/${v.id}/invalid`, { body: {} }), 'invalid');
      }
      const end = Math.min(start + span, 4);
      const lines = await rows<{ customer_id: number; month: number; mark_date: string; voucher_id: number; line_no: number; direction: boolean; amount_cents: string; booked: boolean }>(sql`
        select i.customer_id, extract(month from v.mark_date)::int as month, v.mark_date::text as mark_date, v.id as voucher_id, i.line_no, i.direction, i.amount_cents, v.book_keep_at is not null as booked
        from voucher_items i join vouchers v on v.id = i.voucher_id
        where v.account_year_id = ${g.accountYearId} and v.state <> 'INVALID' and i.customer_id is not null and (${includeUnbooked} or v.book_keep_at is not null)
        order by v.mark_date, v.code, v.id, i.line_no`);
      const signed = (l: (typeof lines)[number]) => (l.direction ? 1 : -1) * Number(l.amount_cents);
      // Balance by customer, naive.
      const answer = await data<{ rows: Array<Record<string, string>> }>(ask('ledger/auxBalance', { auxTypeId: 3, startPeriodId: period(g, start), endPeriodId: period(g, end), includeUnbooked }, { token: gReader.token, world: g }), 'auxBalance');
      const expected = customers.flatMap((c) => {
        const mine = lines.filter((l) => l.customer_id === c && l.month <= end);
        if (mine.length === 0) return [];
        const before = mine.filter((l) => l.month < start);
        const inside = mine.filter((l) => l.month >= start);
        const sum = (ls: typeof lines, debit: boolean) => ls.filter((l) => l.direction === debit).reduce((n, l) => n + Number(l.amount_cents), 0);
        const opening = sum(before, true) - sum(before, false);
        const closing = opening + sum(inside, true) - sum(inside, false);
        const sideOf = (b: number) => (b > 0 ? 'DEBIT' : b < 0 ? 'CREDIT' : 'FLAT');
        const r = [sideOf(opening), String(Math.abs(opening)), String(sum(inside, true)), String(sum(inside, false)), String(sum(mine, true)), String(sum(mine, false)), sideOf(closing), String(Math.abs(closing))];
        // A pair whose figures are all zero is left out.
        return opening === 0 && sum(mine, true) === 0 && sum(mine, false) === 0 ? [] : [[c, ...r]];
      });
      expect(answer.rows.filter((r) => r.kind === 'SUBJECT').map((r) => [r.auxId, ...figures(r)])).toEqual(expected);
      // A page of one customer's sub-ledger: the line rows' running balances.
      const c = customers[who];
      const detail = await data<{ total: number; rows: Array<Record<string, unknown>> }>(ask('ledger/auxDetail', { auxTypeId: 3, auxId: c, startPeriodId: period(g, start), endPeriodId: period(g, end), includeUnbooked }, { token: gReader.token, world: g, offset, limit: 7 }), 'auxDetail');
      const mine = lines.filter((l) => l.customer_id === c && l.month <= end);
      let balance = mine.filter((l) => l.month < start).reduce((n, l) => n + signed(l), 0);
      const list: string[] = [`OPENING ${balance}`];
      let ytdD = mine.filter((l) => l.month < start && l.direction).reduce((n, l) => n + Number(l.amount_cents), 0);
      let ytdC = mine.filter((l) => l.month < start && !l.direction).reduce((n, l) => n + Number(l.amount_cents), 0);
      for (let m = start; m <= end; m++) {
        // Every month of the range says its totals and closing, a month without lines too.
        const ls = mine.filter((l) => l.month === m);
        for (const l of ls) {
          balance += signed(l);
          list.push(`LINE ${l.voucher_id}:${l.line_no} ${balance}`);
        }
        const d = ls.filter((l) => l.direction).reduce((n, l) => n + Number(l.amount_cents), 0);
        const cr = ls.filter((l) => !l.direction).reduce((n, l) => n + Number(l.amount_cents), 0);
        ytdD += d;
        ytdC += cr;
        list.push(`PERIOD ${d}/${cr} ${balance}`, `YEAR ${ytdD}/${ytdC} ${balance}`);
      }
      const got = detail.rows.map((r) => {
        const b = (r.side === 'CREDIT' ? -1 : 1) * Number(r.balanceCents);
        return r.kind === 'OPENING' ? `OPENING ${b}` : r.kind === 'LINE' ? `LINE ${r.voucherId}:${r.lineNo} ${b}` : `${r.kind} ${r.debit}/${r.credit} ${b}`;
      });
      expect(detail.total).toBe(list.length);
      // One voucher kind: book order is date, number, line, as the naive list.
      expect(got).toEqual(list.slice(offset, offset + 7));
    }), { numRuns: runs });
  });
});
