/**
 * Excel import / export / template of invoices (spec 02 §2.6, §5 Invoice; decisions 016, 018): the
 * template reads back with the bilingual header row and says attachments cannot come from Excel;
 * an export (background task) imports again unchanged; amounts are read as text into cents; kinds
 * by code or Chinese name; one bad row names its row number, imports nothing and offers an error
 * workbook; imported invoices lack their attachment (flagged); export follows the project
 * visibility rule; import and template need the invoice operation right (1102).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, type MadeUser, type World } from './factories';
import { exportWorkbook, multipart, sheet, workbookAt as workbookAtOf } from './workbooks';

const HEADERS = ['发票号码 Invoice number', '发票类型 Kind', '项目编码 Project code', '开票单位 Issuing office', '开票日期 Date', '金额 Amount', '已收金额 Received amount', '红冲金额 Red amount', '备注 Remark'];

describe.each(backends())('invoice Excel import / export / template (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  let lawyer: MadeUser; // 11 + 1102, principal of project PA only
  const ids: Record<string, number> = {};
  const post = (url: string, body: Record<string, unknown>, token = admin) => data(t.call('POST', url, { token, body, lang: 'en_US' }), url);
  const invoices = async (token = admin) =>
    (await data(t.call('GET', '/api/invoice', { token, query: { filter: { companyId: w.companyId }, limit: 1000 } }), 'invoices')).content as Array<Record<string, any>>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
    const c = w.companyId;
    const dep = (await post('/api/aux/department', { companyId: c, code: 'D1', name: '业务部' })).id;
    ids.ea = (await post('/api/aux/employee', { companyId: c, code: 'EA', name: '张三', departmentId: dep })).id;
    ids.eb = (await post('/api/aux/employee', { companyId: c, code: 'EB', name: '李四', departmentId: dep })).id;
    const client = (await post('/api/aux/customer', { companyId: c, code: 'C1', name: 'Client' })).id;
    ids.pa = (await post('/api/aux/project', { companyId: c, code: 'PA', name: 'Case A', clients: [client], principals: [ids.ea] })).id;
    ids.pb = (await post('/api/aux/project', { companyId: c, code: 'PB', name: 'Case B', clients: [client], principals: [ids.eb] })).id;
    lawyer = await makeUser(t, admin, c, [RIGHTS.INVOICE, RIGHTS.INVOICE_OPERATE]);
    await post(`/api/aux/employee/${ids.ea}/bindUser`, { userId: lawyer.id });
    ids.ia = (await post('/api/invoice', { projectId: ids.pa, no: 'INV-A', kind: 'VAT_SPECIAL', date: '2026-03-01', amount: 123456789, receivedAmount: 5, issueOffice: '=cmd', remark: '备注' })).id;
    ids.ib = (await post('/api/invoice', { projectId: ids.pb, no: 'INV-B', date: '2026-03-02', amount: 1000 })).id;
  });
  afterAll(async () => t?.close());

  const importFile = (file: Buffer, token = admin, companyId = w.companyId) =>
    t.app.inject({ method: 'POST', url: '/api/invoice/import', query: { companyId: String(companyId) }, ...multipart(file, token, 'invoices.xlsx') });
  const workbookAt = (url: string, token?: string) => workbookAtOf(t, url, token);
  const exportAll = (filter: Record<string, unknown>, token = admin) => exportWorkbook(t, '/api/invoice/export', 'INVOICE', filter, token);
  const headerRow = (ws: ExcelJS.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const cellOf = (ws: ExcelJS.Worksheet, row: number, header: string) => ws.getRow(row).getCell(headerRow(ws).indexOf(header) + 1).value;

  it('template: the importable columns, an example row and notes saying attachments cannot come from Excel', async () => {
    const wb = await workbookAt('/api/invoice/template', admin);
    const ws = wb.worksheets[0];
    expect(headerRow(ws)).toEqual(HEADERS);
    expect(ws.rowCount).toBe(2);
    expect(cellOf(ws, 2, '金额 Amount')).toBe('10600.00');
    const notes = wb.worksheets[1];
    expect(notes.name).toBe('说明 Notes');
    expect(notes.getRow(2).getCell(1).value).toBe(HEADERS[0]);
    const text = (notes.getColumn(3).values as unknown[]).map(String).join('\n') + (notes.getColumn(4).values as unknown[]).map(String).join('\n');
    expect(text).toContain('附件（PDF）不能通过 Excel 导入');
    expect(text).toContain('Attachments (PDF) cannot come from Excel');
  });

  it('exports every invoice (poll, download, read back) and the workbook imports again unchanged', async () => {
    const before = await invoices();
    const { ws, raw } = await exportAll({ companyId: w.companyId });
    expect(headerRow(ws)).toEqual([...HEADERS.slice(0, 3), '项目名称 Project name', ...HEADERS.slice(3), '附件数 Attachments']);
    expect(ws.rowCount).toBe(1 + before.length);
    const rowA = (ws.getColumn(1).values as unknown[]).indexOf('INV-A');
    // A number Excel sums, shown with two decimals (it imports back as the same cents below).
    expect(cellOf(ws, rowA, '金额 Amount')).toBe(1234567.89);
    expect(cellOf(ws, rowA, '已收金额 Received amount')).toBe(0.05);
    expect(cellOf(ws, rowA, '发票类型 Kind')).toBe('VAT_SPECIAL');
    expect(cellOf(ws, rowA, '项目编码 Project code')).toBe('PA');
    // Formula-like text is neutralized on export and read back as it was.
    expect(cellOf(ws, rowA, '开票单位 Issuing office')).toBe("'=cmd");
    const res = await importFile(raw);
    expect(res.json(), res.body).toMatchObject({ success: true, data: { created: 0, updated: 0, unchanged: before.length } });
    expect(await invoices()).toEqual(before);
  });

  it('imports new invoices and updates by number: kinds by Chinese name, amounts as text into cents; imported ones lack their attachment', async () => {
    const file = await sheet([
      HEADERS,
      ['INV-N1', '增值税专用发票', 'PA', '北京市税务局', '2026-04-01', '1,234.56', '1000', '', ''],
      ['INV-N2', '', 'PB', '', new Date(Date.UTC(2026, 3, 2)), '0.1', '', '0.07', 'Imported'],
      ['INV-B', 'PAPER_GENERAL', 'PB', '', '2026/3/2', '10', '', '', ''],
    ]);
    const res = await importFile(file);
    expect(res.json(), res.body).toMatchObject({ success: true, data: { created: 2, updated: 1, unchanged: 0 } });
    const all = await invoices();
    const byNo = (no: string) => all.find((i) => i.no === no)!;
    expect(byNo('INV-N1')).toMatchObject({ kind: 'VAT_SPECIAL', projectId: ids.pa, issueOffice: '北京市税务局', date: '2026-04-01', amount: 123456, receivedAmount: 100000, redAmount: 0, complete: false, attachments: [] });
    expect(byNo('INV-N2')).toMatchObject({ kind: 'VAT_GENERAL', projectId: ids.pb, date: '2026-04-02', amount: 10, redAmount: 7, remark: 'Imported', complete: false });
    expect(byNo('INV-B')).toMatchObject({ id: ids.ib, kind: 'PAPER_GENERAL', amount: 1000, version: 1 });
    // The list's "missing attachment" filter finds them.
    const missing = await data(t.call('GET', '/api/invoice', { token: admin, query: { filter: { companyId: w.companyId, missingAttachment: true }, limit: 100 } }), 'missing');
    expect(missing.content.map((i: { no: string }) => i.no)).toEqual(expect.arrayContaining(['INV-N1', 'INV-N2']));
  });

  it('one bad row: its row number, nothing imported, an error workbook with an error column', async () => {
    const before = await invoices();
    const rows = [HEADERS, ['INV-G1', 'VAT_GENERAL', 'PA', '', '2026-05-01', '10.5', '', '', ''], ['INV-G2', 'VAT_GENERAL', 'PA', '', '2026-05-01', '1.234', '', '', '']];
    const res = await importFile(await sheet(rows));
    const j = res.json();
    expect(j, res.body).toMatchObject({ success: false, code: 'IMPORT_ROWS_INVALID' });
    expect(j.msg).toMatch(/row 3/);
    expect(j.appendix.errors).toEqual([expect.objectContaining({ row: 3, column: 'Amount' })]);
    expect(await invoices()).toEqual(before);
    const ws = (await workbookAt(j.appendix.errorFile)).worksheets[0];
    const errorCol = headerRow(ws).indexOf('错误 Error') + 1;
    expect(errorCol).toBeGreaterThan(0);
    expect(ws.getRow(2).getCell(errorCol).value).toBeNull();
    expect(String(ws.getRow(3).getCell(errorCol).value)).toContain(j.appendix.errors[0].message);
    // Every kind of wrong row is reported, still nothing imported: unknown project, unknown kind, missing date, a number repeated.
    const worse = await importFile(await sheet([
      HEADERS,
      ['INV-G3', 'VAT_GENERAL', 'NOPE', '', '2026-05-01', '', '', '', ''],
      ['INV-G4', '电子发票', 'PA', '', '2026-05-01', '', '', '', ''],
      ['INV-G5', '', 'PA', '', '', '', '', '', ''],
      ['INV-G6', '', 'PA', '', '2026-05-01', '', '', '', ''],
      ['INV-G6', '', 'PA', '', '2026-05-01', '', '', '', ''],
    ]));
    expect(worse.json().appendix.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([[2, 'Project code'], [3, 'Kind'], [4, 'Date'], [6, 'Invoice number']]);
    expect(await invoices()).toEqual(before);
    // The good row alone imports.
    const good = await importFile(await sheet(rows.slice(0, 2)));
    expect(good.json(), good.body).toMatchObject({ success: true, data: { created: 1 } });
    expect((await invoices()).find((i) => i.no === 'INV-G1')).toMatchObject({ amount: 1050 });
  });

  it('export and import follow the project visibility rule', async () => {
    // The lawyer leads PA only: the export holds PA's invoices, ticked rows of PB export nothing.
    const { ws } = await exportAll({ companyId: w.companyId }, lawyer.token);
    const projects = new Set((ws.getColumn(3).values as unknown[]).slice(2));
    expect([...projects]).toEqual(['PA']);
    expect((await t.call('POST', '/api/invoice/export', { token: lawyer.token, body: { filter: { companyId: w.companyId, id: [ids.ib] } }, lang: 'en_US' })).json()).toMatchObject({ code: 'NO_DATA_TO_EXPORT' });
    // A project out of reach is unknown to the lawyer's import; another's invoice number is taken.
    const pb = await importFile(await sheet([HEADERS, ['INV-L1', '', 'PB', '', '2026-06-01', '', '', '', '']]), lawyer.token);
    expect(pb.json()).toMatchObject({ code: 'IMPORT_ROWS_INVALID', appendix: { errors: [{ row: 2, column: 'Project code' }] } });
    const taken = await importFile(await sheet([HEADERS, ['INV-B', '', 'PA', '', '2026-06-01', '', '', '', '']]), lawyer.token);
    expect(taken.json()).toMatchObject({ code: 'IMPORT_ROWS_INVALID', appendix: { errors: [{ row: 2, column: 'Invoice number' }] } });
    expect((await invoices()).find((i) => i.no === 'INV-B')).toMatchObject({ projectId: ids.pb });
    const own = await importFile(await sheet([HEADERS, ['INV-L2', '', 'PA', '', '2026-06-01', '8', '', '', '']]), lawyer.token);
    expect(own.json(), own.body).toMatchObject({ success: true, data: { created: 1 } });
  });

  it('rights: export needs the invoice menu; import and template the invoice operation right; a foreign company is refused', async () => {
    const clerk = await makeUser(t, admin, w.companyId, [RIGHTS.BASIC]);
    expect((await t.call('POST', '/api/invoice/export', { token: clerk.token, body: { filter: { companyId: w.companyId } } })).statusCode).toBe(403);
    const reader = await makeUser(t, admin, w.companyId, [RIGHTS.INVOICE, RIGHTS.INVOICE_VIEW_ALL]);
    const file = await sheet([HEADERS, ['INV-R1', '', 'PA', '', '2026-06-01', '', '', '', '']]);
    expect((await importFile(file, reader.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/invoice/template', headers: { authorization: `Bearer ${reader.token}` } })).statusCode).toBe(403);
    // Reading is allowed: the view-all reader exports every invoice.
    const { ws } = await exportAll({ companyId: w.companyId }, reader.token);
    expect(ws.rowCount).toBe(1 + (await invoices()).length);
    // Full invoice rights in another company do not reach this one.
    const other = await makeWorld(t, admin);
    const foreigner = await makeUser(t, admin, other.companyId, [RIGHTS.INVOICE, RIGHTS.INVOICE_VIEW_ALL, RIGHTS.INVOICE_OPERATE]);
    expect((await importFile(file, foreigner.token)).json().code).toBe('NO_PERMISSION');
    expect((await t.call('POST', '/api/invoice/export', { token: foreigner.token, body: { filter: { companyId: w.companyId } } })).json().code).toBe('NO_PERMISSION');
    expect((await invoices()).some((i) => i.no === 'INV-R1')).toBe(false);
  });
});
