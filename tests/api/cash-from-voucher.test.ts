/**
 * Bringing voucher lines into the cash journal (从凭证引入日记账, GET/POST /cashier/cash/fromVoucher)
 * on both backends: the lines of valid vouchers on the bank account's subject (and its
 * sub-subjects), dated in the range and not before the account's start date, of vouchers no
 * journal line of an account on that subject links yet; a debit (or red credit) comes in as a
 * receipt, a credit (or red debit) as a payment, with the line's customer or vendor as the
 * counterparty; all or none; a brought-in line keeps the voucher's figures (refused change, allowed
 * delete, offered again after); the journal then agrees with the books; the cashier right and the
 * caller's own company only.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, MISSING_ID } from './factories';
import { makeVoucherWorld, simpleVoucher, type VoucherWorld } from './voucher-world';

type Line = Record<string, any>;

describe.each(backends())('cash journal lines brought in from vouchers (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: VoucherWorld;
  let b01: number;
  let b02: number;
  let cashier: string;
  let icbc: number;
  const vouchers: Record<string, { id: number }> = {};
  const post = (url: string, body: unknown, token = admin) => t.call('POST', url, { token, body, lang: 'en_US' });
  const ok = (url: string, body: unknown, token = admin) => data(post(url, body, token), url);
  const page = (bankAccountId: number, dateFrom = '2026-03-01', dateTo = '2026-03-31', paging: Record<string, unknown> = {}, token = cashier) =>
    t.call('GET', '/api/cashier/cash/fromVoucher', { token, lang: 'en_US', query: { filter: { bankAccountId, dateFrom, dateTo }, ...paging } });
  const offered = async (bankAccountId: number, dateFrom = '2026-03-01', dateTo = '2026-03-31', token = cashier) =>
    (await data(page(bankAccountId, dateFrom, dateTo, { limit: 1000 }, token), 'offered')).content as Line[];
  const bringIn = (bankAccountId: number, itemIds: number[], token = cashier) => post('/api/cashier/cash/fromVoucher', { bankAccountId, itemIds }, token);

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeVoucherWorld(t, admin);
    cashier = (await makeUser(t, admin, w.companyId, { rightIds: [RIGHTS.CASHIER], name: '吴出纳' })).token;
    const bankId = (await ok('/api/common/bank', { companyId: w.companyId, code: 'ICBC', name: '工商银行' })).id;
    // The accounts are on 1002's last-level subject 100201.
    icbc = (await ok('/api/subject', { accountYearId: w.accountYearId, code: '100201', name: '工行基本户' })).id as number;
    const bank = async (code: string, subjectId: number) => (await ok('/api/common/bankAccount', { accountYearId: w.accountYearId, code, name: code, kind: 'BANK', bankId, subjectId })).id as number;
    b01 = await bank('B01', icbc);
    b02 = await bank('B02', icbc);
    await ok('/api/cashier/opening', { accountId: w.accountId, openings: [
      { bankAccountId: b01, startDate: '2026-01-01', openingCents: 1_000_000 },
      { bankAccountId: b02, startDate: '2026-03-21', openingCents: 0 },
    ] });
    await ok('/api/opening', { accountYearId: w.accountYearId, rows: [{ subjectId: icbc, amountCents: 1_000_000, ytdDebitCents: 0, ytdCreditCents: 0 }] });
    const { clerk, boss } = w.users;
    const v = (body: unknown) => ok('/api/voucher', body, clerk.token);
    // Cash only: never offered to a bank account.
    vouchers.cash = await v(simpleVoucher(w, { markTime: '2026-03-15', cents: 12_000 }));
    // 03-20: fees paid from the bank (credit 100201).
    vouchers.fees = await v({ accountId: w.accountId, kindId: w.kindId, markTime: '2026-03-20', items: [
      { summary: '付办公费', subjectId: w.subject.admin, direction: true, amount: '30000', auxes: [{ auxTypeId: 1, auxId: w.departmentId }] },
      { summary: '付办公费', subjectId: icbc, direction: false, amount: '30000' },
    ] });
    // 03-22: a client pays its receivable into the bank (debit 100201, credit 1122 with the customer).
    vouchers.collected = await v({ accountId: w.accountId, kindId: w.kindId, markTime: '2026-03-22', items: [
      { summary: '收华夏律师费', subjectId: icbc, direction: true, amount: '50000' },
      { summary: '收华夏律师费', subjectId: w.subject.receivable, direction: false, amount: '50000', auxes: [{ auxTypeId: 3, auxId: w.customerId }] },
    ] });
    // 03-25: a red (negative) credit on the bank: money back in.
    vouchers.red = await v({ accountId: w.accountId, kindId: w.kindId, markTime: '2026-03-25', items: [
      { summary: '冲回办公费', subjectId: w.subject.admin, direction: true, amount: '-5000', auxes: [{ auxTypeId: 1, auxId: w.departmentId }] },
      { summary: '冲回办公费', subjectId: icbc, direction: false, amount: '-5000' },
    ] });
    // 03-26: voided: never offered.
    vouchers.voided = await v({ accountId: w.accountId, kindId: w.kindId, markTime: '2026-03-26', items: [
      { summary: '作废的付款', subjectId: w.subject.admin, direction: true, amount: '700', auxes: [{ auxTypeId: 1, auxId: w.departmentId }] },
      { summary: '作废的付款', subjectId: icbc, direction: false, amount: '700' },
    ] });
    await ok(`/api/voucher/${vouchers.voided.id}/invalid`, {}, boss.token);
    // 04-02: outside March.
    vouchers.april = await v({ accountId: w.accountId, kindId: w.kindId, markTime: '2026-04-02', items: [
      { summary: '四月付款', subjectId: w.subject.admin, direction: true, amount: '900', auxes: [{ auxTypeId: 1, auxId: w.departmentId }] },
      { summary: '四月付款', subjectId: icbc, direction: false, amount: '900' },
    ] });
  });
  afterAll(async () => t?.close());

  it('offers the bank lines of valid vouchers in the range, each on its journal side with its customer, not before the start date', async () => {
    const lines = await offered(b01);
    expect(lines.map((l) => [l.date, l.summary, l.subjectCode, l.receiptCents, l.paymentCents, l.counterparty, l.audited, l.bookkept])).toEqual([
      ['2026-03-20', '付办公费', '100201', '0', '30000', null, false, false],
      ['2026-03-22', '收华夏律师费', '100201', '50000', '0', '华夏科技有限公司', false, false],
      ['2026-03-25', '冲回办公费', '100201', '5000', '0', null, false, false],
    ]);
    expect(lines.map((l) => l.voucherId)).toEqual([vouchers.fees.id, vouchers.collected.id, vouchers.red.id]);
    expect(lines[0].voucherCode).toMatch(/^记-\d+$/);
    // B02 starts on 03-21: the 03-20 payment is before its books.
    expect((await offered(b02)).map((l) => l.date)).toEqual(['2026-03-22', '2026-03-25']);
    expect((await offered(b01, '2026-04-01', '2026-04-30')).map((l) => l.summary)).toEqual(['四月付款']);
    // Two customers on the other lines name no one; the line's own customer names it.
    const withCustomer = await ok('/api/voucher', { accountId: w.accountId, kindId: w.kindId, markTime: '2026-03-28', items: [
      { summary: '预收款', subjectId: icbc, direction: true, amount: '100' },
      { summary: '预收款', subjectId: w.subject.receivable, direction: false, amount: '100', auxes: [{ auxTypeId: 3, auxId: w.customerId }] },
    ] }, w.users.clerk.token);
    expect((await offered(b01)).find((l) => l.voucherId === withCustomer.id)).toMatchObject({ subjectCode: '100201', receiptCents: '100', counterparty: '华夏科技有限公司' });
    const second = await ok('/api/aux/customer', { companyId: w.companyId, code: 'VWD', name: '远东贸易' });
    const two = await ok('/api/voucher', { accountId: w.accountId, kindId: w.kindId, markTime: '2026-03-28', items: [
      { summary: '两家预收', subjectId: icbc, direction: true, amount: '300' },
      { summary: '两家预收', subjectId: w.subject.receivable, direction: false, amount: '100', auxes: [{ auxTypeId: 3, auxId: w.customerId }] },
      { summary: '两家预收', subjectId: w.subject.receivable, direction: false, amount: '200', auxes: [{ auxTypeId: 3, auxId: second.id }] },
    ] }, w.users.clerk.token);
    expect((await offered(b01)).find((l) => l.voucherId === two.id)).toMatchObject({ receiptCents: '300', counterparty: null });
    await t.call('DELETE', `/api/voucher/${two.id}`, { token: w.users.clerk.token });
    await t.call('DELETE', `/api/voucher/${withCustomer.id}`, { token: w.users.clerk.token });
    const reversed = (await page(b01, '2026-03-31', '2026-03-01')).json();
    expect(reversed.code).toBe('PERIOD_END_BEFORE_START');
    // A list like every list: pages of it, the total of them all.
    const page2 = await data(page(b01, '2026-03-01', '2026-03-31', { index: 1, size: 1 }), 'page 2');
    expect([page2.total, page2.content.map((l: Line) => l.summary)]).toEqual([3, ['收华夏律师费']]);
    expect((await data(page(b01), 'default page')).total).toBe(3);
  });

  it('brings lines in all or none, linked to their vouchers; a brought-in line keeps its figures, may go, and comes in again', async () => {
    const [fees, collected, red] = await offered(b01);
    const lines = (await data(bringIn(b01, [red.itemId, fees.itemId, collected.itemId]), 'bring in')) as Line[];
    expect(lines.map((l) => [l.date, l.code, l.summary, l.receiptCents, l.paymentCents, l.balanceCents, l.voucherId, l.fromVoucher, l.kindId])).toEqual([
      ['2026-03-20', 1, '付办公费', '0', '30000', '970000', vouchers.fees.id, true, null],
      ['2026-03-22', 2, '收华夏律师费', '50000', '0', '1020000', vouchers.collected.id, true, null],
      ['2026-03-25', 3, '冲回办公费', '5000', '0', '1025000', vouchers.red.id, true, null],
    ]);
    expect(lines[0].voucherCode).toBe(fees.voucherCode);
    // Offered no more, to this account or to the other one on the same subject.
    expect(await offered(b01)).toEqual([]);
    expect(await offered(b02)).toEqual([]);
    // Twice: refused, naming the voucher, and nothing written.
    const again = (await bringIn(b02, [collected.itemId])).json();
    expect(again).toMatchObject({ code: 'CASH_VOUCHER_LINE_TAKEN', msg: `Voucher ${collected.voucherCode} is already in the journal, or its line is no longer on this account's subject: refresh the list` });
    // A line of another subject (the cash voucher's) is not the account's: refused too.
    const cashItem = ((await t.db.db.execute(sql`select id from voucher_items where voucher_id = ${vouchers.cash.id} and line_no = 1`)) as unknown as { rows: Array<{ id: number }> }).rows[0].id;
    expect((await bringIn(b02, [Number(cashItem)])).json().code).toBe('CASH_VOUCHER_LINE_TAKEN');
    const journal = async (bankAccountId: number) => (await data(t.call('GET', '/api/cashier/cash', { token: cashier, query: { filter: { accountId: w.accountId, bankAccountId }, limit: 100 } }), 'list')).content as Line[];
    expect(await journal(b02)).toEqual([]);
    // The journal now agrees with the books on 100201.
    const check = await data(t.call('GET', '/api/cashier/cashBalance', { token: cashier, query: { accountId: w.accountId, date: '2026-03-31' } }), 'reconcile');
    expect(check.rows.find((r: Line) => r.subjectCode === '100201')).toMatchObject({ journalCents: '1025000', booksCents: '1025000', differenceCents: '0' });
    // Its figures are the voucher's: a change is refused with the voucher named.
    const l = lines[1];
    const changed = (await post(`/api/cashier/cash/${l.id}`, { date: l.date, summary: 'x', receiptCents: 1, version: l.version }, cashier)).json();
    expect(changed).toMatchObject({ code: 'CASH_LINE_FROM_VOUCHER', msg: expect.stringContaining(`brought in from voucher ${collected.voucherCode}`) });
    // It may go, and is then offered again (after the voucher was corrected, say).
    expect((await t.call('DELETE', `/api/cashier/cash/${l.id}`, { token: cashier })).json().success).toBe(true);
    expect((await offered(b01)).map((x) => x.voucherId)).toEqual([vouchers.collected.id]);
    const back = (await data(bringIn(b02, [collected.itemId]), 'again')) as Line[];
    expect(back.map((x) => [x.bankAccountId, x.code, x.balanceCents])).toEqual([[b02, 1, '50000']]);
    // A line made into a voucher (documents to vouchers) still cannot go.
    await t.db.db.execute(sql`update cash_journal_lines set from_voucher = false where id = ${back[0].id}`);
    expect((await t.call('DELETE', `/api/cashier/cash/${back[0].id}`, { token: cashier })).json().code).toBe('CASH_LINE_HAS_VOUCHER');
  });

  it('refuses an account without a subject, a disabled account, a date before the start, and other companies or rights', async () => {
    const other = await makeWorld(t, admin);
    const foreignCashier = (await makeUser(t, admin, other.companyId, { rightIds: [RIGHTS.CASHIER] })).token;
    const get = (token: string) => page(b01, '2026-03-01', '2026-03-31', {}, token);
    expect((await get(foreignCashier)).json().code).toBe('NO_PERMISSION');
    const clerkOnly = w.users.clerk.token;
    expect((await get(clerkOnly)).statusCode).toBe(403);
    expect((await bringIn(b01, [MISSING_ID], clerkOnly)).statusCode).toBe(403);
    // Before the start date: the April line cannot come into an account starting in May.
    const april = (await offered(b01, '2026-04-01', '2026-04-30'))[0];
    await t.db.db.execute(sql`update cash_bank_openings set start_date = '2026-05-01' where bank_account_id = ${b02}`);
    expect(await offered(b02, '2026-04-01', '2026-04-30')).toEqual([]);
    expect((await bringIn(b02, [april.itemId])).json()).toMatchObject({ code: 'CASH_LINE_BEFORE_START' });
    await t.db.db.execute(sql`update cash_bank_openings set start_date = '2026-03-21' where bank_account_id = ${b02}`);
    // No subject: said so, on both calls.
    await t.db.db.execute(sql`update bank_accounts set subject_id = null where id = ${b02}`);
    expect((await page(b02)).json())
      .toMatchObject({ code: 'CASH_ACCOUNT_NO_SUBJECT', msg: expect.stringContaining('The account B02 is linked to no subject') });
    expect((await bringIn(b02, [april.itemId])).json().code).toBe('CASH_ACCOUNT_NO_SUBJECT');
    await t.db.db.execute(sql`update bank_accounts set subject_id = ${icbc} where id = ${b02}`);
    // A disabled account takes no new lines.
    await t.db.db.execute(sql`update bank_accounts set disabled = true where id = ${b02}`);
    expect((await bringIn(b02, [april.itemId])).json().code).toBe('CASH_ACCOUNT_DISABLED');
    expect((await offered(b01, '2026-04-01', '2026-04-30')).length).toBe(1);
  });
});
