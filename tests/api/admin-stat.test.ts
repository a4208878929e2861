/**
 * The management dashboard's figures (GET /report/adminStat, right 10101) on both backends: per
 * company the caller may see, vouchers waiting for an examiner, examined as errors and waiting for
 * a bookkeeper (valid ones only), months past due for settling as of the date, the main ledger
 * set's last settled period, reimbursements waiting for an auditor (with their invoice amounts)
 * and for their voucher; totals over the companies; a user sees only the companies where they hold
 * the right (rights are per company), and one holding it nowhere is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, type MadeUser, type World } from './factories';
import { makeVoucherWorld, simpleVoucher, type VoucherWorld } from './voucher-world';

describe.each(backends())('management dashboard figures (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: VoucherWorld;
  let quiet: World;
  let manager: MadeUser;
  const ok = (method: 'GET' | 'POST', url: string, body: unknown, token = admin) => data(t.call(method, url, { token, body, lang: 'en_US' }), url);
  const stat = (query: Record<string, unknown>, token = admin) => t.call('GET', '/api/report/adminStat', { token, query, lang: 'en_US' });
  const rowOf = (answer: { companies: Array<{ companyId: number; users: number }> }, companyId: number) => answer.companies.find((c) => c.companyId === companyId);

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeVoucherWorld(t, admin);
    quiet = await makeWorld(t, admin);
    const { clerk, auditor, boss } = w.users;
    const voucher = async (markTime: string) => (await ok('POST', '/api/voucher', simpleVoucher(w, { markTime }), clerk.token)).id as number;
    const act = (id: number, action: string, body: unknown = {}) => ok('POST', `/api/voucher/${id}/${action}`, body, auditor.token);
    // March: two waiting for the examiner, one examined as an error, one passed (waits for the
    // bookkeeper), one bookkept, and one invalid (not counted anywhere).
    await voucher('2026-03-02');
    await voucher('2026-03-03');
    await act(await voucher('2026-03-04'), 'auditError', { reason: 'wrong subject' });
    await act(await voucher('2026-03-05'), 'audit');
    const booked = await voucher('2026-03-06');
    await act(booked, 'audit');
    await act(booked, 'bookkeep');
    await ok('POST', `/api/voucher/${await voucher('2026-03-28')}/invalid`, {}, boss.token);
    // January is settled (nothing in it); February and March are not.
    await ok('POST', `/api/account/${w.accountId}/roll`, {});
    // Reimbursements: two waiting for the auditor (123.45 + 2 × 10.00), one audited without a voucher.
    const kind = (await ok('POST', '/api/expense/kind', { companyId: w.companyId, name: 'Travel' })).id;
    const line = (no: string, amount: number) => ({ expenseKindId: kind, issueAt: '2026-03-03', no, amount, remark: null });
    const expense = async (lines: ReturnType<typeof line>[]) =>
      (await ok('POST', '/api/expense', { companyId: w.companyId, markAt: '2026-03-05', submitterId: null, submitAt: null, payAt: null, payAmount: 0, markerId: null, invoices: lines })).id as number;
    await expense([line('AS-1', 12_345)]);
    await expense([line('AS-2', 1_000), line('AS-3', 1_000)]);
    // Audited by another user than its maker (the maker cannot audit their own: REIMBURSE_SELF_AUDIT).
    const checker = await makeUser(t, admin, w.companyId, [RIGHTS.REIMBURSE_EDIT]);
    await ok('POST', '/api/expense/lock', { lock: true, ids: [await expense([line('AS-4', 5_000)])] }, checker.token);
    manager = await makeUser(t, admin, w.companyId, [RIGHTS.DASHBOARD_MANAGE]);
  });
  afterAll(async () => t?.close());

  it('counts what waits for whom in each company, and the months past due for settling', async () => {
    const answer = await data(stat({ date: '2026-04-15' }), 'adminStat');
    expect(answer.date).toBe('2026-04-15');
    expect(rowOf(answer, w.companyId)).toMatchObject({
      accountId: w.accountId, year: 2026, accounts: 1,
      toExamine: 2, examinedError: 1, toBookKeep: 1,
      // Periods ended before April: January settled, February and March not.
      overduePeriods: 2, lastSettled: '2026-01-31', lastVoucherDate: '2026-03-06',
      reimbursementsToAudit: 2, reimbursementsToAuditCents: '14345', reimbursementsToVoucher: 1,
    });
    expect(rowOf(answer, w.companyId)!.users).toBeGreaterThanOrEqual(7);
    // A company with no vouchers and nothing settled: every period before April is past due.
    expect(rowOf(answer, quiet.companyId)).toMatchObject({
      accountId: quiet.accountId, toExamine: 0, examinedError: 0, toBookKeep: 0, overduePeriods: 3, lastSettled: null,
      lastVoucherDate: null, reimbursementsToAudit: 0, reimbursementsToAuditCents: '0', reimbursementsToVoucher: 0,
    });
    // In January nothing is past due yet; the totals add the companies up.
    const early = await data(stat({ date: '2026-01-20' }), 'adminStat');
    expect(rowOf(early, w.companyId)).toMatchObject({ overduePeriods: 0 });
    const sum = (key: 'toExamine' | 'overduePeriods' | 'reimbursementsToAudit') => answer.companies.reduce((s: number, c: Record<string, number>) => s + c[key], 0);
    expect(answer.totals).toMatchObject({ companies: answer.companies.length, toExamine: sum('toExamine'), overduePeriods: sum('overduePeriods'), reimbursementsToAudit: sum('reimbursementsToAudit') });
    expect(answer.totals.companiesBehind).toBe(answer.companies.filter((c: { overduePeriods: number }) => c.overduePeriods > 0).length);
  });

  it('shows a user only the companies where they hold the right, and refuses one holding it nowhere', async () => {
    // The manager is linked to the quiet company too, but holds no dashboard right there.
    await ok('POST', '/api/idm/userCompany', { userId: manager.id, companyId: quiet.companyId });
    const mine = await data(stat({ date: '2026-04-15' }, manager.token), 'adminStat');
    expect(mine.companies.map((c: { companyId: number }) => c.companyId)).toEqual([w.companyId]);
    expect(mine.totals).toMatchObject({ companies: 1, toExamine: 2, reimbursementsToAuditCents: '14345' });
    const refused = await stat({}, w.users.clerk.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().success).toBe(false);
    // A date that is no date is refused before anything is read.
    expect((await stat({ date: '2026-02-30' })).statusCode).toBe(400);
  });
});
