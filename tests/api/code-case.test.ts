/**
 * Codes and numbers name one record whatever the case of their letters (src/server/db/codes.ts,
 * migration 0041): a second customer, employee, vendor, bank account … whose code differs from one
 * on file only in case is refused as a duplicate, on create and on rename, by the service's check
 * and by the database's unique index; an import finds the record of such a code (it updates it,
 * it does not add a second) and a reference typed in another case resolves.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeWorld, type World } from './factories';
import { multipart, sheet } from './workbooks';

describe.each(backends())('codes whatever their case (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  let deptId: number;
  let empId: number;
  let customerId: number;
  let projectId: number;
  const post = (url: string, body: Record<string, unknown>) => t.call('POST', url, { token: admin, body, lang: 'en_US' });
  const ok = async (url: string, body: Record<string, unknown>) => data<{ id: number; version: number; code?: string }>(post(url, body), url);
  const subjectOf = async (code: string) =>
    ((await t.db.db.execute(sql`select id from subjects where account_year_id = ${w.accountYearId} and code = ${code}`)) as unknown as { rows: Array<{ id: number }> }).rows[0]!.id;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
    deptId = (await ok('/api/aux/department', { companyId: w.companyId, code: 'Lit', name: 'Litigation' })).id;
    empId = (await ok('/api/aux/employee', { companyId: w.companyId, code: 'Ea1', name: 'Alice', departmentId: deptId })).id;
    customerId = (await ok('/api/aux/customer', { companyId: w.companyId, code: 'Cx1', name: 'Client one' })).id;
    projectId = (await ok('/api/aux/project', { companyId: w.companyId, code: 'Px1', name: 'Case one', clients: [customerId], principals: [empId] })).id;
  });
  afterAll(async () => t?.close());

  /** Each resource: how to make one with a code, and the field holding it. */
  const resources = (): Array<{ name: string; url: string; field?: string; code: string; body: () => Promise<Record<string, unknown>>; refused: string }> => [
    { name: 'department', url: '/api/aux/department', code: 'Dz9', body: async () => ({ companyId: w.companyId, name: 'Dept' }), refused: 'DATA_DUPLICATION' },
    { name: 'employee', url: '/api/aux/employee', code: 'Ez9', body: async () => ({ companyId: w.companyId, name: 'Emp', departmentId: deptId }), refused: 'DATA_DUPLICATION' },
    { name: 'customer', url: '/api/aux/customer', code: 'Cz9', body: async () => ({ companyId: w.companyId, name: 'Client' }), refused: 'DATA_DUPLICATION' },
    { name: 'project', url: '/api/aux/project', code: 'Pz9', body: async () => ({ companyId: w.companyId, name: 'Case', clients: [customerId], principals: [empId] }), refused: 'DATA_DUPLICATION' },
    { name: 'vendor', url: '/api/aux/vendor', code: 'Vz9', body: async () => ({ accountId: w.accountId, name: 'Vendor' }), refused: 'VENDOR_CODE_DUPLICATE' },
    { name: 'bank', url: '/api/common/bank', code: 'Bz9', body: async () => ({ companyId: w.companyId, name: 'Bank' }), refused: 'BANK_CODE_DUPLICATE' },
    { name: 'bank account', url: '/api/common/bankAccount', code: 'Az9', body: async () => ({ accountYearId: w.accountYearId, name: 'Account', kind: 'CASH', subjectId: await subjectOf('1001') }), refused: 'BANK_ACCOUNT_CODE_DUPLICATE' },
    { name: 'income kind', url: '/api/cashier/income', code: 'Iz9', body: async () => ({ accountYearId: w.accountYearId, name: 'Receipts', subjectId: await subjectOf('1122') }), refused: 'CASHIER_KIND_CODE_DUPLICATE' },
    { name: 'common summary', url: '/api/common/commonlySummary', code: 'Sz9', body: async () => ({ companyId: w.companyId, summary: `Summary ${Math.random()}` }), refused: 'SUMMARY_CODE_DUPLICATE' },
    { name: 'invoice', url: '/api/invoice', field: 'no', code: 'INVz9', body: async () => ({ projectId, date: '2026-03-01', amount: 100_00 }), refused: 'INVOICE_NO_DUPLICATE' },
  ];

  it('refuses a code that differs from one on file only in case, on create and on rename, and keeps both records as they were', async () => {
    for (const r of resources()) {
      const field = r.field ?? 'code';
      const first = await ok(r.url, { ...(await r.body()), [field]: r.code });
      const again = await post(r.url, { ...(await r.body()), [field]: r.code.toLowerCase() });
      expect(again.statusCode, `${r.name}: ${again.body}`).toBe(409);
      expect(again.json().code, r.name).toBe(r.refused);
      const upper = await post(r.url, { ...(await r.body()), [field]: r.code.toUpperCase() });
      expect(upper.json().code, r.name).toBe(r.refused);
      // Another record renamed to the code in another case: refused, and it keeps its own.
      const other = await ok(r.url, { ...(await r.body()), [field]: `${r.code}b` });
      const rename = await post(`${r.url}/${other.id}`, { [field]: r.code.toUpperCase(), version: other.version });
      expect(rename.json().code, `${r.name} rename: ${rename.body}`).toBe(r.refused);
      // The record itself may change the case of its own code.
      const recase = await post(`${r.url}/${first.id}`, { [field]: r.code.toLowerCase(), version: first.version });
      expect(recase.json().success, `${r.name} recase: ${recase.body}`).toBe(true);
      expect(recase.json().data[field], r.name).toBe(r.code.toLowerCase());
    }
  });

  it('keeps the rule in the database too: a row written around the services is refused by the unique index', async () => {
    const insert = t.db.db.execute(sql`insert into customers (company_id, code, name) values (${w.companyId}, ${'CX1'}, ${'Around the service'})`);
    await expect(insert).rejects.toThrow();
    const n = ((await t.db.db.execute(sql`select count(*)::int as n from customers where company_id = ${w.companyId} and lower(code) = 'cx1'`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    expect(n).toBe(1);
  });

  it('imports a row whose code differs only in case as the record on file, and resolves references typed in another case', async () => {
    const importCustomers = async (rows: unknown[][]) => t.app.inject({
      method: 'POST', url: '/api/aux/customer/import', query: { companyId: String(w.companyId) },
      ...multipart(await sheet([['客户编码 Code', '客户名称 Name', '负责人编码 Owner code'], ...rows]), admin),
    });
    const res = await importCustomers([['cx1', 'Client one, renamed', 'EA1']]);
    expect(res.json(), res.body).toMatchObject({ success: true, data: { created: 0, updated: 1 } });
    const list = await data<{ content: Array<{ id: number; code: string; name: string; owner: { id: number } | null }> }>(t.call('GET', '/api/aux/customer', { token: admin, query: { filter: { companyId: w.companyId }, limit: 1000 } }), 'customers');
    const mine = list.content.filter((c) => c.code.toLowerCase() === 'cx1');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: customerId, name: 'Client one, renamed', owner: { id: empId } });
    // The same code twice in one file, in two cases, is one code repeated.
    const twice = await importCustomers([['NEW1', 'A', ''], ['new1', 'B', '']]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().appendix.errors).toEqual([expect.objectContaining({ row: 3, message: 'Code new1 is on more than one row' })]);
  });
});
