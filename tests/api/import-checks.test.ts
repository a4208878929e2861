/**
 * What the master-data imports refuse before reading a single record (src/server/features/export/sheet.ts,
 * shared by every sheet definition): a header naming an unknown or repeated column, another
 * resource's file (required columns missing), the template's example row left in; and what a wrong
 * cell's message tells the user (the allowed values, the date format, the maximum length, digits
 * only), in both languages and in the error workbook.
 */
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeWorld, type World } from './factories';
import { exportWorkbook, multipart, sheet, workbookAt } from './workbooks';

describe.each(backends())('import header, example row and cell messages (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  const post = (url: string, body: Record<string, unknown>) => data(t.call('POST', url, { token: admin, body, lang: 'en_US' }), url);

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
    // What the templates' example rows refer to, so an example row would otherwise import.
    const d01 = (await post('/api/aux/department', { companyId: w.companyId, code: 'D01', name: '诉讼部' })).id;
    await post('/api/aux/employee', { companyId: w.companyId, code: 'E001', name: '张三', departmentId: d01 });
    await post('/api/aux/customer', { companyId: w.companyId, code: 'C001', name: 'Existing client' });
  });
  afterAll(async () => t?.close());

  const base: Record<string, string> = { customer: '/api/aux/customer', employee: '/api/aux/employee', vendor: '/api/aux/vendor', budget: '/api/aux/budget', project: '/api/aux/project', subject: '/api/subject', department: '/api/aux/department', invoice: '/api/invoice' };
  const scope = (type: string): Record<string, number> =>
    type === 'vendor' ? { accountId: w.accountId } : type === 'budget' || type === 'subject' ? { accountYearId: w.accountYearId } : { companyId: w.companyId };
  const importFile = (type: string, file: Buffer, lang: 'en_US' | 'zh_CN' = 'en_US') => {
    const body = multipart(file, admin);
    return t.app.inject({
      method: 'POST', url: `${base[type]}/import`, query: Object.fromEntries(Object.entries(scope(type)).map(([k, v]) => [k, String(v)])),
      payload: body.payload, headers: { ...body.headers, 'x-language': lang },
    });
  };
  const list = async (type: string) =>
    (await data(t.call('GET', base[type], { token: admin, query: { filter: scope(type), limit: 1000 } }), type)).content as Array<Record<string, unknown>>;
  const one = async <T>(q: ReturnType<typeof sql>) => ((await t.db.db.execute(q)) as unknown as { rows: T[] }).rows[0]!;
  /** A voucher of two lines, 1001 against `subjectCode` (its line naming the budget when given): the books now use both subjects (and the budget). */
  const voucherOn = async (subjectCode: string, code: number, budgetId: number | null = null) => {
    const subject = (await one<{ id: number }>(sql`select id from subjects where account_year_id = ${w.accountYearId} and code = ${subjectCode}`)).id;
    const cash = (await one<{ id: number }>(sql`select id from subjects where account_year_id = ${w.accountYearId} and code = '1001'`)).id;
    const kind = (await one<{ id: number }>(sql`select id from voucher_kinds where account_id = ${w.accountId} order by sort, id limit 1`)).id;
    await t.db.db.transaction(async (tx) => {
      const v = ((await tx.execute(sql`insert into vouchers (company_id, account_id, account_year_id, period_id, kind_id, code, mark_date, debit_cents, credit_cents)
        values (${w.companyId}, ${w.accountId}, ${w.accountYearId}, ${w.periodIds[0]!}, ${kind}, ${code}, '2026-01-05', 500, 500) returning id`)) as unknown as { rows: Array<{ id: number }> }).rows[0]!.id;
      await tx.execute(sql`insert into voucher_items (company_id, voucher_id, line_no, summary, account_year_id, subject_id, direction, amount_cents, budget_id)
        values (${w.companyId}, ${v}, 1, '付办公费', ${w.accountYearId}, ${subject}, true, 500, ${budgetId}), (${w.companyId}, ${v}, 2, '付办公费', ${w.accountYearId}, ${cash}, false, 500, null)`);
    });
  };
  const codes = async (type: string) => (await list(type)).map((r) => r.code);
  const templateOf = async (type: string) => {
    const res = await t.app.inject({ method: 'GET', url: `${base[type]}/template`, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return wb;
  };
  const bytes = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());
  const errorsIn = async (type: string, rows: unknown[][], lang: 'en_US' | 'zh_CN' = 'en_US') => refused(await importFile(type, await sheet(rows), lang)).appendix.errors;
  const refused = (res: { json(): any; body: string }) => {
    const j = res.json();
    expect(j, res.body).toMatchObject({ success: false, code: 'IMPORT_ROWS_INVALID' });
    return j as { msg: string; appendix: { errors: Array<{ row: number; column: string | null; message: string }>; errorFile: string } };
  };

  describe('the header row', () => {
    it('refuses a misspelt or unknown column, naming it, and saves nothing (en, zh, error workbook)', async () => {
      const rows = [['客户编码 Code', '客户名称 Name', '开户银行 Bank name', '税务登记号'], ['C50', 'Acme', 'ICBC', '91310000MA1FL000XX']];
      const j = refused(await importFile('customer', await sheet(rows)));
      expect(j.appendix.errors).toEqual([
        { row: 1, column: null, message: 'Column 开户银行 Bank name is not recognised: use the column names of the template' },
        { row: 1, column: null, message: 'Column 税务登记号 is not recognised: use the column names of the template' },
      ]);
      expect(j.msg).toContain('Column 开户银行 Bank name is not recognised');
      expect(await codes('customer')).not.toContain('C50');
      const zh = refused(await importFile('customer', await sheet(rows), 'zh_CN'));
      expect(zh.appendix.errors[1].message).toBe('无法识别列 税务登记号，请使用模板中的列名');
      // The error workbook carries the messages in its error column, under the column's own header.
      const ws = (await workbookAt(t, j.appendix.errorFile)).worksheets[0];
      const header = String(ws.getRow(1).getCell(5).value);
      expect(header.split('\n')).toEqual(['错误 Error', ...j.appendix.errors.map((e) => e.message)]);
    });

    it('refuses a budget file whose kind column is misnamed (类型 for 类别) instead of importing every row as INCOME', async () => {
      const j = refused(await importFile('budget', await sheet([['预算编码 Code', '预算名称 Name', '类型'], ['6601', '管理费用', 'OUTCOME']])));
      expect(j.appendix.errors).toEqual([{ row: 1, column: null, message: expect.stringMatching(/^Column 类型 is not recognised/) }]);
      expect(await codes('budget')).not.toContain('6601');
    });

    it('refuses a column given twice (in any of its header forms)', async () => {
      const j = refused(await importFile('customer', await sheet([['客户编码 Code', '客户名称 Name', 'name'], ['C51', 'A', 'B']])));
      expect(j.appendix.errors).toEqual([{ row: 1, column: null, message: 'Column name is given more than once' }]);
      expect(await codes('customer')).not.toContain('C51');
    });

    it('keeps reading every header form: bilingual, Chinese only, English only (any case, spacing), export-only columns, an empty trailing header, the error column', async () => {
      const file = await sheet([
        ['客户编码', 'NAME', '开户行  Bank', 'Tax number', '停用 Disabled', '', '错误 Error\nColumn X is not recognised'],
        ['C52', 'Header forms', 'ICBC', 'TAX-52', '否', 'ignored', 'an old message'],
      ]);
      const res = await importFile('customer', file);
      expect(res.json(), res.body).toMatchObject({ success: true, data: { created: 1 } });
      expect((await list('customer')).find((c) => c.code === 'C52')).toMatchObject({ name: 'Header forms', bankName: 'ICBC', taxNumber: 'TAX-52', disabled: false });
      // Export-only (derived) columns of a budget export are recognised and not imported.
      const budget = await importFile('budget', await sheet([['预算编码 Code', '预算名称 Name', '类别 Kind', '级次 Level', '金额 Amount', '合计 Total'], ['6602', '财务费用', 'OUTCOME', 1, '', '']]));
      expect(budget.json(), budget.body).toMatchObject({ success: true, data: { created: 1 } });
      expect((await list('budget')).find((b) => b.code === '6602')).toMatchObject({ kind: 'OUTCOME' });
    });

    it("says a file of another resource's template is not this resource's template", async () => {
      const vendor = await templateOf('vendor');
      vendor.worksheets[0].getRow(2).values = ['V77', 'Paper & Co', 'NORMAL', '', false];
      const j = refused(await importFile('employee', await bytes(vendor)));
      expect(j.appendix.errors[0]).toEqual({ row: 1, column: null, message: 'This file is not the Employees template: columns 员工编码 Code, 姓名 Name not found' });
      expect(j.msg).toContain('This file is not the Employees template');
      expect(j.msg).not.toMatch(/Code: is required/);
      const zh = refused(await importFile('employee', await bytes(vendor), 'zh_CN'));
      expect(zh.appendix.errors[0].message).toBe('该文件不是员工导入模板：未找到列 员工编码 Code, 姓名 Name');
      expect(await codes('employee')).not.toContain('V77');
    });
  });

  describe("the template's example row", () => {
    it.each(['customer', 'employee', 'vendor', 'budget', 'project', 'subject'])('%s: the downloaded template imported unchanged is refused, naming row 2; nothing is saved', async (type) => {
      const before = await list(type);
      const j = refused(await importFile(type, await bytes(await templateOf(type))));
      expect(j.appendix.errors).toEqual([{ row: 2, column: null, message: "Row 2 is the template's example row: delete it or replace it with your own data" }]);
      expect(await list(type)).toEqual(before);
    });

    it('an overwritten example row imports; the example row among real rows is still refused', async () => {
      const wb = await templateOf('customer');
      const ws = wb.worksheets[0];
      ws.getRow(3).values = ['C53', 'Real client'];
      const j = refused(await importFile('customer', await bytes(wb), 'zh_CN'));
      expect(j.appendix.errors).toEqual([{ row: 2, column: null, message: '第 2 行是模板中的示例行，请删除或改为实际数据后再导入' }]);
      expect(await codes('customer')).not.toContain('C53');
      ws.getRow(2).getCell(2).value = 'Overwritten example';
      ws.getRow(2).getCell(1).value = 'C54';
      const res = await importFile('customer', await bytes(wb));
      expect(res.json(), res.body).toMatchObject({ success: true, data: { created: 2 } });
    });
  });

  describe('cell messages say what the column takes', () => {
    it('names the allowed values, the date format, the maximum length and yes/no', async () => {
      const file = await sheet([
        ['员工编码 Code', '姓名 Name', '部门编码 Department code', '性别 Sex', '出生日期 Birthday', '业务员 Salesman'],
        ['E60', '甲一', 'D01', 'X', '', ''],
        ['E61', '乙二', 'D01', '男', '2024-13-45', ''],
        ['E62', '丙'.repeat(60), 'D01', '', '', ''],
        ['E63', '丁四', 'D01', '', '', 'maybe'],
        ['E64', '戊五', 'D01', '', '2024/2/30', ''],
      ]);
      const j = refused(await importFile('employee', file));
      expect(j.appendix.errors).toEqual([
        { row: 2, column: 'Sex', message: 'must be one of M / F / 男 / 女' },
        { row: 3, column: 'Birthday', message: 'must be a real date written YYYY-MM-DD (e.g. 2025-01-31) or an Excel date' },
        { row: 4, column: 'Name', message: 'must have at most 18 characters' },
        { row: 5, column: 'Salesman', message: 'must be Yes or No (是/否, Y/N, TRUE/FALSE, 1/0)' },
        { row: 6, column: 'Birthday', message: 'must be a real date written YYYY-MM-DD (e.g. 2025-01-31) or an Excel date' },
      ]);
      const zh = refused(await importFile('employee', file, 'zh_CN'));
      expect(zh.appendix.errors.map((e) => `${e.column}: ${e.message}`)).toEqual([
        '性别: 须为以下之一：M / F / 男 / 女',
        '出生日期: 须为有效日期，格式 YYYY-MM-DD（如 2025-01-31）或 Excel 日期',
        '姓名: 长度不能超过 18 个字符',
        '业务员: 须为 是/否（或 Y/N、TRUE/FALSE、1/0）',
        '出生日期: 须为有效日期，格式 YYYY-MM-DD（如 2025-01-31）或 Excel 日期',
      ]);
      expect(await codes('employee')).not.toContain('E60');
      // The error workbook's error column holds the same messages.
      const ws = (await workbookAt(t, j.appendix.errorFile)).worksheets[0];
      expect(ws.getRow(2).getCell(7).value).toBe('Sex: must be one of M / F / 男 / 女');
      expect(ws.getRow(4).getCell(7).value).toBe('Name: must have at most 18 characters');
    });

    it('names the enum codes of a kind and the amount rule', async () => {
      const j = refused(await importFile('customer', await sheet([['客户编码 Code', '客户名称 Name', '类型 Kind'], ['C70', 'Gold client', 'GOLD'], ['C71', 'x'.repeat(60), '']])));
      expect(j.appendix.errors).toEqual([
        { row: 2, column: 'Kind', message: 'must be one of NORMAL / VIP / OTHER' },
        { row: 3, column: 'Name', message: 'must have at most 50 characters' },
      ]);
      const p = refused(await importFile('project', await sheet([['项目编码 Code', '项目名称 Name', '客户编码 Client codes', '负责人编码 Principal codes', '金额 Amount'], ['P70', 'Case', 'C001', 'E001', '1.234']])));
      expect(p.appendix.errors).toEqual([{ row: 2, column: 'Amount', message: 'must be an amount of at least 0 with at most 2 decimals, e.g. 1,234.50' }]);
    });

    it('refuses a subject or budget code with a letter as digits only (not stripped into another code)', async () => {
      const file = await sheet([['科目编码 Code', '科目名称 Name'], ['100209', '农业银行'], ['1002a09', '建设银行']]);
      const j = refused(await importFile('subject', file));
      expect(j.appendix.errors).toEqual([{ row: 3, column: 'Code', message: 'must contain digits only (0-9)' }]);
      expect(await codes('subject')).not.toContain('100209');
      const zh = refused(await importFile('subject', file, 'zh_CN'));
      expect(zh.appendix.errors).toEqual([{ row: 3, column: '科目编码', message: '只能包含数字（0-9）' }]);
      const b = refused(await importFile('budget', await sheet([['预算编码 Code', '预算名称 Name'], ['66A1', '杂费']])));
      expect(b.appendix.errors).toEqual([{ row: 2, column: 'Code', message: 'must contain digits only (0-9)' }]);
    });
  });

  describe('a rule the service checks names the cell it is about', () => {
    it('subject: a code off the code rule (tip2) names the Code column, in both languages', async () => {
      const rows = [['科目编码 Code', '科目名称 Name'], ['10121', '坏编码']];
      expect(await errorsIn('subject', rows)).toEqual([{ row: 2, column: 'Code', message: 'The code length does not match the subject code rule, or the first digit is not a subject kind (1–5)' }]);
      expect((await errorsIn('subject', rows, 'zh_CN'))[0]).toMatchObject({ row: 2, column: '科目编码' });
      expect(await codes('subject')).not.toContain('10121');
    });

    it('employee: a department that is not last-level names the Department code column', async () => {
      const parent = await post('/api/aux/department', { companyId: w.companyId, code: 'D09', name: '管理中心' });
      await post('/api/aux/department', { companyId: w.companyId, code: 'D0901', name: '行政部', parentId: parent.id });
      const rows = [['员工编码 Code', '姓名 Name', '部门编码 Department code'], ['E80', '王八十', 'D09']];
      expect(await errorsIn('employee', rows)).toEqual([{ row: 2, column: 'Department code', message: 'Only last-level departments can be chosen!' }]);
      expect(await errorsIn('employee', rows, 'zh_CN')).toEqual([{ row: 2, column: '部门编码', message: '只能选择末级部门！' }]);
      // A duplicate code, reported by the service, names the Code column (a department's parent, its Parent code).
      const dept = await errorsIn('department', [['部门编码 Code', '部门名称 Name', '上级部门编码 Parent code'], ['D86', '孤儿部', 'NOPE']]);
      expect(dept).toEqual([{ row: 2, column: 'Parent code', message: expect.stringContaining('NOPE') }]);
    });

    it('invoice: a received amount over the invoice amount names the Received amount column', async () => {
      const e001 = (await list('employee')).find((e) => e.code === 'E001')!;
      const c001 = (await list('customer')).find((c) => c.code === 'C001')!;
      await post('/api/aux/project', { companyId: w.companyId, code: 'P80', name: 'Invoice case', clients: [c001.id], principals: [e001.id] });
      const header = ['发票号码 Invoice number', '项目编码 Project code', '开票日期 Date', '金额 Amount', '已收金额 Received amount', '红冲金额 Red amount'];
      expect(await errorsIn('invoice', [header, ['INV80', 'P80', '2026-01-05', '100', '200', ''], ['INV81', 'P80', '2026-01-05', '100', '', '300']])).toEqual([
        { row: 2, column: 'Received amount', message: 'The received amount 200.00 cannot exceed the invoice amount 100.00' },
        { row: 3, column: 'Red amount', message: 'The red-letter amount 300.00 cannot exceed the invoice amount 100.00' },
      ]);
      expect((await errorsIn('invoice', [header, ['INV80', 'P80', '2026-01-05', '100', '200', '']], 'zh_CN'))[0].column).toBe('已收金额');
    });

    it('budget: tip2 names Code (a wrong length) or Kind (not the parent\'s); an amount on a parent names Amount', async () => {
      await post('/api/aux/budget', { accountYearId: w.accountYearId, code: '6101', name: '支出预算', kind: 'OUTCOME' });
      await post('/api/aux/budget', { accountYearId: w.accountYearId, code: '6201', name: '收入预算', kind: 'INCOME' });
      await post('/api/aux/budget', { accountYearId: w.accountYearId, code: '620101', name: '诉讼收入', amount: 10000 });
      const header = ['预算编码 Code', '预算名称 Name', '类别 Kind', '金额 Amount'];
      expect(await errorsIn('budget', [header, ['61010', '坏编码', '', ''], ['610101', '办公费', 'INCOME', ''], ['6201', '收入预算', '', '100']])).toEqual([
        { row: 2, column: 'Code', message: "The budget code must have 4, 6 or 8 digits, and a child budget has its parent's kind" },
        { row: 3, column: 'Kind', message: "The budget code must have 4, 6 or 8 digits, and a child budget has its parent's kind" },
        { row: 4, column: 'Amount', message: 'Only last-level budgets can be deleted or given an amount: 6201' },
      ]);
      expect(await errorsIn('budget', [header, ['6201', '收入预算', '', '100']], 'zh_CN')).toEqual([{ row: 2, column: '金额', message: '只有末级预算才能删除或填写金额：6201' }]);
    });

    it("employee: a leave date before the stored entry date (the service's check of the merged record) is the row's error, naming Leave date", async () => {
      await post('/api/aux/employee', { companyId: w.companyId, code: 'E90', name: '赵九十', departmentId: (await list('employee')).find((e) => e.code === 'E001')!.departmentId, entryDate: '2024-03-01' });
      const j = refused(await importFile('employee', await sheet([['员工编码 Code', '姓名 Name', '部门编码 Department code', '离职日期 Leave date'], ['E90', '赵九十', 'D01', '2024-01-01']])));
      expect(j.appendix.errors).toEqual([{ row: 2, column: 'Leave date', message: expect.stringMatching(/Entry date/) }]);
    });
  });

  describe('every wrong cell of a row is reported', () => {
    it('a row with several wrong cells lists each, in column order (cell rules and the schema\'s rules alike)', async () => {
      const file = await sheet([
        ['员工编码 Code', '姓名 Name', '部门编码 Department code', '性别 Sex', '出生日期 Birthday', '入职日期 Entry date'],
        ['E70', '钱七十', 'D01', '', '1990-02-30', '2024-13-01'],
        ['E71', '孙'.repeat(20), 'D01', 'X', 'abc', ''],
      ]);
      const j = refused(await importFile('employee', file));
      const dateRule = 'must be a real date written YYYY-MM-DD (e.g. 2025-01-31) or an Excel date';
      expect(j.appendix.errors).toEqual([
        { row: 2, column: 'Birthday', message: dateRule },
        { row: 2, column: 'Entry date', message: dateRule },
        { row: 3, column: 'Name', message: 'must have at most 18 characters' },
        { row: 3, column: 'Sex', message: 'must be one of M / F / 男 / 女' },
        { row: 3, column: 'Birthday', message: dateRule },
      ]);
      // Two rows are wrong (not five).
      expect(j.msg).toMatch(/row 2/);
      const ws = (await workbookAt(t, j.appendix.errorFile)).worksheets[0];
      expect(ws.getRow(2).getCell(7).value).toBe(`Birthday: ${dateRule}; Entry date: ${dateRule}`);
      expect(await codes('employee')).not.toContain('E70');
    });
  });

  describe('the Sex column', () => {
    it('is exported as the neutral codes M / F in either language and read back with the words', async () => {
      const d01 = (await list('employee')).find((e) => e.code === 'E001')!.departmentId;
      await post('/api/aux/employee', { companyId: w.companyId, code: 'S1', name: '男员工', departmentId: d01, sex: 1 });
      await post('/api/aux/employee', { companyId: w.companyId, code: 'S2', name: '女员工', departmentId: d01, sex: 0 });
      for (const lang of ['en_US', 'zh_CN'] as const) {
        const { ws } = await exportWorkbook(t, '/api/aux/employee/export', 'EMPLOYEE', { companyId: w.companyId, keyword: 'S' }, admin, lang);
        const header = (ws.getRow(1).values as unknown[]).indexOf('性别 Sex');
        const byCode = new Map<string, unknown>();
        ws.eachRow((row, i) => { if (i > 1) byCode.set(String(row.getCell(1).value), row.getCell(header).value); });
        expect([byCode.get('S1'), byCode.get('S2')], lang).toEqual(['M', 'F']);
      }
      const res = await importFile('employee', await sheet([['员工编码 Code', '姓名 Name', '部门编码 Department code', '性别 Sex'], ['S1', '男员工', 'D01', '女'], ['S2', '女员工', 'D01', 'male'], ['S3', '新员工', 'D01', 'ｆ']]));
      expect(res.json(), res.body).toMatchObject({ success: true, data: { created: 1, updated: 2 } });
      const sexes = Object.fromEntries((await list('employee')).filter((e) => ['S1', 'S2', 'S3'].includes(String(e.code))).map((e) => [e.code, e.sex]));
      expect(sexes).toEqual({ S1: 0, S2: 1, S3: 0 });
    });
  });

  describe('what an import cannot do says so', () => {
    it('a new auxiliary type on a used subject: add it in the subject form (both languages), naming the column', async () => {
      await voucherOn('5602', 901);
      const rows = [['科目编码 Code', '科目名称 Name', '辅助核算 Auxiliary types'], ['5602', '管理费用', 'DEPARTMENT']];
      expect(await errorsIn('subject', rows)).toEqual([{
        row: 2, column: 'Auxiliary types',
        message: 'The subject 5602 is already in use: add the auxiliary type DEPARTMENT in the subject form, which asks for the value written onto its existing voucher lines (an import cannot)',
      }]);
      expect(await errorsIn('subject', rows, 'zh_CN')).toEqual([{ row: 2, column: '辅助核算', message: '科目 5602 已被使用：请在科目表单中新增辅助核算 DEPARTMENT，表单会要求选择写入已有凭证分录的值（导入无法完成）' }]);
    });

    it('a child of a used budget names the parent budget, as a used subject does', async () => {
      const used = await post('/api/aux/budget', { accountYearId: w.accountYearId, code: '6301', name: '办公费预算', kind: 'OUTCOME' });
      await voucherOn('5602', 902, used.id);
      expect(await errorsIn('budget', [['预算编码 Code', '预算名称 Name'], ['630101', '文具']])).toEqual([{ row: 2, column: 'Code', message: 'The budget 6301 is already in use and cannot get a child budget' }]);
      const form = (await t.call('POST', '/api/aux/budget', { token: admin, body: { accountYearId: w.accountYearId, code: '630101', name: '文具' }, lang: 'zh_CN' })).json();
      expect(form).toMatchObject({ success: false, code: 'BUDGET_PARENT_IN_USE', msg: '预算 6301 已被使用，不能新增下级预算' });
    });
  });
});
