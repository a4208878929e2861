/**
 * Master data the books use is "in use": once a voucher line names a subject, a voucher kind or an
 * auxiliary value (department, employee, customer, vendor, project, budget), the used-checks answer
 * true and deletes are refused — and the database's foreign keys back that up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeWorld, type World } from './factories';

describe.each(backends())('ledger usage of master data (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  const one = async <T>(q: ReturnType<typeof sql>) => ((await t.db.db.execute(q)) as unknown as { rows: T[] }).rows[0]!;
  const ok = <T = any>(method: 'GET' | 'POST' | 'DELETE', url: string, o: { body?: unknown; query?: Record<string, unknown> } = {}) =>
    data<T>(t.call(method, url, { token: admin, ...o }), `${method} ${url}`);

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
  });
  afterAll(async () => t?.close());

  it('answers used and refuses deleting what a voucher line names', async () => {
    const dept = await ok('POST', '/api/aux/department', { body: { companyId: w.companyId, code: 'LU', name: '账务部' } });
    const emp = await ok('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'LU1', name: '会计甲', departmentId: dept.id } });
    const cust = await ok('POST', '/api/aux/customer', { body: { companyId: w.companyId, code: 'LUC', name: '客户甲' } });
    const proj = await ok('POST', '/api/aux/project', { body: { companyId: w.companyId, code: 'LUP', name: '案件甲', clients: [cust.id], principals: [emp.id] } });
    const vendor = await ok('POST', '/api/aux/vendor', { body: { accountId: w.accountId, code: 'LUV', name: '供应商甲' } });
    const budget = await ok('POST', '/api/aux/budget', { body: { accountYearId: w.accountYearId, code: '6601', name: '办公费预算', kind: 'OUTCOME' } });
    const subject = (await one<{ id: number }>(sql`select id from subjects where account_year_id = ${w.accountYearId} and code = '5001'`)).id;
    const cash = (await one<{ id: number }>(sql`select id from subjects where account_year_id = ${w.accountYearId} and code = '1001'`)).id;
    const kind = (await one<{ id: number }>(sql`select id from voucher_kinds where account_id = ${w.accountId} and not is_default order by sort, id limit 1`)).id;

    // Nothing uses them yet.
    expect(await ok('GET', '/api/subject/used', { query: { id: subject } })).toBe(false);
    expect(await ok('GET', `/api/aux/vendor/${vendor.id}/used`)).toBe(false);
    expect(await ok('GET', `/api/voucher/kind/${kind}/used`)).toBe(false);

    await t.db.db.transaction(async (tx) => {
      const v = ((await tx.execute(sql`insert into vouchers (company_id, account_id, account_year_id, period_id, kind_id, code, mark_date, debit_cents, credit_cents)
        values (${w.companyId}, ${w.accountId}, ${w.accountYearId}, ${w.periodIds[0]!}, ${kind}, 1, '2026-01-05', 12000, 12000) returning id`)) as unknown as { rows: Array<{ id: number }> }).rows[0]!.id;
      await tx.execute(sql`insert into voucher_items (company_id, voucher_id, line_no, summary, account_year_id, subject_id, direction, amount_cents)
        values (${w.companyId}, ${v}, 1, '收律师费', ${w.accountYearId}, ${cash}, true, 12000)`);
      await tx.execute(sql`insert into voucher_items (company_id, voucher_id, line_no, summary, account_year_id, subject_id, direction, amount_cents,
        department_id, employee_id, customer_id, vendor_id, project_id, budget_id)
        values (${w.companyId}, ${v}, 2, '收律师费', ${w.accountYearId}, ${subject}, false, 12000, ${dept.id}, ${emp.id}, ${cust.id}, ${vendor.id}, ${proj.id}, ${budget.id})`);
    });

    expect(await ok('GET', '/api/subject/used', { query: { id: subject } })).toBe(true);
    expect(await ok('GET', `/api/aux/department/${dept.id}/used`)).toBe(true);
    expect(await ok('GET', `/api/aux/employee/${emp.id}/used`)).toBe(true);
    expect(await ok('GET', `/api/aux/customer/${cust.id}/used`)).toBe(true);
    expect(await ok('GET', `/api/aux/project/${proj.id}/used`)).toBe(true);
    expect(await ok('GET', `/api/aux/vendor/${vendor.id}/used`)).toBe(true);
    expect(await ok('GET', `/api/aux/budget/${budget.id}/used`)).toBe(true);
    expect(await ok('GET', `/api/voucher/kind/${kind}/used`)).toBe(true);

    for (const url of [`/api/aux/project/${proj.id}`, `/api/aux/vendor/${vendor.id}`, `/api/aux/budget/${budget.id}`, `/api/voucher/kind/${kind}`]) {
      const res = await t.call('DELETE', url, { token: admin });
      expect(res.json(), url).toMatchObject({ success: false, code: 'IN_USE' });
    }
    const subj = await t.call('DELETE', '/api/subject', { token: admin, query: { filter: { id: [subject] } } });
    expect(subj.json().success).toBe(false);
    // A used subject cannot get a child either (spec 02: a used record cannot get a child).
    const child = await t.call('POST', '/api/subject', { token: admin, body: { accountYearId: w.accountYearId, code: '500101', name: '子科目' } });
    expect(child.json().success).toBe(false);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from subjects where account_year_id = ${w.accountYearId} and code = '500101'`)).n).toBe(0);
  });

  it('tip7: a used subject gains auxiliary types only with a value for its existing lines, even audited ones', async () => {
    const subject = (await one<{ id: number; version: number }>(sql`select id, version from subjects where account_year_id = ${w.accountYearId} and code = '5602'`));
    const cash = (await one<{ id: number }>(sql`select id from subjects where account_year_id = ${w.accountYearId} and code = '1001'`)).id;
    const kind = (await one<{ id: number }>(sql`select id from voucher_kinds where account_id = ${w.accountId} order by sort, id limit 1`)).id;
    const adminId = (await t.call('GET', '/api/idm/user/current', { token: admin })).json().data.id;
    const parentDept = await ok('POST', '/api/aux/department', { body: { companyId: w.companyId, code: 'T7', name: '行政中心' } });
    const dept = await ok('POST', '/api/aux/department', { body: { companyId: w.companyId, code: 'T701', name: '行政部', parentId: parentDept.id } });
    const voucherIn = async (periodIndex: number, code: number) => t.db.db.transaction(async (tx) => {
      const v = ((await tx.execute(sql`insert into vouchers (company_id, account_id, account_year_id, period_id, kind_id, code, mark_date, debit_cents, credit_cents)
        values (${w.companyId}, ${w.accountId}, ${w.accountYearId}, ${w.periodIds[periodIndex]!}, ${kind}, ${code}, '2026-03-05', 800, 800) returning id`)) as unknown as { rows: Array<{ id: number }> }).rows[0]!.id;
      await tx.execute(sql`insert into voucher_items (company_id, voucher_id, line_no, summary, account_year_id, subject_id, direction, amount_cents)
        values (${w.companyId}, ${v}, 1, '办公用品', ${w.accountYearId}, ${subject.id}, true, 800), (${w.companyId}, ${v}, 2, '办公用品', ${w.accountYearId}, ${cash}, false, 800)`);
      return v;
    });
    const v = await voucherIn(2, 701);
    await t.db.db.execute(sql`update vouchers set audit_at = now(), audit_by = ${adminId}, audit_pass = true where id = ${v}`);
    const update = (body: Record<string, unknown>) => t.call('POST', `/api/subject/${subject.id}`, { token: admin, body, lang: 'en_US' });

    const asked = await update({ auxTypeIds: [1] });
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ success: false, code: 'SUBJECT_AUX_VALUES_REQUIRED', appendix: { auxTypeIds: [1] } });
    // A department with children, or another company's, is not a value a line can carry.
    expect((await update({ auxTypeIds: [1], auxValues: [{ auxTypeId: 1, id: parentDept.id }] })).json().success).toBe(false);
    const other = await makeWorld(t, admin);
    const foreign = await ok('POST', '/api/aux/department', { body: { companyId: other.companyId, code: 'F', name: '外部' } });
    expect((await update({ auxTypeIds: [1], auxValues: [{ auxTypeId: 1, id: foreign.id }] })).json().success).toBe(false);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from voucher_items where subject_id = ${subject.id} and department_id is not null`)).n).toBe(0);

    const done = await data(update({ auxTypeIds: [1], auxValues: [{ auxTypeId: 1, id: dept.id }] }), 'tip7 update');
    expect(done.auxTypeIds).toEqual([1]);
    const line = await one<{ department_id: number; amount_cents: string | number }>(sql`select department_id, amount_cents from voucher_items where voucher_id = ${v} and line_no = 1`);
    expect(line.department_id).toBe(dept.id);
    expect(Number(line.amount_cents)).toBe(800);
    // The cash line of the same (audited) voucher is untouched.
    expect((await one<{ department_id: number | null }>(sql`select department_id from voucher_items where voucher_id = ${v} and line_no = 2`)).department_id).toBeNull();

    // Types of a used subject are not removed.
    const removed = await update({ auxTypeIds: [] });
    expect(removed.json()).toMatchObject({ success: false, code: 'SUBJECT_AUX_IN_USE' });

    // Lines in a settled period cannot take a value.
    await voucherIn(3, 702);
    await t.db.db.execute(sql`update periods set rolled = true where id = ${w.periodIds[3]!}`);
    try {
      const emp = await ok('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'T7E', name: '员工乙', departmentId: dept.id } });
      const settled = await update({ auxTypeIds: [1, 2], auxValues: [{ auxTypeId: 2, id: emp.id }] });
      expect(settled.json()).toMatchObject({ success: false, code: 'PERIOD_SETTLED' });
      expect((await one<{ aux: number[] }>(sql`select aux_type_ids as aux from subjects where id = ${subject.id}`)).aux).toEqual([1]);
    } finally {
      await t.db.db.execute(sql`update periods set rolled = false where id = ${w.periodIds[3]!}`);
    }
  });
});
