/**
 * The cash journal against the books (GET /cashier/cashBalance) on both backends: per cash or bank
 * subject, the journal balances of its bank accounts (summed when several share it) beside the
 * subject's balance in the books up to the date (opening balance + valid voucher lines, all saved
 * or bookkept only), and the difference; a date outside the account years is refused with its own
 * message; the cashier right (3) and the caller's own ledger sets and bank accounts only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser } from './factories';
import { makeVoucherWorld, simpleVoucher, type VoucherWorld } from './voucher-world';

describe.each(backends())('cash journal against the books (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: VoucherWorld;
  let accounts: Record<'C01' | 'B01' | 'B02', number>;
  const ok = (url: string, body: unknown, token = admin) => data(t.call('POST', url, { token, body, lang: 'en_US' }), url);
  const reconcile = (query: Record<string, unknown>, token = admin, lang = 'en_US') =>
    t.call('GET', '/api/cashier/cashBalance', { token, lang, query: { accountId: w.accountId, ...query } });
  const figures = async (query: Record<string, unknown>) => {
    const r = await data(reconcile(query), 'reconcile');
    return { agreed: r.agreed, rows: r.rows.map((x: any) => [x.subjectCode, x.bankAccounts.map((a: any) => `${a.code}:${a.closingCents}`).join(' '), x.journalCents, x.booksCents, x.differenceCents]) };
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeVoucherWorld(t, admin);
    const bankId = (await ok('/api/common/bank', { companyId: w.companyId, code: 'ICBC', name: '工商银行' })).id;
    const account = async (code: string, kind: 'CASH' | 'BANK', subjectId: number) =>
      (await ok('/api/common/bankAccount', { accountYearId: w.accountYearId, code, name: code, kind, subjectId, ...(kind === 'BANK' ? { bankId } : {}) })).id as number;
    accounts = { C01: await account('C01', 'CASH', w.subject.cash), B01: await account('B01', 'BANK', w.subject.bank), B02: await account('B02', 'BANK', w.subject.bank) };
    await ok('/api/cashier/opening', { accountId: w.accountId, openings: [
      { bankAccountId: accounts.C01, startDate: '2026-01-01', openingCents: 50_000 },
      { bankAccountId: accounts.B01, startDate: '2026-01-01', openingCents: 1_000_000 },
      { bankAccountId: accounts.B02, startDate: '2026-01-01', openingCents: 200_000 },
    ] });
    // The books open with the same money (debit balances of 1001 and 1002).
    await ok('/api/opening', { accountYearId: w.accountYearId, rows: [
      { subjectId: w.subject.cash, amountCents: 50_000, ytdDebitCents: 0, ytdCreditCents: 0 },
      { subjectId: w.subject.bank, amountCents: 1_200_000, ytdDebitCents: 0, ytdCreditCents: 0 },
    ] });
  });
  afterAll(async () => t?.close());

  it('compares each cash or bank subject with the journal of its accounts, all saved vouchers or bookkept ones only', async () => {
    const { clerk, auditor } = w.users;
    // The journal: 120.00 received in cash on 03-15, 300.00 paid from B01 on 03-20.
    await ok('/api/cashier/cash', { bankAccountId: accounts.C01, lines: [{ date: '2026-03-15', summary: '收律师费', receiptCents: 12_000 }], deleteIds: [] });
    await ok('/api/cashier/cash', { bankAccountId: accounts.B01, lines: [{ date: '2026-03-20', summary: '付办公费', paymentCents: 30_000 }], deleteIds: [] });
    // The books: the same two, the cash one bookkept, the bank one only saved.
    const received = await ok('/api/voucher', simpleVoucher(w, { markTime: '2026-03-15', cents: 12_000 }), clerk.token);
    await ok(`/api/voucher/${received.id}/audit`, {}, auditor.token);
    await ok(`/api/voucher/${received.id}/bookkeep`, {}, auditor.token);
    await ok('/api/voucher', { accountId: w.accountId, kindId: w.kindId, markTime: '2026-03-20', items: [
      { summary: '付办公费', subjectId: w.subject.admin, direction: true, amount: '30000', auxes: [{ auxTypeId: 1, auxId: w.departmentId }] },
      { summary: '付办公费', subjectId: w.subject.bank, direction: false, amount: '30000' },
    ] }, clerk.token);

    expect(await figures({ date: '2026-03-31' })).toEqual({ agreed: true, rows: [
      ['1001', 'C01:62000', '62000', '62000', '0'],
      ['1002', 'B01:970000 B02:200000', '1170000', '1170000', '0'],
    ] });
    // Each subject with both its names (the screen shows the reader's).
    const named = (await data(reconcile({ date: '2026-03-31' }), 'reconcile')).rows.map((x: any) => [x.subjectCode, x.subjectName, x.subjectNameEn]);
    expect(named).toEqual([['1001', '库存现金', 'Cash on hand'], ['1002', '银行存款', 'Cash in bank']]);
    // Bookkept only: the bank payment is not in the books yet.
    expect(await figures({ date: '2026-03-31', bookkeptOnly: true })).toEqual({ agreed: false, rows: [
      ['1001', 'C01:62000', '62000', '62000', '0'],
      ['1002', 'B01:970000 B02:200000', '1170000', '1200000', '-30000'],
    ] });
    // Before the payment both sides agree; the date counts its own day.
    expect((await figures({ date: '2026-03-19' })).rows[1]).toEqual(['1002', 'B01:1000000 B02:200000', '1200000', '1200000', '0']);
    expect((await figures({ date: '2026-03-14' })).rows[0]).toEqual(['1001', 'C01:50000', '50000', '50000', '0']);
    // A journal line without its voucher shows as a difference; an invalid voucher leaves the books.
    await ok('/api/cashier/cash', { bankAccountId: accounts.C01, lines: [{ date: '2026-03-25', summary: '买邮票', paymentCents: 5_000 }], deleteIds: [] });
    expect((await figures({ date: '2026-03-31' })).rows[0]).toEqual(['1001', 'C01:57000', '57000', '62000', '-5000']);
    const wrong = await ok('/api/voucher', simpleVoucher(w, { markTime: '2026-03-28', cents: 7_000 }), clerk.token);
    expect((await figures({ date: '2026-03-31' })).rows[0][3]).toBe('69000');
    await ok(`/api/voucher/${wrong.id}/invalid`, {}, w.users.boss.token);
    expect((await figures({ date: '2026-03-31' })).rows[0][3]).toBe('62000');
    // One account asked: its subject's row holds that account alone.
    expect((await figures({ date: '2026-03-31', bankAccountId: accounts.B01 })).rows).toEqual([['1002', 'B01:970000', '970000', '1170000', '-200000']]);
  });

  it('refuses a date outside the account years with its own message, in the caller’s language', async () => {
    const en = await reconcile({ date: '2031-01-01' });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ success: false, code: 'DATE_OUTSIDE_ACCOUNT_YEARS' });
    expect(en.json().msg).toMatch(/^The date must lie within the ledger set's account years \(\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}\)$/);
    const zh = await reconcile({ date: '2031-01-01' }, admin, 'zh_CN');
    expect(zh.json().msg).toMatch(/^日期必须在账套的会计年度范围内/);
    expect((await reconcile({ date: '2026-02-30' })).statusCode).toBe(400);
  });

  it('needs the cashier right, and only reaches the caller’s ledger sets and bank accounts', async () => {
    const cashier = await makeUser(t, admin, w.companyId, { rightIds: [RIGHTS.CASHIER] });
    expect((await reconcile({ date: '2026-03-31' }, cashier.token)).statusCode).toBe(200);
    const none = await makeUser(t, admin, w.companyId, { rightIds: [RIGHTS.VOUCHER] });
    expect((await reconcile({ date: '2026-03-31' }, none.token)).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    const other = await makeVoucherWorld(t, admin);
    const theirs = await makeUser(t, admin, other.companyId, { rightIds: [RIGHTS.CASHIER] });
    expect((await reconcile({ date: '2026-03-31' }, theirs.token)).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    const foreign = await ok('/api/common/bankAccount', { accountYearId: other.accountYearId, code: 'X01', name: 'x', kind: 'CASH', subjectId: other.subject.cash });
    expect((await reconcile({ date: '2026-03-31', bankAccountId: foreign.id })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
  });
});
