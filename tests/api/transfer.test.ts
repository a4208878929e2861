/**
 * Excel import / export / template of the master-data lists (spec 02 §2, §4, §5; decision 018):
 * for departments, employees, clients, projects, vendors and budgets the template is a real .xlsx
 * with the bilingual header row; an export (background task) reads back with exceljs and imports
 * again unchanged; one bad row names its row number, imports nothing and offers an error workbook;
 * import needs the operation right; a foreign scope is refused; the client/project visibility rule
 * holds for exports; formula-like text is neutralized.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, type World } from './factories';
import { exportWorkbook, multipart, sheet, workbookAt as workbookAtOf } from './workbooks';


describe.each(backends())('Excel import / export / template (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  let other: World;
  const ids: Record<string, number> = {};
  const post = (url: string, body: Record<string, unknown>, token = admin) => data(t.call('POST', url, { token, body, lang: 'en_US' }), url);

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
    other = await makeWorld(t, admin);
    const c = w.companyId;
    ids.d1 = (await post('/api/aux/department', { companyId: c, code: 'D1', name: '业务部' })).id;
    ids.d11 = (await post('/api/aux/department', { companyId: c, code: 'D11', name: '诉讼组', parentId: ids.d1 })).id;
    ids.e1 = (await post('/api/aux/employee', { companyId: c, code: 'E1', name: '张三', departmentId: ids.d11, sex: 1, phone: '13800000000', entryDate: '2024-03-01' })).id;
    ids.e2 = (await post('/api/aux/employee', { companyId: c, code: 'E2', name: '李四', departmentId: ids.d11 })).id;
    ids.c1 = (await post('/api/aux/customer', { companyId: c, code: 'C1', name: '=HYPERLINK("http://evil","x")', ownerId: ids.e1 })).id;
    ids.c2 = (await post('/api/aux/customer', { companyId: c, code: 'C2', name: 'Client two', ownerId: ids.e2 })).id;
    ids.p1 = (await post('/api/aux/project', { companyId: c, code: 'P1', name: 'Case one', clients: [ids.c1], principals: [ids.e1], amount: 123456789, departmentId: ids.d11 })).id;
    ids.p2 = (await post('/api/aux/project', { companyId: c, code: 'P2', name: 'Case two', clients: [ids.c2], principals: [ids.e2] })).id;
    ids.v1 = (await post('/api/aux/vendor', { accountId: w.accountId, code: 'V1', name: '-Office supplies', ownerId: ids.e1 })).id;
    ids.b1 = (await post('/api/aux/budget', { accountYearId: w.accountYearId, code: '6001', name: '律师费收入' })).id;
    ids.b11 = (await post('/api/aux/budget', { accountYearId: w.accountYearId, code: '600101', name: '诉讼收入', amount: 1000050 })).id;
  });
  afterAll(async () => t?.close());

  interface Resource {
    type: string;
    scope: () => Record<string, number>;
    foreignScope: () => Record<string, number>;
    /** Filter field for the export's scope. */
    headers: [string, string];
    count: () => Promise<number>;
    importRight: number;
    /** A sheet whose row 3 is wrong (row 2 would be a new, valid record). */
    bad: () => unknown[][];
    badColumn: string | null;
  }
  const list = async (url: string, filter: Record<string, unknown>) => (await data(t.call('GET', url, { token: admin, query: { filter, limit: 1000 } }), url)).total as number;
  const resources: Resource[] = [
    {
      type: 'department', scope: () => ({ companyId: w.companyId }), foreignScope: () => ({ companyId: other.companyId }), headers: ['部门编码 Code', '部门名称 Name'],
      count: () => list('/api/aux/department', { companyId: w.companyId }), importRight: RIGHTS.USER_CENTER,
      bad: () => [['部门编码 Code', '部门名称 Name', '上级部门编码 Parent code'], ['D2', '新部门', ''], ['D21', '孤儿', 'NOPE']], badColumn: 'Parent code',
    },
    {
      type: 'employee', scope: () => ({ companyId: w.companyId }), foreignScope: () => ({ companyId: other.companyId }), headers: ['员工编码 Code', '姓名 Name'],
      count: () => list('/api/aux/employee', { companyId: w.companyId }), importRight: RIGHTS.USER_CENTER,
      bad: () => [['员工编码 Code', '姓名 Name', '部门编码 Department code', '性别 Sex'], ['E9', '王五', 'D11', '男'], ['E10', '赵六', 'D11', 'X']], badColumn: 'Sex',
    },
    {
      type: 'customer', scope: () => ({ companyId: w.companyId }), foreignScope: () => ({ companyId: other.companyId }), headers: ['客户编码 Code', '客户名称 Name'],
      count: () => list('/api/aux/customer', { companyId: w.companyId }), importRight: RIGHTS.CUSTOMER_OPERATE,
      bad: () => [['客户编码 Code', '客户名称 Name', '负责人编码 Owner code'], ['C9', 'New client', 'E1'], ['C10', 'Bad owner', 'E404']], badColumn: 'Owner code',
    },
    {
      type: 'project', scope: () => ({ companyId: w.companyId }), foreignScope: () => ({ companyId: other.companyId }), headers: ['项目编码 Code', '项目名称 Name'],
      count: () => list('/api/aux/project', { companyId: w.companyId }), importRight: RIGHTS.PROJECT_OPERATE,
      bad: () => [['项目编码 Code', '项目名称 Name', '客户编码 Client codes', '负责人编码 Principal codes', '金额 Amount'], ['P9', 'New case', 'C1', 'E1', '10.5'], ['P10', 'Bad amount', 'C1', 'E1', '1.234']], badColumn: 'Amount',
    },
    {
      type: 'vendor', scope: () => ({ accountId: w.accountId }), foreignScope: () => ({ accountId: other.accountId }), headers: ['供应商编码 Code', '供应商名称 Name'],
      count: () => list('/api/aux/vendor', { accountId: w.accountId }), importRight: RIGHTS.SYSTEM,
      bad: () => [['供应商编码 Code', '供应商名称 Name'], ['V9', 'New vendor'], ['V10', '']], badColumn: 'Name',
    },
    {
      type: 'budget', scope: () => ({ accountYearId: w.accountYearId }), foreignScope: () => ({ accountYearId: other.accountYearId }), headers: ['预算编码 Code', '预算名称 Name'],
      count: () => list('/api/aux/budget', { accountYearId: w.accountYearId }), importRight: RIGHTS.BUDGET,
      bad: () => [['预算编码 Code', '预算名称 Name', '金额 Amount'], ['600102', '非诉收入', '500'], ['60010', '坏编码', '']], badColumn: 'Code',
    },
  ];

  const workbookAt = (url: string, token?: string) => workbookAtOf(t, url, token);
  const exportAll = (type: string, filter: Record<string, unknown>, token = admin) => exportWorkbook(t, `/api/aux/${type}/export`, type.toUpperCase(), filter, token);
  const importFile = (type: string, file: Buffer, query: Record<string, unknown>, token = admin) =>
    t.app.inject({ method: 'POST', url: `/api/aux/${type}/import`, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), ...multipart(file, token) });
  const headerRow = (ws: ExcelJS.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1);

  describe.each(resources.map((r) => [r.type, r] as const))('%s', (type, r) => {
    it('downloads the template: a valid .xlsx with the bilingual header row, an example row and a notes sheet', async () => {
      const wb = await workbookAt(`/api/aux/${type}/template`, admin);
      const ws = wb.worksheets[0];
      expect(headerRow(ws).slice(0, 2)).toEqual(r.headers);
      for (const h of headerRow(ws)) expect(String(h)).toMatch(/^\S+ [A-Z][A-Za-z ]+$/);
      expect(ws.rowCount).toBe(2);
      expect(wb.worksheets[1].name).toBe('说明 Notes');
      expect(wb.worksheets[1].getRow(2).getCell(1).value).toBe(r.headers[0]);
    });

    it('exports every row (poll, download, read back) and the exported workbook imports again unchanged', async () => {
      const before = await r.count();
      const { ws, raw } = await exportAll(type, r.scope());
      expect(headerRow(ws).slice(0, 2)).toEqual(r.headers);
      expect(ws.rowCount).toBe(1 + before);
      const res = await importFile(type, raw, r.scope());
      expect(res.json(), res.body).toMatchObject({ success: true, data: { created: 0, updated: 0, unchanged: before } });
      expect(await r.count()).toBe(before);
    });

    it('one bad row: its row number, nothing imported, an error workbook with an error column', async () => {
      const before = await r.count();
      const res = await importFile(type, await sheet(r.bad()), r.scope());
      const j = res.json();
      expect(j, res.body).toMatchObject({ success: false, code: 'IMPORT_ROWS_INVALID' });
      expect(j.msg).toMatch(/row 3/);
      expect(j.appendix.errors).toEqual([expect.objectContaining({ row: 3, column: r.badColumn })]);
      expect(await r.count()).toBe(before);
      expect(j.appendix.errorFile).toMatch(/^\/api\/files\/\d+\?exp=\d+&sig=/);
      const ws = (await workbookAt(j.appendix.errorFile)).worksheets[0];
      const errorCol = headerRow(ws).indexOf('错误 Error') + 1;
      expect(errorCol).toBeGreaterThan(0);
      expect(ws.getRow(2).getCell(errorCol).value).toBeNull();
      expect(String(ws.getRow(3).getCell(errorCol).value)).toContain(j.appendix.errors[0].message);
      // The good row alone imports.
      const good = await importFile(type, await sheet(r.bad().slice(0, 2)), r.scope());
      expect(good.json(), good.body).toMatchObject({ success: true, data: { created: 1, updated: 0, unchanged: 0 } });
      expect(await r.count()).toBe(before + 1);
    });

    it('import needs the operation right; a foreign scope is refused like a missing one', async () => {
      const reader = await makeUser(t, admin, w.companyId, [RIGHTS.BASIC]);
      const file = await sheet(r.bad().slice(0, 1));
      expect((await importFile(type, file, r.scope(), reader.token)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/aux/${type}/template`, headers: { authorization: `Bearer ${reader.token}` } })).statusCode).toBe(403);
      // Full rights in the other company do not reach this one (import nor export).
      const foreigner = await makeUser(t, admin, other.companyId, [r.importRight, RIGHTS.SYSTEM, RIGHTS.CUSTOMER_VIEW_ALL, RIGHTS.PROJECT_VIEW_ALL]);
      expect((await importFile(type, file, r.scope(), foreigner.token)).json().code).toBe('NO_PERMISSION');
      expect((await t.call('POST', `/api/aux/${type}/export`, { token: foreigner.token, body: { filter: r.scope() } })).json().code).toBe('NO_PERMISSION');
      // Nothing of the other company's scope matches: no data to export.
      expect((await t.call('POST', `/api/aux/${type}/export`, { token: admin, body: { filter: { ...r.foreignScope(), keyword: 'nothing-like-this' } }, lang: 'en_US' })).json()).toMatchObject({ code: 'NO_DATA_TO_EXPORT', msg: 'There is no data to export!' });
    });
  });

  it('neutralizes formula-like text on export and reads it back unchanged', async () => {
    const { ws, raw } = await exportAll('customer', { companyId: w.companyId, id: [ids.c1] });
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(2).value).toBe('\'=HYPERLINK("http://evil","x")');
    expect(ws.getRow(2).getCell(2).type).toBe(ExcelJS.ValueType.String);
    const v = await exportAll('vendor', { accountId: w.accountId, id: [ids.v1] });
    expect(v.ws.getRow(2).getCell(2).value).toBe("'-Office supplies");
    expect((await importFile('customer', raw, { companyId: w.companyId })).json().data).toEqual({ created: 0, updated: 0, unchanged: 1 });
    const c1 = (await data(t.call('GET', '/api/aux/customer', { token: admin, query: { filter: { companyId: w.companyId, id: [ids.c1] } } }), 'c1')).content[0];
    expect(c1.name).toBe('=HYPERLINK("http://evil","x")');
  });

  it('reads project amounts as text into cents (never a float) and clients/principals by code', async () => {
    const { ws } = await exportAll('project', { companyId: w.companyId, id: [ids.p1] });
    const header = headerRow(ws);
    // A number Excel sums, shown with two decimals; the import reads it back as the same cents.
    expect(ws.getRow(2).getCell(header.indexOf('金额 Amount') + 1).value).toBe(1234567.89);
    expect(ws.getRow(2).getCell(header.indexOf('金额 Amount') + 1).numFmt).toBe('#,##0.00;-#,##0.00');
    expect(ws.getRow(2).getCell(header.indexOf('客户编码 Client codes') + 1).value).toBe('C1');
    const file = await sheet([['项目编码 Code', '项目名称 Name', '客户编码 Client codes', '负责人编码 Principal codes', '金额 Amount'], ['P1', 'Case one', 'C1,C2', 'E1、E2', '1,000,000.07']]);
    expect((await importFile('project', file, { companyId: w.companyId })).json().data).toEqual({ created: 0, updated: 1, unchanged: 0 });
    const p1 = (await data(t.call('GET', '/api/aux/project', { token: admin, query: { filter: { companyId: w.companyId, id: [ids.p1] } } }), 'p1')).content[0];
    expect(p1).toMatchObject({ amount: 100000007, clientIds: [ids.c1, ids.c2].sort((a, b) => a - b), principalIds: [ids.e1, ids.e2].sort((a, b) => a - b) });
  });

  it('an existing code keeps what its blank cells leave out: a sheet of codes and names wipes no bank account, owner, phone or parent', async () => {
    const c = w.companyId;
    const full = await post('/api/aux/customer', { companyId: c, code: 'CKEEP', name: '保留字段的客户', ownerId: ids.e1, kind: 'VIP', bankName: '工行北京分行', bankAccount: '62221000000000', taxNumber: '91110105100000000', address: '北京' });
    const file = await sheet([['客户编码 Code', '客户名称 Name', '负责人编码 Owner code', '开户行 Bank', '税号 Tax number', '地址 Address'], ['CKEEP', '保留字段的客户甲', '', '', '', '上海']]);
    expect((await importFile('customer', file, { companyId: c })).json().data).toEqual({ created: 0, updated: 1, unchanged: 0 });
    const after = (await data(t.call('GET', '/api/aux/customer', { token: admin, query: { filter: { companyId: c, id: [full.id] } } }), 'c9')).content[0];
    expect(after).toMatchObject({ name: '保留字段的客户甲', ownerId: ids.e1, kind: 'VIP', bankName: '工行北京分行', bankAccount: '62221000000000', taxNumber: '91110105100000000', address: '上海' });
    // Employees: the phone and entry date stay; departments: a blank parent leaves the department where it is.
    const emp = await importFile('employee', await sheet([['员工编码 Code', '姓名 Name', '部门编码 Department code', '电话 Phone'], ['E1', '张三丰', 'D11', '']]), { companyId: c });
    expect(emp.json(), emp.body).toMatchObject({ success: true, data: { updated: 1 } });
    const e1 = (await data(t.call('GET', '/api/aux/employee', { token: admin, query: { filter: { companyId: c, id: [ids.e1] } } }), 'e1')).content[0];
    expect(e1).toMatchObject({ name: '张三丰', phone: '13800000000', entryDate: '2024-03-01', sex: 1 });
    const dep = await importFile('department', await sheet([['部门编码 Code', '部门名称 Name', '上级部门编码 Parent code'], ['D11', '诉讼一组', '']]), { companyId: c });
    expect(dep.json(), dep.body).toMatchObject({ success: true, data: { updated: 1 } });
    const d11 = (await data(t.call('GET', '/api/aux/department', { token: admin, query: { filter: { companyId: c } } }), 'deps')).content.find((d: { code: string }) => d.code === 'D11');
    expect(d11).toMatchObject({ name: '诉讼一组', parentId: ids.d1 });
  });

  it('reads codes, amounts and dates typed in full width (全角) and auxiliary types by the names the screens show', async () => {
    const importSubjects = (file: Buffer) => t.app.inject({ method: 'POST', url: '/api/subject/import', query: { accountYearId: String(w.accountYearId) }, ...multipart(file, admin) });
    const subj = await importSubjects( await sheet([['科目编码 Code', '科目名称 Name', '辅助核算 Auxiliary types'], ['５６０２０７', '全角编码的科目', '部门、职员']]));
    expect(subj.json(), subj.body).toMatchObject({ success: true, data: { created: 1 } });
    const created = (await data(t.call('GET', '/api/subject', { token: admin, query: { filter: { accountYearId: w.accountYearId, code: '560207' } } }), 'subject')).content[0];
    expect(created).toMatchObject({ code: '560207', auxTypeIds: [1, 2] });
    const budget = await importFile('budget', await sheet([['预算编码 Code', '预算名称 Name', '金额 Amount'], ['６００１９８', '全角金额的预算', '１２３．４５']]), { accountYearId: w.accountYearId });
    expect(budget.json(), budget.body).toMatchObject({ success: true, data: { created: 1 } });
    const rows = (await data(t.call('GET', '/api/aux/budget', { token: admin, query: { filter: { accountYearId: w.accountYearId } } }), 'budgets')).content as Array<{ code: string; amount: number }>;
    expect(rows.find((b) => b.code === '600198')).toMatchObject({ amount: 12_345 });
    const wrong = await importSubjects(await sheet([['科目编码 Code', '科目名称 Name', '辅助核算 Auxiliary types'], ['560208', '错误类型', '仓库']]));
    expect(wrong.json().appendix.errors[0].message).toContain('DEPARTMENT (部门)');
  });

  it('departments: a parent given by a code of the same sheet (even below) is created first', async () => {
    const file = await sheet([['部门编码 Code', '部门名称 Name', '上级部门编码 Parent code'], ['D31', '子部门', 'D3'], ['D3', '新部门', 'D1']]);
    expect((await importFile('department', file, { companyId: w.companyId })).json().data).toEqual({ created: 2, updated: 0, unchanged: 0 });
    const all = (await data(t.call('GET', '/api/aux/department', { token: admin, query: { filter: { companyId: w.companyId } } }), 'deps')).content as Array<{ id: number; code: string; parentId: number | null }>;
    const d3 = all.find((d) => d.code === 'D3')!;
    expect(d3.parentId).toBe(ids.d1);
    expect(all.find((d) => d.code === 'D31')!.parentId).toBe(d3.id);
    // Parent codes in another case name the same departments, of the sheet and on file (decision 072).
    const cased = await importFile('department', await sheet([['部门编码 Code', '部门名称 Name', '上级部门编码 Parent code'], ['D41', '孙部门', 'd4'], ['D4', '又一新部门', 'd1']]), { companyId: w.companyId });
    expect(cased.json(), cased.body).toMatchObject({ success: true, data: { created: 2 } });
    const again = (await data(t.call('GET', '/api/aux/department', { token: admin, query: { filter: { companyId: w.companyId } } }), 'deps')).content as Array<{ id: number; code: string; parentId: number | null }>;
    const d4 = again.find((d) => d.code === 'D4')!;
    expect(d4.parentId).toBe(ids.d1);
    expect(again.find((d) => d.code === 'D41')!.parentId).toBe(d4.id);
  });

  it('budgets: parents first, amounts of leaves in cents; an amount on a parent is refused by the form rule', async () => {
    const ok = await sheet([['预算编码 Code', '预算名称 Name', '金额 Amount'], ['700101', '差旅费', '2,500.50'], ['7001', '费用', '']]);
    const res = await importFile('budget', ok, { accountYearId: w.accountYearId });
    expect(res.json(), res.body).toMatchObject({ success: true, data: { created: 2 } });
    const rows = (await data(t.call('GET', '/api/aux/budget', { token: admin, query: { filter: { accountYearId: w.accountYearId } } }), 'budgets')).content as Array<{ code: string; amount: number; total: number }>;
    expect(rows.find((b) => b.code === '700101')).toMatchObject({ amount: 250050 });
    expect(rows.find((b) => b.code === '7001')).toMatchObject({ total: 250050 });
    const parentAmount = await importFile('budget', await sheet([['预算编码 Code', '预算名称 Name', '金额 Amount'], ['7001', '费用', '10']]), { accountYearId: w.accountYearId });
    expect(parentAmount.json()).toMatchObject({ code: 'IMPORT_ROWS_INVALID', appendix: { errors: [{ row: 2 }] } });
  });

  it('exports only the clients and projects the caller sees (the visibility rule)', async () => {
    const clerk = await makeUser(t, admin, w.companyId, [RIGHTS.BASIC]);
    const e3 = (await post('/api/aux/employee', { companyId: w.companyId, code: 'E3', name: '孙七', departmentId: ids.d11 })).id;
    await post(`/api/aux/employee/${e3}/bindUser`, { userId: clerk.id });
    const c3 = (await post('/api/aux/customer', { companyId: w.companyId, code: 'C3', name: 'Own client', ownerId: e3 })).id;
    await post('/api/aux/project', { companyId: w.companyId, code: 'P3', name: 'Own case', clients: [c3], principals: [e3] });
    const projects = await exportAll('project', { companyId: w.companyId }, clerk.token);
    expect((projects.ws.getColumn(1).values as unknown[]).slice(2)).toEqual(['P3']);
    const clients = await exportAll('customer', { companyId: w.companyId }, clerk.token);
    expect((clients.ws.getColumn(1).values as unknown[]).slice(2)).toEqual(['C3']);
    // Someone else's rows, ticked by id: nothing this user may export.
    expect((await t.call('POST', '/api/aux/project/export', { token: clerk.token, body: { filter: { companyId: w.companyId, id: [ids.p1] } } })).json().code).toBe('NO_DATA_TO_EXPORT');
  });

  it('subject template: the bilingual header row of the importable columns', async () => {
    const ws = (await workbookAt('/api/subject/template', admin)).worksheets[0];
    expect(headerRow(ws).slice(0, 3)).toEqual(['科目编码 Code', '科目名称 Name', '英文名称 English name']);
    expect(headerRow(ws)).not.toContain('级次 Level');
  });
});
