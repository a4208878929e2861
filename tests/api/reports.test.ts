/**
 * Financial reports through the API (decision 033): a small hand-computed ledger whose every
 * balance sheet and income statement figure is asserted to the cent — before the profit transfer
 * (the sheet is out of balance by exactly the year's profit and says so) and after it (balanced);
 * bookkept only; a definition edited to drop a row flags the imbalance; formulas are checked when
 * saved; the comprehensive statistics and the department income / expense detail; exports (.xlsx
 * and PDF) as tasks; rights (report menu to read, finance information to adjust definitions) and
 * company scoping.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, type MadeUser } from './factories';
import { makeVoucherWorld, type VoucherWorld } from './voucher-world';

type Row = { id: number; lineNo: number | null; side?: string; sort?: number; label: string; heading: boolean; closing?: string; opening?: string; month?: string; ytd?: string; version?: number };

describe.each(backends())('reports (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: VoucherWorld;
  let reader: MadeUser;
  const s: Record<string, number> = {};
  let transferId = 0;
  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, o: { body?: unknown; query?: Record<string, unknown> } = {}) => t.call(method, url, { token, lang: 'en_US', ...o });
  const sheet = async (month: number, extra: Record<string, unknown> = {}, token = reader.token) =>
    data<{ rows: Row[]; totals: Record<string, string>; balanced: boolean; unclosedProfit: { closing: string; opening: string }; formNumber: string; periodStart: string; periodEnd: string }>(call(token, 'GET', '/api/report/balanceSheet', { query: { accountId: w.accountId, year: 2026, month, ...extra } }), 'balanceSheet');
  const income = async (month: number, extra: Record<string, unknown> = {}) =>
    data<{ rows: Row[] }>(call(reader.token, 'GET', '/api/report/incomeStatement', { query: { accountId: w.accountId, year: 2026, month, ...extra } }), 'incomeStatement');
  /** Runs a report export task for February and answers the file. */
  const run = async (path: string, format: 'xlsx' | 'pdf') => {
    const task = await data<{ token: string; kind: string; state: string }>(call(reader.token, 'POST', path, { body: { accountId: w.accountId, year: 2026, month: 2, format } }), 'export');
    expect(task).toMatchObject({ kind: format === 'pdf' ? 'REPORT_PDF' : 'REPORT', state: 'RUNNING' });
    for (let i = 0; i < 300; i++) {
      const p = await data<{ completed: boolean; failed: boolean; error: string | null; result: string }>(call(reader.token, 'GET', `/api/system/export/${task.token}`), 'progress');
      if (p.failed) throw new Error(`export failed: ${p.error}`);
      if (p.completed) return (await t.app.inject({ method: 'GET', url: p.result })).rawPayload;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('export never finished');
  };
  /** Figures by line number ("closing" / "opening" or "month" / "ytd"), only non-zero ones. */
  const figures = (rows: Row[], col: 'closing' | 'opening' | 'month' | 'ytd') =>
    Object.fromEntries(rows.filter((r) => r.lineNo !== null && r[col] !== '0').map((r) => [r.lineNo, r[col]]));
  const line = (subjectId: number, direction: boolean, cents: number, auxes?: Array<{ auxTypeId: number; auxId: number }>) =>
    ({ summary: '业务', subjectId, direction, amount: String(cents), ...(auxes ? { auxes } : {}) });
  const post = async (markTime: string, items: unknown[]) => (await data<{ id: number }>(call(w.users.clerk.token, 'POST', '/api/voucher', { body: { accountId: w.accountId, kindId: w.kindId, markTime, items } }), 'voucher')).id;
  const dept = () => [{ auxTypeId: 1, auxId: w.departmentId }];
  const cust = () => [{ auxTypeId: 3, auxId: w.customerId }];

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeVoucherWorld(t, admin);
    reader = await makeUser(t, admin, w.companyId, { rightIds: [RIGHTS.REPORT], name: '赵报表' });
    const rows = ((await t.db.db.execute(sql`select id, code from subjects where account_year_id = ${w.accountYearId}`)) as unknown as { rows: Array<{ id: number; code: string }> }).rows;
    for (const r of rows) s[r.code] = r.id;
    const child = async (code: string, name: string) => (s[code] = (await data<{ id: number }>(call(admin, 'POST', '/api/subject', { body: { accountYearId: w.accountYearId, code, name } }), 'subject')).id);
    await child('220201', '供应商甲');
    await child('220202', '供应商乙');
    s['222101'] = w.subject.tax;
    // January
    const v1 = await post('2026-01-05', [line(s['1002'], true, 100_000_00), line(s['3001'], false, 100_000_00)]);
    const v2 = await post('2026-01-10', [line(s['1601'], true, 12_000_00), line(s['1002'], false, 12_000_00)]);
    await post('2026-01-20', [line(s['1122'], true, 5_650_00, cust()), line(s['5001'], false, 5_000_00, [{ auxTypeId: 5, auxId: w.projectId }]), line(s['222101'], false, 650_00)]);
    for (const id of [v1, v2]) {
      await data(call(w.users.auditor.token, 'POST', `/api/voucher/${id}/audit`, { body: {} }), 'audit');
      await data(call(w.users.auditor.token, 'POST', `/api/voucher/${id}/bookkeep`, { body: {} }), 'bookkeep');
    }
    // February
    await post('2026-02-03', [line(s['1001'], true, 3_000_00), line(s['1122'], false, 3_000_00, cust())]);
    await post('2026-02-08', [line(s['5602'], true, 1_234_56, dept()), line(s['1001'], false, 1_234_56)]);
    await post('2026-02-28', [line(s['5602'], true, 200_00, dept()), line(s['1602'], false, 200_00)]);
    await post('2026-02-12', [line(s['1002'], true, 800_00), line(s['2203'], false, 800_00)]);
    await post('2026-02-15', [line(s['5401'], true, 1_500_00), line(s['220201'], false, 1_500_00)]);
    await post('2026-02-16', [line(s['220202'], true, 300_00), line(s['1002'], false, 300_00)]);
  });
  afterAll(async () => t?.close());

  it('balance sheet before the profit transfer: every figure, out of balance by the profit of the year', async () => {
    const bs = await sheet(2);
    expect(bs.formNumber).toBe('会小企01表');
    expect([bs.periodStart, bs.periodEnd]).toEqual(['2026-02-01', '2026-02-28']);
    expect(figures(bs.rows, 'closing')).toEqual({
      1: '9026544', 4: '265000', 5: '30000', 15: '9321544', 18: '1200000', 19: '20000', 20: '1180000', 29: '1180000', 30: '10501544',
      33: '150000', 34: '80000', 36: '65000', 41: '295000', 47: '295000', 48: '10000000', 52: '10000000', 53: '10295000',
    });
    expect(figures(bs.rows, 'opening')).toEqual({});
    expect(bs.totals).toEqual({ assetsClosing: '10501544', assetsOpening: '0', liabilitiesEquityClosing: '10295000', liabilitiesEquityOpening: '0' });
    expect(bs.balanced).toBe(false);
    // The reason is told: the year's profit (206,544 cents) still stands on the profit and loss subjects.
    expect(bs.unclosedProfit).toEqual({ closing: '206544', opening: '0' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await run('/api/report/balanceSheet/export', 'xlsx') as unknown as ArrayBuffer);
    const lines = (wb.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1).filter((c) => c !== null && c !== undefined).join(' '));
    expect(lines.at(-1)).toContain('Difference: closing 2,065.44, opening 0.00');
    expect(lines.at(-1)).toContain('exactly the 2,065.44 still on the profit and loss subjects');
    // Headings carry no figures; both sides come in their order.
    expect(bs.rows.filter((r) => r.heading).map((r) => r.label)).toEqual(['流动资产：', '非流动资产：', '流动负债：', '非流动负债：', '所有者权益（或股东权益）：']);
    expect(bs.rows.filter((r) => r.side === 'LEFT').at(-1)!.lineNo).toBe(30);
    expect(bs.rows.at(-1)!.lineNo).toBe(53);
  });

  it('income statement: the period and the year to date', async () => {
    const feb = await income(2);
    expect(figures(feb.rows, 'month')).toEqual({ 2: '150000', 14: '143456', 21: '-293456', 30: '-293456', 32: '-293456' });
    expect(figures(feb.rows, 'ytd')).toEqual({ 1: '500000', 2: '150000', 14: '143456', 21: '206544', 30: '206544', 32: '206544' });
    const jan = await income(1);
    expect(figures(jan.rows, 'month')).toEqual({ 1: '500000', 21: '500000', 30: '500000', 32: '500000' });
    expect(figures(jan.rows, 'ytd')).toEqual(figures(jan.rows, 'month'));
    // A later period without movements: nothing this month, the year so far.
    const mar = await income(3);
    expect(figures(mar.rows, 'month')).toEqual({});
    expect(figures(mar.rows, 'ytd')).toEqual(figures(feb.rows, 'ytd'));
  });

  it('bookkept vouchers only', async () => {
    const jan = await sheet(1, { bookKeep: true });
    expect(figures(jan.rows, 'closing')).toEqual({ 1: '8800000', 15: '8800000', 18: '1200000', 20: '1200000', 29: '1200000', 30: '10000000', 48: '10000000', 52: '10000000', 53: '10000000' });
    expect(jan.balanced).toBe(true);
    const all = await sheet(1);
    expect(all.totals.assetsClosing).toBe('10565000');
    expect(all.balanced).toBe(false);
    expect(figures((await income(1, { bookKeep: 'true' })).rows, 'month')).toEqual({});
  });

  it('comprehensive statistics per period and department income and expense', async () => {
    const st = await data<{ rows: Array<Record<string, unknown>>; total: Record<string, string> }>(call(reader.token, 'GET', '/api/report/comprehensiveStatistical', { query: { accountId: w.accountId, year: 2026 } }), 'stats');
    expect(st.rows).toHaveLength(12);
    expect(st.rows[0]).toMatchObject({ month: 1, income: '500000', expense: '0', profit: '500000', cash: '0', bank: '8800000', receivables: '565000', payables: '0' });
    expect(st.rows[1]).toMatchObject({ month: 2, income: '0', expense: '293456', profit: '-293456', cash: '176544', bank: '8850000', receivables: '265000', payables: '120000' });
    expect(st.rows[11]).toMatchObject({ income: '0', expense: '0', bank: '8850000' });
    expect(st.total).toEqual({ income: '500000', expense: '293456', profit: '206544', cash: '176544', bank: '8850000', receivables: '265000', payables: '120000' });
    const q = (startMonth: number, endMonth: number, bookKeep = false) => call(reader.token, 'GET', '/api/report/departmentIODetail', { query: { accountId: w.accountId, year: 2026, startMonth, endMonth, bookKeep } });
    const d = await data<{ rows: Array<Record<string, unknown>>; departments: Array<Record<string, unknown>>; total: Record<string, string> }>(q(1, 2), 'dept');
    expect(d.rows).toEqual([expect.objectContaining({ departmentId: w.departmentId, subjectId: s['5602'], kind: 'EXPENSE', debit: '143456', credit: '0', amount: '143456' })]);
    expect(d.departments).toEqual([expect.objectContaining({ departmentId: w.departmentId, income: '0', expense: '143456', net: '-143456' })]);
    expect(d.total).toEqual({ income: '0', expense: '143456', net: '-143456' });
    expect((await data<{ rows: unknown[] }>(q(1, 1), 'dept')).rows).toEqual([]);
    expect((await data<{ rows: unknown[] }>(q(1, 2, true), 'dept')).rows).toEqual([]);
    expect((await q(2, 1)).json()).toMatchObject({ success: false, code: 'PERIOD_END_BEFORE_START' });
  });

  it('after the profit transfer the balance sheet balances and the income statement is unchanged', async () => {
    transferId = await post('2026-02-28', [
      line(s['5001'], true, 5_000_00, [{ auxTypeId: 5, auxId: w.projectId }]),
      line(s['5602'], false, 1_434_56, dept()),
      line(s['5401'], false, 1_500_00),
      line(s['3103'], false, 2_065_44),
    ]);
    const bs = await sheet(2);
    expect(figures(bs.rows, 'closing')).toMatchObject({ 30: '10501544', 51: '206544', 52: '10206544', 53: '10501544' });
    expect(bs.balanced).toBe(true);
    expect(figures((await income(2)).rows, 'ytd')).toEqual({ 1: '500000', 2: '150000', 14: '143456', 21: '206544', 30: '206544', 32: '206544' });
  });

  it('an investment loss and an interest income count against their lines, before and after the generated profit transfer; net profit is what 本年利润 receives', async () => {
    // March: a loss on an investment (debit 5111, a credit-side subject), interest received (credit
    // 5603, a debit-side subject) beside bank charges, and a refund of fees (a blue debit on 5001).
    await post('2026-03-05', [line(s['5111'], true, 1_000_00), line(s['1002'], false, 1_000_00)]);
    await post('2026-03-10', [line(s['1002'], true, 300_00), line(s['5603'], false, 300_00)]);
    await post('2026-03-11', [line(s['5603'], true, 100_00), line(s['1002'], false, 100_00)]);
    await post('2026-03-12', [line(s['5001'], true, 50_00, [{ auxTypeId: 5, auxId: w.projectId }]), line(s['1002'], false, 50_00)]);
    const expected = { 1: '-5000', 18: '-20000', 20: '-100000', 21: '-85000', 30: '-85000', 32: '-85000' };
    expect(figures((await income(3)).rows, 'month')).toEqual(expected);
    const periods = (await data<{ content: Array<{ id: number; startAt: string }> }>(call(admin, 'GET', '/api/account/period', { query: { accountYearId: w.accountYearId } }), 'periods')).content;
    const march = periods.find((p) => p.startAt === '2026-03-01')!.id;
    // The month's vouchers are not bookkept: the transfer is asked to count them (its default is bookkept only).
    const transfer = await data<{ vouchers?: unknown[] }>(call(admin, 'POST', '/api/voucher/profitTransfer', { body: { periodId: march, includeUnbooked: true } }), 'transfer');
    expect(transfer).toBeTruthy();
    // The generated closing entry changes nothing on the statement, and the year's profit landed on 3103.
    expect(figures((await income(3)).rows, 'month')).toEqual(expected);
    const ytd = figures((await income(3)).rows, 'ytd');
    expect(ytd[32]).toBe(String(206_544 - 85_000));
    const profit = ((await t.db.db.execute(sql`select coalesce(sum(case when vi.direction then -vi.amount_cents else vi.amount_cents end), 0)::text as p
      from voucher_items vi join vouchers v on v.id = vi.voucher_id where v.state = 'NORMAL' and vi.subject_id = ${s['3103']} and v.account_year_id = ${w.accountYearId}`)) as unknown as { rows: Array<{ p: string }> }).rows[0].p;
    expect(profit).toBe(ytd[32]);
    const st = await data<{ rows: Array<Record<string, unknown>> }>(call(reader.token, 'GET', '/api/report/comprehensiveStatistical', { query: { accountId: w.accountId, year: 2026 } }), 'stats');
    expect(st.rows[2]).toMatchObject({ month: 3, income: '-105000', expense: '-20000', profit: '-85000' });
  });

  it('receivables and advances split per customer when 1122 is kept by customer (会小企01表: 应收账款 / 预收账款)', async () => {
    const before = await sheet(3);
    expect(figures(before.rows, 'closing')).toMatchObject({ 4: '265000', 34: '80000' });
    // Another client pays 1,000.00 in advance into the bank: its credit balance is an advance
    // received, not a smaller receivable of the first client.
    const other = await data<{ id: number }>(call(admin, 'POST', '/api/aux/customer', { body: { companyId: w.companyId, code: 'RPT2', name: '预付客户' } }), 'customer');
    await post('2026-03-20', [line(s['1002'], true, 1_000_00), line(s['1122'], false, 1_000_00, [{ auxTypeId: 3, auxId: other.id }])]);
    const after = await sheet(3);
    expect(figures(after.rows, 'closing')).toMatchObject({ 4: '265000', 34: '180000' });
    // February (before it) is as it was, and the balance sheet's totals moved by the same 1,000.00 on both sides.
    expect(figures((await sheet(2)).rows, 'closing')).toMatchObject({ 4: '265000', 34: '80000' });
    expect(Number(after.totals.assetsClosing) - Number(before.totals.assetsClosing)).toBe(1_000_00);
    expect(Number(after.totals.liabilitiesEquityClosing) - Number(before.totals.liabilitiesEquityClosing)).toBe(1_000_00);
  });

  it('a definition edited to drop a row flags the imbalance; formulas are checked when saved', async () => {
    const defs = await data<Array<Row & { formula: string; version: number; role: string | null }>>(call(reader.token, 'GET', '/api/report/definition', { query: { companyId: w.companyId, kind: 'BALANCE_SHEET' } }), 'defs');
    expect(defs).toHaveLength(58);
    const r15 = defs.find((r) => r.lineNo === 15)!;
    expect(r15.formula).toBe('R1+R2+R3+R4+R5+R6+R7+R8+R9+R14');
    // The report reader may not change definitions (finance information right).
    expect((await call(reader.token, 'POST', `/api/report/definition/${r15.id}`, { body: { formula: 'R2', version: r15.version } })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    const edited = await data<{ formula: string; version: number }>(call(admin, 'POST', `/api/report/definition/${r15.id}`, { body: { formula: 'r2 + R3+R4+R5+R6+R7+R8+R9+R14', version: r15.version } }), 'update');
    expect(edited.formula).toBe('R2+R3+R4+R5+R6+R7+R8+R9+R14');
    const bs = await sheet(2);
    expect(bs.balanced).toBe(false);
    expect(bs.totals.assetsClosing).toBe(String(10501544 - 9026544));
    // The profit is carried over: not the reason this time.
    expect(bs.unclosedProfit).toEqual({ closing: '0', opening: '0' });
    // Stale version, bad formulas: refused, nothing changes.
    expect((await call(admin, 'POST', `/api/report/definition/${r15.id}`, { body: { formula: 'R1', version: r15.version } })).json()).toMatchObject({ success: false, code: 'STALE_DATA' });
    const bad = async (formula: string) => (await call(admin, 'POST', `/api/report/definition/${r15.id}`, { body: { formula, version: edited.version } })).json();
    expect(await bad('D(9999)')).toMatchObject({ success: false, code: 'REPORT_FORMULA_INVALID', msg: 'The formula of row 15 is wrong: the subject 9999 does not exist' });
    expect(await bad('CR(5001)')).toMatchObject({ code: 'REPORT_FORMULA_INVALID' });
    expect(await bad('R15')).toMatchObject({ code: 'REPORT_FORMULA_INVALID', msg: expect.stringContaining('refers back to itself') });
    expect(await bad('R30')).toMatchObject({ code: 'REPORT_FORMULA_INVALID' });
    expect(await bad('D(1001) D(1002)')).toMatchObject({ code: 'REPORT_FORMULA_INVALID', msg: expect.stringContaining('character 9') });
    expect(await bad('R999')).toMatchObject({ code: 'REPORT_FORMULA_INVALID', msg: expect.stringContaining('row 999 does not exist') });
    // Rows others use, and the compared totals, cannot be deleted; a row number is unique.
    expect((await call(admin, 'DELETE', `/api/report/definition/${defs.find((r) => r.lineNo === 2)!.id}`)).json()).toMatchObject({ success: false, code: 'REPORT_ROW_IN_USE' });
    expect((await call(admin, 'DELETE', `/api/report/definition/${defs.find((r) => r.lineNo === 30)!.id}`)).json()).toMatchObject({ success: false, code: 'REPORT_ROW_IN_USE' });
    expect((await call(admin, 'POST', '/api/report/definition', { body: { companyId: w.companyId, kind: 'BALANCE_SHEET', lineNo: 2, label: 'x' } })).json()).toMatchObject({ success: false, code: 'DATA_DUPLICATION' });
    // A new row (before 其他流动资产) with its own formula; the subtotal takes it in; it can go again.
    const r14 = defs.find((r) => r.lineNo === 14)!;
    const added = await data<{ id: number; sort: number; side: string }>(call(admin, 'POST', '/api/report/definition', { body: { companyId: w.companyId, kind: 'BALANCE_SHEET', side: 'LEFT', sort: r14.sort!, lineNo: 60, label: '其中：银行存款', formula: 'D(1002)', indent: 2 } }), 'create');
    expect(added).toMatchObject({ side: 'LEFT', sort: r14.sort });
    const after = await sheet(2);
    const left = after.rows.filter((r) => r.side === 'LEFT').map((r) => r.lineNo);
    expect(left.indexOf(60)).toBe(left.indexOf(14) - 1);
    expect(after.rows.find((r) => r.lineNo === 60)!.closing).toBe('8850000');
    await data(call(admin, 'DELETE', `/api/report/definition/${added.id}`), 'delete');
    // Restored, the sheet balances again.
    await data(call(admin, 'POST', `/api/report/definition/${r15.id}`, { body: { formula: r15.formula, version: edited.version } }), 'restore');
    expect((await sheet(2)).balanced).toBe(true);
    const reset = await data<unknown[]>(call(admin, 'POST', '/api/report/definition/reset', { body: { companyId: w.companyId, kind: 'INCOME_STATEMENT' } }), 'reset');
    expect(reset).toHaveLength(32);
  });

  it('exports the reports as .xlsx and PDF tasks', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await run('/api/report/balanceSheet/export', 'xlsx') as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const values = (ws.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    expect(values[0][0]).toBe('Balance sheet');
    // The statutory form number stays, explained in English.
    expect(values[1][0]).toBe('Form 会小企01表 (Small Enterprise Accounting Standards)');
    const cash = values.find((r) => r[0] === 'Cash and cash equivalents')!;
    // Zero is a number (hidden by the format), so the sheet sums.
    expect(cash.slice(0, 8)).toEqual(['Cash and cash equivalents', '1', 90265.44, 0, 'Short-term borrowings', '31', 0, 0]);
    // The two totals stand on the same last line (the shorter side padded above its total).
    const total = values.find((r) => r[0] === 'Total assets')!;
    expect(total.slice(0, 8)).toEqual(['Total assets', '30', 105015.44, 0, "Total liabilities and owners' equity", '53', 105015.44, 0]);
    expect(values.at(-1)).toBe(total);
    const isWb = new ExcelJS.Workbook();
    await isWb.xlsx.load(await run('/api/report/incomeStatement/export', 'xlsx') as unknown as ArrayBuffer);
    const isValues = (isWb.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    // The form's column order (会小企02表): item, line, year to date, then the month.
    expect(isValues.find((r) => r[1] === 'Line')).toEqual(['Item', 'Line', 'Year to date', 'This period']);
    const net = isValues.find((r) => r[1] === '32')!;
    expect(net.slice(2, 4)).toEqual([2065.44, -2934.56]);
    const pdf = await run('/api/report/balanceSheet/export', 'pdf');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = mkdtempSync(join(tmpdir(), 'ld-report-'));
    try {
      writeFileSync(join(dir, 'r.pdf'), pdf);
      const text = execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain('Balance sheet');
      expect(text).toContain('105,015.44');
      expect(text).toContain('90,265.44');
      // The income statement's PDF in the form's order too: year to date, then the month.
      writeFileSync(join(dir, 'i.pdf'), await run('/api/report/incomeStatement/export', 'pdf'));
      const lines = execFileSync('pdftotext', ['-layout', join(dir, 'i.pdf'), '-'], { encoding: 'utf8' }).split('\n');
      const header = lines.find((l) => l.includes('Year to date') && l.includes('This period'))!;
      expect(header.indexOf('Year to date')).toBeLessThan(header.indexOf('This period'));
      const netLine = lines.find((l) => /\b32\b/.test(l) && l.includes('2,065.44'))!;
      expect(netLine.indexOf('2,065.44')).toBeLessThan(netLine.indexOf('2,934.56'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('needs the report right in the ledger set company; other companies, missing periods refused', async () => {
    const q = { accountId: w.accountId, year: 2026, month: 2 };
    const clerk = w.users.clerk.token;
    for (const path of ['balanceSheet', 'incomeStatement', 'comprehensiveStatistical']) {
      expect((await call(clerk, 'GET', `/api/report/${path}`, { query: q })).json(), path).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    }
    expect((await call(clerk, 'POST', '/api/report/balanceSheet/export', { body: { ...q, format: 'xlsx' } })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    expect((await call(clerk, 'GET', '/api/report/definition', { query: { companyId: w.companyId, kind: 'BALANCE_SHEET' } })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    const other = await makeWorld(t, admin);
    const outsider = await makeUser(t, admin, other.companyId, { rightIds: [RIGHTS.REPORT, RIGHTS.BASIC_FINANCE], name: '外人' });
    expect((await call(outsider.token, 'GET', '/api/report/balanceSheet', { query: q })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    expect((await call(outsider.token, 'GET', '/api/report/definition', { query: { companyId: w.companyId, kind: 'BALANCE_SHEET' } })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    const foreignRow = (await data<Array<{ id: number; version: number }>>(call(admin, 'GET', '/api/report/definition', { query: { companyId: w.companyId, kind: 'INCOME_STATEMENT' } }), 'defs'))[0];
    expect((await call(outsider.token, 'POST', `/api/report/definition/${foreignRow.id}`, { body: { label: 'x', version: foreignRow.version } })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    expect((await call(outsider.token, 'DELETE', `/api/report/definition/${foreignRow.id}`)).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    // Its own company's ledger works, with its own (standard) definitions, all zero and balanced.
    const own = await data<{ balanced: boolean; rows: Row[] }>(call(outsider.token, 'GET', '/api/report/balanceSheet', { query: { accountId: other.accountId, year: 2026, month: 1 } }), 'own');
    expect(own.balanced).toBe(true);
    expect(own.rows).toHaveLength(58);
    // The company parameter must be the ledger set's.
    expect((await call(admin, 'GET', '/api/report/balanceSheet', { query: { ...q, company: other.companyId } })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    expect((await call(admin, 'GET', '/api/report/balanceSheet', { query: { ...q, company: w.companyId } })).json()).toMatchObject({ success: true });
    expect((await call(admin, 'GET', '/api/report/balanceSheet', { query: { ...q, year: 2025 } })).json()).toMatchObject({ success: false, code: 'MISSING_ACCOUNT_OR_PERIOD' });
    expect((await call(admin, 'GET', '/api/report/balanceSheet', { query: { ...q, month: 13 } })).json()).toMatchObject({ success: false, code: 'MISSING_ACCOUNT_OR_PERIOD' });
    expect((await call(admin, 'GET', '/api/report/balanceSheet', { query: { ...q, month: 0 } })).statusCode).toBe(400);
    expect(transferId).toBeGreaterThan(0);
  });
});
