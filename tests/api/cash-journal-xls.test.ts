/**
 * The cash journal workbook (spec 01 §7 template 'cash'; decision 035) through the API on both
 * backends: the template, the export of the list's filter, a round trip (export → import into
 * another bank account → the same lines, numbered afresh; dates moved to another month → numbered
 * in that month), refused rows named with the journal's own rules (nothing imported), the cashier
 * right and another ledger set's account refused.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, type MadeUser, type World } from './factories';
import { multipart, sheet, workbookAt } from './workbooks';

type Line = Record<string, any>;
const HEAD = ['日期 Date', '摘要 Summary', '收支类型编码 Kind code', '往来单位 Counterparty', '收入 Receipt', '支出 Payment'];

describe.each(backends())('cash journal workbook (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  let other: World;
  let cash: number;
  let bank: number;
  let foreign: number;
  let clerk: MadeUser;
  let income: number;
  let outcome: number;
  const post = (url: string, body: Record<string, unknown>, token = admin) => t.call('POST', url, { token, body, lang: 'en_US' });
  const ok = (url: string, body: Record<string, unknown>, token = admin) => data(post(url, body, token), url);
  const get = (url: string, query: Record<string, unknown>, token = admin) => t.call('GET', url, { token, query, lang: 'en_US' });
  const lines = async (bankAccountId: number) => ((await data(get('/api/cashier/cash', { filter: { accountId: w.accountId, bankAccountId }, limit: 500 }), 'cash')) as { content: Line[] }).content;
  const shape = (ls: Line[]) => ls.map((l) => [l.date, l.code, l.summary, l.kind?.code ?? null, l.counterparty, l.receiptCents, l.paymentCents]);
  const subjectOf = async (world: World, code: string) => (await data(get('/api/subject', { filter: { accountYearId: world.accountYearId, code } }), 'subject')).content[0].id as number;
  const importInto = (bankAccountId: number, file: Buffer, token = admin) => t.app.inject({ method: 'POST', url: `/api/cashier/cash/importXls?bankAccountId=${bankAccountId}`, ...multipart(file, token) });
  const exportOf = (filter: Record<string, unknown>, token = admin) => t.app.inject({ method: 'GET', url: `/api/cashier/cash/exportXls?filter=${encodeURIComponent(JSON.stringify({ accountId: w.accountId, ...filter }))}`, headers: { authorization: `Bearer ${token}`, 'x-language': 'en_US' } });

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
    other = await makeWorld(t, admin);
    clerk = await makeUser(t, admin, w.companyId, [RIGHTS.VOUCHER]);
    cash = (await ok('/api/common/bankAccount', { accountYearId: w.accountYearId, code: 'C01', name: '现金', kind: 'CASH', subjectId: await subjectOf(w, '1001') })).id;
    bank = (await ok('/api/common/bankAccount', { accountYearId: w.accountYearId, code: 'C02', name: '备用金', kind: 'CASH', subjectId: await subjectOf(w, '1001') })).id;
    foreign = (await ok('/api/common/bankAccount', { accountYearId: other.accountYearId, code: 'X01', name: 'x', kind: 'CASH', subjectId: await subjectOf(other, '1001') })).id;
    income = (await ok('/api/cashier/income', { accountYearId: w.accountYearId, code: 'I01', name: '销售收款', subjectId: await subjectOf(w, '1122') })).id;
    outcome = (await ok('/api/cashier/outcome', { accountYearId: w.accountYearId, code: 'O01', name: '办公费', subjectId: await subjectOf(w, '5602') })).id;
    await ok('/api/cashier/opening', { accountId: w.accountId, openings: [{ bankAccountId: cash, startDate: '2026-01-01', openingCents: 50_000 }, { bankAccountId: bank, startDate: '2026-01-01', openingCents: 0 }] });
  });
  afterAll(async () => t?.close());

  /** Starts a background export, polls its task to the end, and answers the workbook's first sheet. */
  async function exportTask(url: string, body: Record<string, unknown>, token: string) {
    const started = await t.call('POST', url, { token, body, lang: 'en_US' });
    expect(started.json(), started.body).toMatchObject({ success: true, data: { state: 'RUNNING' } });
    let task = started.json().data;
    for (let i = 0; i < 300 && !task.completed && !task.failed; i++) {
      await new Promise((r) => setTimeout(r, 10));
      task = (await t.call('GET', `/api/system/export/${task.token}`, { token, lang: 'en_US' })).json().data;
    }
    expect(task).toMatchObject({ completed: true, failed: false });
    const file = await t.app.inject({ method: 'GET', url: task.result });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    return { kind: task.kind as string, ws: wb.worksheets[0] };
  }

  it('the template names every column and explains it', async () => {
    const wb = await workbookAt(t, '/api/cashier/cash/template', admin);
    expect(wb.worksheets[0].getRow(1).values).toEqual(expect.arrayContaining(['日期 Date', '摘要 Summary', '收入 Receipt', '支出 Payment', '收支类型编码 Kind code']));
    expect(wb.worksheets[1].rowCount).toBeGreaterThan(5);
    expect((await t.app.inject({ method: 'GET', url: '/api/cashier/cash/template', headers: { authorization: `Bearer ${clerk.token}` } })).json().code).toBe('NO_PERMISSION');
  });

  it('round trip: export → import into another account → the same lines; moved to another month → numbered there', async () => {
    await ok('/api/cashier/cash', { bankAccountId: cash, lines: [
      { date: '2026-01-05', summary: '收货款', kindId: income, counterparty: '华强公司', receiptCents: 20_000 },
      { date: '2026-01-05', summary: '=买文具', kindId: outcome, paymentCents: 3_550 },
      { date: '2026-01-20', summary: '取现', receiptCents: 100_001 },
    ] });
    const source = await lines(cash);
    const res = await exportOf({ bankAccountId: cash });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(3).values).toEqual(expect.arrayContaining(['C01 现金', '2026-01-05', 2, "'=买文具", 'O01', '办公费', 35.5, 664.5]));
    // The same workbook through the background export task (decision 043).
    const viaTask = await exportTask('/api/cashier/cash/export', { filter: { accountId: w.accountId, bankAccountId: cash } }, admin);
    expect(viaTask.kind).toBe('CASH_JOURNAL');
    expect(viaTask.ws.rowCount).toBe(4);
    expect(viaTask.ws.getRow(3).values).toEqual(ws.getRow(3).values);
    expect((await t.call('POST', '/api/cashier/cash/export', { token: admin, body: { filter: { accountId: w.accountId, bankAccountId: cash, dateFrom: '2025-01-01', dateTo: '2025-01-31' } } })).json().code).toBe('NO_DATA_TO_EXPORT');
    const done = await importInto(bank, res.rawPayload);
    expect(done.json(), done.body).toMatchObject({ success: true, data: { created: 3 } });
    const copied = await lines(bank);
    expect(shape(copied)).toEqual(shape(source));
    expect(copied.map((l) => l.balanceCents)).toEqual(['20000', '16450', '116451']);
    // The same file with its dates moved to March, into the first account: numbered 1, 2, 3 in March.
    ws.eachRow((row, n) => { if (n > 1) row.getCell(2).value = String(row.getCell(2).value).replace('2026-01', '2026-03'); });
    const moved = Buffer.from(await wb.xlsx.writeBuffer());
    expect((await importInto(cash, moved)).json()).toMatchObject({ success: true, data: { created: 3 } });
    const march = (await lines(cash)).filter((l) => l.date.startsWith('2026-03'));
    expect(march.map((l) => [l.date, l.code, l.summary, l.receiptCents, l.paymentCents])).toEqual([['2026-03-05', 1, '收货款', '20000', '0'], ['2026-03-05', 2, '=买文具', '0', '3550'], ['2026-03-20', 3, '取现', '100001', '0']]);
    // Nothing to export is said so.
    expect((await exportOf({ bankAccountId: cash, dateFrom: '2025-01-01', dateTo: '2025-01-31' })).json().code).toBe('NO_DATA_TO_EXPORT');
  });

  it('the export takes the list’s keyword: the file holds the lines the list shows (summary, counterparty or kind)', async () => {
    await ok('/api/cashier/cash', { bankAccountId: bank, lines: [
      { date: '2026-04-02', summary: 'QA 检查费', receiptCents: 1_000 },
      { date: '2026-04-03', summary: '房租', counterparty: 'QA 物业', paymentCents: 200 },
      { date: '2026-04-04', summary: '文具', kindId: outcome, paymentCents: 300 },
      { date: '2026-04-05', summary: '其他', receiptCents: 400 },
    ] });
    const april = { accountId: w.accountId, bankAccountId: bank, dateFrom: '2026-04-01', dateTo: '2026-04-30' };
    for (const [keyword, summaries] of [['qa', ['QA 检查费', '房租']], ['办公', ['文具']], ['O01', ['文具']]] as const) {
      const shown = ((await data(get('/api/cashier/cash', { filter: { ...april, keyword }, limit: 500 }), 'cash')) as { content: Line[] }).content;
      expect(shown.map((l) => l.summary)).toEqual(summaries);
      const file = await exportTask('/api/cashier/cash/export', { filter: { ...april, keyword } }, admin);
      expect(file.ws.rowCount, keyword).toBe(1 + summaries.length);
      const rows: unknown[] = [];
      file.ws.eachRow((row, n) => { if (n > 1) rows.push(row.getCell(4).value); });
      expect(rows).toEqual([...summaries]);
    }
    // Without the keyword: every line of the month; a keyword nothing matches: nothing to export.
    expect((await exportTask('/api/cashier/cash/export', { filter: april }, admin)).ws.rowCount).toBe(5);
    expect((await post('/api/cashier/cash/export', { filter: { ...april, keyword: 'no such line' } })).json().code).toBe('NO_DATA_TO_EXPORT');
    expect((await post('/api/cashier/cash/export', { filter: { ...april, keyword: 'x'.repeat(101) } })).json().success).toBe(false);
  });

  it('the export follows the list’s sort (latest first when the grid sorts the date so), else journal order; each line keeps the balance the list shows', async () => {
    await ok('/api/cashier/cash', { bankAccountId: cash, lines: [
      { date: '2026-06-01', summary: '六月收款', receiptCents: 1_000 },
      { date: '2026-06-03', summary: '六月付款', paymentCents: 300 },
      { date: '2026-06-02', summary: '六月补录', receiptCents: 50 },
    ] });
    await ok('/api/cashier/cash', { bankAccountId: bank, lines: [
      { date: '2026-06-05', summary: '备用金付款', paymentCents: 100 },
      { date: '2026-06-01', summary: '备用金收款', receiptCents: 700 },
    ] });
    const june = { accountId: w.accountId, dateFrom: '2026-06-01', dateTo: '2026-06-30' };
    const listed = async (sort?: Record<string, string>) => ((await data(get('/api/cashier/cash', { filter: june, limit: 500, ...(sort ? { sort } : {}) }), 'cash')) as { content: Line[] }).content
      .map((l) => [`${l.bankAccount.code} ${l.bankAccount.name}`, l.date, l.summary, Number(l.balanceCents) / 100]);
    const rowsOf = (ws: ExcelJS.Worksheet) => {
      const rows: unknown[][] = [];
      ws.eachRow((row, n) => { if (n > 1) rows.push([row.getCell(1).value, row.getCell(2).value, row.getCell(4).value, row.getCell(10).value]); });
      return rows;
    };
    const journal = await listed();
    const latestFirst = await listed({ date: 'desc' });
    // The list itself: accounts by code, then the date the way asked; a line's balance is the same either way.
    expect(latestFirst.map((r) => r[2])).toEqual(['六月付款', '六月补录', '六月收款', '备用金付款', '备用金收款']);
    expect(journal.map((r) => r[2])).toEqual(['六月收款', '六月补录', '六月付款', '备用金收款', '备用金付款']);
    expect(new Map(latestFirst.map((r) => [r[2], r[3]]))).toEqual(new Map(journal.map((r) => [r[2], r[3]])));
    // The background export and the immediate one: the list's order, the list's balances.
    expect(rowsOf((await exportTask('/api/cashier/cash/export', { filter: june, sort: { date: 'desc' } }, admin)).ws)).toEqual(latestFirst);
    expect(rowsOf((await exportTask('/api/cashier/cash/export', { filter: june }, admin)).ws)).toEqual(journal);
    expect(rowsOf((await exportTask('/api/cashier/cash/export', { filter: june, sort: { date: 'asc' } }, admin)).ws)).toEqual(journal);
    const immediate = await t.app.inject({ method: 'GET', url: `/api/cashier/cash/exportXls?filter=${encodeURIComponent(JSON.stringify(june))}&sort=${encodeURIComponent(JSON.stringify({ date: 'desc' }))}`, headers: { authorization: `Bearer ${admin}` } });
    expect(immediate.statusCode, immediate.body.slice(0, 200)).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(immediate.rawPayload as unknown as ArrayBuffer);
    expect(rowsOf(wb.worksheets[0])).toEqual(latestFirst);
    // Only the date sorts the journal: any other order is refused, not silently dropped.
    expect((await post('/api/cashier/cash/export', { filter: june, sort: { summary: 'asc' } })).json()).toMatchObject({ success: false, code: 'INVALID_INPUT' });
    expect((await post('/api/cashier/cash/export', { filter: june, sort: { date: 'sideways' } })).json()).toMatchObject({ success: false, code: 'INVALID_INPUT' });
  });

  it('refuses wrong rows with the journal rules, names every row, and imports nothing', async () => {
    const before = (await lines(bank)).length;
    const bad = await sheet([HEAD,
      ['2026-02-01', 'ok', 'I01', null, '10', null],
      ['2026-02-02', '收支两填', null, null, '10', '5'],
      ['2025-12-31', '早于启用', null, null, '1', null],
      ['2026-02-03', '方向错', 'I01', null, null, '8'],
      ['2026-02-04', '未知类型', 'ZZ9', null, '8', null],
      ['2031-11-30', '年度之外', null, null, '1', null],
    ]);
    const r = (await importInto(bank, bad)).json();
    expect(r).toMatchObject({ success: false, code: 'IMPORT_ROWS_INVALID' });
    expect(r.appendix.errors.map((e: Line) => e.row)).toEqual([3, 4, 5, 6, 7]);
    expect(r.msg).toContain('row 3');
    expect(r.appendix.errors[3].message).toContain('ZZ9');
    // A rule about one cell names its column: the date before the start date or after the ledger set's last year, the kind.
    expect(r.appendix.errors.slice(1).map((e: Line) => [e.row, e.column])).toEqual([[4, '日期 Date'], [5, '收支类型编码 Kind code'], [6, '收支类型编码 Kind code'], [7, '日期 Date']]);
    expect(r.appendix.errors[4].message).toBe("The date 2031-11-30 is outside the ledger set's account years: a date from 2026-01-01 to 2026-12-31");
    expect((await lines(bank)).length).toBe(before);
    // Cells the sheet cannot read: named by column.
    const cells = (await importInto(bank, await sheet([HEAD, ['05/02/2026', 'x', null, null, 'abc', null]]))).json();
    expect(cells.code).toBe('IMPORT_ROWS_INVALID');
    expect(cells.appendix.errors.map((e: Line) => e.column)).toEqual(['日期 Date', '收入 Receipt']);
    expect((await importInto(bank, await sheet([HEAD]))).json().success).toBe(false);
  });

  it('needs the cashier right; another ledger set’s account is refused', async () => {
    const file = await sheet([HEAD, ['2026-02-01', 'x', null, null, '1', null]]);
    expect((await importInto(bank, file, clerk.token)).json().code).toBe('NO_PERMISSION');
    expect((await exportOf({ bankAccountId: cash }, clerk.token)).json().code).toBe('NO_PERMISSION');
    const cashier = await makeUser(t, admin, w.companyId, [RIGHTS.CASHIER]);
    expect((await importInto(foreign, file, cashier.token)).json().code).toBe('NO_PERMISSION');
    expect((await exportOf({ bankAccountId: foreign }, cashier.token)).json().code).toBe('NO_PERMISSION');
    expect((await importInto(bank, file, cashier.token)).json()).toMatchObject({ success: true, data: { created: 1 } });
  });
});
