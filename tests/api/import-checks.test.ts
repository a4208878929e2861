/**
 * What the master-data imports refuse before reading a single record (src/server/features/export/sheet.ts,
 * shared by every sheet definition): a header naming an unknown or repeated column, another
 * resource's file (required columns missing), the template's example row left in; and what a wrong
 * cell's message tells the user (the allowed values, the date format, the maximum length, digits
 * only), in both languages and in the error workbook.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeWorld, type World } from './factories';
import { multipart, sheet, workbookAt } from './workbooks';

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

  const base: Record<string, string> = { customer: '/api/aux/customer', employee: '/api/aux/employee', vendor: '/api/aux/vendor', budget: '/api/aux/budget', project: '/api/aux/project', subject: '/api/subject' };
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
  const codes = async (type: string) => (await list(type)).map((r) => r.code);
  const templateOf = async (type: string) => {
    const res = await t.app.inject({ method: 'GET', url: `${base[type]}/template`, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return wb;
  };
  const bytes = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());
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
        ['E60', '甲', 'D01', 'X', '', ''],
        ['E61', '乙', 'D01', '男', '2024-13-45', ''],
        ['E62', '丙'.repeat(60), 'D01', '', '', ''],
        ['E63', '丁', 'D01', '', '', 'maybe'],
        ['E64', '戊', 'D01', '', '2024/2/30', ''],
      ]);
      const j = refused(await importFile('employee', file));
      expect(j.appendix.errors).toEqual([
        { row: 2, column: 'Sex', message: 'must be one of 男 / 女 / M / F' },
        { row: 3, column: 'Birthday', message: 'must be a real date written YYYY-MM-DD (e.g. 2025-01-31) or an Excel date' },
        { row: 4, column: 'Name', message: 'must have at most 18 characters' },
        { row: 5, column: 'Salesman', message: 'must be Yes or No (是/否, Y/N, TRUE/FALSE, 1/0)' },
        { row: 6, column: 'Birthday', message: 'must be a real date written YYYY-MM-DD (e.g. 2025-01-31) or an Excel date' },
      ]);
      const zh = refused(await importFile('employee', file, 'zh_CN'));
      expect(zh.appendix.errors.map((e) => `${e.column}: ${e.message}`)).toEqual([
        '性别: 须为以下之一：男 / 女 / M / F',
        '出生日期: 须为有效日期，格式 YYYY-MM-DD（如 2025-01-31）或 Excel 日期',
        '姓名: 长度不能超过 18 个字符',
        '业务员: 须为 是/否（或 Y/N、TRUE/FALSE、1/0）',
        '出生日期: 须为有效日期，格式 YYYY-MM-DD（如 2025-01-31）或 Excel 日期',
      ]);
      expect(await codes('employee')).not.toContain('E60');
      // The error workbook's error column holds the same messages.
      const ws = (await workbookAt(t, j.appendix.errorFile)).worksheets[0];
      expect(ws.getRow(2).getCell(7).value).toBe('Sex: must be one of 男 / 女 / M / F');
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
});
