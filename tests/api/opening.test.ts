/**
 * Opening balances through the API (decision 029): the year's chart with openings rolled up to
 * parents, saving leaf openings, the auxiliary breakdown and its sum rule, the trial balance, the
 * refusal once the first period is settled, company scoping and rights, the ledgers reading the
 * openings (subject balance table, the editor's live balance) and the year-end carry-forward.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { data, demoCompanyId, makeUser, makeWorld, MISSING_ID, type MadeUser } from './factories';
import { makeVoucherWorld, type VoucherWorld } from './voucher-world';

interface Row { subjectId: number; code: string; leaf: boolean; kind: string; direction: boolean; amountCents: string; balanceCents: string; side: string; ytdDebitCents: string; ytdCreditCents: string; yearStartCents: string; auxRows: number; auxTypeIds: number[] }

describe.each(backends())('opening balances (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: VoucherWorld;
  let init: MadeUser;
  const code: Record<string, number> = {};
  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, o: { body?: unknown; query?: Record<string, unknown> } = {}) => t.call(method, url, { token, lang: 'en_US', ...o });
  const list = async (token = init.token, yearId = w.accountYearId) => data<{ settled: boolean; rows: Row[] }>(call(token, 'GET', '/api/opening', { query: { accountYearId: yearId } }), 'list');
  const rowOf = async (c: string, yearId = w.accountYearId) => (await list(init.token, yearId)).rows.find((r) => r.code === c)!;
  const save = (rows: unknown[], token = init.token, yearId = w.accountYearId) => call(token, 'POST', '/api/opening', { body: { accountYearId: yearId, rows } });
  const saveAux = (subjectId: number, rows: unknown[], token = init.token) => call(token, 'POST', '/api/opening/aux', { body: { accountYearId: w.accountYearId, subjectId, rows } });
  const trial = async (yearId = w.accountYearId) => data<{ debitCents: string; creditCents: string; ytdDebitCents: string; ytdCreditCents: string; assetsCents: string; liabilitiesCents: string; equityCents: string; profitLossCents: string; problems: string[]; passed: boolean }>(
    call(init.token, 'GET', '/api/opening/trialBalance', { query: { accountYearId: yearId } }), 'trial');
  const failure = async (res: Promise<{ json(): any }>) => (await res).json() as { success: boolean; code: string; msg: string };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeVoucherWorld(t, admin);
    init = await makeUser(t, admin, w.companyId, { rightIds: [RIGHTS.BASIC, RIGHTS.BASIC_INIT], name: '钱会计' });
    for (const r of (await list()).rows) code[r.code] = r.subjectId;
  });
  afterAll(async () => t?.close());

  it('lists every subject of the chart at zero with its kind and direction; the year is open', async () => {
    const l = await list();
    expect(l.settled).toBe(false);
    expect(l.rows.length).toBeGreaterThan(50);
    expect(l.rows.map((r) => r.code)).toEqual([...l.rows.map((r) => r.code)].sort());
    expect(l.rows.find((r) => r.code === '1001')).toMatchObject({ kind: 'ASSET', direction: true, amountCents: '0', side: 'FLAT', auxRows: 0 });
    expect(l.rows.find((r) => r.code === '2221')).toMatchObject({ leaf: false, direction: false });
  });

  it('saves leaf openings in the subject own direction and rolls them up to parents; parents and mismatched auxiliary subjects are refused', async () => {
    await data(save([
      { subjectId: code['1001'], amountCents: 1_000_000 },
      { subjectId: code['1002'], amountCents: 500_000 },
      { subjectId: code['3001'], amountCents: 1_500_000 },
      { subjectId: w.subject.tax, amountCents: 800 },
    ]), 'save');
    expect(await rowOf('1001')).toMatchObject({ amountCents: '1000000', balanceCents: '1000000', side: 'DEBIT' });
    // A credit subject: typed positive, kept debit-negative.
    expect(await rowOf('3001')).toMatchObject({ amountCents: '1500000', balanceCents: '-1500000', side: 'CREDIT' });
    expect(await rowOf('2221')).toMatchObject({ amountCents: '800', balanceCents: '-800', side: 'CREDIT' });
    // A negative amount stands on the other side.
    await data(save([{ subjectId: code['1002'], amountCents: -100 }]), 'negative');
    expect(await rowOf('1002')).toMatchObject({ amountCents: '-100', side: 'CREDIT' });
    await data(save([{ subjectId: code['1002'], amountCents: 500_000 }]), 'back');

    expect(await failure(save([{ subjectId: code['2221'], amountCents: 5 }]))).toMatchObject({ success: false, code: 'OPENING_NOT_LEAF' });
    const mismatch = await failure(save([{ subjectId: w.subject.receivable, amountCents: 5 }]));
    expect(mismatch).toMatchObject({ success: false, code: 'OPENING_AUX_SUM_MISMATCH' });
    expect(mismatch.msg).toContain('1122');
    // The refused batch left nothing behind (one transaction).
    expect(await failure(save([{ subjectId: code['1001'], amountCents: 1 }, { subjectId: code['2221'], amountCents: 5 }]))).toMatchObject({ code: 'OPENING_NOT_LEAF' });
    expect((await rowOf('1001')).amountCents).toBe('1000000');
    // A zero row removes the opening.
    await data(save([{ subjectId: code['2001'], amountCents: 0 }]), 'zero');
    expect((await rowOf('2001')).side).toBe('FLAT');
  });

  it('keeps the year-to-date figures of a set started mid-year and derives the year-start balance', async () => {
    await data(save([{ subjectId: code['1001'], amountCents: 1_000_000, ytdDebitCents: 300_000, ytdCreditCents: 100_000 }]), 'ytd');
    expect(await rowOf('1001')).toMatchObject({ ytdDebitCents: '300000', ytdCreditCents: '100000', yearStartCents: '800000' });
    expect(await trial()).toMatchObject({ ytdDebitCents: '300000', ytdCreditCents: '100000', passed: false });
    expect((await trial()).problems).toContain('YTD_IMBALANCE');
    // The balance sheet's year-start column reads the same year-start balance, not the balance the books opened with.
    const bs = await data<{ rows: Array<{ lineNo: number | null; opening: string | null; closing: string | null }> }>(
      t.call('GET', '/api/report/balanceSheet', { token: admin, query: { accountId: w.accountId, year: 2026, month: 1 } }), 'balance sheet');
    expect(bs.rows.find((r) => r.lineNo === 1)).toMatchObject({ opening: '1300000', closing: '1500000' }); // with 1002's 5,000.00
    expect((await failure(save([{ subjectId: code['1001'], amountCents: 1, ytdDebitCents: -5 }]))).code).toBe('INVALID_INPUT');
    await data(save([{ subjectId: code['1001'], amountCents: 1_000_000 }]), 'ytd off');
  });

  it('the auxiliary breakdown sets the subject opening to its sum; values are required, unique and of the company', async () => {
    const res = await data<{ rows: Array<{ customerId: number; amountCents: string }> }>(saveAux(w.subject.receivable, [{ customerId: w.customerId, amountCents: 200_000 }]), 'aux');
    expect(res.rows).toMatchObject([{ customerId: w.customerId, amountCents: '200000', departmentId: null }]);
    expect(await rowOf('1122')).toMatchObject({ amountCents: '200000', auxRows: 1 });
    // The main save accepts the subject only with the breakdown's figures.
    await data(save([{ subjectId: w.subject.receivable, amountCents: 200_000 }]), 'same');
    expect((await failure(save([{ subjectId: w.subject.receivable, amountCents: 200_001 }]))).code).toBe('OPENING_AUX_SUM_MISMATCH');

    const missing = await failure(saveAux(w.subject.receivable, [{ customerId: w.customerId, amountCents: 1 }, { amountCents: 2 }]));
    expect(missing).toMatchObject({ code: 'OPENING_AUX_VALUE_REQUIRED' });
    expect(missing.msg).toContain('Customer');
    expect((await failure(saveAux(w.subject.receivable, [{ customerId: w.customerId, amountCents: 1 }, { customerId: w.customerId, amountCents: 2 }]))).code).toBe('OPENING_AUX_DUPLICATE');
    expect((await failure(saveAux(w.subject.receivable, [{ customerId: w.customerId, departmentId: w.departmentId, amountCents: 1 }]))).code).toBe('INVALID_INPUT');
    expect((await failure(saveAux(code['1001'], [{ customerId: w.customerId, amountCents: 1 }]))).code).toBe('OPENING_NO_AUX');
    const other = await makeVoucherWorld(t, admin);
    expect((await failure(saveAux(w.subject.receivable, [{ customerId: other.customerId, amountCents: 1 }]))).code).toBe('NO_PERMISSION');
    expect(await rowOf('1122')).toMatchObject({ amountCents: '200000', auxRows: 1 });

    const aux = await data<{ auxTypeIds: number[]; rows: unknown[] }>(call(init.token, 'GET', '/api/opening/aux', { query: { accountYearId: w.accountYearId, subjectId: w.subject.receivable } }), 'read');
    expect(aux).toMatchObject({ auxTypeIds: [3], rows: [{ customerId: w.customerId, amountCents: '200000' }] });
    // An empty breakdown removes the opening; put it back.
    await data(saveAux(w.subject.receivable, []), 'empty');
    expect(await rowOf('1122')).toMatchObject({ amountCents: '0', auxRows: 0 });
    await data(saveAux(w.subject.receivable, [{ customerId: w.customerId, amountCents: 200_000 }]), 'again');
  });

  it('the trial balance answers debit and credit totals and assets against liabilities plus equity', async () => {
    // Debit: 1001 10,000 + 1002 5,000 + 1122 2,000; credit: 3001 15,000 + 2221 8.
    expect(await trial()).toMatchObject({ debitCents: '1700000', creditCents: '1500800', assetsCents: '1700000', liabilitiesCents: '800', equityCents: '1500000', passed: false });
    expect((await trial()).problems).toEqual(['DEBIT_CREDIT_IMBALANCE', 'BALANCE_SHEET_IMBALANCE']);
    await data(save([{ subjectId: code['3001'], amountCents: 1_699_200 }]), 'balance');
    expect(await trial()).toMatchObject({ debitCents: '1700000', creditCents: '1700000', equityCents: '1699200', problems: [], passed: true });
    // A profit and loss subject opening with a balance: debit = credit, but the balance sheet does not balance.
    const pl = (await list()).rows.find((r) => r.kind === 'PROFIT' && r.leaf && r.direction && r.auxTypeIds.length === 0)!;
    await data(save([{ subjectId: pl.subjectId, amountCents: 100 }, { subjectId: code['3001'], amountCents: 1_699_300 }]), 'pl');
    expect(await trial()).toMatchObject({ debitCents: '1700100', creditCents: '1700100', profitLossCents: '-100', problems: ['BALANCE_SHEET_IMBALANCE'], passed: false });
    await data(save([{ subjectId: pl.subjectId, amountCents: 0 }, { subjectId: code['3001'], amountCents: 1_699_200 }]), 'pl off');
    expect((await trial()).passed).toBe(true);
  });

  it('the subject balance ledger and the voucher editor live balance include the openings', async () => {
    const sb = await data<{ rows: Array<{ code: string; openingDebit: string; openingCredit: string; closingDebit: string }>; totals: Record<string, string> }>(call(admin, 'GET', '/api/ledger/subjectBalance', {
      query: { filter: { accountId: w.accountId, accountYearId: w.accountYearId, startPeriodId: w.periodIds[0], endPeriodId: w.periodIds[11] } },
    }), 'subjectBalance');
    expect(sb.rows.find((r) => r.code === '1001')).toMatchObject({ openingDebit: '1000000', closingDebit: '1000000' });
    expect(sb.rows.find((r) => r.code === '2221')).toMatchObject({ openingCredit: '800' });
    expect(sb.totals).toMatchObject({ openingDebit: '1700000', openingCredit: '1700000' });
    const live = await data<Array<{ openingCents: string; all: { balanceCents: string } }>>(call(admin, 'GET', '/api/subject/balance', {
      query: { filter: { accountYearId: w.accountYearId, subjectId: [code['1001'], code['2221'], code['3001']] } },
    }), 'live');
    expect(live.map((b) => b.openingCents)).toEqual(['1000000', '800', '1699200']);
    expect(live[0].all.balanceCents).toBe('1000000');
  });

  it('a subject with an opening is in use: it cannot be deleted nor get children', async () => {
    const child = await failure(call(admin, 'POST', '/api/subject', { body: { accountYearId: w.accountYearId, code: '100101', name: '子科目' } }));
    expect(child).toMatchObject({ success: false, code: 'SUBJECT_PARENT_IN_USE' });
    expect((await failure(call(admin, 'DELETE', '/api/subject', { query: { filter: { accountYearId: w.accountYearId, id: code['1001'] } } }))).code).toBe('SUBJECT_IN_USE');
    expect((await rowOf('1001')).leaf).toBe(true);
  });

  it('needs the initialization right; another company ids are refused like missing ones', async () => {
    const clerk = w.users.boss;
    expect((await failure(call(clerk.token, 'GET', '/api/opening', { query: { accountYearId: w.accountYearId } }))).code).toBe('NO_PERMISSION');
    expect((await failure(save([{ subjectId: code['1001'], amountCents: 1 }], clerk.token))).code).toBe('NO_PERMISSION');
    const other = await makeWorld(t, admin);
    const outsider = await makeUser(t, admin, other.companyId, { rightIds: [RIGHTS.BASIC, RIGHTS.BASIC_INIT], name: '外人' });
    expect((await failure(call(outsider.token, 'GET', '/api/opening', { query: { accountYearId: w.accountYearId } }))).code).toBe('NO_PERMISSION');
    expect((await failure(save([{ subjectId: code['1001'], amountCents: 1 }], outsider.token))).code).toBe('NO_PERMISSION');
    // Our year, another company's subject (or a missing one): refused, nothing written.
    const foreign = (await list(admin, other.accountYearId)).rows.find((r) => r.code === '1001')!.subjectId;
    expect((await failure(save([{ subjectId: foreign, amountCents: 1 }]))).code).toBe('NO_PERMISSION');
    expect((await failure(save([{ subjectId: MISSING_ID, amountCents: 1 }]))).code).toBe('NO_PERMISSION');
    expect((await failure(saveAux(foreign, []))).code).toBe('NO_PERMISSION');
    expect((await list(admin, other.accountYearId)).rows.every((r) => r.amountCents === '0')).toBe(true);
    expect((await failure(call(outsider.token, 'POST', '/api/opening/carryForward', { body: { fromAccountYearId: w.accountYearId, toAccountYearId: other.accountYearId } }))).code).toBe('NO_PERMISSION');
  });

  it('is read-only once the year first period is settled', async () => {
    await t.db.db.execute(sql`update periods set rolled = true where id = ${w.periodIds[0]}`);
    try {
      expect((await list()).settled).toBe(true);
      expect((await failure(save([{ subjectId: code['1001'], amountCents: 1 }]))).code).toBe('PERIOD_SETTLED');
      expect((await failure(saveAux(w.subject.receivable, []))).code).toBe('PERIOD_SETTLED');
      expect((await rowOf('1001')).amountCents).toBe('1000000');
    } finally {
      await t.db.db.execute(sql`update periods set rolled = false where id = ${w.periodIds[0]}`);
    }
  });

  it('carries the closing balances of balance-sheet subjects, with their auxiliary breakdown, into the next year', async () => {
    const { clerk } = w.users;
    const voucher = (items: unknown[], markTime: string) => data(call(clerk.token, 'POST', '/api/voucher', { body: { accountId: w.accountId, kindId: w.kindId, markTime, items } }), 'voucher');
    await voucher([
      { summary: '收律师费', subjectId: w.subject.cash, direction: true, amount: '12000' },
      { summary: '收律师费', subjectId: w.subject.revenue, direction: false, amount: '12000', auxes: [{ auxTypeId: 5, auxId: w.projectId }] },
    ], '2026-03-15');
    await voucher([
      { summary: '应收', subjectId: w.subject.receivable, direction: true, amount: '30000', auxes: [{ auxTypeId: 3, auxId: w.customerId }] },
      { summary: '应收', subjectId: w.subject.cash, direction: false, amount: '30000' },
    ], '2026-04-15');
    const next = await data<{ id: number }>(call(admin, 'POST', '/api/account/year', { body: { accountId: w.accountId, year: 2027, subjects: 'PREVIOUS' } }), 'year');
    // Only into the next year of the same ledger set.
    expect((await failure(call(init.token, 'POST', '/api/opening/carryForward', { body: { fromAccountYearId: next.id, toAccountYearId: w.accountYearId } }))).code).toBe('OPENING_CARRY_YEAR_INVALID');
    expect((await failure(call(init.token, 'POST', '/api/opening/carryForward', { body: { fromAccountYearId: w.accountYearId, toAccountYearId: w.accountYearId } }))).code).toBe('OPENING_CARRY_YEAR_INVALID');

    const res = await data<{ subjects: number; auxRows: number; profitLossNotZero: string[]; trialBalance: { debitCents: string; creditCents: string; passed: boolean } }>(
      call(init.token, 'POST', '/api/opening/carryForward', { body: { fromAccountYearId: w.accountYearId, toAccountYearId: next.id } }), 'carry');
    // Revenue (5001) was not transferred to profit: not carried, named, and the next year does not balance by it.
    expect(res.profitLossNotZero).toEqual(['5001']);
    expect(res).toMatchObject({ subjects: 5, auxRows: 1, trialBalance: { debitCents: '1712000', creditCents: '1700000', passed: false } });
    expect(await rowOf('1001', next.id)).toMatchObject({ amountCents: String(1_000_000 + 12_000 - 30_000), ytdDebitCents: '0' });
    expect(await rowOf('1122', next.id)).toMatchObject({ amountCents: '230000', auxRows: 1 });
    expect(await rowOf('222101', next.id)).toMatchObject({ amountCents: '800' });
    expect(await rowOf('5001', next.id)).toMatchObject({ amountCents: '0' });
    const nextReceivable = (await rowOf('1122', next.id)).subjectId;
    const aux = await data<{ rows: unknown[] }>(call(init.token, 'GET', '/api/opening/aux', { query: { accountYearId: next.id, subjectId: nextReceivable } }), 'aux');
    expect(aux.rows).toMatchObject([{ customerId: w.customerId, amountCents: '230000' }]);
    // Carried: last year's closing is this year's opening, no difference named.
    const trialOf = (yearId: number) => data<{ carryDiffers: Array<{ code: string; previousClosingCents: string; openingCents: string }> }>(
      call(init.token, 'GET', '/api/opening/trialBalance', { query: { accountYearId: yearId } }), 'trial');
    expect((await trialOf(next.id)).carryDiffers).toEqual([]);
    expect((await trialOf(w.accountYearId)).carryDiffers).toEqual([]);
    // An opening edited after the carry, and a voucher booked in the old year since: both named.
    await data(save([{ subjectId: (await rowOf('222101', next.id)).subjectId, amountCents: 900 }], init.token, next.id), 'edit');
    await voucher([
      { summary: '补记', subjectId: w.subject.cash, direction: true, amount: '500' },
      { summary: '补记', subjectId: w.subject.receivable, direction: false, amount: '500', auxes: [{ auxTypeId: 3, auxId: w.customerId }] },
    ], '2026-12-20');
    expect((await trialOf(next.id)).carryDiffers).toMatchObject([
      { code: '1001', previousClosingCents: '982500', openingCents: '982000' },
      { code: '1122', previousClosingCents: '229500', openingCents: '230000' },
      { code: '222101', previousClosingCents: '-800', openingCents: '-900' },
    ]);
    // Carrying again replaces, not adds.
    await data(call(init.token, 'POST', '/api/opening/carryForward', { body: { fromAccountYearId: w.accountYearId, toAccountYearId: next.id } }), 'again');
    expect((await rowOf('1001', next.id)).amountCents).toBe('982500');
    expect((await trialOf(next.id)).carryDiffers).toEqual([]);
    // A settled next year refuses.
    const nextPeriod = ((await t.db.db.execute(sql`select id from periods where account_year_id = ${next.id} order by start_at limit 1`)) as unknown as { rows: Array<{ id: number }> }).rows[0].id;
    await t.db.db.execute(sql`update periods set rolled = true where id = ${nextPeriod}`);
    expect((await failure(call(init.token, 'POST', '/api/opening/carryForward', { body: { fromAccountYearId: w.accountYearId, toAccountYearId: next.id } }))).code).toBe('PERIOD_SETTLED');
    await t.db.db.execute(sql`update periods set rolled = false where id = ${nextPeriod}`);
  });
  it('the demo books open on 1 January 2025 with a balance sheet that balances', async () => {
    const companyId = await demoCompanyId(t, admin);
    const main = await data<{ id: number }>(call(admin, 'GET', '/api/account/main', { query: { companyId } }), 'main');
    const years = await data<{ content: Array<{ id: number; year: number }> }>(call(admin, 'GET', '/api/account/year', { query: { accountId: main.id } }), 'years');
    const y2025 = years.content.find((y) => y.year === 2025)!.id;
    const tb = await data(call(admin, 'GET', '/api/opening/trialBalance', { query: { accountYearId: y2025 } }), 'demo trial');
    expect(tb).toMatchObject({ debitCents: '117000000', creditCents: '117000000', assetsCents: '114000000', liabilitiesCents: '9000000', equityCents: '105000000', passed: true });
    const receivable = (await list(admin, y2025)).rows.find((r) => r.code === '1122')!;
    expect(receivable).toMatchObject({ amountCents: '18000000', auxRows: 3 });
  });

  it('the demo months are closed as a bookkeeper leaves them: every balance sheet to October 2026 balances, 2026 opens with 2025’s closing', async () => {
    const companyId = await demoCompanyId(t, admin);
    const main = await data<{ id: number }>(call(admin, 'GET', '/api/account/main', { query: { companyId } }), 'main');
    const sheet = (year: number, month: number) =>
      data<{ balanced: boolean; totals: { assetsClosing: string; assetsOpening: string } }>(call(admin, 'GET', '/api/report/balanceSheet', { query: { accountId: main.id, year, month } }), `bs ${year}-${month}`);
    for (const [year, last] of [[2025, 12], [2026, 10]] as const) {
      for (let month = 1; month <= last; month++) expect((await sheet(year, month)).balanced, `${year}-${month}`).toBe(true);
    }
    // 2026's opening is 2025's closing; November's profit and loss is not transferred yet.
    const dec = await sheet(2025, 12);
    const jan = await sheet(2026, 1);
    expect(jan.totals.assetsOpening).toBe(dec.totals.assetsClosing);
    expect(BigInt(jan.totals.assetsOpening)).toBeGreaterThan(0n);
    expect((await sheet(2026, 11)).balanced).toBe(false);
    const years = await data<{ content: Array<{ id: number; year: number }> }>(call(admin, 'GET', '/api/account/year', { query: { accountId: main.id } }), 'years');
    expect(await data(call(admin, 'GET', '/api/opening/trialBalance', { query: { accountYearId: years.content.find((y) => y.year === 2026)!.id } }), '2026 trial')).toMatchObject({ passed: true });
  });

  it('the demo bank pays the payables every month: 2211 and 2241 owe each month its own accruals only, and 1002 pays out every month', async () => {
    const companyId = await demoCompanyId(t, admin);
    const main = await data<{ id: number }>(call(admin, 'GET', '/api/account/main', { query: { companyId } }), 'main');
    const years = await data<{ content: Array<{ id: number; year: number }> }>(call(admin, 'GET', '/api/account/year', { query: { accountId: main.id } }), 'years');
    for (const year of [2025, 2026]) {
      const accountYearId = years.content.find((y) => y.year === year)!.id;
      const periods = await data<{ content: Array<{ id: number }> }>(call(admin, 'GET', '/api/account/period', { query: { accountYearId } }), 'periods');
      const total = await data<{ subjects: Array<{ code: string; openingCents: string; periods: Array<{ debit: string; credit: string; side: string; balanceCents: string }> }> }>(call(admin, 'GET', '/api/ledger/subjectTotal', {
        query: { filter: { accountId: main.id, accountYearId, startPeriodId: periods.content[0].id, endPeriodId: periods.content[11].id, subjectCodeFrom: '1002', subjectCodeTo: '2241' } },
      }), `total ${year}`);
      const subject = (code: string) => total.subjects.find((x) => x.code === code)!;
      const of = (code: string) => subject(code).periods;
      for (const code of ['2211', '2241']) {
        of(code).forEach((p, i) => {
          // The month pays what was owed at its start (the year's opening, then last month's accruals),
          // so what is owed at its end is what it accrued.
          const owedAtStart = i === 0 ? subject(code).openingCents : of(code)[i - 1].balanceCents;
          expect(p.debit, `${year} ${code} month ${i + 1} paid`).toBe(owedAtStart);
          expect([p.side, p.balanceCents], `${year} ${code} month ${i + 1}`).toEqual([BigInt(p.credit) > 0n ? 'CREDIT' : 'FLAT', p.credit]);
        });
      }
      expect(BigInt(of('2211')[0].debit), `${year} January pays salaries`).toBeGreaterThan(0n);
      of('1002').forEach((p, i) => {
        expect(BigInt(p.credit), `${year} 1002 month ${i + 1}`).toBeGreaterThan(0n);
        expect(p.side, `${year} 1002 month ${i + 1}`).toBe('DEBIT');
      });
      if (year === 2026) {
        // The cashier's journal opens where the books do: the cash account at 1001's opening, the two
        // bank accounts together at 1002's.
        const cash = await data<{ subjects: Array<{ code: string; openingSide: string; openingCents: string }> }>(call(admin, 'GET', '/api/ledger/subjectTotal', {
          query: { filter: { accountId: main.id, accountYearId, startPeriodId: periods.content[0].id, endPeriodId: periods.content[0].id, subjectCodeFrom: '1001', subjectCodeTo: '1001' } },
        }), 'cash total');
        const openings = await data<Array<{ bankAccountCode: string; startDate: string | null; openingCents: string }>>(call(admin, 'GET', '/api/cashier/opening', { query: { accountId: main.id } }), 'openings');
        const journal = (code: string) => BigInt(openings.find((o) => o.bankAccountCode === code)!.openingCents);
        expect(openings.filter((o) => ['C001', 'B001', 'B002'].includes(o.bankAccountCode)).map((o) => o.startDate)).toEqual(['2026-01-01', '2026-01-01', '2026-01-01']);
        expect(journal('C001')).toBe(BigInt(cash.subjects.find((x) => x.code === '1001')!.openingCents));
        expect(journal('B001') + journal('B002')).toBe(BigInt(subject('1002').openingCents));
      }
    }
  });
});
