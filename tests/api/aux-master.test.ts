/**
 * The auxiliary types catalogue, the generic used-check, the query of subjects by auxiliary types
 * and the specific subjects of an account year (spec 01 §3, §7; spec 02 §7; decision record 019).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_RIGHT_IDS, RIGHTS } from '../../src/domain/rights';
import { auxTypes } from '../../src/domain/enums';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, type World } from './factories';

/** The fixed type ids by name (1 department … 6 budget). */
const typeIds = (...types: string[]) => types.map((t) => auxTypes.find((a) => a.type === t)!.id);

describe.each(backends())('aux types, aux used, specific subjects (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  let foreigner: string;
  const ids: Record<string, number> = {};
  const unused: Record<string, number> = {};

  const post = async (url: string, body: unknown, token = admin) => data(t.call('POST', url, { token, body }), url);
  const subject = async (code: string, yearId = w.accountYearId) =>
    (await data(t.call('GET', '/api/subject', { token: admin, query: { filter: { accountYearId: yearId, code } } }), 'subject')).content[0];
  const auxUsed = (type: string, id: number, token = admin) => t.call('GET', '/api/aux/auxUsed', { token, query: { type, id }, lang: 'en_US' });
  const specific = async (kind?: string, yearId = w.accountYearId) =>
    data(t.call('GET', '/api/subject/specific', { token: admin, query: { accountYearId: yearId, ...(kind ? { kind } : {}) } }), 'specific');
  const saveSpecific = (kind: string, subjectIds: number[], token = admin, yearId = w.accountYearId) =>
    t.call('POST', '/api/subject/specific', { token, body: { accountYearId: yearId, kind, subjectIds }, lang: 'en_US' });

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin, { year: 2030 });
    const other = await makeWorld(t, admin);
    foreigner = (await makeUser(t, admin, other.companyId, { rightIds: ALL_RIGHT_IDS })).token;
    const c = w.companyId;
    // In use: a department with an employee, an employee owning a customer, a customer on a project, a budget with a child.
    const dept = await post('/api/aux/department', { companyId: c, code: 'D1', name: '财务部' });
    const emp = await post('/api/aux/employee', { companyId: c, code: 'E1', name: '张三', departmentId: dept.id });
    const client = await post('/api/aux/customer', { companyId: c, code: 'C1', name: '甲公司', ownerId: emp.id });
    const project = await post('/api/aux/project', { companyId: c, code: 'P1', name: '甲案', clients: [client.id], principals: [emp.id] });
    const budget = await post('/api/aux/budget', { accountYearId: w.accountYearId, code: '9001', name: '收入预算' });
    await post('/api/aux/budget', { accountYearId: w.accountYearId, code: '900101', name: '收入预算一' });
    const vendor = await post('/api/aux/vendor', { accountId: w.accountId, code: 'V1', name: '乙供应商' });
    Object.assign(ids, { DEPARTMENT: dept.id, EMPLOYEE: emp.id, CUSTOMER: client.id, PROJECT: project.id, BUDGET: budget.id, VENDOR: vendor.id });
    // Unused ones of every type.
    unused.DEPARTMENT = (await post('/api/aux/department', { companyId: c, code: 'D2', name: '空部门' })).id;
    unused.EMPLOYEE = (await post('/api/aux/employee', { companyId: c, code: 'E2', name: '李四', departmentId: dept.id })).id;
    unused.CUSTOMER = (await post('/api/aux/customer', { companyId: c, code: 'C2', name: '乙公司' })).id;
    unused.PROJECT = project.id;
    unused.BUDGET = (await post('/api/aux/budget', { accountYearId: w.accountYearId, code: '9002', name: '支出预算' })).id;
    unused.VENDOR = vendor.id;
  });
  afterAll(async () => t?.close());

  it('lists the six auxiliary types with their fixed ids, named in the caller\'s language', async () => {
    const zh = (await t.call('GET', '/api/aux/auxType', { token: admin, query: { index: 0, size: 1000 } })).json();
    expect(zh.success, JSON.stringify(zh)).toBe(true);
    expect(zh.data.total).toBe(6);
    expect(zh.data.content.map((a: { id: number; type: string }) => [a.id, a.type])).toEqual([[1, 'DEPARTMENT'], [2, 'EMPLOYEE'], [3, 'CUSTOMER'], [4, 'VENDOR'], [5, 'PROJECT'], [6, 'BUDGET']]);
    expect(zh.data.content[0]).toMatchObject({ name: '部门', nameZh: '部门', nameEn: 'Department' });
    const en = (await t.call('GET', '/api/aux/auxType', { token: admin, lang: 'en_US' })).json().data;
    expect(en.content.map((a: { name: string }) => a.name)).toEqual(['Department', 'Employee', 'Customer', 'Vendor', 'Project', 'Budget']);
  });

  it('answers auxUsed exactly as each record\'s own used-check, for every type', async () => {
    const ownPath: Record<string, string> = { DEPARTMENT: 'department', EMPLOYEE: 'employee', CUSTOMER: 'customer', VENDOR: 'vendor', PROJECT: 'project', BUDGET: 'budget' };
    for (const [type, id] of [...Object.entries(ids), ...Object.entries(unused)]) {
      const generic = (await auxUsed(type, id)).json();
      const own = (await t.call('GET', `/api/aux/${ownPath[type]}/${id}/used`, { token: admin })).json();
      expect(generic.success, `${type} ${JSON.stringify(generic)}`).toBe(true);
      expect(generic.data, type).toBe(own.data);
    }
    // Used: department with an employee, employee owning a customer, customer on a project, budget with a child.
    for (const type of ['DEPARTMENT', 'EMPLOYEE', 'CUSTOMER', 'BUDGET']) expect((await auxUsed(type, ids[type])).json().data, type).toBe(true);
    // Unused (projects and vendors are used only by vouchers, which do not exist yet).
    for (const type of Object.keys(unused)) expect((await auxUsed(type, unused[type])).json().data, type).toBe(false);
    // The spec's callers send 'project' in lower case.
    expect((await auxUsed('project', ids.PROJECT)).json()).toMatchObject({ success: true, data: false });
  });

  it('answers an error, never "not used", for a foreign, missing or mistyped id, and 400 for an unknown type', async () => {
    for (const type of Object.keys(ids)) {
      const foreign = await auxUsed(type, ids[type], foreigner);
      expect(foreign.statusCode, type).toBe(403);
      expect(foreign.json()).toMatchObject({ success: false, code: 'NO_PERMISSION', data: null });
    }
    const missing = await auxUsed('CUSTOMER', 2_000_000_000);
    expect(missing.statusCode).toBe(403);
    expect(missing.json().data).toBeNull();
    // A customer's id asked as a budget is not that budget: refused, not "unused".
    const crossed = await auxUsed('BUDGET', ids.CUSTOMER);
    expect(crossed.json().success).toBe(false);
    const wrong = await auxUsed('INVOICE', ids.CUSTOMER);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_INPUT');
    expect((await t.call('GET', '/api/aux/auxUsed', { token: admin, query: { type: 'CUSTOMER' } })).statusCode).toBe(400);
  });

  it('lists the subjects of a year having any of the given auxiliary types', async () => {
    const a = await post('/api/subject', { accountYearId: w.accountYearId, code: '112201', name: '应收甲', auxTypeIds: typeIds('CUSTOMER') });
    const b = await post('/api/subject', { accountYearId: w.accountYearId, code: '560201', name: '管理费用部门', auxTypeIds: typeIds('DEPARTMENT', 'EMPLOYEE') });
    await post('/api/subject', { accountYearId: w.accountYearId, code: '560202', name: '管理费用其他' });
    const q = async (auxTypeId: unknown, extra: Record<string, unknown> = {}) =>
      (await data(t.call('GET', '/api/subject/aux', { token: admin, query: { filter: { accountYearId: w.accountYearId, auxTypeId, ...extra } } }), 'aux')).content.map((s: { id: number }) => s.id);
    expect(await q(typeIds('CUSTOMER'))).toEqual([a.id]);
    expect(await q(typeIds('DEPARTMENT')[0])).toEqual([b.id]);
    expect(await q(typeIds('EMPLOYEE', 'CUSTOMER'))).toEqual([a.id, b.id]);
    expect(await q(typeIds('VENDOR', 'PROJECT', 'BUDGET'))).toEqual([]);
    const bad = await t.call('GET', '/api/subject/aux', { token: admin, query: { filter: { accountYearId: w.accountYearId, auxTypeId: [auxTypes.length + 1] } } });
    expect(bad.statusCode).toBe(400);
    const foreign = await t.call('GET', '/api/subject/aux', { token: foreigner, query: { filter: { accountYearId: w.accountYearId, auxTypeId: typeIds('CUSTOMER') } } });
    expect(foreign.statusCode).toBe(403);
  });

  it('starts a standard chart year with CASH = 1001 and BANK = 1002', async () => {
    const all = await specific();
    expect(all.map((s: { kind: string; code: string }) => [s.kind, s.code])).toEqual([['BANK', '1002'], ['CASH', '1001']]);
    expect(await specific('CASH_OPP')).toEqual([]);
  });

  it('replaces the set of one kind, by the accountant\'s rules', async () => {
    const bankA = await post('/api/subject', { accountYearId: w.accountYearId, code: '100201', name: '工商银行' });
    const bankB = await post('/api/subject', { accountYearId: w.accountYearId, code: '100202', name: '建设银行' });
    const cash = await subject('1001');
    const ar = await subject('1122');
    // BANK: 1002 and those below it only.
    const saved = (await saveSpecific('BANK', [bankA.id, bankB.id])).json();
    expect(saved.success, JSON.stringify(saved)).toBe(true);
    expect(saved.data.map((s: { code: string }) => s.code)).toEqual(['100201', '100202']);
    const refused = (await saveSpecific('BANK', [bankA.id, cash.id, ar.id])).json();
    expect(refused).toMatchObject({ success: false, code: 'SPECIFIC_SUBJECT_INVALID' });
    expect(refused.msg).toContain('1001, 1122');
    expect((await specific('BANK')).map((s: { code: string }) => s.code)).toEqual(['100201', '100202']);
    // CASH: 1001 only; CASH_OPP: never cash or bank; BUSINESS: anything enabled.
    expect((await saveSpecific('CASH', [bankA.id])).json().code).toBe('SPECIFIC_SUBJECT_INVALID');
    expect((await saveSpecific('CASH_OPP', [cash.id])).json().code).toBe('SPECIFIC_SUBJECT_INVALID');
    expect((await saveSpecific('CASH_OPP', [ar.id, ar.id])).json().data.map((s: { code: string }) => s.code)).toEqual(['1122']);
    const income = await subject('5001');
    expect((await saveSpecific('BUSINESS', [income.id])).json().success).toBe(true);
    // A disabled subject takes no new role, but keeps one it has.
    await post(`/api/subject/${income.id}`, { disabled: true });
    expect((await saveSpecific('BUSINESS', [income.id])).json().success).toBe(true);
    const other = await subject('5051');
    await post(`/api/subject/${other.id}`, { disabled: true });
    expect((await saveSpecific('BUSINESS', [income.id, other.id])).json().code).toBe('SPECIFIC_SUBJECT_INVALID');
    // An empty list clears the kind; the other kinds stay.
    expect((await saveSpecific('BUSINESS', [])).json().data).toEqual([]);
    expect((await specific()).map((s: { kind: string; code: string }) => `${s.kind}:${s.code}`)).toEqual(['BANK:100201', 'BANK:100202', 'CASH:1001', 'CASH_OPP:1122']);
    // Deleting a subject takes its role with it.
    expect((await t.call('DELETE', '/api/subject', { token: admin, query: { filter: { accountYearId: w.accountYearId, id: [bankB.id] } } })).json().success).toBe(true);
    expect((await specific('BANK')).map((s: { code: string }) => s.code)).toEqual(['100201']);
  });

  it('takes only subjects of the same account year and company, and needs the basic-finance right', async () => {
    const other = await makeWorld(t, admin, { year: 2031 });
    const foreignCash = await subject('1001', other.accountYearId);
    const r = await saveSpecific('CASH', [foreignCash.id]);
    expect(r.statusCode).toBe(403);
    expect((await specific('CASH')).map((s: { code: string }) => s.code)).toEqual(['1001']);
    // Another company's user can neither read nor write this year's set.
    expect((await t.call('GET', '/api/subject/specific', { token: foreigner, query: { accountYearId: w.accountYearId } })).statusCode).toBe(403);
    expect((await saveSpecific('CASH', [], foreigner)).statusCode).toBe(403);
    // A user of the company without the basic-finance right reads but cannot write.
    const reader = (await makeUser(t, admin, w.companyId, { rightIds: [1] })).token;
    expect((await t.call('GET', '/api/subject/specific', { token: reader, query: { accountYearId: w.accountYearId } })).statusCode).toBe(200);
    expect((await saveSpecific('CASH', [], reader)).statusCode).toBe(403);
    const writer = (await makeUser(t, admin, w.companyId, { rightIds: [RIGHTS.BASIC_FINANCE] })).token;
    expect((await saveSpecific('CASH', [(await subject('1001')).id], writer)).json().success).toBe(true);
  });

  it('copies the specific subjects into a year copied from the previous one, by code', async () => {
    const next = await post('/api/account/year', { accountId: w.accountId, year: 2031 });
    const copied = await specific(undefined, next.id);
    expect(copied.map((s: { kind: string; code: string }) => `${s.kind}:${s.code}`)).toEqual(['BANK:100201', 'CASH:1001', 'CASH_OPP:1122']);
    // They are the new year's subjects, not the old year's.
    expect(copied.every((s: { accountYearId: number }) => s.accountYearId === next.id)).toBe(true);
    expect(copied.find((s: { code: string }) => s.code === '1001').subjectId).toBe((await subject('1001', next.id)).id);
  });
});
