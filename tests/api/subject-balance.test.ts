/**
 * GET /subject/balance (the voucher editor's live balance) and GET /voucher/:id/proc through the
 * API: movement of the year's saved vouchers up to a date, bookkept only or all, invalid vouchers
 * left out, one voucher excluded (the one being edited), a parent summing its subtree, the balance
 * on the subject's own side (negative: the other side), company and year scoping, rights.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, MISSING_ID } from './factories';
import { makeVoucherWorld, simpleVoucher, type VoucherWorld } from './voucher-world';

describe.each(backends())('subject balance (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: VoucherWorld;
  const ids: Record<string, number> = {};
  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, o: { body?: unknown; query?: Record<string, unknown> } = {}) => t.call(method, url, { token, lang: 'en_US', ...o });
  const create = async (token: string, body: unknown) => data<{ id: number; version: number }>(call(token, 'POST', '/api/voucher', { body }), 'create');
  const act = (token: string, id: number, action: string, body: unknown = {}) => data(call(token, 'POST', `/api/voucher/${id}/${action}`, { body }), action);
  const balance = (token: string, filter: Record<string, unknown>) => call(token, 'GET', '/api/subject/balance', { query: { filter: { accountYearId: w.accountYearId, ...filter } } });
  const balances = (filter: Record<string, unknown>, token = w.users.clerk.token) => data<Array<{ subjectId: number; direction: boolean; openingCents: string; all: Record<string, string>; bookkept: Record<string, string> }>>(balance(token, filter), 'balance');

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeVoucherWorld(t, admin);
    const { clerk } = w.users;
    // v1 Feb: cash +120.00 / revenue; v2 Mar: cash +50.00 / revenue; v3 Apr: admin (department) / cash −30.00; v4 May: cash / tax (child of 2221) 8.00.
    ids.v1 = (await create(clerk.token, simpleVoucher(w, { markTime: '2026-02-10', cents: 12_000 }))).id;
    ids.v2 = (await create(clerk.token, simpleVoucher(w, { markTime: '2026-03-15', cents: 5_000 }))).id;
    ids.v3 = (await create(clerk.token, {
      accountId: w.accountId, kindId: w.kindId, markTime: '2026-04-01',
      items: [
        { summary: '办公费', subjectId: w.subject.admin, direction: true, amount: '3000', auxes: [{ auxTypeId: 1, auxId: w.departmentId }] },
        { summary: '办公费', subjectId: w.subject.cash, direction: false, amount: '3000' },
      ],
    })).id;
    ids.v4 = (await create(clerk.token, {
      accountId: w.accountId, kindId: w.kindId, markTime: '2026-05-20',
      items: [
        { summary: '税', subjectId: w.subject.cash, direction: true, amount: '800' },
        { summary: '税', subjectId: w.subject.tax, direction: false, amount: '800' },
      ],
    })).id;
  });
  afterAll(async () => t?.close());

  it('sums the saved vouchers up to a date on the subject own side; opening is 0 until opening balances exist', async () => {
    const [cashMar, revenueMar] = await balances({ subjectId: [w.subject.cash, w.subject.revenue], dateTo: '2026-03-31' });
    expect(cashMar).toMatchObject({ subjectId: w.subject.cash, direction: true, openingCents: '0', all: { debitCents: '17000', creditCents: '0', balanceCents: '17000' } });
    // Revenue is a credit subject: its credits are a positive balance.
    expect(revenueMar).toMatchObject({ subjectId: w.subject.revenue, direction: false, all: { debitCents: '0', creditCents: '17000', balanceCents: '17000' } });
    const [cashYear] = await balances({ subjectId: w.subject.cash });
    expect(cashYear.all).toEqual({ debitCents: '17800', creditCents: '3000', balanceCents: '14800' });
    // The day itself counts; the day before does not.
    expect((await balances({ subjectId: w.subject.cash, dateTo: '2026-04-01' }))[0].all.balanceCents).toBe('14000');
    expect((await balances({ subjectId: w.subject.cash, dateTo: '2026-02-09' }))[0].all).toEqual({ debitCents: '0', creditCents: '0', balanceCents: '0' });
    // The answer keeps the order asked, duplicates once.
    expect((await balances({ subjectId: [w.subject.revenue, w.subject.cash, w.subject.revenue] })).map((b) => b.subjectId)).toEqual([w.subject.revenue, w.subject.cash]);
  });

  it('a parent subject sums its subtree; a negative balance lies on the other side', async () => {
    const [parent, child] = await balances({ subjectId: [w.subject.parent, w.subject.tax] });
    expect(parent.all).toEqual({ debitCents: '0', creditCents: '800', balanceCents: '800' });
    expect(child.all).toEqual(parent.all);
    const v = await create(w.users.clerk.token, {
      accountId: w.accountId, kindId: w.kindId, markTime: '2026-06-01',
      items: [
        { summary: '取现', subjectId: w.subject.bank, direction: true, amount: '2000000' },
        { summary: '取现', subjectId: w.subject.cash, direction: false, amount: '2000000' },
      ],
    });
    expect((await balances({ subjectId: w.subject.cash, dateTo: '2026-06-30' }))[0].all.balanceCents).toBe(String(14_800 - 2_000_000));
    await data(call(w.users.clerk.token, 'DELETE', `/api/voucher/${v.id}`), 'delete');
    expect((await balances({ subjectId: w.subject.cash }))[0].all.balanceCents).toBe('14800');
  });

  it('bookkept only or all; invalid vouchers never; the voucher being edited can be left out', async () => {
    const { auditor, boss } = w.users;
    await act(auditor.token, ids.v1, 'audit');
    await act(auditor.token, ids.v1, 'bookkeep');
    const [cash] = await balances({ subjectId: w.subject.cash, dateTo: '2026-03-31' });
    expect(cash.bookkept).toEqual({ debitCents: '12000', creditCents: '0', balanceCents: '12000' });
    expect(cash.all.balanceCents).toBe('17000');
    await act(boss.token, ids.v2, 'invalid');
    expect((await balances({ subjectId: w.subject.cash, dateTo: '2026-03-31' }))[0].all.balanceCents).toBe('12000');
    expect((await balances({ subjectId: w.subject.cash, dateTo: '2026-03-31', excludeVoucherId: ids.v1 }))[0]).toMatchObject({ all: { balanceCents: '0' }, bookkept: { balanceCents: '0' } });
    await act(boss.token, ids.v2, 'reverseInvalid');
    expect((await balances({ subjectId: w.subject.cash, dateTo: '2026-03-31' }))[0].all.balanceCents).toBe('17000');
  });

  it('is scoped to the company and the account year, needs a voucher right and a valid filter', async () => {
    const other = await makeWorld(t, admin);
    const foreignCash = (await data<{ content: Array<{ id: number }> }>(call(admin, 'GET', '/api/subject', { query: { filter: { accountYearId: other.accountYearId, code: '1001' } } }), 'subjects')).content[0].id;
    // Another company's year, or a subject of another year asked in this one: refused alike.
    expect((await call(w.users.clerk.token, 'GET', '/api/subject/balance', { query: { filter: { accountYearId: other.accountYearId, subjectId: foreignCash } } })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    expect((await balance(admin, { subjectId: [w.subject.cash, foreignCash] })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    expect((await balance(admin, { subjectId: MISSING_ID })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    const nobody = await makeUser(t, admin, w.companyId, { rightIds: [], name: '无权限' });
    expect((await balance(nobody.token, { subjectId: w.subject.cash })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    // The viewer (voucher menu only) reads balances.
    expect((await balances({ subjectId: w.subject.cash }, w.users.viewer.token))[0].all.balanceCents).toBe('14800');
    const bad = await balance(admin, { subjectId: [] });
    expect(bad.statusCode).toBe(400);
    expect((await balance(admin, { subjectId: w.subject.cash, dateTo: '2026-02-30' })).statusCode).toBe(400);
  });

  it('lists a voucher proc records with names, steps and reasons, oldest first; scoped like the voucher', async () => {
    const { clerk, auditor } = w.users;
    await act(auditor.token, ids.v3, 'auditError', { reason: '部门不对' });
    const procs = await data<Array<{ action: string; userName: string | null; note: string | null; at: string }>>(call(clerk.token, 'GET', `/api/voucher/${ids.v3}/proc`), 'procs');
    expect(procs.map((p) => [p.action, p.userName, p.note])).toEqual([['CREATED', '张记账', null], ['AUDIT_ERROR', '李审核', '部门不对']]);
    expect(Date.parse(procs[1].at)).toBeGreaterThanOrEqual(Date.parse(procs[0].at));
    const other = await makeWorld(t, admin);
    const outsider = await makeUser(t, admin, other.companyId, { rightIds: [2, 201, 20101], name: '外人' });
    expect((await call(outsider.token, 'GET', `/api/voucher/${ids.v3}/proc`)).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    expect((await call(clerk.token, 'GET', `/api/voucher/${MISSING_ID}/proc`)).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
  });
});
