/**
 * Background exports (spec 01 §7 export progress, spec 02 §4/§8): the call answers a task token at
 * once, polling reaches completed with a signed download URL, the workbook holds the rows with
 * bilingual headers and neutralized formula-like text, only the creator or a company manager reads
 * the task, and a restart marks tasks left RUNNING as FAILED.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RIGHTS } from '../../src/domain/rights';
import { buildApp } from '../../src/server/app';
import { exportTasks } from '../../src/server/db/schema';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeCompany, makeUser, makeWorld, userIdByName, type World } from './factories';

describe.each(backends())('exports (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
  });
  afterAll(async () => t?.close());

  const startExport = (filter: Record<string, unknown>, token = admin) => t.call('POST', '/api/subject/export', { token, body: { filter: { accountYearId: w.accountYearId, ...filter } }, lang: 'en_US' });
  const progress = (token: string, who = admin) => t.call('GET', `/api/system/export/${token}`, { token: who, lang: 'en_US' });

  /** Polls like the app does (without the 1.5 s pause) until the task is no longer running. */
  async function pollUntilDone(taskToken: string, who = admin) {
    for (let i = 0; i < 200; i++) {
      const task = await data(progress(taskToken, who), 'progress');
      if (task.completed || task.failed) return task;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('export never finished');
  }

  async function download(url: string) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return wb.worksheets[0];
  }

  it('answers a RUNNING task at once; polling reaches completed with a download of every subject, bilingual headers', async () => {
    const task = await data(startExport({}), 'export');
    expect(task).toMatchObject({ kind: 'SUBJECT', state: 'RUNNING', completed: false, failed: false, result: null });
    expect(task.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const done = await pollUntilDone(task.token);
    expect(done).toMatchObject({ state: 'FINISHED', progress: 100, completed: true, failed: false, error: null });
    expect(done.result).toMatch(/^\/api\/files\/\d+\?exp=\d+&sig=/);
    const ws = await download(done.result);
    expect(ws.getRow(1).getCell(1).value).toBe('科目编码 Code');
    expect(ws.getRow(1).getCell(2).value).toBe('科目名称 Name');
    expect(ws.rowCount).toBe(1 + 66);
    expect(ws.getRow(2).values).toEqual(expect.arrayContaining(['1001', '库存现金', 'Cash on hand', 'ASSET', 'BORROWER', 1]));
  });

  it('exports only the ticked subjects (filter id list) and neutralizes text that starts like a formula', async () => {
    const evil = await data(t.call('POST', '/api/subject', { token: admin, body: { accountYearId: w.accountYearId, code: '100201', name: '=HYPERLINK("http://evil","x")', abbr: '@SUM(A1)' } }), 'subject');
    const plain = await data(t.call('POST', '/api/subject', { token: admin, body: { accountYearId: w.accountYearId, code: '100202', name: 'Bank - plain' } }), 'subject');
    const task = await data(startExport({ id: [evil.id, plain.id] }), 'export');
    const done = await pollUntilDone(task.token);
    const ws = await download(done.result);
    expect(ws.rowCount).toBe(3);
    expect(ws.getRow(2).getCell(1).value).toBe('100201');
    expect(ws.getRow(2).getCell(2).value).toBe('\'=HYPERLINK("http://evil","x")');
    expect(ws.getRow(2).getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(ws.getRow(2).getCell(4).value).toBe("'@SUM(A1)");
    expect(ws.getRow(3).getCell(2).value).toBe('Bank - plain');
  });

  it("answers 'There is no data to export!' when nothing matches, and records no task", async () => {
    const before = (await t.db.db.select().from(exportTasks)).length;
    const res = await startExport({ keyword: 'no-such-subject-anywhere' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'NO_DATA_TO_EXPORT', msg: 'There is no data to export!' });
    expect((await t.db.db.select().from(exportTasks)).length).toBe(before);
  });

  it('lets only the creator or a manager of the company read the task; others get No permission like a missing token', async () => {
    const clerk = await makeUser(t, admin, w.companyId, [RIGHTS.BASIC]);
    const task = await data(startExport({}, clerk.token), 'export by clerk');
    await pollUntilDone(task.token, clerk.token);
    // A colleague without the system right, and a fully privileged user of another company: refused.
    const colleague = await makeUser(t, admin, w.companyId, [RIGHTS.BASIC, RIGHTS.BASIC_FINANCE]);
    const other = await makeCompany(t, admin);
    const foreigner = await makeUser(t, admin, other.id, [RIGHTS.SYSTEM, RIGHTS.BASIC]);
    const missing = await progress('A'.repeat(32), foreigner.token);
    for (const who of [colleague.token, foreigner.token]) {
      const res = await progress(task.token, who);
      expect(res.statusCode).toBe(403);
      expect({ code: res.json().code, msg: res.json().msg }).toEqual({ code: missing.json().code, msg: missing.json().msg });
    }
    // A manager (system right in the company) and the admin may read it.
    const manager = await makeUser(t, admin, w.companyId, [RIGHTS.SYSTEM]);
    expect((await data(progress(task.token, manager.token), 'manager')).completed).toBe(true);
    expect((await data(progress(task.token, admin), 'admin')).completed).toBe(true);
    // A foreigner cannot start an export of this company's year either.
    expect((await startExport({}, foreigner.token)).statusCode).toBe(403);
  });

  it("answers 'The generated file has been cleared' when the result file is gone", async () => {
    const task = await data(startExport({}), 'export');
    const done = await pollUntilDone(task.token);
    const [row] = await t.db.db.select().from(exportTasks).where(eq(exportTasks.token, task.token));
    await t.db.db.execute(`delete from files where id = ${row.resultFileId}` as never);
    const res = await progress(done.token);
    expect(res.json()).toMatchObject({ success: false, code: 'FILE_CLEARED', msg: 'The generated file has been cleared' });
  });

  it('marks tasks left RUNNING as FAILED when the server starts again (never stuck)', async () => {
    const userId = await userIdByName(t, admin, 'admin');
    await t.db.db.insert(exportTasks).values({ token: 'stuck-task-token-0000000000000000', companyId: w.companyId, kind: 'SUBJECT', state: 'RUNNING', progress: 40, createdBy: userId });
    // A second process on the same database (the restart).
    const restarted = await buildApp({ db: t.db.db, dbKind: t.db.kind, fileSecret: 'test-secret' });
    await restarted.ready();
    try {
      const res = await restarted.inject({ method: 'GET', url: '/api/system/export/stuck-task-token-0000000000000000', headers: { authorization: `Bearer ${admin}`, 'x-language': 'en_US' } });
      expect(res.json().data).toMatchObject({ state: 'FAILED', failed: true, completed: false, progress: 40, result: null });
      expect(res.json().data.error).toMatch(/restart/);
      const running = await t.db.db.select().from(exportTasks).where(eq(exportTasks.state, 'RUNNING'));
      expect(running).toEqual([]);
    } finally {
      await restarted.close();
    }
  });

  it('refuses a malformed token (400) and a user without a session (401)', async () => {
    expect((await progress('bad token!')).statusCode).toBe(400);
    expect((await t.call('GET', `/api/system/export/${'A'.repeat(32)}`)).statusCode).toBe(401);
  });

  // ── Import ────────────────────────────────────────────────────────────────────────────────
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  function multipart(file: Buffer | null, token = admin) {
    const boundary = '----ldimport';
    const parts = file
      ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="subjects.xlsx"\r\nContent-Type: ${XLSX}\r\n\r\n`), file, Buffer.from(`\r\n--${boundary}--\r\n`)]
      : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nnone\r\n--${boundary}--\r\n`)];
    return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}`, 'x-language': 'en_US' } };
  }
  async function sheet(rows: unknown[][], headers = ['科目编码 Code', '科目名称 Name', '英文名称 English name', '余额方向 Balance direction', '辅助核算 Auxiliary types', '停用 Disabled']) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Subjects');
    ws.addRow(headers);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  const importFile = (file: Buffer | null, query: Record<string, string> = {}, token = admin) =>
    t.app.inject({ method: 'POST', url: '/api/subject/import', query: { accountYearId: String(w.accountYearId), ...query }, ...multipart(file, token) });
  const codes = async (prefix: string) => (await data(t.call('GET', '/api/subject', { token: admin, query: { filter: { accountYearId: w.accountYearId, codePrefix: prefix } } }), 'list')).content as Array<{ code: string; name: string; auxTypeIds: number[]; disabled: boolean; version: number }>;

  it("refuses an import without a file: 'please select EXCEL'", async () => {
    const res = await importFile(null);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'IMPORT_FILE_REQUIRED', msg: 'please select EXCEL' });
    const notExcel = await importFile(Buffer.from('code,name\n1,x\n'));
    expect(notExcel.json()).toMatchObject({ success: false, code: 'FILE_TYPE_NOT_ALLOWED' });
  });

  it('imports new subjects parents first, with the form rules; a bad row names its row number and nothing is imported', async () => {
    // Row 3 has a code whose length fits no level of the rule (tip2); row 5 lacks a name.
    const bad = await sheet([
      ['112201', '客户甲', 'Client A', '', 'CUSTOMER', false],
      ['11220', '坏编码', null, '', '', false],
      ['11220101', '客户甲一部', null, '', '', false],
      ['112202', '', null, '', '', false],
    ]);
    const res = await importFile(bad);
    expect(res.statusCode).toBe(400);
    const j = res.json();
    expect(j.code).toBe('IMPORT_ROWS_INVALID');
    expect(j.msg).toMatch(/row 3/);
    expect(j.appendix.errors.map((e: { row: number }) => e.row)).toEqual([3, 5]);
    expect(j.appendix.errors[1]).toMatchObject({ row: 5, column: 'Name' });
    expect(await codes('1122')).toHaveLength(1);

    // failFast stops at the first wrong row.
    const fast = (await importFile(bad, { failFast: 'true' })).json();
    expect(fast.appendix.errors.map((e: { row: number }) => e.row)).toEqual([3]);

    // A rule the service checks (tip3: the parent 112299 is missing) also names its row and imports nothing.
    const orphan = (await importFile(await sheet([['112201', '客户甲', null, '', '', false], ['11229901', '孤儿', null, '', '', false]]))).json();
    expect(orphan).toMatchObject({ success: false, code: 'IMPORT_ROWS_INVALID' });
    expect(orphan.appendix.errors).toEqual([{ row: 3, column: 'Code', message: expect.stringContaining('112299') }]);
    expect(await codes('1122')).toHaveLength(1);

    // Child listed before its parent: still imported (parents first).
    const good = await sheet([
      ['11220101', '客户甲一部', null, '', '', false],
      ['112201', '客户甲', 'Client A', '', 'CUSTOMER,DEPARTMENT', false],
    ]);
    expect(await data(importFile(good), 'import')).toEqual({ created: 2, updated: 0, unchanged: 0 });
    const imported = await codes('1122');
    expect(imported.map((s) => s.code)).toEqual(['1122', '112201', '11220101']);
    expect(imported[1]).toMatchObject({ name: '客户甲', auxTypeIds: [1, 3] });
  });

  it('an exported workbook imports again: unchanged rows are not written, changed ones are updated', async () => {
    const task = await data(startExport({ codePrefix: '1001' }), 'export');
    const done = await pollUntilDone(task.token);
    const res = await t.app.inject({ method: 'GET', url: done.result });
    const before = await codes('1001');
    expect(await data(importFile(res.rawPayload), 'reimport')).toEqual({ created: 0, updated: 0, unchanged: before.length });
    expect((await codes('1001')).map((s) => s.version)).toEqual(before.map((s) => s.version));
    const changed = await sheet([['1001', '现金', 'Cash', 'BORROWER', '', true]]);
    expect(await data(importFile(changed), 'update')).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect((await codes('1001'))[0]).toMatchObject({ name: '现金', disabled: true });
  });

  it('import needs the basic-finance right in the year’s company', async () => {
    const reader = await makeUser(t, admin, w.companyId, [RIGHTS.BASIC]);
    const res = await importFile(await sheet([['100299', 'X', null, '', '', false]]), {}, reader.token);
    expect(res.statusCode).toBe(403);
  });
});

