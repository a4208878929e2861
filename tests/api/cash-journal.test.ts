/**
 * The cash and bank journal (spec 01 §2, §7; decision 035) through the API on both backends: a line
 * is one receipt or one payment, numbered per bank account and month, on or after the account's
 * start date, with a kind of the right direction from its own ledger set; running balances are the
 * opening plus receipts minus payments of everything before, on any page and under any filter
 * (property test); lines with a voucher cannot change; the balance report per day, month and in
 * total; openings; bank accounts and kinds in use; the cashier right (3), the init right (602) and
 * other companies refused.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, MISSING_ID, type World } from './factories';

type Line = Record<string, any>;

describe.each(backends())('cash and bank journal (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  let cash: number;
  let bank: number;
  let income: number;
  let outcome: number;
  const post = (url: string, body: Record<string, unknown>, token = admin) => t.call('POST', url, { token, body, lang: 'en_US' });
  const ok = (url: string, body: Record<string, unknown>, token = admin) => data(post(url, body, token), url);
  const get = (url: string, query: Record<string, unknown>, token = admin) => t.call('GET', url, { token, query, lang: 'en_US' });
  const list = async (filter: Record<string, unknown>, paging: Record<string, unknown> = { limit: 500 }, token = admin) =>
    (await data(get('/api/cashier/cash', { filter: { accountId: w.accountId, ...filter }, ...paging }, token), 'cash')) as { content: Line[]; total: number };
  const subjectOf = async (code: string) => (await data(get('/api/subject', { filter: { accountYearId: w.accountYearId, code } }), 'subject')).content[0].id as number;
  const save = (bankAccountId: number, lines: Line[], deleteIds: number[] = [], token = admin) => post('/api/cashier/cash', { bankAccountId, lines, deleteIds }, token);

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
    const bankId = (await ok('/api/common/bank', { companyId: w.companyId, code: 'ICBC', name: '工商银行' })).id;
    const s1002 = (await ok('/api/subject', { accountYearId: w.accountYearId, code: '100201', name: '工行' })).id;
    cash = (await ok('/api/common/bankAccount', { accountYearId: w.accountYearId, code: 'C01', name: '现金', kind: 'CASH', subjectId: await subjectOf('1001') })).id;
    bank = (await ok('/api/common/bankAccount', { accountYearId: w.accountYearId, code: 'B01', name: '工行', kind: 'BANK', bankId, subjectId: s1002 })).id;
    income = (await ok('/api/cashier/income', { accountYearId: w.accountYearId, code: 'I01', name: '销售收款', subjectId: await subjectOf('1122') })).id;
    outcome = (await ok('/api/cashier/outcome', { accountYearId: w.accountYearId, code: 'O01', name: '办公费', subjectId: await subjectOf('5602') })).id;
  });
  afterAll(async () => t?.close());

  it('openings: listed per bank account, saved with the init right, a start date after the first line refused', async () => {
    const before = await data(get('/api/cashier/opening', { accountId: w.accountId }), 'openings');
    expect(before.map((o: Line) => [o.bankAccountCode, o.id, o.openingCents])).toEqual([['B01', null, '0'], ['C01', null, '0']]);
    const saved = await ok('/api/cashier/opening', { accountId: w.accountId, openings: [{ bankAccountId: cash, startDate: '2026-01-01', openingCents: 50_000 }, { bankAccountId: bank, startDate: '2026-01-01', openingCents: '1000000' }] });
    expect(saved.map((o: Line) => [o.bankAccountCode, o.startDate, o.openingCents, o.version])).toEqual([['B01', '2026-01-01', '1000000', 0], ['C01', '2026-01-01', '50000', 0]]);
    // A stale version and a new record over an existing one are refused.
    expect((await post('/api/cashier/opening', { accountId: w.accountId, openings: [{ bankAccountId: cash, startDate: '2026-01-01', openingCents: 1, version: 5 }] })).json().code).toBe('STALE_DATA');
    expect((await post('/api/cashier/opening', { accountId: w.accountId, openings: [{ bankAccountId: cash, startDate: '2026-01-01', openingCents: 1, version: null }] })).json().code).toBe('STALE_DATA');
    // An account of another ledger set is refused.
    const other = await makeWorld(t, admin);
    const foreign = await ok('/api/common/bankAccount', { accountYearId: other.accountYearId, code: 'X01', name: 'x', kind: 'CASH', subjectId: (await data(get('/api/subject', { filter: { accountYearId: other.accountYearId, code: '1001' } }), 's')).content[0].id });
    expect((await post('/api/cashier/opening', { accountId: w.accountId, openings: [{ bankAccountId: foreign.id, startDate: '2026-01-01', openingCents: 1 }] })).json().code).toBe('NO_PERMISSION');
  });

  it('lines: one receipt or one payment, numbered per account and month, kinds of the right direction, not before the start date', async () => {
    const res = await save(cash, [
      { date: '2026-01-05', summary: '收货款', kindId: income, counterparty: ' 华强公司 ', receiptCents: 20_000 },
      { date: '2026-01-05', summary: '买文具', kindId: outcome, paymentCents: '3500' },
      { date: '2026-02-01', summary: '二月', paymentCents: 1000 },
    ]);
    const lines = (await data(res, 'save')) as Line[];
    expect(lines.map((l) => [l.date, l.code, l.receiptCents, l.paymentCents, l.balanceCents, l.counterparty])).toEqual([
      ['2026-01-05', 1, '20000', '0', '70000', '华强公司'],
      ['2026-01-05', 2, '0', '3500', '66500', null],
      ['2026-02-01', 1, '0', '1000', '65500', null],
    ]);
    expect(lines[0]).toMatchObject({ kind: { id: income, code: 'I01', direction: 'INCOME' }, bankAccount: { code: 'C01' }, createdByName: expect.any(String), voucherId: null });
    expect(await data(get('/api/cashier/code', { bankAccountId: cash, date: '2026-01-31' }), 'code')).toBe(3);
    expect(await data(get('/api/cashier/code', { bankAccountId: cash, date: '2026-03-01' }), 'code')).toBe(1);
    const bad = async (line: Line, code: string) => {
      const r = await save(cash, [{ date: '2026-01-06', summary: 'x', ...line }]);
      expect(r.json().code, JSON.stringify(line)).toBe(code);
    };
    await bad({ receiptCents: 0, paymentCents: 0 }, 'CASH_LINE_AMOUNT');
    await bad({ receiptCents: 10, paymentCents: 10 }, 'CASH_LINE_AMOUNT');
    await bad({ receiptCents: -10 }, 'INVALID_INPUT');
    await bad({ receiptCents: 100_000_000_000 }, 'INVALID_INPUT');
    await bad({ receiptCents: 10, kindId: outcome }, 'CASH_KIND_DIRECTION');
    await bad({ paymentCents: 10, kindId: income }, 'CASH_KIND_DIRECTION');
    await bad({ paymentCents: 10, kindId: MISSING_ID }, 'NO_PERMISSION');
    await bad({ paymentCents: 10, code: 1 }, 'CASH_CODE_DUPLICATE');
    await bad({ date: '2025-12-31', paymentCents: 10 }, 'CASH_LINE_BEFORE_START');
    await bad({ date: '2026-02-30', paymentCents: 10 }, 'INVALID_INPUT');
    // Nothing of a refused batch is written.
    const r = await save(cash, [{ date: '2026-01-07', receiptCents: 1 }, { date: '2026-01-07', receiptCents: 1, paymentCents: 1 }]);
    expect(r.json().code).toBe('CASH_LINE_AMOUNT');
    expect((await list({ bankAccountId: cash })).total).toBe(3);
    // The start date cannot move after the first line now.
    const o = (await data(get('/api/cashier/opening', { accountId: w.accountId }), 'o')).find((x: Line) => x.bankAccountId === cash);
    expect(o.firstLineDate).toBe('2026-01-05');
    const late = await post('/api/cashier/opening', { accountId: w.accountId, openings: [{ bankAccountId: cash, startDate: '2026-01-06', openingCents: 50_000, version: o.version }] });
    expect(late.json()).toMatchObject({ code: 'CASH_OPENING_AFTER_LINES', msg: 'The start date of account C01 cannot be after its first line, dated 2026-01-05' });
  });

  it("dates within the ledger set's account years (spec 01 §5): after the last year's end, or before the first year's start, is refused naming the range", async () => {
    // A ledger set of this test's own, its account without a start date: only the account years bound its dates.
    const own = await makeWorld(t, admin);
    const cashOf = async () => (await data(get('/api/subject', { filter: { accountYearId: own.accountYearId, code: '1001' } }), 'subject')).content[0].id as number;
    const spare = (await ok('/api/common/bankAccount', { accountYearId: own.accountYearId, code: 'C09', name: '备用金', kind: 'CASH', subjectId: await cashOf() })).id;
    const lines = async () => (await data(get('/api/cashier/cash', { filter: { accountId: own.accountId, bankAccountId: spare }, limit: 50 }), 'cash')).content as Line[];
    const refused = async (date: string, lang: 'en_US' | 'zh_CN' = 'en_US') => {
      const r = await t.call('POST', '/api/cashier/cash', { token: admin, body: { bankAccountId: spare, lines: [{ date, summary: 'x', receiptCents: 100 }] }, lang });
      expect(r.statusCode, date).toBe(400);
      return r.json();
    };
    expect(await refused('2031-11-30')).toMatchObject({ success: false, code: 'CASH_LINE_OUTSIDE_YEARS', msg: "The date 2031-11-30 is outside the ledger set's account years: a date from 2026-01-01 to 2026-12-31" });
    expect(await refused('2027-01-01', 'zh_CN')).toMatchObject({ code: 'CASH_LINE_OUTSIDE_YEARS', msg: '日期 2027-01-01 不在账套的会计年度内：日期须在 2026-01-01 至 2026-12-31 之间' });
    expect((await refused('2025-12-31')).code).toBe('CASH_LINE_OUTSIDE_YEARS');
    expect(await lines()).toEqual([]);
    // The first and last days of the years are in; a saved line cannot move out.
    const [, last] = (await data(save(spare, [{ date: '2026-01-01', summary: 'first', receiptCents: 100 }, { date: '2026-12-31', summary: 'last', paymentCents: 50 }]), 'save')) as Line[];
    expect((await lines()).map((l) => l.date)).toEqual(['2026-01-01', '2026-12-31']);
    const moved = await post(`/api/cashier/cash/${last.id}`, { date: '2031-11-30', summary: 'last', paymentCents: 50, version: last.version });
    expect(moved.json()).toMatchObject({ code: 'CASH_LINE_OUTSIDE_YEARS' });
    // With a start date, the range named starts there.
    const started = (await ok('/api/common/bankAccount', { accountYearId: own.accountYearId, code: 'C10', name: '零用金', kind: 'CASH', subjectId: await cashOf() })).id;
    await ok('/api/cashier/opening', { accountId: own.accountId, openings: [{ bankAccountId: started, startDate: '2026-03-01', openingCents: 0 }] });
    const late = await save(started, [{ date: '2027-03-01', summary: 'x', receiptCents: 1 }]);
    expect(late.json()).toMatchObject({ code: 'CASH_LINE_OUTSIDE_YEARS', msg: "The date 2027-03-01 is outside the ledger set's account years: a date from 2026-03-01 to 2026-12-31" });
  });

  it('updates and deletes: balances follow, a new month gets a new number, a line with a voucher is locked, kinds and accounts in use', async () => {
    const [a, b, c] = (await list({ bankAccountId: cash })).content;
    const moved = await ok(`/api/cashier/cash/${b.id}`, { date: '2026-03-02', summary: b.summary, kindId: outcome, paymentCents: 4000, version: b.version });
    expect(moved).toMatchObject({ date: '2026-03-02', code: 1, paymentCents: '4000', version: b.version + 1 });
    expect((await post(`/api/cashier/cash/${b.id}`, { date: '2026-03-02', paymentCents: 1, version: b.version })).json().code).toBe('STALE_DATA');
    expect((await list({ bankAccountId: cash })).content.map((l) => [l.id, l.balanceCents])).toEqual([[a.id, '70000'], [c.id, '69000'], [b.id, '65000']]);
    // Used: the kinds and the bank account cannot be deleted.
    expect((await t.call('DELETE', `/api/cashier/outcome/${outcome}`, { token: admin })).json().code).toBe('IN_USE');
    expect(await data(get(`/api/cashier/income/${income}/used`, {}), 'used')).toBe(true);
    expect((await t.call('DELETE', `/api/common/bankAccount/${cash}`, { token: admin })).json().code).toBe('IN_USE');
    expect(await data(get(`/api/common/bankAccount/${bank}/used`, {}), 'used')).toBe(true); // its opening is not zero
    // A line turned into a voucher (documents to vouchers, later) cannot change or go.
    const voucherId = await linkVoucher(c.id);
    expect((await post(`/api/cashier/cash/${c.id}`, { date: c.date, paymentCents: 1 })).json().code).toBe('CASH_LINE_HAS_VOUCHER');
    expect((await t.call('DELETE', `/api/cashier/cash/${c.id}`, { token: admin })).json().code).toBe('CASH_LINE_HAS_VOUCHER');
    expect((await list({ bankAccountId: cash, hasVoucher: true })).content.map((l) => [l.id, l.voucherId])).toEqual([[c.id, voucherId]]);
    expect((await t.call('DELETE', `/api/cashier/cash/${b.id}`, { token: admin })).json().success).toBe(true);
    expect((await list({ bankAccountId: cash })).total).toBe(2);
  });

  /** The voucher link is written by documents-to-vouchers (later): the test makes a voucher and links it in SQL. */
  async function linkVoucher(lineId: number): Promise<number> {
    const kinds = (await data(get('/api/voucher/kind', { accountId: w.accountId }), 'kinds')).content as Array<{ id: number }>;
    const items = [
      { summary: 'x', subjectId: await subjectOf('1001'), direction: true, amount: '100' },
      { summary: 'x', subjectId: await subjectOf('5602'), direction: false, amount: '100' },
    ];
    const v = await ok('/api/voucher', { accountId: w.accountId, kindId: kinds[0].id, markTime: '2026-02-01', items });
    await t.db.db.execute(sql`update cash_journal_lines set voucher_id = ${v.id} where id = ${lineId}`);
    return v.id;
  }

  it('list filters: month, date range, side, kind, keyword, amount range; the balance stays the account\'s', async () => {
    await data(save(bank, [
      { date: '2026-01-10', summary: '客户回款', kindId: income, counterparty: 'ACME', receiptCents: 300_000 },
      { date: '2026-01-11', summary: '房租', paymentCents: 120_000 },
      { date: '2026-01-12', summary: '手续费', paymentCents: 50 },
    ]), 'bank lines');
    const f = async (filter: Line) => (await list({ bankAccountId: bank, ...filter })).content.map((l) => [l.summary, l.balanceCents]);
    expect(await f({ month: '2026-01' })).toEqual([['客户回款', '1300000'], ['房租', '1180000'], ['手续费', '1179950']]);
    expect(await f({ side: 'PAYMENT' })).toEqual([['房租', '1180000'], ['手续费', '1179950']]);
    expect(await f({ keyword: 'acme' })).toEqual([['客户回款', '1300000']]);
    expect(await f({ kindId: income })).toEqual([['客户回款', '1300000']]);
    expect(await f({ amountMin: 100, amountMax: 200_000 })).toEqual([['房租', '1180000']]);
    expect(await f({ dateFrom: '2026-01-12', dateTo: '2026-01-31' })).toEqual([['手续费', '1179950']]);
    // The query's footer: every line under the same filter, keyword included, not only a page.
    const total = async (filter: Line) => data(get('/api/cashier/cash/total', { filter: { accountId: w.accountId, bankAccountId: bank, ...filter } }), 'total');
    expect(await total({ month: '2026-01' })).toEqual({ count: 3, receiptCents: '300000', paymentCents: '120050' });
    expect(await total({ side: 'PAYMENT' })).toEqual({ count: 2, receiptCents: '0', paymentCents: '120050' });
    expect(await total({ keyword: 'acme' })).toEqual({ count: 1, receiptCents: '300000', paymentCents: '0' });
    expect(await total({ dateFrom: '2026-02-01' })).toEqual({ count: 0, receiptCents: '0', paymentCents: '0' });
    // Both accounts of the ledger set, ordered by account code.
    expect((await list({ month: '2026-01' })).content.map((l) => l.bankAccount.code)).toEqual(['B01', 'B01', 'B01', 'C01']);
    // Keyset over both accounts: the cursor names its bank account; `after` and `before` cross from one account to the next.
    const all = (await list({ month: '2026-01' })).content;
    const key = (l: Line) => `${l.date},${l.id},${l.bankAccountId}`;
    expect((await list({ month: '2026-01', after: key(all[1]) }, { limit: 2 })).content.map((l) => l.id)).toEqual([all[2].id, all[3].id]);
    expect((await list({ month: '2026-01', before: key(all[3]) }, { limit: 2 })).content.map((l) => l.id)).toEqual([all[1].id, all[2].id]);
    expect((await list({ month: '2026-01', last: 'true' }, { limit: 3, sort: '-date' })).content.map((l) => l.id)).toEqual([all[1].id, all[0].id, all[3].id]);
    // A cursor without its account on a list over accounts, two keyset words, a malformed cursor: refused.
    for (const bad of [{ after: `${all[0].date},${all[0].id}` }, { after: key(all[0]), last: true }, { before: '2026-02-30,1' }]) {
      expect((await get('/api/cashier/cash', { filter: { accountId: w.accountId, ...bad } })).json().code, JSON.stringify(bad)).toBe('INVALID_INPUT');
    }
  });

  it('balance report: opening, receipts, payments, closing per account in total, per day and per month; calcCashBalance(s)', async () => {
    const total = await data(get('/api/cashier/balance', { accountId: w.accountId, dateFrom: '2026-01-11', dateTo: '2026-03-31' }), 'balance');
    expect(total.rows.map((r: Line) => [r.bankAccountCode, r.bucket, r.openingCents, r.receiptCents, r.paymentCents, r.closingCents])).toEqual([
      ['B01', null, '1300000', '0', '120050', '1179950'],
      ['C01', null, '70000', '0', '1000', '69000'],
    ]);
    expect(total.total).toEqual({ openingCents: '1370000', receiptCents: '0', paymentCents: '121050', closingCents: '1248950' });
    const days = await data(get('/api/cashier/balance', { accountId: w.accountId, bankAccountId: bank, dateFrom: '2026-01-01', dateTo: '2026-01-31', groupBy: 'DAY' }), 'days');
    expect(days.rows.map((r: Line) => [r.bucket, r.openingCents, r.receiptCents, r.paymentCents, r.closingCents, r.receiptCount, r.paymentCount])).toEqual([
      ['2026-01-10', '1000000', '300000', '0', '1300000', 1, 0],
      ['2026-01-11', '1300000', '0', '120000', '1180000', 0, 1],
      ['2026-01-12', '1180000', '0', '50', '1179950', 0, 1],
    ]);
    const months = await data(get('/api/cashier/balance', { accountId: w.accountId, bankAccountId: [cash], dateFrom: '2026-01-01', dateTo: '2026-12-31', groupBy: 'MONTH' }), 'months');
    expect(months.rows.map((r: Line) => [r.bucket, r.openingCents, r.closingCents])).toEqual([['2026-01', '50000', '70000'], ['2026-02', '70000', '69000']]);
    expect((await get('/api/cashier/balance', { accountId: w.accountId, dateFrom: '2026-02-01', dateTo: '2026-01-01' })).json().code).toBe('PERIOD_END_BEFORE_START');
    const one = await ok('/api/cashier/calcCashBalance', { bankAccountId: bank, date: '2026-01-10' });
    expect(one).toEqual({ bankAccountId: bank, startDate: '2026-01-01', openingCents: '1000000', receiptCents: '300000', paymentCents: '0', closingCents: '1300000', lineCount: 1 });
    const many = await ok('/api/cashier/calcCashBalances', { bankAccountIds: [cash, bank] });
    expect(many.map((b: Line) => [b.bankAccountId, b.closingCents])).toEqual([[cash, '69000'], [bank, '1179950']]);
  });

  it('property: random lines → every page shows opening + receipts − payments of everything before each line', async () => {
    const world = await makeWorld(t, admin);
    const sid = (await data(get('/api/subject', { filter: { accountYearId: world.accountYearId, code: '1001' } }), 's')).content[0].id;
    let n = 0;
    await fc.assert(fc.asyncProperty(
      fc.integer({ min: -500_000, max: 500_000 }),
      fc.array(fc.record({ day: fc.integer({ min: 1, max: 59 }), receipt: fc.boolean(), cents: fc.integer({ min: 1, max: 9_000_000 }) }), { minLength: 1, maxLength: 25 }),
      fc.integer({ min: 1, max: 7 }),
      fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
      async (opening, raw, pageSize, dir) => {
        const acc = (await ok('/api/common/bankAccount', { accountYearId: world.accountYearId, code: `P${++n}`, name: 'p', kind: 'CASH', subjectId: sid })).id;
        await ok('/api/cashier/opening', { accountId: world.accountId, openings: [{ bankAccountId: acc, startDate: '2026-01-01', openingCents: opening }] });
        const day = (d: number) => `2026-${d > 31 ? '02' : '01'}-${String(d > 31 ? d - 31 : d).padStart(2, '0')}`;
        // Saved in two batches, the second with lines dated before the first's.
        const lines = raw.map((r) => ({ date: day(r.day), summary: 's', receiptCents: r.receipt ? r.cents : 0, paymentCents: r.receipt ? 0 : r.cents }));
        const half = Math.ceil(lines.length / 2);
        const saved = [...(await data(save(acc, lines.slice(0, half)), 'a')), ...(lines.length > half ? await data(save(acc, lines.slice(half)), 'b') : [])] as Line[];
        const ordered = [...saved].sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
        let bal = opening;
        const expected = new Map(ordered.map((l) => [l.id, String((bal += Number(l.receiptCents) - Number(l.paymentCents)))]));
        const seen: Line[] = [];
        for (let offset = 0; offset < lines.length; offset += pageSize) {
          const page = await list({ accountId: world.accountId, bankAccountId: acc }, { offset, limit: pageSize, sort: { date: dir } });
          expect(page.total).toBe(lines.length);
          seen.push(...page.content);
        }
        expect(seen.map((l) => l.id)).toEqual((dir === 'asc' ? ordered : [...ordered].reverse()).map((l) => l.id));
        for (const l of seen) expect(l.balanceCents).toBe(expected.get(l.id));
        // Keyset pages (decision 043): forward with `after`, backward from `last` with `before`, the same lines and balances.
        const cursor = (l: Line) => `${l.date},${l.id}`;
        const filter = { accountId: world.accountId, bankAccountId: acc };
        const forward: Line[] = [];
        for (let p = await list(filter, { limit: pageSize, sort: { date: dir } }); p.content.length; p = await list({ ...filter, after: cursor(p.content.at(-1)!) }, { limit: pageSize, sort: { date: dir } })) {
          expect(p.total).toBe(lines.length);
          forward.push(...p.content);
        }
        expect(forward).toEqual(seen);
        const backward: Line[] = [];
        for (let p = await list({ ...filter, last: true }, { limit: pageSize, sort: { date: dir } }); p.content.length; p = await list({ ...filter, before: cursor(p.content[0]) }, { limit: pageSize, sort: { date: dir } })) backward.unshift(...p.content);
        expect(backward).toEqual(seen);
        // An offset page in the second half (read from the end) is the same as walking to it.
        const late = Math.max(0, lines.length - pageSize - 1);
        expect((await list(filter, { offset: late, limit: pageSize, sort: { date: dir } })).content).toEqual(seen.slice(late, late + pageSize));
        // A filtered page keeps the account's balances.
        for (const l of (await list({ accountId: world.accountId, bankAccountId: acc, side: 'RECEIPT' }, { limit: 3 })).content) expect(l.balanceCents).toBe(expected.get(l.id));
        const calc = await ok('/api/cashier/calcCashBalance', { bankAccountId: acc });
        expect(calc.closingCents).toBe(String(bal));
      },
    ), { numRuns: 8 });
  }, 240_000);

  it('rights and companies: the cashier menu reads and writes, the init right writes openings, another company is refused', async () => {
    const cashier = await makeUser(t, admin, w.companyId, [RIGHTS.CASHIER]);
    const init = await makeUser(t, admin, w.companyId, [RIGHTS.BASIC_INIT]);
    const none = await makeUser(t, admin, w.companyId, [RIGHTS.VOUCHER]);
    const line = { date: '2026-04-01', summary: 'r', receiptCents: 100 };
    const made = (await data(save(cash, [line], [], cashier.token), 'cashier save'))[0];
    expect(made.createdBy).toBe(cashier.id);
    expect((await list({ bankAccountId: cash }, { limit: 1 }, cashier.token)).total).toBeGreaterThan(0);
    for (const token of [none.token, init.token]) {
      expect((await save(cash, [line], [], token)).json().code).toBe('NO_PERMISSION');
      expect((await get('/api/cashier/cash', { filter: { accountId: w.accountId } }, token)).json().code).toBe('NO_PERMISSION');
      expect((await get('/api/cashier/balance', { accountId: w.accountId, dateFrom: '2026-01-01', dateTo: '2026-01-31' }, token)).json().code).toBe('NO_PERMISSION');
      expect((await post(`/api/cashier/cash/${made.id}`, line, token)).json().code).toBe('NO_PERMISSION');
      expect((await t.call('DELETE', `/api/cashier/cash/${made.id}`, { token })).json().code).toBe('NO_PERMISSION');
    }
    expect((await get('/api/cashier/opening', { accountId: w.accountId }, init.token)).json().success).toBe(true);
    expect((await get('/api/cashier/opening', { accountId: w.accountId }, cashier.token)).json().success).toBe(true);
    expect((await get('/api/cashier/opening', { accountId: w.accountId }, none.token)).json().code).toBe('NO_PERMISSION');
    const body = { accountId: w.accountId, openings: [{ bankAccountId: bank, startDate: '2026-01-01', openingCents: 1_000_000 }] };
    expect((await post('/api/cashier/opening', body, cashier.token)).json().code).toBe('NO_PERMISSION');
    expect((await post('/api/cashier/opening', body, init.token)).json().success).toBe(true);
    // A cashier of another company reaches nothing of this one.
    const other = await makeWorld(t, admin);
    const stranger = await makeUser(t, admin, other.companyId, [RIGHTS.CASHIER, RIGHTS.BASIC_INIT]);
    expect((await save(cash, [line], [], stranger.token)).json().code).toBe('NO_PERMISSION');
    expect((await post(`/api/cashier/cash/${made.id}`, line, stranger.token)).json().code).toBe('NO_PERMISSION');
    expect((await t.call('DELETE', `/api/cashier/cash/${made.id}`, { token: stranger.token })).json().code).toBe('NO_PERMISSION');
    expect((await get('/api/cashier/cash', { filter: { accountId: w.accountId } }, stranger.token)).json().code).toBe('NO_PERMISSION');
    expect((await get('/api/cashier/code', { bankAccountId: cash, date: '2026-01-01' }, stranger.token)).json().code).toBe('NO_PERMISSION');
    expect((await post('/api/cashier/calcCashBalances', { bankAccountIds: [cash] }, stranger.token)).json().code).toBe('NO_PERMISSION');
    expect((await post('/api/cashier/opening', body, stranger.token)).json().code).toBe('NO_PERMISSION');
    // Its own ledger set does not reach this company's accounts either.
    expect((await get('/api/cashier/balance', { accountId: other.accountId, bankAccountId: cash, dateFrom: '2026-01-01', dateTo: '2026-01-31' }, stranger.token)).json().code).toBe('NO_PERMISSION');
    // Moving a line to another account's ids is refused: ids are checked against the saved account.
    const [bankLine] = (await list({ bankAccountId: bank })).content;
    expect((await save(cash, [{ ...line, id: bankLine.id, version: bankLine.version }])).json().code).toBe('NO_PERMISSION');
    expect((await save(cash, [], [bankLine.id])).json().code).toBe('NO_PERMISSION');
  });
});
