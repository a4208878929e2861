/**
 * Voucher printing, export and import through the API: the PDF (a real PDF with the CJK font
 * embedded, one page per voucher and continuation pages with carried totals, the text a reader
 * extracts), the .xlsx export (one row per line, bilingual headers, formula-like text
 * neutralised), the import (dry run writes nothing, row-numbered errors with an error workbook,
 * all or nothing, the editor's save rules), the export → import round trip into another ledger
 * set and another period, rights and company scoping.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPdf } from '../../src/domain/pdf';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, MISSING_ID, type World } from './factories';
import { makeVoucherWorld, simpleVoucher, type VoucherWorld } from './voucher-world';
import { multipart, sheet, workbookAt } from './workbooks';
import { RIGHTS } from '../../src/domain/rights';

/** Runs a poppler tool (installed by scripts/ensure-browser.sh) on the PDF bytes, in a temporary directory of its own. */
function poppler(tool: 'pdftotext' | 'pdfinfo' | 'pdffonts', bytes: Buffer, args: string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'ld-vdocs-'));
  try {
    const file = join(dir, 'v.pdf');
    writeFileSync(file, bytes);
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const pdfText = (bytes: Buffer) => poppler('pdftotext', bytes, ['-layout']);
const pdfPages = (bytes: Buffer) => Number(/Pages:\s+(\d+)/.exec(poppler('pdfinfo', bytes))![1]);
const pdfFonts = (bytes: Buffer) => poppler('pdffonts', bytes);

describe.each(backends())('voucher print, export and import (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: VoucherWorld;
  let other: World;
  const ids: Record<'plain' | 'aux' | 'long', number> = { plain: 0, aux: 0, long: 0 };
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.db.execute(q)) as unknown as { rows: T[] }).rows;
  const count = async (accountId: number) => Number((await rows<{ n: number }>(sql`select count(*)::int as n from vouchers where account_id = ${accountId}`))[0].n);
  const call = (token: string, method: 'GET' | 'POST', url: string, o: { body?: unknown; query?: Record<string, unknown>; lang?: string } = {}) => t.call(method, url, { token, lang: 'en_US', ...o });

  /** Runs an export task to its end and answers the task and the file's bytes. */
  async function runTask(url: string, body: unknown, token: string, lang = 'zh_CN'): Promise<{ task: any; bytes: Buffer }> {
    const task = await data(call(token, 'POST', url, { body, lang }), url);
    expect(task).toMatchObject({ state: 'RUNNING', completed: false });
    for (let i = 0; i < 500; i++) {
      const p = await data(call(token, 'GET', `/api/system/export/${task.token}`), 'progress');
      if (p.failed) throw new Error(`export failed: ${p.error}`);
      if (p.completed) {
        const res = await t.app.inject({ method: 'GET', url: p.result });
        expect(res.statusCode).toBe(200);
        return { task: p, bytes: res.rawPayload };
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('export never finished');
  }
  const load = async (bytes: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    return wb.worksheets[0];
  };
  const table = (ws: ExcelJS.Worksheet) => {
    const out: string[][] = [];
    const width = ws.getRow(1).cellCount;
    ws.eachRow((r) => out.push(Array.from({ length: Math.max(width, r.cellCount) }, (_, i) => r.getCell(i + 1).text ?? '')));
    return out;
  };
  const importFile = (token: string, file: Buffer, query: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/voucher/importXls?${new URLSearchParams(query)}`, ...multipart(file, token) });
  /** A voucher's content as the round trip must keep it. */
  const content = (v: any) => ({
    markTime: v.markTime, kindName: v.kindName, billCount: v.billCount, debitCents: v.debitCents,
    items: v.items.map((i: any) => ({ summary: i.summary, subjectCode: i.subjectCode, direction: i.direction, amount: i.amount, auxes: i.auxes.map((a: any) => `${a.auxType}:${a.auxData.code}`) })),
  });

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeVoucherWorld(t, admin);
    const { clerk, auditor } = w.users;
    const create = (body: unknown) => data(call(clerk.token, 'POST', '/api/voucher', { body }), 'create');
    ids.plain = (await create({ ...simpleVoucher(w, { markTime: '2026-03-15', cents: 12_000 }), billCount: 3 })).id;
    await data(call(auditor.token, 'POST', `/api/voucher/${ids.plain}/audit`, { body: {} }), 'audit');
    ids.aux = (await create({
      accountId: w.accountId, kindId: w.kindId, markTime: '2026-03-20', billCount: 1,
      items: [
        { summary: '=HYPERLINK("http://x")', subjectId: w.subject.receivable, direction: true, amount: '500000', auxes: [{ auxTypeId: 3, auxId: w.customerId }] },
        { summary: '华夏律师费', subjectId: w.subject.revenue, direction: false, amount: '400000', auxes: [{ auxTypeId: 5, auxId: w.projectId }] },
        { summary: '诉讼部办公费', subjectId: w.subject.admin, direction: false, amount: '100000', auxes: [{ auxTypeId: 1, auxId: w.departmentId }] },
      ],
    })).id;
    // 12 lines: 8 on the first page, 承前页 + 4 on the second.
    ids.long = (await create({
      accountId: w.accountId, kindId: w.kindId, markTime: '2026-03-25',
      items: Array.from({ length: 12 }, (_, k) => ({ summary: `分摊第${k + 1}笔`, subjectId: k < 6 ? w.subject.cash : w.subject.bank, direction: k < 6, amount: String(10_000 + k * 100 - (k < 6 ? 0 : 600)) })),
    })).id;
    // A second ledger set of the same company, its auxiliary subjects set up as the first's.
    other = await makeWorld(t, admin, { companyId: w.companyId });
    await t.db.db.execute(sql`update subjects set aux_type_ids = '{3}' where account_year_id = ${other.accountYearId} and code = '1122'`);
    await t.db.db.execute(sql`update subjects set aux_type_ids = '{1}' where account_year_id = ${other.accountYearId} and code = '5602'`);
    await t.db.db.execute(sql`update subjects set aux_type_ids = '{5}' where account_year_id = ${other.accountYearId} and code = '5001'`);
  });
  afterAll(async () => t?.close());

  it('prints vouchers as one PDF: a page per voucher, a continued voucher with carried totals, the CJK font embedded', async () => {
    const { task, bytes } = await runTask('/api/voucher/exportPdf', { ids: [ids.long, ids.plain, ids.aux] }, w.users.viewer.token);
    expect(task).toMatchObject({ kind: 'VOUCHER_PDF', state: 'FINISHED', progress: 100 });
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(isPdf(bytes)).toBe(true);
    expect(bytes.includes(Buffer.from('/FontFile2'))).toBe(true);
    expect(pdfFonts(bytes)).toMatch(/WenQuanYiMicroHei\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    expect(pdfPages(bytes)).toBe(4);
    const text = pdfText(bytes);
    const pages = text.split('\f');
    // The list's order (date, code), whatever order the ids came in.
    expect(pages[0]).toMatch(/记\s*账\s*凭\s*证/);
    expect(pages[0]).toMatch(/凭证字号：记-0001/);
    expect(pages[0]).toMatch(/附单据\s*3\s*张/);
    expect(pages[0]).toContain('1001 库存现金');
    expect(pages[0]).toContain('合计：壹佰贰拾元整');
    expect(pages[0]).toMatch(/审核：李审核/);
    expect(pages[0]).toMatch(/制单：张记账/);
    expect(pages[1]).toContain('=HYPERLINK("http://x")');
    expect(pages[1]).toContain('VWC 华夏科技有限公司');
    expect(pages[1]).toContain('业务中心/VW01 诉讼部');
    expect(pages[1]).toContain('5,000.00');
    expect(pages[1]).toContain('合计：伍仟元整');
    expect(pages[2]).toContain('过次页');
    expect(pages[2]).toMatch(/第\s*1\s*\/\s*2\s*页/);
    expect(pages[2]).not.toContain('分摊第9笔');
    expect(pages[3]).toContain('承前页');
    expect(pages[3]).toContain('分摊第9笔');
    expect(pages[3]).toMatch(/第\s*2\s*\/\s*2\s*页/);
    // Carried forward: the 8 lines of page 1 = 6 debits (60,000 + 1,500 cents) and 2 credits.
    expect(pages[2]).toMatch(/过次页\s+615\.00\s+201\.00/);
    expect(pages[3]).toMatch(/承前页\s+615\.00\s+201\.00/);
  });

  it('labels the print in the requester\'s language and prints by the list\'s filter', async () => {
    const { bytes } = await runTask('/api/voucher/exportPdf', { filter: { accountId: w.accountId, id: [ids.plain] } }, w.users.clerk.token, 'en_US');
    const text = pdfText(bytes);
    expect(text).toContain('Accounting voucher');
    expect(text).toContain('Maker: 张记账');
    expect(text).toContain('Total: 壹佰贰拾元整');
    // The kind in English too (the ledger set's 记 is 'General'), not the server's Chinese word.
    expect(text).toMatch(/Voucher: General-0001/);
    expect(text).not.toContain('记-');
    // A voucher examined as error does not read as approved: marked beside the title, its examiner named as such.
    const rejected = await data<{ id: number }>(call(w.users.clerk.token, 'POST', '/api/voucher', { body: simpleVoucher(w, { markTime: '2026-03-20', cents: 3_000 }) }), 'rejected');
    await data(call(w.users.auditor.token, 'POST', `/api/voucher/${rejected.id}/auditError`, { body: { reason: '附件不符' } }), 'auditError');
    const zh = pdfText((await runTask('/api/voucher/exportPdf', { ids: [rejected.id] }, w.users.clerk.token)).bytes);
    expect(zh).toContain('审核错误：李审核');
    expect(zh).not.toMatch(/(^|\s)审核：李审核/);
    expect(zh.match(/审核错误/g)?.length).toBe(2);
    const en = pdfText((await runTask('/api/voucher/exportPdf', { ids: [rejected.id] }, w.users.clerk.token, 'en_US')).bytes);
    expect(en).toContain('EXAMINED AS ERROR');
    expect(en).toContain('Examined as error: 李审核');
    await data(call(w.users.auditor.token, 'POST', `/api/voucher/${rejected.id}/reverseAuditError`, { body: {} }), 'reverse');
    await data(t.call('DELETE', `/api/voucher/${rejected.id}`, { token: w.users.clerk.token }), 'delete');
    const none = (await call(w.users.clerk.token, 'POST', '/api/voucher/exportPdf', { body: { filter: { accountId: w.accountId, dateFrom: '2026-12-01', dateTo: '2026-12-31' } } })).json();
    expect(none).toMatchObject({ success: false, code: 'NO_DATA_TO_EXPORT' });
  });

  it('exports the lines as .xlsx: bilingual headers, one row per line, formula-like text neutralised', async () => {
    const { task, bytes } = await runTask('/api/voucher/exportXls', { filter: { accountId: w.accountId, id: [ids.plain, ids.aux] } }, w.users.viewer.token);
    expect(task.kind).toBe('VOUCHER');
    const sheet = await load(bytes);
    const got = table(sheet);
    // Amounts are numbers Excel can sum, shown with two decimals (not text).
    expect(sheet.getRow(2).getCell(14).value).toBe(120);
    expect(sheet.getRow(2).getCell(14).numFmt).toBe('#,##0.00;-#,##0.00');
    expect(sheet.getRow(2).getCell(15).value).toBeNull();
    expect(got[0]).toEqual(['日期 Date', '凭证字 Kind', '凭证号 Number', '附单据数 Bills', '摘要 Summary', '科目编码 Subject code', '科目名称 Subject name', '部门 Department', '职员 Employee', '客户 Customer', '供应商 Vendor', '项目 Project', '预算 Budget', '借方金额 Debit', '贷方金额 Credit', '制单人 Maker', '审核人 Auditor', '记账人 Bookkeeper', '出纳 Cashier', '状态 State']);
    expect(got).toHaveLength(1 + 2 + 3);
    expect(got[1]).toEqual(['2026-03-15', '记', '0001', '3', '收律师费', '1001', '1001 库存现金', '', '', '', '', '', '', '120', '', '张记账', '李审核', '', '', '已审核 Examined']);
    expect(got[2].slice(11, 15)).toEqual(['VWP 华夏合同纠纷案', '', '', '120']);
    expect(got[3][4]).toBe('\'=HYPERLINK("http://x")');
    expect(got[3][9]).toBe('VWC 华夏科技有限公司');
    expect(got[5][7]).toBe('VW01 诉讼部');
    expect(got[5][19]).toMatch(/^已保存/);
    expect(got[5].slice(16, 19)).toEqual(['', '', '']);
  });

  it('serves the import template: the export\'s header row, example lines and the notes sheet', async () => {
    const wb = await workbookAt(t, '/api/voucher/template', w.users.clerk.token);
    const head = table(wb.worksheets[0])[0];
    expect(head[0]).toBe('日期 Date');
    expect(head).toContain('借方金额 Debit');
    expect(table(wb.worksheets[0])).toHaveLength(3);
    expect(wb.worksheets[1].name).toBe('说明 Notes');
    expect(table(wb.worksheets[1]).some((r) => r[0] === '凭证号 Number' && r[1] === '是 Yes')).toBe(true);
  });

  it('round trip: an export imports into another ledger set (dry run first: nothing written) and into another period, equal vouchers', async () => {
    const { clerk } = w.users;
    const { bytes } = await runTask('/api/voucher/exportXls', { filter: { accountId: w.accountId, id: [ids.plain, ids.aux, ids.long] } }, clerk.token);
    const originals = await Promise.all([ids.plain, ids.aux, ids.long].map((id) => data(call(clerk.token, 'GET', `/api/voucher/${id}`), 'get')));

    const dry = await importFile(clerk.token, bytes, { accountId: String(other.accountId), dryRun: 'true' });
    expect(dry.json(), dry.body).toMatchObject({ success: true, data: { dryRun: true, vouchers: 3, lines: 17, labels: [] } });
    expect(await count(other.accountId)).toBe(0);

    const done = await importFile(clerk.token, bytes, { accountId: String(other.accountId) });
    expect(done.json(), done.body).toMatchObject({ success: true, data: { dryRun: false, vouchers: 3, lines: 17, labels: ['General-0001', 'General-0002', 'General-0003'] } });
    const copies = (await data(call(clerk.token, 'GET', '/api/voucher', { query: { filter: { accountId: other.accountId } } }), 'list')).content;
    expect(copies.map(content)).toEqual(originals.map(content));
    expect(copies.every((c: any) => c.lifecycle === 'draft' && c.createdBy === clerk.id)).toBe(true);

    // Another period of the same ledger set: the dates moved to April, numbered after April's vouchers.
    const ws = await load(bytes);
    ws.eachRow((r, n) => {
      if (n > 1) r.getCell(1).value = String(r.getCell(1).text).replace('2026-03-', '2026-04-');
    });
    const moved = Buffer.from(await ws.workbook.xlsx.writeBuffer());
    const before = await count(w.accountId);
    const april = await importFile(clerk.token, moved, { accountId: String(w.accountId) });
    expect(april.json(), april.body).toMatchObject({ success: true, data: { vouchers: 3 } });
    expect(await count(w.accountId)).toBe(before + 3);
    const aprils = (await data(call(clerk.token, 'GET', '/api/voucher', { query: { filter: { accountId: w.accountId, periodId: [w.periodIds[3]] } } }), 'list')).content;
    expect(aprils.map(content)).toEqual(originals.map((o) => ({ ...content(o), markTime: o.markTime.replace('2026-03-', '2026-04-') })));
  });

  it('refuses a wrong file as a whole: every wrong row numbered, an error workbook, nothing written', async () => {
    const { clerk } = w.users;
    const head = ['日期 Date', '凭证字 Kind', '凭证号 Number', '摘要 Summary', '科目编码 Subject code', '客户 Customer', '借方金额 Debit', '贷方金额 Credit'];
    const file = await sheet([
      head,
      ['2026-05-10', '记', '1', '好凭证', '1001', '', '100', ''], // row 2: a good voucher (rows 2–3) …
      ['2026-05-10', '记', '1', '好凭证', '1002', '', '', '100'],
      ['2026-05-11', '记', '2', '未知科目', '9999', '', '100', ''], // row 4: unknown subject
      ['2026-05-11', '记', '2', '未知科目', '1002', '', '', '100'],
      ['2026-05-12', '记', '3', '不平', '1001', '', '100', ''], // rows 6–7: unbalanced
      ['2026-05-12', '记', '3', '不平', '1002', '', '', '90'],
      ['2026-05-13', '记', '4', '缺客户', '1122', '', '50', ''], // row 8: customer required
      ['2026-05-13', '记', '4', '缺客户', '1002', '', '', '50'],
      ['2026-05-14', '记', '5', '', '1001', '', '10', ''], // row 10: no summary
      ['2026-05-15', '记', '6', '非末级', '2221', '', '10', ''], // row 11: not a leaf
      ['2026-05-15', '记', '6', '非末级', '1002', '', '', '10'],
      ['2026-05-16', '记', '7', '两边', '1001', '', '10', '10'], // row 13: both sides
      ['2026-05-17', '记', '8', '未知客户', '1122', 'NOPE', '10', ''], // row 14: unknown customer
      ['2026-05-17', '记', '8', '未知客户', '1002', '', '', '10'],
      ['2027-09-01', '记', '9', '年度外', '1001', '', '10', ''], // rows 16–17: outside every year
      ['2027-09-01', '记', '9', '年度外', '1002', '', '', '10'],
    ]);
    const before = await count(w.accountId);
    for (const dryRun of ['true', 'false']) {
      const res = await importFile(clerk.token, file, { accountId: String(w.accountId), dryRun });
      const j = res.json();
      expect(j).toMatchObject({ success: false, code: 'IMPORT_ROWS_INVALID' });
      expect(j.msg).toMatch(/row 4/);
      const errors = j.appendix.errors as Array<{ row: number; column: string | null; message: string }>;
      expect(errors.map((e) => e.row)).toEqual([4, 6, 8, 10, 11, 13, 14, 16, 17]);
      expect(errors[0]).toMatchObject({ column: 'Subject code', message: 'No record has the code 9999' });
      expect(errors[1].message).toBe('Debit and credit are not balanced');
      expect(errors[2]).toMatchObject({ column: null, message: 'Customer is required' });
      expect(errors[3]).toMatchObject({ column: 'Summary', message: 'is required' });
      expect(errors[4].message).toMatch(/^Row 11: subject 2221 .* cannot be used/);
      expect(errors[5].message).toBe('Row 13 has both a debit and a credit amount');
      expect(errors[6]).toMatchObject({ column: 'Customer', message: 'No record has the code NOPE' });
      expect(errors[7]).toMatchObject({ column: 'Date' });
      const wb = await workbookAt(t, j.appendix.errorFile);
      const got = table(wb.worksheets[0]);
      expect(got[0].at(-1)).toBe('错误 Error');
      expect(got[3].at(-1)).toBe('Subject code: No record has the code 9999');
      expect(got[1].at(-1)).toBe('');
    }
    expect(await count(w.accountId)).toBe(before);

    const first = (await importFile(clerk.token, file, { accountId: String(w.accountId), failFast: 'true' })).json();
    expect(first.appendix.errors).toHaveLength(1);
    expect(first.appendix.errors[0].row).toBe(4);
    expect(await count(w.accountId)).toBe(before);

    const missing = (await importFile(clerk.token, await sheet([['摘要 Summary'], ['x']]), { accountId: String(w.accountId) })).json();
    expect(missing).toMatchObject({ success: false, code: 'IMPORT_ROWS_INVALID' });
    expect(missing.appendix.errors.map((e: any) => e.column)).toEqual(['Date', 'Kind', 'Number', 'Subject code']);
  });

  it('names each missing auxiliary type of a line, localized, at its sheet row', async () => {
    const { clerk } = w.users;
    await t.db.db.execute(sql`update subjects set aux_type_ids = '{5,6}' where id = ${w.subject.revenue}`);
    try {
      const file = await sheet([
        ['日期 Date', '凭证字 Kind', '凭证号 Number', '摘要 Summary', '科目编码 Subject code', '项目 Project', '借方金额 Debit', '贷方金额 Credit'],
        ['2026-05-20', '记', '1', '收入', '1001', '', '100', ''],
        ['2026-05-20', '记', '1', '收入', '5001', '', '', '100'], // row 3: project and budget missing
        ['2026-05-21', '记', '2', '收入', '1001', '', '100', ''],
        ['2026-05-21', '记', '2', '收入', '5001', 'P-NONE', '', '100'], // row 5: unknown project (reported as such)
      ]);
      const before = await count(w.accountId);
      const en = (await importFile(clerk.token, file, { accountId: String(w.accountId), dryRun: 'true' })).json();
      expect(en).toMatchObject({ success: false, code: 'IMPORT_ROWS_INVALID' });
      expect(en.appendix.errors.map((e: any) => [e.row, e.column, e.message])).toEqual([
        [3, null, 'Project is required'],
        [3, null, 'Budget is required'],
        [5, 'Project', 'No record has the code P-NONE'],
      ]);
      expect(en.msg).toContain('row 3: Project is required');
      const zhBody = multipart(file, clerk.token);
      const zh = (await t.app.inject({ method: 'POST', url: `/api/voucher/importXls?accountId=${w.accountId}`, payload: zhBody.payload, headers: { ...zhBody.headers, 'x-language': 'zh_CN' } })).json();
      expect(zh.appendix.errors.slice(0, 2).map((e: any) => e.message)).toEqual(['项目不能为空', '预算不能为空']);
      expect(await count(w.accountId)).toBe(before);
    } finally {
      await t.db.db.execute(sql`update subjects set aux_type_ids = '{5}' where id = ${w.subject.revenue}`);
    }
  });

  it('warns of each voucher equal to one already in the books (the check and the import), and still imports', async () => {
    const { clerk } = w.users;
    const { bytes } = await runTask('/api/voucher/exportXls', { filter: { accountId: w.accountId, id: [ids.aux] } }, clerk.token);
    const stored = await data(call(clerk.token, 'GET', `/api/voucher/${ids.aux}`), 'get');
    // Named in the requester's language (English here): the ledger set's 记 is 'General'.
    const label = `General-${stored.codeText}`;
    // A second voucher that differs in one amount: no warning for it.
    const ws = await load(bytes);
    const rowsOf = table(ws);
    const extra = rowsOf.slice(1).map((r) => [...r]);
    extra.forEach((r) => {
      r[2] = '99';
    });
    const debit = rowsOf[0].indexOf('借方金额 Debit');
    const credit = rowsOf[0].indexOf('贷方金额 Credit');
    extra[0][debit] = '5001';
    extra[1][credit] = '4001';
    extra[2][credit] = '1000';
    extra.forEach((r) => ws.addRow(r));
    const file = Buffer.from(await ws.workbook.xlsx.writeBuffer());
    const before = await count(w.accountId);
    const dry = await importFile(clerk.token, file, { accountId: String(w.accountId), dryRun: 'true' });
    expect(dry.json(), dry.body).toMatchObject({ success: true, data: { dryRun: true, vouchers: 2, warnings: [{ row: 2, message: `The voucher on row 2 matches ${label} already in the books` }] } });
    expect(dry.json().data.warnings).toHaveLength(1);
    const done = await importFile(clerk.token, file, { accountId: String(w.accountId) });
    expect(done.json(), done.body).toMatchObject({ success: true, data: { dryRun: false, vouchers: 2, warnings: [{ row: 2 }] } });
    expect(await count(w.accountId)).toBe(before + 2);
    // Imported again: both are in the books now, each named by the first stored copy.
    const again = (await importFile(clerk.token, file, { accountId: String(w.accountId), dryRun: 'true' })).json();
    expect(again.data.warnings.map((x: any) => x.row)).toEqual([2, 5]);
    expect(again.data.warnings[0].message).toContain(label);
    // A file of new vouchers answers no warnings.
    const fresh = await sheet([['日期 Date', '凭证字 Kind', '凭证号 Number', '摘要 Summary', '科目编码 Subject code', '借方金额 Debit', '贷方金额 Credit'], ['2026-05-22', '记', '1', '新的', '1001', '1', ''], ['2026-05-22', '记', '1', '新的', '1002', '', '1']]);
    expect((await importFile(clerk.token, fresh, { accountId: String(w.accountId), dryRun: 'true' })).json().data.warnings).toEqual([]);
  });

  it('keeps to the rights and the company: read for exports, voucher edit (2010101) for import and template', async () => {
    const { viewer, clerk } = w.users;
    // The viewer (menu only) may print and export but not import.
    const refused = (await importFile(viewer.token, await sheet([['日期 Date']]), { accountId: String(w.accountId) })).json();
    expect(refused).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    expect((await call(viewer.token, 'GET', '/api/voucher/template')).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    // Another company's admin-made user with every voucher right: the ids and the ledger set look missing.
    const stranger = await makeUser(t, admin, (await makeWorld(t, admin)).companyId, { rightIds: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_DAILY, RIGHTS.VOUCHER_OPERATE, RIGHTS.VOUCHER_EDIT] });
    for (const body of [{ ids: [ids.plain] }, { ids: [MISSING_ID] }]) {
      expect((await call(stranger.token, 'POST', '/api/voucher/exportPdf', { body })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    }
    expect((await call(stranger.token, 'POST', '/api/voucher/exportXls', { body: { filter: { accountId: w.accountId } } })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    expect((await importFile(stranger.token, await sheet([['日期 Date']]), { accountId: String(w.accountId) })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    // A print of vouchers from two ledger sets is refused: a print is one ledger set's.
    const third = await makeWorld(t, admin, { companyId: w.companyId });
    const [kind] = (await data(call(clerk.token, 'GET', '/api/voucher/kind', { query: { accountId: third.accountId } }), 'kinds')).content;
    const codes = await rows<{ id: number; code: string }>(sql`select id, code from subjects where account_year_id = ${third.accountYearId} and code in ('1001', '1002') order by code`);
    const elsewhere = await data(call(clerk.token, 'POST', '/api/voucher', { body: { accountId: third.accountId, kindId: kind.id, markTime: '2026-03-01', items: [
      { summary: 'x', subjectId: codes[0].id, direction: true, amount: '100' }, { summary: 'x', subjectId: codes[1].id, direction: false, amount: '100' },
    ] } }), 'elsewhere');
    expect((await call(clerk.token, 'POST', '/api/voucher/exportPdf', { body: { ids: [ids.plain, elsewhere.id] } })).json()).toMatchObject({ success: false, code: 'INVALID_INPUT' });
    // The task is its creator's: another user of the company without the system right cannot read it.
    const task = await data(call(clerk.token, 'POST', '/api/voucher/exportXls', { body: { filter: { accountId: w.accountId, id: [ids.plain] } } }), 'task');
    expect((await call(viewer.token, 'GET', `/api/system/export/${task.token}`)).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
  });
});
