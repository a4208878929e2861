/**
 * Documents to vouchers (spec 01 §7 /voucher billQuery, billTransfer, billsTransfer; decision 037)
 * on both backends: an audited reimbursement becomes a balanced voucher (a debit per expense kind,
 * the paying account credited with what the document paid, the payable subject with the rest), one
 * per document or one per selection; a journal line debits or
 * credits its bank account's subject against its kind's counter-subject, one per line or per day;
 * the link is answered both ways; a second transfer, an unaudited document, a missing subject are
 * refused; deleting the voucher frees the document; the voucher right plus the source's read right
 * are needed; another company's documents are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { formatReimbursementCode as fmt } from '../../src/domain/reimbursement';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, unique, type MadeUser, type World } from './factories';

type Body = Record<string, any>;

describe.each(backends())('documents to vouchers (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  let other: World;
  let kindId: number;
  let travel: number;
  let meals: number;
  let staffId: number;
  let salesDept: number;
  let bank: number;
  let income: number;
  let outcome: number;
  /** Audits the reimbursements admin makes (the maker cannot audit their own: REIMBURSE_SELF_AUDIT). */
  let checker: MadeUser;
  let otherChecker: MadeUser;
  const s: Record<string, number> = {};

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, o: { body?: unknown; query?: Record<string, unknown>; token?: string } = {}) =>
    t.call(method, url, { token: o.token ?? admin, body: o.body, query: o.query, lang: 'en_US' });
  const ok = (method: 'GET' | 'POST' | 'DELETE', url: string, o: { body?: unknown; query?: Record<string, unknown>; token?: string } = {}) => data(call(method, url, o), `${method} ${url}`);
  const subjectOf = async (world: World, code: string) => (await ok('GET', '/api/subject', { query: { filter: { accountYearId: world.accountYearId, code } } })).content[0].id as number;
  const no = () => unique('INV').replace(/\s/g, '');
  // Paid in full on its pay date unless the test says otherwise (payAmount).
  const expense = async (invoices: Array<[number, number]>, o: Body = {}, world = w) => ok('POST', '/api/expense', { body: {
    companyId: world.companyId, markAt: '2026-03-05', submitterId: world === w ? staffId : null, submitAt: null, payAt: '2026-03-06', payAmount: invoices.reduce((t, [, a]) => t + a, 0), markerId: null,
    invoices: invoices.map(([k, amount]) => ({ expenseKindId: k, issueAt: '2026-03-03', no: no(), amount, remark: null })), ...o,
  } });
  const audit = (ids: number[], world = w) => ok('POST', '/api/expense/lock', { body: { lock: true, ids }, token: (world === w ? checker : otherChecker).token });
  const expenseOptions = (o: Body = {}) => ({ accountId: w.accountId, source: 'EXPENSE', kindId, bankAccountId: bank, kindSubjects: [{ expenseKindId: travel, subjectId: s['5602'] }, { expenseKindId: meals, subjectId: s['5601'] }], ...o });
  const query = (q: Body, token = admin) => ok('GET', '/api/voucher/billQuery', { query: { accountId: w.accountId, ...q }, token });
  const lines = (v: Body) => v.lines.map((l: Body) => [l.direction ? 'D' : 'C', l.subjectCode, l.amount, l.summary]);

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
    other = await makeWorld(t, admin);
    kindId = (await ok('GET', '/api/voucher/kind', { query: { accountId: w.accountId } })).content[0].id;
    for (const code of ['1001', '1122', '5601', '5602']) s[code] = await subjectOf(w, code);
    s['100201'] = (await ok('POST', '/api/subject', { body: { accountYearId: w.accountYearId, code: '100201', name: '工行' } })).id;
    travel = (await ok('POST', '/api/expense/kind', { body: { companyId: w.companyId, name: 'Travel' } })).id;
    meals = (await ok('POST', '/api/expense/kind', { body: { companyId: w.companyId, name: 'Meals' } })).id;
    const dept = await ok('POST', '/api/aux/department', { body: { companyId: w.companyId, code: 'D1', name: 'Sales' } });
    staffId = (await ok('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'E1', name: 'Li Lei', departmentId: dept.id } })).id;
    salesDept = dept.id;
    const bankId = (await ok('POST', '/api/common/bank', { body: { companyId: w.companyId, code: 'ICBC', name: '工商银行' } })).id;
    bank = (await ok('POST', '/api/common/bankAccount', { body: { accountYearId: w.accountYearId, code: 'B01', name: 'ICBC', kind: 'BANK', bankId, subjectId: s['100201'] } })).id;
    income = (await ok('POST', '/api/cashier/income', { body: { accountYearId: w.accountYearId, code: 'I01', name: 'Sales receipts', subjectId: s['1122'] } })).id;
    outcome = (await ok('POST', '/api/cashier/outcome', { body: { accountYearId: w.accountYearId, code: 'O01', name: 'Office', subjectId: s['5602'] } })).id;
    await ok('POST', '/api/cashier/opening', { body: { accountId: w.accountId, openings: [{ bankAccountId: bank, startDate: '2026-01-01', openingCents: 0 }] } });
    s['2241'] = await subjectOf(w, '2241');
    checker = await makeUser(t, admin, w.companyId, [RIGHTS.REIMBURSE_EDIT]);
    otherChecker = await makeUser(t, admin, other.companyId, [RIGHTS.REIMBURSE_EDIT]);
  });
  afterAll(async () => t?.close());

  it('reimbursement: preview writes nothing, generate makes a balanced voucher linked both ways, twice refused, delete frees it', async () => {
    const e = await expense([[travel, 10_000], [meals, 2_500], [travel, 500]]);
    // Not audited: not listed, refused.
    expect((await query({ source: 'EXPENSE' })).map((d: Body) => d.id)).not.toContain(e.id);
    const refused = await ok('POST', '/api/voucher/billTransfer', { body: { ...expenseOptions(), id: e.id } });
    expect(refused.results).toEqual([{ id: e.id, ok: false, voucherId: null, code: 'REIMBURSE_NOT_AUDITED', msg: expect.any(String) }]);
    await audit([e.id]);
    expect((await query({ source: 'EXPENSE' })).find((d: Body) => d.id === e.id)).toMatchObject({ code: e.code, date: '2026-03-06', amountCents: '13000', audited: true, party: 'Li Lei', voucherId: null });

    const preview = await ok('POST', '/api/voucher/billTransfer', { body: { ...expenseOptions(), id: e.id, preview: true } });
    expect(preview.vouchers).toHaveLength(1);
    expect(preview.vouchers[0]).toMatchObject({ markDate: '2026-03-06', debitCents: '13000', creditCents: '13000', voucherId: null, code: null });
    expect(lines(preview.vouchers[0])).toEqual([
      // The code as people read it (202603-0001, spec 02 §2.8), not as stored.
      ['D', '5602', '10500', `Li Lei Travel ${fmt(e.code)}`],
      ['D', '5601', '2500', `Li Lei Meals ${fmt(e.code)}`],
      ['C', '100201', '13000', `Li Lei ${fmt(e.code)}`],
    ]);
    expect(fmt(e.code)).toMatch(/^\d{6}-\d{4}$/);
    expect((await ok('GET', `/api/expense/${e.id}`)).voucherId).toBeNull();

    const done = await ok('POST', '/api/voucher/billTransfer', { body: { ...expenseOptions(), id: e.id } });
    expect(done.results).toEqual([{ id: e.id, ok: true, voucherId: expect.any(Number), code: null, msg: null }]);
    const voucherId = done.results[0].voucherId;
    const v = await ok('GET', `/api/voucher/${voucherId}`);
    expect(v).toMatchObject({ source: 'EXPENSE', billCount: 1, markTime: expect.stringMatching(/^2026-03-06/) });
    expect(v.items.map((l: Body) => [l.direction ? 'D' : 'C', l.subjectCode, l.amount])).toEqual([['D', '5602', '10500'], ['D', '5601', '2500'], ['C', '100201', '13000']]);
    const debit = v.items.filter((l: Body) => l.direction).reduce((a: number, l: Body) => a + Number(l.amount), 0);
    const credit = v.items.filter((l: Body) => !l.direction).reduce((a: number, l: Body) => a + Number(l.amount), 0);
    expect(debit).toBe(credit);
    // Both ways: the document names the voucher, the voucher's sources name the document.
    expect(await ok('GET', `/api/expense/${e.id}`)).toMatchObject({ voucherId, voucherCode: `${v.kindName}-${v.codeText}` });
    expect((await ok('GET', '/api/expense', { query: { filter: { companyId: w.companyId, id: [e.id] } } })).content[0].voucherCode).toBe(`${v.kindName}-${v.codeText}`);
    const sources = await query({ source: 'EXPENSE', voucherId });
    expect(sources.map((d: Body) => [d.id, d.voucherId, d.voucherCode])).toEqual([[e.id, voucherId, `${v.kindName}-${v.codeText}`]]);
    expect((await query({ source: 'EXPENSE' })).map((d: Body) => d.id)).not.toContain(e.id);
    expect((await query({ source: 'EXPENSE', state: 'DONE' })).map((d: Body) => d.id)).toContain(e.id);

    // Twice: refused, localized, nothing written.
    const twice = await ok('POST', '/api/voucher/billsTransfer', { body: { ...expenseOptions(), ids: [e.id] } });
    expect(twice.results[0]).toMatchObject({ ok: false, code: 'DOC_ALREADY_TRANSFERRED', msg: `A voucher was already generated from document ${fmt(e.code)}` });
    const zh = await t.call('POST', '/api/voucher/billTransfer', { token: admin, body: { ...expenseOptions(), id: e.id }, lang: 'zh_CN' });
    expect(zh.json().data.results[0].msg).toBe(`单据 ${fmt(e.code)} 已生成凭证，不能重复生成`);

    // The audit stays while the voucher exists.
    const cancel = await ok('POST', '/api/expense/lock', { body: { lock: false, ids: [e.id] } });
    expect(cancel[0]).toMatchObject({ ok: false, result: 'REIMBURSE_HAS_VOUCHER' });
    // Deleting the voucher frees the document.
    await ok('DELETE', `/api/voucher/${voucherId}`);
    expect((await ok('GET', `/api/expense/${e.id}`)).voucherId).toBeNull();
    expect((await query({ source: 'EXPENSE' })).map((d: Body) => d.id)).toContain(e.id);
    const again = await ok('POST', '/api/voucher/billTransfer', { body: { ...expenseOptions(), id: e.id } });
    expect(again.results[0].ok).toBe(true);
  });

  it('reimbursements grouped by kind: one voucher for the selection; a missing kind subject or credit refused', async () => {
    const a = await expense([[travel, 1_000]]);
    const b = await expense([[travel, 2_000], [meals, 300]], { payAt: '2026-03-09' });
    await audit([a.id, b.id]);
    // A kind with neither a given nor a remembered subject is refused; the others go on.
    const gifts = (await ok('POST', '/api/expense/kind', { body: { companyId: w.companyId, name: 'Gifts' } })).id;
    const c = await expense([[gifts, 50]]);
    await audit([c.id]);
    const noSubject = await ok('POST', '/api/voucher/billsTransfer', { body: { ...expenseOptions({ kindSubjects: [{ expenseKindId: travel, subjectId: s['5602'] }] }), ids: [a.id, c.id] } });
    expect(noSubject.results.map((r: Body) => [r.id, r.ok, r.code])).toEqual([[a.id, true, null], [c.id, false, 'DOC_SUBJECT_MISSING']]);
    expect(noSubject.vouchers[1].msg).toBe('No subject is set for \u201cGifts\u201d');
    expect(noSubject.results[0].voucherId).not.toBeNull(); // a's voucher was written alone
    await ok('DELETE', `/api/voucher/${noSubject.results[0].voucherId}`);
    // Meals is not named: the subject remembered by the first test's generation (5601) fills it.
    const fallback = await ok('POST', '/api/voucher/billsTransfer', { body: { ...expenseOptions({ kindSubjects: [{ expenseKindId: travel, subjectId: s['5602'] }] }), ids: [b.id], preview: true } });
    expect(lines(fallback.vouchers[0]).map((l: string[]) => l.slice(0, 3))).toEqual([['D', '5602', '2000'], ['D', '5601', '300'], ['C', '100201', '2300']]);
    // A document that paid something needs the paying account (or subject); refused on its own, nothing written.
    const noBank = await ok('POST', '/api/voucher/billsTransfer', { body: { ...expenseOptions({ bankAccountId: undefined }), ids: [a.id] } });
    expect(noBank.results).toEqual([{ id: a.id, ok: false, voucherId: null, code: 'DOC_CREDIT_SUBJECT_REQUIRED', msg: 'Choose the paying bank account or the credit subject' }]);

    // The preview runs the voucher service's checks: a parent subject (1002 has 100201) is refused.
    const parent = await ok('POST', '/api/voucher/billsTransfer', { body: { ...expenseOptions({ kindSubjects: [{ expenseKindId: travel, subjectId: await subjectOf(w, '1002') }] }), ids: [a.id], preview: true } });
    expect(parent.results[0]).toMatchObject({ ok: false, code: expect.stringMatching(/LEAF|SUBJECT/) });
    expect(parent.vouchers[0].lines).toHaveLength(2);
    const grouped = await ok('POST', '/api/voucher/billsTransfer', { body: { ...expenseOptions({ grouping: 'KIND', bankAccountId: undefined, creditSubjectId: s['1001'] }), ids: [a.id, b.id] } });
    expect(grouped.vouchers).toHaveLength(1);
    expect(grouped.vouchers[0]).toMatchObject({ docIds: [a.id, b.id], markDate: '2026-03-09', debitCents: '3300', creditCents: '3300' });
    expect(lines(grouped.vouchers[0]).map((l: string[]) => l.slice(0, 3))).toEqual([['D', '5602', '3000'], ['D', '5601', '300'], ['C', '1001', '3300']]);
    // The credit stands for both documents: it says how many and which (not the first's claimant and code twice), in the requester's language, within 50 characters.
    const span = `${fmt(a.code)}–${fmt(b.code)}`;
    expect(lines(grouped.vouchers[0]).map((l: string[]) => l[3])).toEqual(['Travel', 'Meals', `2 reimbursements ${span}`]);
    expect(grouped.vouchers[0].docCodes).toEqual([a.code, b.code]);
    const vid = grouped.vouchers[0].voucherId;
    expect(grouped.results.map((r: Body) => r.voucherId)).toEqual([vid, vid]);
    const groupedVoucher = await ok('GET', `/api/voucher/${vid}`);
    expect(groupedVoucher.billCount).toBe(2);
    expect(groupedVoucher.items.at(-1).summary).toBe(`2 reimbursements ${span}`);
    await ok('DELETE', `/api/voucher/${vid}`);
    const zhGrouped = (await t.call('POST', '/api/voucher/billsTransfer', { token: admin, lang: 'zh_CN', body: { ...expenseOptions({ grouping: 'KIND', bankAccountId: undefined, creditSubjectId: s['1001'] }), ids: [b.id, a.id], preview: true } })).json().data;
    expect(zhGrouped.vouchers[0].lines.at(-1).summary).toBe(`报销 2 张 ${span}`);
    const again = await ok('POST', '/api/voucher/billsTransfer', { body: { ...expenseOptions({ grouping: 'KIND', bankAccountId: undefined, creditSubjectId: s['1001'] }), ids: [a.id, b.id] } });
    expect(again.vouchers[0].voucherId).not.toBeNull();
    const vid2 = again.vouchers[0].voucherId;
    expect((await query({ source: 'EXPENSE', voucherId: vid2 })).map((d: Body) => d.id)).toEqual([a.id, b.id]);
  });

  it('a reimbursement credits the bank with what it paid and the payable subject (2241 by default, or the one chosen) with the rest; every voucher balances', async () => {
    const sumOf = (v: Body, debit: boolean) => v.lines.filter((l: Body) => l.direction === debit).reduce((t: number, l: Body) => t + Number(l.amount), 0);
    const balanced = (v: Body) => {
      expect(sumOf(v, true)).toBe(sumOf(v, false));
      expect([v.debitCents, v.creditCents]).toEqual([String(sumOf(v, true)), String(sumOf(v, false))]);
    };
    // Not paid at all (no pay date, pay amount 0): the payable takes it all; no paying account is needed.
    const unpaid = await expense([[travel, 10_000], [meals, 5_000]], { payAt: null, payAmount: 0 });
    // Partly paid: 150.00 of invoices, 120.00 paid.
    const partly = await expense([[travel, 10_000], [meals, 5_000]], { payAmount: 12_000 });
    // Paid more than its invoices: refused, with the figures.
    const over = await expense([[travel, 1_000]], { payAmount: 1_500 });
    await audit([unpaid.id, partly.id, over.id]);
    expect((await query({ source: 'EXPENSE' })).filter((d: Body) => [unpaid.id, partly.id].includes(d.id)).map((d: Body) => [d.amountCents, d.paidCents])).toEqual([['15000', '0'], ['15000', '12000']]);

    const alone = await ok('POST', '/api/voucher/billsTransfer', { body: { ...expenseOptions({ bankAccountId: undefined }), ids: [unpaid.id], preview: true } });
    expect(alone.results[0]).toMatchObject({ ok: true });
    expect(lines(alone.vouchers[0])).toEqual([
      ['D', '5602', '10000', `Li Lei Travel ${fmt(unpaid.code)}`],
      ['D', '5601', '5000', `Li Lei Meals ${fmt(unpaid.code)}`],
      ['C', '2241', '15000', `Li Lei ${fmt(unpaid.code)}`],
    ]);
    balanced(alone.vouchers[0]);

    const perDoc = await ok('POST', '/api/voucher/billsTransfer', { body: { ...expenseOptions(), ids: [unpaid.id, partly.id, over.id], preview: true } });
    expect(perDoc.results.map((r: Body) => [r.id, r.ok, r.code])).toEqual([[unpaid.id, true, null], [partly.id, true, null], [over.id, false, 'DOC_PAY_EXCEEDS_TOTAL']]);
    expect(perDoc.results[2].msg).toBe(`Reimbursement ${fmt(over.code)} paid 15.00, more than its invoices (10.00): put the document right first`);
    expect(lines(perDoc.vouchers[0]).map((l: string[]) => l.slice(0, 3))).toEqual([['D', '5602', '10000'], ['D', '5601', '5000'], ['C', '2241', '15000']]);
    expect(lines(perDoc.vouchers[1]).map((l: string[]) => l.slice(0, 3))).toEqual([['D', '5602', '10000'], ['D', '5601', '5000'], ['C', '100201', '12000'], ['C', '2241', '3000']]);
    perDoc.vouchers.filter((v: Body) => v.lines.length).forEach(balanced);

    // Grouped by kind: the debits per kind, one credit for what was paid, one for what is owed.
    const grouped = await ok('POST', '/api/voucher/billsTransfer', { body: { ...expenseOptions({ grouping: 'KIND' }), ids: [unpaid.id, partly.id], preview: true } });
    expect(grouped.vouchers).toHaveLength(1);
    const span = `${fmt(unpaid.code)}–${fmt(partly.code)}`;
    expect(lines(grouped.vouchers[0])).toEqual([
      ['D', '5602', '20000', 'Travel'],
      ['D', '5601', '10000', 'Meals'],
      ['C', '100201', '12000', `Li Lei ${fmt(partly.code)}`],
      ['C', '2241', '18000', `2 reimbursements ${span}`],
    ]);
    balanced(grouped.vouchers[0]);

    // Another payable subject chosen (2202 accounts payable): written as previewed, the bank credited only with the 120.00 paid.
    const s2202 = await subjectOf(w, '2202');
    const done = await ok('POST', '/api/voucher/billsTransfer', { body: { ...expenseOptions({ payableSubjectId: s2202 }), ids: [partly.id] } });
    expect(done.results[0]).toMatchObject({ ok: true, voucherId: expect.any(Number) });
    const v = await ok('GET', `/api/voucher/${done.results[0].voucherId}`);
    expect(v.items.map((l: Body) => [l.direction ? 'D' : 'C', l.subjectCode, l.amount])).toEqual([['D', '5602', '10000'], ['D', '5601', '5000'], ['C', '100201', '12000'], ['C', '2202', '3000']]);
    const written = await ok('POST', '/api/voucher/billsTransfer', { body: { ...expenseOptions(), ids: [unpaid.id] } });
    const wv = await ok('GET', `/api/voucher/${written.results[0].voucherId}`);
    expect(wv.items.map((l: Body) => [l.direction ? 'D' : 'C', l.subjectCode, l.amount])).toEqual([['D', '5602', '10000'], ['D', '5601', '5000'], ['C', '2241', '15000']]);
  });

  it('journal lines: bank subject against the kind counter-subject, per line or per day; linked lines locked, freed on delete', async () => {
    const saved = await ok('POST', '/api/cashier/cash', { body: { bankAccountId: bank, deleteIds: [], lines: [
      { date: '2026-04-01', summary: 'Customer pays', kindId: income, receiptCents: 50_000 },
      { date: '2026-04-01', summary: 'Paper', kindId: outcome, paymentCents: 1_200 },
      { date: '2026-04-02', summary: 'Pens', kindId: outcome, paymentCents: 300 },
      { date: '2026-04-03', summary: 'No kind', paymentCents: 100 },
    ] } });
    const [r1, p1, p2, nk] = saved.map((l: Body) => l.id);
    const opts = { accountId: w.accountId, source: 'JOURNAL', kindId };
    const listed = await query({ source: 'JOURNAL', dateFrom: '2026-04-01', dateTo: '2026-04-02' });
    expect(listed.map((d: Body) => [d.id, d.amountCents, d.kindNames, d.party])).toEqual([[r1, '50000', 'Sales receipts', 'B01 ICBC'], [p1, '-1200', 'Office', 'B01 ICBC'], [p2, '-300', 'Office', 'B01 ICBC']]);
    // The bank account's id too: the voucher editor opens the journal sheet of that account and month.
    expect(listed.map((d: Body) => d.bankAccountId)).toEqual([bank, bank, bank]);

    const perLine = await ok('POST', '/api/voucher/billsTransfer', { body: { ...opts, ids: [r1, nk], preview: true } });
    expect(lines(perLine.vouchers[0])).toEqual([['D', '100201', '50000', 'Customer pays'], ['C', '1122', '50000', 'Customer pays']]);
    expect(perLine.results.map((r: Body) => [r.ok, r.code])).toEqual([[true, null], [false, 'DOC_SUBJECT_MISSING']]);

    // A line without its kind on the same day is refused on its own: the day's voucher goes ahead without it.
    const [nk1] = (await ok('POST', '/api/cashier/cash', { body: { bankAccountId: bank, deleteIds: [], lines: [{ date: '2026-04-01', summary: 'No kind today', paymentCents: 700 }] } })).map((l: Body) => l.id);
    const dayWithout = await ok('POST', '/api/voucher/billsTransfer', { body: { ...opts, grouping: 'DAY', ids: [r1, p1, nk1], preview: true } });
    expect(dayWithout.vouchers.map((v: Body) => [v.markDate, v.debitCents, v.docIds, v.code])).toEqual([['2026-04-01', '51200', [r1, p1], null], ['2026-04-01', '0', [nk1], 'DOC_SUBJECT_MISSING']]);
    expect(dayWithout.results.map((r: Body) => [r.id, r.ok, r.code])).toEqual([[r1, true, null], [p1, true, null], [nk1, false, 'DOC_SUBJECT_MISSING']]);
    await ok('DELETE', `/api/cashier/cash/${nk1}`);
    const perDay = await ok('POST', '/api/voucher/billsTransfer', { body: { ...opts, grouping: 'DAY', ids: [r1, p1, p2] } });
    expect(perDay.vouchers.map((v: Body) => [v.markDate, v.debitCents, v.creditCents, v.docIds])).toEqual([['2026-04-01', '51200', '51200', [r1, p1]], ['2026-04-02', '300', '300', [p2]]]);
    expect(lines(perDay.vouchers[0]).map((l: string[]) => l.slice(0, 3))).toEqual([['D', '100201', '50000'], ['D', '5602', '1200'], ['C', '1122', '50000'], ['C', '100201', '1200']]);
    const day1 = perDay.vouchers[0].voucherId;
    expect((await ok('GET', `/api/voucher/${day1}`)).source).toBe('JOURNAL');
    const cash = (await ok('GET', '/api/cashier/cash', { query: { filter: { accountId: w.accountId, bankAccountId: bank }, limit: 50 } })).content;
    expect(cash.filter((l: Body) => l.voucherId === day1).map((l: Body) => l.id)).toEqual([r1, p1]);
    expect(cash.find((l: Body) => l.id === r1).voucherCode).toMatch(/^.+-\d{4}$/);
    expect((await call('DELETE', `/api/cashier/cash/${r1}`)).json().code).toBe('CASH_LINE_HAS_VOUCHER');
    expect((await ok('POST', '/api/voucher/billTransfer', { body: { ...opts, id: p1 } })).results[0].code).toBe('DOC_ALREADY_TRANSFERRED');
    await ok('DELETE', `/api/voucher/${day1}`);
    expect((await query({ source: 'JOURNAL', dateFrom: '2026-04-01', dateTo: '2026-04-01' })).map((d: Body) => [d.id, d.voucherId])).toEqual([[r1, null], [p1, null]]);
  });

  it('auxiliary values: the submitter fills department and employee, fixed values the rest; lines split by value; a missing or unusable value refused', async () => {
    // 560301 asks for department + employee, 560302 for a project too.
    const byDept = (await ok('POST', '/api/subject', { body: { accountYearId: w.accountYearId, code: '560301', name: 'Dept travel', auxTypeIds: [1, 2] } })).id;
    const byProject = (await ok('POST', '/api/subject', { body: { accountYearId: w.accountYearId, code: '560302', name: 'Project meals', auxTypeIds: [1, 5] } })).id;
    const staff = { name: 'Li Lei', departmentId: salesDept };
    const d2 = await ok('POST', '/api/aux/department', { body: { companyId: w.companyId, code: 'D2', name: 'Legal' } });
    const otherStaff = (await ok('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: unique('E'), name: 'Han Mei', departmentId: d2.id } })).id;
    const client = (await ok('POST', '/api/aux/customer', { body: { companyId: w.companyId, code: unique('C'), name: unique('Client'), ownerId: staffId } })).id;
    const project = (await ok('POST', '/api/aux/project', { body: { companyId: w.companyId, code: unique('P'), name: 'Matter 7', clients: [client], principals: [staffId] } })).id;
    const a = await expense([[travel, 1_000], [meals, 400]]);
    const b = await expense([[travel, 2_000]], { submitterId: otherStaff });
    await audit([a.id, b.id]);
    const opts = (o: Body = {}) => expenseOptions({ grouping: 'KIND', kindSubjects: [{ expenseKindId: travel, subjectId: byDept }, { expenseKindId: meals, subjectId: byProject }], ...o });
    const auxOf = (l: Body) => l.auxes.map((x: Body) => `${x.auxTypeId}:${x.name}`).join(',');

    const missing = await ok('POST', '/api/voucher/billsTransfer', { body: { ...opts(), ids: [a.id, b.id], preview: true } });
    expect(missing.results.map((r: Body) => r.code)).toEqual(['DOC_AUX_MISSING', 'DOC_AUX_MISSING']);
    expect(missing.vouchers[0].msg).toBe('“560302 Project meals” needs a Project that the document does not give: choose one under Auxiliary values');

    const preview = await ok('POST', '/api/voucher/billsTransfer', { body: { ...opts({ auxValues: [{ auxTypeId: 5, auxId: project }] }), ids: [a.id, b.id], preview: true } });
    expect(preview.results.every((r: Body) => r.ok)).toBe(true);
    // Travel splits by department and employee; the credit has no auxiliary type and stays one line.
    expect(preview.vouchers[0].lines.map((l: Body) => [l.direction ? 'D' : 'C', l.subjectCode, l.amount, auxOf(l)])).toEqual([
      ['D', '560301', '1000', `1:Sales,2:${staff.name}`],
      ['D', '560302', '400', '1:Sales,5:Matter 7'],
      ['D', '560301', '2000', '1:Legal,2:Han Mei'],
      ['C', '100201', '3400', ''],
    ]);
    const done = await ok('POST', '/api/voucher/billsTransfer', { body: { ...opts({ auxValues: [{ auxTypeId: 5, auxId: project }] }), ids: [a.id, b.id] } });
    const v = await ok('GET', `/api/voucher/${done.vouchers[0].voucherId}`);
    expect(v.items.map((l: Body) => [l.subjectCode, l.amount, l.auxes.map((x: Body) => `${x.auxTypeId}:${x.auxId}`).join(',')])).toEqual([
      ['560301', '1000', `1:${staff.departmentId},2:${staffId}`],
      ['560302', '400', `1:${staff.departmentId},5:${project}`],
      ['560301', '2000', `1:${d2.id},2:${otherStaff}`],
      ['100201', '3400', ''],
    ]);

    // The kind subjects were remembered for the ledger set: a transfer naming none uses them.
    const rules = await ok('GET', '/api/voucher/billRules', { query: { accountId: w.accountId } });
    expect(rules.kindSubjects).toEqual(expect.arrayContaining([{ expenseKindId: travel, subjectCode: '560301', subjectId: byDept }, { expenseKindId: meals, subjectCode: '560302', subjectId: byProject }]));
    const c = await expense([[travel, 700]]);
    await audit([c.id]);
    const remembered = await ok('POST', '/api/voucher/billTransfer', { body: { ...expenseOptions({ kindSubjects: [] }), id: c.id, preview: true } });
    expect(remembered.vouchers[0].lines.map((l: Body) => l.subjectCode)).toEqual(['560301', '100201']);

    // A department with sub-departments cannot stand on a line (a document without a submitter, the department fixed).
    const parent = await ok('POST', '/api/aux/department', { body: { companyId: w.companyId, code: unique('D'), name: 'Branches' } });
    await ok('POST', '/api/aux/department', { body: { companyId: w.companyId, code: unique('D'), name: 'Branch east', parentId: parent.id } });
    const d = await expense([[travel, 900]], { submitterId: null });
    await audit([d.id]);
    const fixedParent = { ...opts({ auxValues: [{ auxTypeId: 1, auxId: parent.id }, { auxTypeId: 2, auxId: staffId }] }), id: d.id, preview: true };
    const unusable = await ok('POST', '/api/voucher/billTransfer', { body: fixedParent });
    expect(unusable.results[0]).toMatchObject({ ok: false, code: 'DOC_AUX_UNUSABLE' });
    const zh = await t.call('POST', '/api/voucher/billTransfer', { token: admin, body: fixedParent, lang: 'zh_CN' });
    expect(zh.json().data.results[0].msg).toBe('“560301 Dept travel”的部门在本年度不可用（有下级的部门、其他年度的预算项目、已停用的记录等）');
    // billQuery answers the kinds' ids next to their names.
    expect((await query({ source: 'EXPENSE' })).find((x: Body) => x.id === d.id).kindIds).toEqual([travel]);
  });

  it('a fixed budget item with sub-items is refused (a voucher line takes a last-level one, as the editor\'s picker offers); its leaf is taken', async () => {
    const budgeted = (await ok('POST', '/api/subject', { body: { accountYearId: w.accountYearId, code: '560304', name: 'Budgeted travel', auxTypeIds: [6] } })).id;
    const parent = await ok('POST', '/api/aux/budget', { body: { accountYearId: w.accountYearId, code: '7001', name: 'Travel plan', kind: 'OUTCOME' } });
    const leaf = await ok('POST', '/api/aux/budget', { body: { accountYearId: w.accountYearId, code: '700101', name: 'Travel plan east', kind: 'OUTCOME' } });
    const e = await expense([[travel, 600]]);
    await audit([e.id]);
    const body = (budget: number) => ({ ...expenseOptions({ kindSubjects: [{ expenseKindId: travel, subjectId: budgeted }], auxValues: [{ auxTypeId: 6, auxId: budget }] }), id: e.id, preview: true });
    const refused = await ok('POST', '/api/voucher/billTransfer', { body: body(parent.id) });
    expect(refused.results[0]).toMatchObject({ ok: false, code: 'DOC_AUX_NOT_LEAF' });
    expect(refused.vouchers[0].msg).toBe('The Budget “7001 Travel plan” for “560304 Budgeted travel” has sub-items: a voucher line takes a last-level one');
    const taken = await ok('POST', '/api/voucher/billTransfer', { body: body(leaf.id) });
    expect(taken.results[0]).toMatchObject({ ok: true });
    expect(taken.vouchers[0].lines[0].auxes).toEqual([{ auxTypeId: 6, auxId: leaf.id, code: '700101', name: 'Travel plan east' }]);
  });

  it('refusals name subjects in the requester\'s language, as the proposed lines beside them do', async () => {
    const dinners = (await ok('POST', '/api/subject', { body: { accountYearId: w.accountYearId, code: '560303', name: '项目餐费', nameEn: 'Project dinners', auxTypeIds: [5] } })).id;
    const e = await expense([[meals, 800]]);
    await audit([e.id]);
    const body = { ...expenseOptions({ kindSubjects: [{ expenseKindId: meals, subjectId: dinners }] }), id: e.id, preview: true };
    const en = await ok('POST', '/api/voucher/billTransfer', { body });
    expect(en.vouchers[0].msg).toBe('“560303 Project dinners” needs a Project that the document does not give: choose one under Auxiliary values');
    const zh = (await t.call('POST', '/api/voucher/billTransfer', { token: admin, body, lang: 'zh_CN' })).json().data;
    expect(zh.vouchers[0].msg).toContain('560303 项目餐费');
    // The voucher service's own refusal (a parent subject) too.
    const parentSubject = (await ok('GET', '/api/subject', { query: { filter: { accountYearId: w.accountYearId, code: '1002' } } })).content[0];
    const parent = await ok('POST', '/api/voucher/billTransfer', { body: { ...body, kindSubjects: [{ expenseKindId: meals, subjectId: parentSubject.id }] } });
    expect(parent.results[0].ok).toBe(false);
    expect(parentSubject.nameEn).toBeTruthy();
    expect(parent.vouchers[0].msg).toContain(`1002 ${parentSubject.nameEn}`);
    expect(parent.vouchers[0].msg).not.toContain(parentSubject.name);
  });

  it('journal: a counterparty naming one customer fills the customer the counter-subject asks for', async () => {
    const receivable = (await ok('POST', '/api/subject', { body: { accountYearId: w.accountYearId, code: '112301', name: 'Prepaid by customer', auxTypeIds: [3] } })).id;
    const name = unique('Acme');
    const customer = (await ok('POST', '/api/aux/customer', { body: { companyId: w.companyId, code: unique('C'), name } })).id;
    const kind = (await ok('POST', '/api/cashier/income', { body: { accountYearId: w.accountYearId, code: unique('I'), name: 'Customer receipts', subjectId: receivable } })).id;
    const [named, unnamed] = (await ok('POST', '/api/cashier/cash', { body: { bankAccountId: bank, deleteIds: [], lines: [
      { date: '2026-05-02', summary: 'Acme pays', kindId: kind, counterparty: name, receiptCents: 9_000 },
      { date: '2026-05-02', summary: 'Someone pays', kindId: kind, counterparty: 'Nobody we know', receiptCents: 100 },
    ] } })).map((l: Body) => l.id);
    const opts = { accountId: w.accountId, source: 'JOURNAL', kindId };
    const p = await ok('POST', '/api/voucher/billsTransfer', { body: { ...opts, ids: [named, unnamed], preview: true } });
    expect(p.vouchers[0].lines.map((l: Body) => [l.subjectCode, l.auxes.map((x: Body) => [x.auxTypeId, x.auxId])])).toEqual([['100201', []], ['112301', [[3, customer]]]]);
    expect(p.results.map((r: Body) => [r.ok, r.code])).toEqual([[true, null], [false, 'DOC_AUX_MISSING']]);
    // A fixed customer fills the line that names none.
    const fixed = await ok('POST', '/api/voucher/billsTransfer', { body: { ...opts, ids: [unnamed], preview: true, auxValues: [{ auxTypeId: 3, auxId: customer }] } });
    expect(fixed.results[0].ok).toBe(true);
  });

  it('rights: voucher edit plus the source read right; another company refused', async () => {
    const e = await expense([[travel, 700]]);
    await audit([e.id]);
    const voucherOnly = await makeUser(t, admin, w.companyId, [RIGHTS.VOUCHER_EDIT]);
    const expenseOnly = await makeUser(t, admin, w.companyId, [RIGHTS.REIMBURSE_MANAGE]);
    const both = await makeUser(t, admin, w.companyId, [RIGHTS.VOUCHER_EDIT, RIGHTS.REIMBURSE_MANAGE]);
    const body = { ...expenseOptions(), id: e.id, preview: true };
    for (const u of [voucherOnly, expenseOnly]) {
      expect((await call('GET', '/api/voucher/billQuery', { query: { accountId: w.accountId, source: 'EXPENSE' }, token: u.token })).json().code).toBe('NO_PERMISSION');
      expect((await call('POST', '/api/voucher/billTransfer', { body, token: u.token })).json().code).toBe('NO_PERMISSION');
    }
    // The cashier menu reads the journal, not reimbursements (30104 and 30105 sit below the menu, so they imply it).
    const cashier = await makeUser(t, admin, w.companyId, [RIGHTS.VOUCHER_EDIT, RIGHTS.CASHIER]);
    expect((await call('GET', '/api/voucher/billQuery', { query: { accountId: w.accountId, source: 'EXPENSE' }, token: cashier.token })).json().code).toBe('NO_PERMISSION');
    expect((await call('GET', '/api/voucher/billQuery', { query: { accountId: w.accountId, source: 'JOURNAL' }, token: cashier.token })).json().success).toBe(true);
    expect((await call('GET', '/api/voucher/billQuery', { query: { accountId: w.accountId, source: 'JOURNAL' }, token: voucherOnly.token })).json().code).toBe('NO_PERMISSION');
    const made = (await ok('POST', '/api/voucher/billTransfer', { body: { ...body, preview: false }, token: both.token })).results[0];
    expect(made.ok).toBe(true);
    // A voucher's own sources are read by whoever reads vouchers and the source (the cashier who signs it
    // sees its reimbursement); listing documents to transfer still needs the voucher-edit right.
    const reader = await makeUser(t, admin, w.companyId, [RIGHTS.VOUCHER, RIGHTS.REIMBURSE_MANAGE]);
    expect((await query({ source: 'EXPENSE', voucherId: made.voucherId, state: 'ALL' }, reader.token)).map((d: Body) => d.id)).toEqual([e.id]);
    expect((await call('GET', '/api/voucher/billQuery', { query: { accountId: w.accountId, source: 'EXPENSE' }, token: reader.token })).json().code).toBe('NO_PERMISSION');
    expect((await call('GET', '/api/voucher/billQuery', { query: { accountId: w.accountId, source: 'EXPENSE', voucherId: made.voucherId }, token: expenseOnly.token })).json().code).toBe('NO_PERMISSION');

    // Another company's reimbursement through this ledger set, and this one's through a foreign set.
    const foreignKind = (await ok('POST', '/api/expense/kind', { body: { companyId: other.companyId, name: 'Travel' } })).id;
    const f = await expense([[foreignKind, 100]], {}, other);
    await audit([f.id], other);
    const foreign = await ok('POST', '/api/voucher/billTransfer', { body: { ...expenseOptions(), id: f.id } });
    expect(foreign.results[0]).toMatchObject({ ok: false, code: 'NO_PERMISSION' });
    expect((await ok('GET', `/api/expense/${f.id}`)).voucherId).toBeNull();
    const stranger = await makeUser(t, admin, other.companyId, [RIGHTS.VOUCHER_EDIT, RIGHTS.REIMBURSE_MANAGE]);
    expect((await call('POST', '/api/voucher/billTransfer', { body, token: stranger.token })).json().code).toBe('NO_PERMISSION');
    // A bank account of another ledger set as the credit.
    const otherBank = (await ok('POST', '/api/common/bankAccount', { body: { accountYearId: other.accountYearId, code: 'X1', name: 'x', kind: 'CASH', subjectId: await subjectOf(other, '1001') } })).id;
    expect((await call('POST', '/api/voucher/billTransfer', { body: { ...body, bankAccountId: otherBank } })).json().code).toBe('NO_PERMISSION');
  });
});
