/**
 * 科目汇总表, 总账, 明细账 (GET /ledger/subjectSummary, subjectTotal, subjectDetail and their
 * exports) through the API on a small hand-computed ledger: every figure asserted exactly (openings,
 * period and year-to-date rows, running balances on every page), bookkept only against all
 * vouchers, level and code range, rights, another company refused; then a property test: random
 * balanced postings (with red amounts, invalidations, bookkeeping) → the three ledgers equal a naive
 * recomputation from the lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { RIGHTS } from '../../src/domain/rights';
import { rebuildBalances } from '../../src/server/features/ledger/balances';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, type MadeUser } from './factories';
import { exportWorkbook } from './workbooks';
import { makeVoucherWorld, simpleVoucher, type VoucherWorld } from './voucher-world';

describe.each(backends())('subject ledgers (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: VoucherWorld;
  let reader: MadeUser;
  const v: Record<string, number> = {};
  const call = (token: string, method: 'GET' | 'POST', url: string, o: { body?: unknown; query?: Record<string, unknown> } = {}) => t.call(method, url, { token, lang: 'en_US', ...o });
  const create = async (body: unknown) => (await data<{ id: number }>(call(w.users.clerk.token, 'POST', '/api/voucher', { body }), 'create')).id;
  const two = (date: string, debit: number, credit: number, cents: number, summary: string) => ({
    accountId: w.accountId, kindId: w.kindId, markTime: date,
    items: [
      { summary, subjectId: debit, direction: true, amount: String(cents), ...(debit === w.subject.admin ? { auxes: [{ auxTypeId: 1, auxId: w.departmentId }] } : {}) },
      { summary, subjectId: credit, direction: false, amount: String(cents), ...(credit === w.subject.revenue ? { auxes: [{ auxTypeId: 5, auxId: w.projectId }] } : {}) },
    ],
  });
  const base = () => ({ accountId: w.accountId, accountYearId: w.accountYearId });
  const feb = () => w.periodIds[1];
  const mar = () => w.periodIds[2];
  const ask = (token: string, route: string, filter: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    call(token, 'GET', `/api/ledger/${route}`, { query: { filter: { ...base(), startPeriodId: feb(), endPeriodId: mar(), ...filter }, ...extra } });
  const summary = async (filter: Record<string, unknown> = {}) => data<any>(ask(reader.token, 'subjectSummary', filter), 'summary');
  const total = async (filter: Record<string, unknown> = {}) => data<any>(ask(reader.token, 'subjectTotal', filter), 'total');
  const detail = async (filter: Record<string, unknown>, offset?: number, limit?: number) =>
    data<any>(ask(reader.token, 'subjectDetail', filter, { ...(offset !== undefined ? { offset } : {}), ...(limit !== undefined ? { limit } : {}) }), 'detail');
  /** A row of the sub-ledger as [kind, date, summary, debit, credit, side, balance]. */
  const brief = (r: any) => [r.kind, r.date, r.summary, r.debit, r.credit, r.side, r.balanceCents];

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeVoucherWorld(t, admin);
    reader = await makeUser(t, admin, w.companyId, { rightIds: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_BOOKS], name: '吴会计' });
    const s = w.subject;
    v.jan = await create(simpleVoucher(w, { markTime: '2026-01-10', cents: 100_000 }));
    v.feb1 = await create(simpleVoucher(w, { markTime: '2026-02-05', cents: 20_000 }));
    v.feb2 = await create(two('2026-02-20', s.admin, s.cash, 5_000, '办公费'));
    v.mar1 = await create(two('2026-03-03', s.cash, s.tax, 800, '税'));
    v.mar2 = await create(simpleVoucher(w, { markTime: '2026-03-15', cents: 30_000 }));
    v.mar3 = await create(two('2026-03-20', s.bank, s.cash, 10_000, '存现'));
    for (const id of [v.jan, v.mar2]) {
      await data(call(w.users.auditor.token, 'POST', `/api/voucher/${id}/audit`, { body: {} }), 'audit');
      await data(call(w.users.auditor.token, 'POST', `/api/voucher/${id}/bookkeep`, { body: {} }), 'bookkeep');
    }
  });
  afterAll(async () => t?.close());

  it('summary: debit, credit and lines per subject for the range, parents sum children, totals balance', async () => {
    const d = await summary();
    const by = (code: string) => d.rows.find((r: any) => r.code === code);
    expect(by('1001')).toMatchObject({ debit: '50800', credit: '15000', lines: 5, level: 1 });
    expect(by('1002')).toMatchObject({ debit: '10000', credit: '0', lines: 1 });
    expect(by('5001')).toMatchObject({ debit: '0', credit: '50000', lines: 2 });
    expect(by('5602')).toMatchObject({ debit: '5000', credit: '0', lines: 1 });
    expect(by('2221')).toMatchObject({ debit: '0', credit: '800', lines: 1, leaf: false });
    expect(by('222101')).toMatchObject({ debit: '0', credit: '800', lines: 1, leaf: true });
    expect(d.rows.map((r: any) => r.code)).toEqual(['1001', '1002', '2221', '222101', '5001', '5602']);
    expect(d.totals).toEqual({ debit: '65800', credit: '65800', lines: 10 });
    expect(d.voucherCount).toBe(5);
    // Bookkept only: the March revenue voucher alone.
    const booked = await summary({ includeUnbooked: false });
    expect(booked.rows.map((r: any) => [r.code, r.debit, r.credit, r.lines])).toEqual([['1001', '30000', '0', 1], ['5001', '0', '30000', 1]]);
    expect(booked.voucherCount).toBe(1);
    // Level 1, a code range, zero rows.
    expect((await summary({ level: 1 })).rows.map((r: any) => r.code)).toEqual(['1001', '1002', '2221', '5001', '5602']);
    const ranged = await summary({ subjectCodeFrom: '2221', subjectCodeTo: '2221' });
    expect(ranged.rows.map((r: any) => r.code)).toEqual(['2221', '222101']);
    expect(ranged.totals).toEqual({ debit: '0', credit: '800', lines: 1 });
    const zero = await summary({ showZero: true, subjectCodeFrom: '1001', subjectCodeTo: '1012' });
    expect(zero.rows.map((r: any) => r.code)).toContain('1012');
    expect(zero.rows.find((r: any) => r.code === '1012')).toMatchObject({ debit: '0', credit: '0', lines: 0 });
  });

  it('general ledger: opening, each period with balance and side, year to date', async () => {
    const d = await total();
    expect(d.periods.map((p: any) => p.id)).toEqual([feb(), mar()]);
    const by = (code: string) => d.subjects.find((s: any) => s.code === code);
    expect(by('1001')).toMatchObject({
      openingSide: 'DEBIT', openingCents: '100000',
      periods: [
        { periodId: feb(), debit: '20000', credit: '5000', ytdDebit: '120000', ytdCredit: '5000', side: 'DEBIT', balanceCents: '115000' },
        { periodId: mar(), debit: '30800', credit: '10000', ytdDebit: '150800', ytdCredit: '15000', side: 'DEBIT', balanceCents: '135800' },
      ],
    });
    expect(by('5001')).toMatchObject({
      openingSide: 'CREDIT', openingCents: '100000',
      periods: [
        { debit: '0', credit: '20000', ytdDebit: '0', ytdCredit: '120000', side: 'CREDIT', balanceCents: '120000' },
        { debit: '0', credit: '30000', ytdDebit: '0', ytdCredit: '150000', side: 'CREDIT', balanceCents: '150000' },
      ],
    });
    expect(by('2221')).toMatchObject({ openingSide: 'FLAT', openingCents: '0', periods: [{ side: 'FLAT', balanceCents: '0' }, { credit: '800', side: 'CREDIT', balanceCents: '800' }] });
    // January alone: the opening of the year (zero: no opening balances entered).
    const jan = await total({ startPeriodId: w.periodIds[0], endPeriodId: w.periodIds[0] });
    expect(jan.subjects.find((s: any) => s.code === '1001')).toMatchObject({ openingSide: 'FLAT', openingCents: '0', periods: [{ debit: '100000', side: 'DEBIT', balanceCents: '100000' }] });
    // Bookkept only.
    const booked = await total({ includeUnbooked: false, level: 1 });
    expect(booked.subjects.map((s: any) => s.code)).toEqual(['1001', '5001']);
    expect(booked.subjects[0]).toMatchObject({ openingCents: '100000', periods: [{ debit: '0', balanceCents: '100000' }, { debit: '30000', ytdDebit: '130000', balanceCents: '130000' }] });
    // A subject without movement shows only with zero rows asked.
    expect(d.subjects.some((s: any) => s.code === '1012')).toBe(false);
    expect((await total({ showZero: true })).subjects.some((s: any) => s.code === '1012')).toBe(true);
  });

  it('sub-ledger: opening, lines with running balance, period and year totals; the same on every page', async () => {
    const whole = await detail({ subjectId: w.subject.cash });
    expect(whole.total).toBe(10);
    expect(whole.subject).toMatchObject({ code: '1001' });
    expect(whole.rows.map(brief)).toEqual([
      ['OPENING', '2026-02-01', null, '0', '0', 'DEBIT', '100000'],
      ['LINE', '2026-02-05', '收律师费', '20000', '0', 'DEBIT', '120000'],
      ['LINE', '2026-02-20', '办公费', '0', '5000', 'DEBIT', '115000'],
      ['PERIOD', '2026-02-28', null, '20000', '5000', 'DEBIT', '115000'],
      ['YTD', '2026-02-28', null, '120000', '5000', 'DEBIT', '115000'],
      ['LINE', '2026-03-03', '税', '800', '0', 'DEBIT', '115800'],
      ['LINE', '2026-03-15', '收律师费', '30000', '0', 'DEBIT', '145800'],
      ['LINE', '2026-03-20', '存现', '0', '10000', 'DEBIT', '135800'],
      ['PERIOD', '2026-03-31', null, '30800', '10000', 'DEBIT', '135800'],
      ['YTD', '2026-03-31', null, '150800', '15000', 'DEBIT', '135800'],
    ]);
    expect(whole.rows.map((r: any) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(whole.rows[1]).toMatchObject({ voucherId: v.feb1, kindName: expect.any(String), codeText: expect.stringMatching(/^\d+$/), subjectCode: '1001' });
    expect(whole.rows[6].voucherId).toBe(v.mar2);
    // Pages of every size give the same rows, balances included.
    for (const limit of [1, 2, 3, 4, 7]) {
      const rows: any[] = [];
      for (let offset = 0; offset < whole.total; offset += limit) {
        const page = await detail({ subjectId: w.subject.cash }, offset, limit);
        expect(page.total).toBe(10);
        rows.push(...page.rows);
      }
      expect(rows).toEqual(whole.rows);
    }
    expect((await detail({ subjectId: w.subject.cash }, 10, 5)).rows).toEqual([]);
    // Bookkept only.
    const booked = await detail({ subjectId: w.subject.cash, includeUnbooked: false });
    expect(booked.rows.map(brief)).toEqual([
      ['OPENING', '2026-02-01', null, '0', '0', 'DEBIT', '100000'],
      ['PERIOD', '2026-02-28', null, '0', '0', 'DEBIT', '100000'],
      ['YTD', '2026-02-28', null, '100000', '0', 'DEBIT', '100000'],
      ['LINE', '2026-03-15', '收律师费', '30000', '0', 'DEBIT', '130000'],
      ['PERIOD', '2026-03-31', null, '30000', '0', 'DEBIT', '130000'],
      ['YTD', '2026-03-31', null, '130000', '0', 'DEBIT', '130000'],
    ]);
    // A parent takes in the lines of the subjects below it; a credit balance stands on the credit side.
    const parent = await detail({ subjectId: w.subject.parent, startPeriodId: mar() });
    expect(parent.rows.map(brief)).toEqual([
      ['OPENING', '2026-03-01', null, '0', '0', 'FLAT', '0'],
      ['LINE', '2026-03-03', '税', '0', '800', 'CREDIT', '800'],
      ['PERIOD', '2026-03-31', null, '0', '800', 'CREDIT', '800'],
      ['YTD', '2026-03-31', null, '0', '800', 'CREDIT', '800'],
    ]);
    expect(parent.rows[1].subjectCode).toBe('222101');
  });

  it('a page inside a period reads right when the day sums disagree with the period (it reads the period from its start)', async () => {
    const whole = await detail({ subjectId: w.subject.cash });
    const pages = async () => {
      const rows: any[] = [];
      for (let offset = 0; offset < whole.total; offset += 2) rows.push(...(await detail({ subjectId: w.subject.cash }, offset, 2)).rows);
      return rows;
    };
    try {
      // March's day sums of cash are gone: no day holds the page's first line (decision 059's fallback).
      await t.db.db.execute(sql`delete from subject_day_balances where subject_id = ${w.subject.cash} and period_id = ${mar()}`);
      expect(await pages()).toEqual(whole.rows);
      // Too few lines on its days: the same.
      await t.db.db.execute(sql`insert into subject_day_balances (company_id, account_id, account_year_id, period_id, subject_id, mark_date, debit_all, credit_all, lines_all)
        values (${w.companyId}, ${w.accountId}, ${w.accountYearId}, ${mar()}, ${w.subject.cash}, date '2026-03-03', 800, 0, 1)`);
      expect(await pages()).toEqual(whole.rows);
    } finally {
      await rebuildBalances(t.db.db, { accountYearId: w.accountYearId });
    }
    expect(await pages()).toEqual(whole.rows);
  });

  it('is refused without the books right, in another company, for a foreign year, subject or bad range', async () => {
    const nobody = await makeUser(t, admin, w.companyId, { rightIds: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_DAILY], name: '无账簿' });
    for (const route of ['subjectSummary', 'subjectTotal']) {
      expect((await ask(nobody.token, route, {})).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    }
    expect((await ask(nobody.token, 'subjectDetail', { subjectId: w.subject.cash })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    const other = await makeWorld(t, admin);
    const foreign = { accountId: other.accountId, accountYearId: other.accountYearId, startPeriodId: other.periodIds[0], endPeriodId: other.periodIds[0] };
    for (const route of ['subjectSummary', 'subjectTotal']) {
      expect((await ask(reader.token, route, foreign)).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
      // This year with the other ledger set's id: refused too.
      expect((await ask(reader.token, route, { accountId: other.accountId })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
      expect((await ask(reader.token, route, { startPeriodId: mar(), endPeriodId: feb() })).json()).toMatchObject({ success: false, code: 'PERIOD_END_BEFORE_START' });
      expect((await ask(reader.token, route, { startPeriodId: other.periodIds[0] })).json()).toMatchObject({ success: false, code: 'MISSING_ACCOUNT_OR_PERIOD' });
    }
    const foreignCash = (await data<any>(call(admin, 'GET', '/api/subject', { query: { filter: { accountYearId: other.accountYearId, code: '1001' } } }), 'subjects')).content[0].id;
    expect((await ask(reader.token, 'subjectDetail', { subjectId: foreignCash })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    expect((await ask(reader.token, 'subjectDetail', { ...foreign, subjectId: foreignCash })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    expect((await ask(reader.token, 'subjectDetail', { subjectId: w.subject.cash }, { limit: 5000 })).statusCode).toBe(400);
    expect((await call(reader.token, 'POST', '/api/ledger/subjectDetail/export', { body: { filter: { ...foreign, subjectId: foreignCash } } })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    expect((await call(nobody.token, 'POST', '/api/ledger/subjectSummary/export', { body: { filter: { ...base(), startPeriodId: feb(), endPeriodId: mar() } } })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
  });

  it('exports each ledger to .xlsx through an export task, in the requester\'s language, under heading lines saying what it covers', async () => {
    const filter = { ...base(), startPeriodId: feb(), endPeriodId: mar() };
    // Cell values: texts, amounts as numbers in currency units, blanks as null.
    const cells = (ws: any) => {
      const out: unknown[][] = [];
      ws.eachRow((r: any) => {
        const row = Array.from({ length: 8 }, (_, i) => r.getCell(i + 1).value ?? null);
        while (row.length && row.at(-1) === null) row.pop();
        out.push(row);
      });
      return out;
    };
    const day = String.raw`\d{4}-\d{2}-\d{2}`;
    const named = (s: string) => new RegExp(`^${s}-${day}\\.xlsx$`);
    // Two heading lines (the report, then company, ledger set, periods, unit, unbookkept vouchers) above the frozen header row.
    const scopeEn = / · ledger set .+ · periods 2026-02 to 2026-03 · amounts in yuan · unbookkept vouchers included$/;
    const scopeZh = / · 账套 .+ · 期间 2026-02 至 2026-03 · 单位：元 · 含未记账凭证$/;
    const ex = (route: string, f: Record<string, unknown>, lang: 'zh_CN' | 'en_US') => exportWorkbook(t, `/api/ledger/${route}/export`, 'LEDGER', f, reader.token, lang);

    // 科目汇总表: English headers, total row, sheet and file for an English reader …
    const sEn = await ex('subjectSummary', filter, 'en_US');
    const s = cells(sEn.ws);
    expect(s[0]).toEqual(['Summary by subject']);
    expect(s[1][0]).toMatch(scopeEn);
    expect(s[2]).toEqual(['Code', 'Subject', 'Debit', 'Credit', 'Lines']);
    expect(s.find((r) => r[0] === '1001')?.slice(2)).toEqual([508, 150, 5]);
    expect(s.at(-1)).toEqual(['Total', '5 vouchers', 658, 658, 10]);
    expect(sEn.ws.getRow(s.length).font?.bold).toBe(true);
    expect(sEn.ws.getColumn(5).numFmt).toBe('#,##0');
    expect(sEn.ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 3 });
    expect(sEn.ws.name).toBe('Summary by subject');
    expect(sEn.fileName).toMatch(named('Summary by subject'));
    // … Chinese ones for a Chinese reader; amounts stay numbers either way.
    const sZh = await ex('subjectSummary', filter, 'zh_CN');
    const sz = cells(sZh.ws);
    expect(sz[0]).toEqual(['科目汇总表']);
    expect(sz[1][0]).toMatch(scopeZh);
    expect(sz[2]).toEqual(['科目编码', '科目名称', '借方金额', '贷方金额', '分录数']);
    expect(sz.find((r) => r[0] === '1001')).toEqual(['1001', '库存现金', 508, 150, 5]);
    expect(sz.at(-1)).toEqual(['合计', '凭证 5 张', 658, 658, 10]);
    expect(sZh.ws.name).toBe('科目汇总表');
    expect(sZh.fileName).toMatch(named('科目汇总表'));

    // 总账 of 1001.
    const totalFilter = { ...filter, subjectCodeFrom: '1001', subjectCodeTo: '1001' };
    const gEn = await ex('subjectTotal', totalFilter, 'en_US');
    const g = cells(gEn.ws);
    expect(g[0]).toEqual(['General ledger by subject']);
    expect(g[1][0]).toMatch(scopeEn);
    expect(g[2]).toEqual(['Code', 'Subject', 'Period', 'Summary', 'Debit', 'Credit', 'Side', 'Balance']);
    expect(g.slice(3).map((r) => [r[0], r[2], r[3], r[4], r[5], r[6], r[7]])).toEqual([
      ['1001', '2026-02', 'Opening balance', null, null, 'Dr', 1000],
      ['', '2026-02', 'Period total', 200, 50, 'Dr', 1150],
      ['', '2026-02', 'Year to date', 1200, 50, 'Dr', 1150],
      ['', '2026-03', 'Period total', 308, 100, 'Dr', 1358],
      ['', '2026-03', 'Year to date', 1508, 150, 'Dr', 1358],
    ]);
    expect(gEn.ws.name).toBe('General ledger by subject');
    expect(gEn.fileName).toMatch(named('General ledger by subject'));
    // In Chinese, bookkept vouchers only: the heading says so by leaving the unbookkept ones out.
    const gZh = await ex('subjectTotal', { ...totalFilter, includeUnbooked: false }, 'zh_CN');
    const gz = cells(gZh.ws);
    expect(gz[0]).toEqual(['科目总账']);
    expect(gz[1][0]).toMatch(/ · 账套 .+ · 期间 2026-02 至 2026-03 · 单位：元$/);
    expect(gz[2]).toEqual(['科目编码', '科目名称', '期间', '摘要', '借方金额', '贷方金额', '方向', '余额']);
    expect(gz.slice(3).map((r) => [r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]])).toEqual([
      ['1001', '库存现金', '2026-02', '期初余额', null, null, '借', 1000],
      ['', '', '2026-02', '本期合计', 0, 0, '借', 1000],
      ['', '', '2026-02', '本年累计', 1000, 0, '借', 1000],
      ['', '', '2026-03', '本期合计', 300, 0, '借', 1300],
      ['', '', '2026-03', '本年累计', 1300, 0, '借', 1300],
    ]);
    expect(gZh.ws.name).toBe('科目总账');
    expect(gZh.fileName).toMatch(named('科目总账'));

    // 明细账 of 1001: the subject in the title line.
    const dEn = await ex('subjectDetail', { ...filter, subjectId: w.subject.cash }, 'en_US');
    const d = cells(dEn.ws);
    expect(d).toHaveLength(2 + 1 + 10);
    expect(d[0]).toEqual([expect.stringMatching(/^Sub-ledger by subject · 1001 [A-Za-z ]+$/)]);
    expect(d[1][0]).toMatch(scopeEn);
    expect(d[2]).toEqual(['Date', 'Voucher', 'Summary', 'Subject', 'Debit', 'Credit', 'Side', 'Balance']);
    expect(d[4]).toEqual(['2026-02-05', expect.stringMatching(/^[A-Za-z]+-\d+$/), '收律师费', '1001', 200, 0, 'Dr', 1200]);
    expect(d[12]).toEqual(['2026-03-31', '', 'Year to date', '', 1508, 150, 'Dr', 1358]);
    expect(dEn.ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 3 });
    expect(dEn.ws.name).toBe('Sub-ledger 1001');
    expect(dEn.fileName).toMatch(named('Sub-ledger by subject-1001'));
    const dZh = await ex('subjectDetail', { ...filter, subjectId: w.subject.cash }, 'zh_CN');
    const dz = cells(dZh.ws);
    expect(dz[0]).toEqual(['科目明细账 · 1001 库存现金']);
    expect(dz[1][0]).toMatch(scopeZh);
    expect(dz[2]).toEqual(['日期', '凭证字号', '摘要', '科目', '借方金额', '贷方金额', '方向', '余额']);
    expect(dz[3]).toEqual([expect.stringMatching(/^2026-02/), '', '期初余额', '', null, null, '借', 1000]);
    expect(dz[4]).toEqual(['2026-02-05', expect.stringMatching(/^记-\d+$/), '收律师费', '1001', 200, 0, '借', 1200]);
    expect(dz[12]).toEqual(['2026-03-31', '', '本年累计', '', 1508, 150, '借', 1358]);
    expect(dZh.ws.name).toBe('科目明细账 1001');
    expect(dZh.fileName).toMatch(named('科目明细账-1001'));
  });

  it('exports the subject balance (科目余额表) with the screen\'s columns and the figures GET answers, its total row', async () => {
    const yuan = (c: string) => Number(c) / 100;
    for (const [lang, head, title, side] of [
      ['zh_CN', ['科目代码', '科目名称', '期初借方', '期初贷方', '本期借方', '本期贷方', '本年累计借方', '本年累计贷方', '方向', '期末借方', '期末贷方'], '科目余额表', { DEBIT: '借', CREDIT: '贷', FLAT: '平' }],
      ['en_US', ['Code', 'Subject', 'Opening debit', 'Opening credit', 'Period debit', 'Period credit', 'YTD debit', 'YTD credit', 'Side', 'Closing debit', 'Closing credit'], 'Balance by subject', { DEBIT: 'Dr', CREDIT: 'Cr', FLAT: 'Nil' }],
    ] as const) {
      for (const extra of [{}, { includeUnbooked: false, level: 1 }]) {
        const filter = { ...base(), startPeriodId: feb(), endPeriodId: mar(), ...extra };
        const screen = await data<any>(ask(reader.token, 'subjectBalance', filter), 'subjectBalance');
        const ex = await exportWorkbook(t, '/api/ledger/subjectBalance/export', 'LEDGER', filter, reader.token, lang);
        const sheet = (ex.ws.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
        expect(sheet[0]).toEqual([title]);
        expect(sheet[2]).toEqual(head);
        // Every row of the screen, in its order, with its figures (names indented by level).
        expect(sheet.slice(3, -1)).toEqual(screen.rows.map((r: any) => [
          r.code, `${'\u3000'.repeat(r.level - 1)}${lang === 'en_US' ? r.nameEn ?? r.name : r.name}`,
          yuan(r.openingDebit), yuan(r.openingCredit), yuan(r.debit), yuan(r.credit), yuan(r.ytdDebit), yuan(r.ytdCredit), side[r.closingSide as 'DEBIT'], yuan(r.closingDebit), yuan(r.closingCredit),
        ]));
        const tt = screen.totals;
        expect(sheet.at(-1)).toEqual([lang === 'en_US' ? 'Total' : '合计', '', yuan(tt.openingDebit), yuan(tt.openingCredit), yuan(tt.debit), yuan(tt.credit), yuan(tt.ytdDebit), yuan(tt.ytdCredit), '', yuan(tt.closingDebit), yuan(tt.closingCredit)]);
        expect(ex.ws.name).toBe(title);
        expect(ex.fileName).toMatch(new RegExp(`^${title}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
      }
    }
    // The 1001 row in figures: opening 1,000.00 debit, 508.00 / 150.00 in February–March.
    const zh = await exportWorkbook(t, '/api/ledger/subjectBalance/export', 'LEDGER', { ...base(), startPeriodId: feb(), endPeriodId: mar() }, reader.token, 'zh_CN');
    expect((zh.ws.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1)).find((r) => r[0] === '1001'))
      .toEqual(['1001', '库存现金', 1000, 0, 508, 150, 1508, 150, '借', 1358, 0]);
    // The books right, the year's ledger set: as the screen.
    const nobody = await makeUser(t, admin, w.companyId, { rightIds: [RIGHTS.VOUCHER], name: '无账簿' });
    expect((await call(nobody.token, 'POST', '/api/ledger/subjectBalance/export', { body: { filter: { ...base(), startPeriodId: feb(), endPeriodId: mar() } } })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
  });

  it('property: random postings → the three ledgers equal a naive recomputation from the lines', async () => {
    const g = await makeWorld(t, admin);
    const gReader = await makeUser(t, admin, g.companyId, { rightIds: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_BOOKS, RIGHTS.VOUCHER_DAILY, RIGHTS.VOUCHER_OPERATE, RIGHTS.VOUCHER_EDIT, RIGHTS.VOUCHER_AUDIT, RIGHTS.VOUCHER_BOOKKEEP, RIGHTS.VOUCHER_INVALIDATE], name: '郑会计' });
    const kinds = (await data<any>(call(admin, 'GET', '/api/voucher/kind', { query: { accountId: g.accountId } }), 'kinds')).content;
    const chart = (await data<any>(call(admin, 'GET', '/api/subject', { query: { filter: { accountYearId: g.accountYearId }, limit: 1000 } }), 'subjects')).content as Array<{ id: number; code: string; leaf: boolean; auxTypeIds: number[] | null }>;
    const child = await data<any>(call(admin, 'POST', '/api/subject', { body: { accountYearId: g.accountYearId, code: '100201', name: '工行' } }), 'child');
    const leafs = [...chart.filter((s) => ['1001', '1122', '2202', '6602'].includes(s.code)).map((s) => s.id), child.id];
    const bank = chart.find((s) => s.code === '1002')!.id;
    const ops = fc.array(fc.record({
      month: fc.integer({ min: 0, max: 5 }), day: fc.integer({ min: 1, max: 28 }),
      lines: fc.array(fc.record({ subject: fc.constantFrom(...leafs), debit: fc.boolean(), cents: fc.integer({ min: -50_000, max: 500_000 }).filter((c) => c !== 0) }), { minLength: 1, maxLength: 4 }),
      fate: fc.constantFrom('keep', 'keep', 'book', 'invalid'),
    }), { minLength: 2, maxLength: 6 });
    await fc.assert(fc.asyncProperty(ops, async (list) => {
      // Vouchers of earlier runs stay (bookkept ones are locked): the recomputation reads every line of the ledger set.
      for (const op of list) {
        // Balance the voucher with one line on the bank's child.
        const net = op.lines.reduce((a, l) => a + (l.debit ? l.cents : -l.cents), 0);
        const items = [...op.lines, ...(net === 0 ? [] : [{ subject: child.id, debit: net < 0, cents: Math.abs(net) }])]
          .map((l) => ({ summary: 'p', subjectId: l.subject, direction: l.debit, amount: String(l.cents) }));
        const date = `2026-${String(op.month + 1).padStart(2, '0')}-${String(op.day).padStart(2, '0')}`;
        const id = (await data<{ id: number }>(call(gReader.token, 'POST', '/api/voucher', { body: { accountId: g.accountId, kindId: kinds[0].id, markTime: date, items } }), 'create')).id;
        // The maker does not audit their own voucher: the administrator does.
        if (op.fate === 'book') {
          await data(call(admin, 'POST', `/api/voucher/${id}/audit`, { body: {} }), 'audit');
          await data(call(admin, 'POST', `/api/voucher/${id}/bookkeep`, { body: {} }), 'bookkeep');
        }
        if (op.fate === 'invalid') await data(call(admin, 'POST', `/api/voucher/${id}/invalid`, { body: {} }), 'invalid');
      }
      const lines = ((await t.db.db.execute(sql`
        select i.subject_id, i.direction, i.amount_cents::text as amount, v.period_id, v.book_keep_at is not null as booked, v.mark_date::text as date, v.id as voucher_id, i.line_no, v.kind_id, v.code
        from voucher_items i join vouchers v on v.id = i.voucher_id where v.account_id = ${g.accountId} and v.state <> 'INVALID'
        order by v.mark_date, v.kind_id, v.code, v.id, i.line_no`)) as unknown as { rows: any[] }).rows;
      const [s, e] = [1, 4];
      const periodIdx = (id: number) => g.periodIds.indexOf(id);
      for (const includeUnbooked of [true, false]) {
        const counted = lines.filter((l) => includeUnbooked || l.booked);
        const signed = (l: any) => (l.direction ? Number(l.amount) : -Number(l.amount));
        const filter = { accountId: g.accountId, accountYearId: g.accountYearId, startPeriodId: g.periodIds[s], endPeriodId: g.periodIds[e], includeUnbooked };
        const get = (route: string, f: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => data<any>(call(gReader.token, 'GET', `/api/ledger/${route}`, { query: { filter: { ...filter, ...f }, ...extra } }), route);
        // Summary: per subject (bank = its child) the range's debit and credit.
        const sum = await get('subjectSummary');
        for (const id of [...leafs, bank]) {
          const mine = counted.filter((l) => (id === bank ? l.subject_id === child.id : l.subject_id === id) && periodIdx(l.period_id) >= s && periodIdx(l.period_id) <= e);
          const row = sum.rows.find((r: any) => r.subjectId === id);
          const want = { debit: mine.filter((l) => l.direction).reduce((a, l) => a + Number(l.amount), 0), credit: mine.filter((l) => !l.direction).reduce((a, l) => a + Number(l.amount), 0), lines: mine.length };
          if (!mine.length) expect(row).toBeUndefined();
          else expect({ debit: Number(row.debit), credit: Number(row.credit), lines: row.lines }).toEqual(want);
        }
        expect(sum.totals.debit).toBe(sum.totals.credit);
        // General ledger and sub-ledger of the bank (a parent) and of cash.
        const tot = await get('subjectTotal');
        for (const id of [bank, leafs[0]]) {
          const mine = counted.filter((l) => (id === bank ? l.subject_id === child.id : l.subject_id === id));
          const balanceThrough = (p: number) => mine.filter((l) => periodIdx(l.period_id) <= p).reduce((a, l) => a + signed(l), 0);
          const subj = tot.subjects.find((x: any) => x.subjectId === id);
          // Shown when something is non-zero: the balance or the year's debit or credit before the
          // range, or a period's debit or credit in it (lines that cancel out, e.g. a red line and
          // its twin in one period, leave nothing to show).
          const sumOf = (ls: any[], debit: boolean) => ls.filter((l) => l.direction === debit).reduce((a, l) => a + Number(l.amount), 0);
          const before = mine.filter((l) => periodIdx(l.period_id) < s);
          const shown = balanceThrough(s - 1) !== 0 || sumOf(before, true) !== 0 || sumOf(before, false) !== 0
            || Array.from({ length: e - s + 1 }, (_, k) => mine.filter((l) => periodIdx(l.period_id) === s + k)).some((ls) => sumOf(ls, true) !== 0 || sumOf(ls, false) !== 0);
          if (!shown) expect(subj).toBeUndefined();
          else {
            const signedOf = (side: string, c: string) => (side === 'CREDIT' ? -Number(c) : Number(c));
            expect(signedOf(subj.openingSide, subj.openingCents)).toBe(balanceThrough(s - 1));
            subj.periods.forEach((p: any, k: number) => expect(signedOf(p.side, p.balanceCents)).toBe(balanceThrough(s + k)));
          }
          // The sub-ledger read in pages of 4: every line's running balance.
          const first = await get('subjectDetail', { subjectId: id }, { offset: 0, limit: 4 });
          const rows: any[] = [...first.rows];
          while (rows.length < first.total) rows.push(...(await get('subjectDetail', { subjectId: id }, { offset: rows.length, limit: 4 })).rows);
          const inRange = mine.filter((l) => periodIdx(l.period_id) >= s && periodIdx(l.period_id) <= e);
          const lineRows = rows.filter((r) => r.kind === 'LINE');
          expect(lineRows.map((r) => [r.voucherId, r.date])).toEqual(inRange.map((l) => [l.voucher_id, l.date]));
          let running = balanceThrough(s - 1);
          inRange.forEach((l, k) => {
            running += signed(l);
            const r = lineRows[k];
            expect((r.side === 'CREDIT' ? -1 : 1) * Number(r.balanceCents)).toBe(running);
          });
          expect(rows.filter((r) => r.kind === 'PERIOD')).toHaveLength(e - s + 1);
        }
      }
    }), { numRuns: 4 });
  }, 300_000);
});
