/** Clients and projects (spec 02 §4–§6, spec 01 §7): kinds, codes, visibility (401 / 501), operation rights (402 / 502), used-checks, amounts in cents. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { makeUser, makeWorld, demoCompanyId, type MadeUser, type World } from './factories';
import { multipart, sheet } from './workbooks';

type Q = { body?: unknown; query?: Record<string, unknown>; token?: string };

describe.each(backends())('clients and projects (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  let lawyer: MadeUser; // 402 + 502, bound to employee A: sees only what A leads
  let partner: MadeUser; // 401 + 501 + 402 + 502: sees everything
  let reader: MadeUser; // no rights at all
  let empA: { id: number };
  let empB: { id: number };

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, o: Q = {}) => t.call(method, url, { token: o.token ?? admin, body: o.body, query: o.query, lang: 'en_US' });
  const ok = async (method: 'GET' | 'POST' | 'DELETE', url: string, o: Q = {}) => {
    const r = await call(method, url, o);
    expect(r.json().success, `${method} ${url}: ${r.body}`).toBe(true);
    return r.json().data;
  };
  const fail = async (method: 'GET' | 'POST' | 'DELETE', url: string, o: Q = {}) => {
    const r = await call(method, url, o);
    expect(r.json().success, `${method} ${url}: ${r.body}`).toBe(false);
    return { status: r.statusCode, code: r.json().code as string, msg: r.json().msg as string };
  };
  const customer = (body: Record<string, unknown>, token?: string) => ok('POST', '/api/aux/customer', { body: { companyId: w.companyId, ...body }, token });
  const project = (body: Record<string, unknown>, token?: string) => ok('POST', '/api/aux/project', { body: { companyId: w.companyId, ...body }, token });
  const codes = async (url: string, token?: string, query: Record<string, unknown> = {}) =>
    (await ok('GET', url, { token, query: { filter: { companyId: w.companyId }, limit: 1000, ...query } })).content.map((r: { code: string }) => r.code);

  const codesToIds = async (...wanted: string[]) =>
    ((await ok('GET', '/api/aux/customer', { query: { filter: { companyId: w.companyId }, limit: 1000 } })).content as Array<{ id: number; code: string }>).filter((r) => wanted.includes(r.code)).map((r) => r.id);

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
    const dept = await ok('POST', '/api/aux/department', { body: { companyId: w.companyId, code: 'LAW', name: 'Litigation' } });
    empA = await ok('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'A', name: 'Alice', departmentId: dept.id } });
    empB = await ok('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'B', name: 'Bob', departmentId: dept.id } });
    lawyer = await makeUser(t, admin, w.companyId, [RIGHTS.CUSTOMER, RIGHTS.CUSTOMER_OPERATE, RIGHTS.PROJECT, RIGHTS.PROJECT_OPERATE]);
    partner = await makeUser(t, admin, w.companyId, [RIGHTS.CUSTOMER, RIGHTS.CUSTOMER_VIEW_ALL, RIGHTS.CUSTOMER_OPERATE, RIGHTS.PROJECT, RIGHTS.PROJECT_VIEW_ALL, RIGHTS.PROJECT_OPERATE]);
    reader = await makeUser(t, admin, w.companyId, []);
    await ok('POST', `/api/aux/employee/${empA.id}/bindUser`, { body: { userId: lawyer.id } });
  });
  afterAll(async () => t?.close());

  it('creates a client as NORMAL with a trimmed code and the owner, refuses a duplicate code, and sorts by code ascending', async () => {
    const c = await customer({ code: '  K200 ', name: 'Zeta Holdings', ownerId: empA.id, address: '' });
    expect(c).toMatchObject({ code: 'K200', kind: 'NORMAL', ownerId: empA.id, owner: { id: empA.id, name: 'Alice' }, ownerName: 'Alice', address: null, disabled: false, version: 0 });
    await customer({ code: 'K100', name: '华夏科技有限公司', kind: 'VIP', ownerId: empB.id });
    expect(await fail('POST', '/api/aux/customer', { body: { companyId: w.companyId, code: 'K200 ', name: 'Other' } })).toMatchObject({ status: 409, code: 'DATA_DUPLICATION', msg: 'Data duplication!' });
    // The same code typed in full width (全角 mode of a Chinese input method) is the same code.
    expect(await fail('POST', '/api/aux/customer', { body: { companyId: w.companyId, code: 'Ｋ２００', name: 'Other' } })).toMatchObject({ status: 409, code: 'DATA_DUPLICATION' });
    expect((await fail('POST', '/api/aux/customer', { body: { companyId: w.companyId, code: 'K300', name: 'X', kind: 'GOLD' } })).status).toBe(400);
    const list = await codes('/api/aux/customer');
    expect(list.slice(0, 2)).toEqual(['K100', 'K200']);
  });

  it('shows a user without 401 only the clients their employee owns; 401 or ADMIN show all', async () => {
    await customer({ code: 'V-A', name: 'Owned by A', ownerId: empA.id });
    await customer({ code: 'V-B', name: 'Owned by B', ownerId: empB.id });
    const mine = await codes('/api/aux/customer', lawyer.token);
    expect(mine).toContain('V-A');
    expect(mine).not.toContain('V-B');
    expect(await codes('/api/aux/customer', partner.token)).toEqual(expect.arrayContaining(['V-A', 'V-B']));
    expect(await codes('/api/aux/customer')).toEqual(expect.arrayContaining(['V-A', 'V-B']));
    // A user with no bound employee and no 401 sees nothing.
    expect(await codes('/api/aux/customer', reader.token)).toEqual([]);
    // A client the lawyer cannot see cannot be edited by them either.
    const hidden = (await ok('GET', '/api/aux/customer', { query: { filter: { companyId: w.companyId, keyword: 'V-B' } } })).content[0];
    expect((await fail('POST', `/api/aux/customer/${hidden.id}`, { body: { name: 'Taken' }, token: lawyer.token })).code).toBe('NO_PERMISSION');
  });

  it('gives whoever keeps the books every client and case to post to, code and name only (/aux/bookValue)', async () => {
    const bookkeeper = await makeUser(t, admin, w.companyId, [RIGHTS.VOUCHER, RIGHTS.VOUCHER_EDIT]);
    await ok('POST', `/api/aux/employee/${empB.id}/bindUser`, { body: { userId: bookkeeper.id } });
    await customer({ code: 'BK-A', name: 'Books client A', ownerId: empA.id });
    const gone = await customer({ code: 'BK-D', name: 'Books client disabled', ownerId: empA.id, disabled: true });
    await project({ code: 'BKP-A', name: 'Books case A', clients: [(await codesToIds('BK-A'))[0]!], principals: [empA.id] });
    // Their client list shows only what they lead (nothing of A's)…
    expect(await codes('/api/aux/customer', bookkeeper.token)).not.toContain('BK-A');
    // …but the books name every client and case of the company, disabled ones marked.
    const values = await ok('GET', '/api/aux/bookValue', { token: bookkeeper.token, query: { filter: { companyId: w.companyId, type: 'CUSTOMER', keyword: 'BK-' }, limit: 100 } });
    expect(values.content).toEqual([
      { id: expect.any(Number), code: 'BK-A', name: 'Books client A', nameInitials: expect.anything(), disabled: false },
      { id: gone.id, code: 'BK-D', name: 'Books client disabled', nameInitials: expect.anything(), disabled: true },
    ]);
    expect(values.total).toBe(2);
    const cases = await ok('GET', '/api/aux/bookValue', { token: bookkeeper.token, query: { filter: { companyId: w.companyId, type: 'PROJECT', keyword: 'BKP-' } } });
    expect(cases.content.map((c: { code: string }) => c.code)).toEqual(['BKP-A']);
    // The openings' right is enough too (their auxiliary breakdown picks clients and cases).
    const initializer = await makeUser(t, admin, w.companyId, [RIGHTS.BASIC_INIT]);
    expect((await ok('GET', '/api/aux/bookValue', { token: initializer.token, query: { filter: { companyId: w.companyId, type: 'CUSTOMER', keyword: 'BK-' } } })).total).toBe(2);
    // Not for someone without either right, nor of another company.
    expect(await fail('GET', '/api/aux/bookValue', { token: reader.token, query: { filter: { companyId: w.companyId, type: 'CUSTOMER' } } })).toMatchObject({ status: 403, code: 'NO_PERMISSION' });
    expect((await fail('GET', '/api/aux/bookValue', { token: bookkeeper.token, query: { filter: { companyId: await demoCompanyId(t, admin), type: 'CUSTOMER' } } })).code).toBe('NO_PERMISSION');
  });

  it('needs the customer operation right (402) to create, edit or delete', async () => {
    expect(await fail('POST', '/api/aux/customer', { body: { companyId: w.companyId, code: 'NR', name: 'No right' }, token: reader.token })).toMatchObject({ status: 403, code: 'NO_PERMISSION', msg: 'No permission to operate' });
    const c = await customer({ code: 'OP1', name: 'Op', ownerId: empA.id }, lawyer.token);
    const edited = await ok('POST', `/api/aux/customer/${c.id}`, { body: { name: 'Op renamed', kind: 'OTHER', version: c.version }, token: lawyer.token });
    expect(edited).toMatchObject({ name: 'Op renamed', kind: 'OTHER', version: 1 });
    expect((await fail('POST', `/api/aux/customer/${c.id}`, { body: { name: 'Stale', version: 0 }, token: lawyer.token })).code).toBe('STALE_DATA');
    // Nothing changed: success without a write.
    expect((await ok('POST', `/api/aux/customer/${c.id}`, { body: { name: 'Op renamed', version: 1 } })).version).toBe(1);
    expect((await fail('DELETE', `/api/aux/customer/${c.id}`, { token: reader.token })).status).toBe(403);
  });

  it('creates a project NON_LITIGATION by default with amount in cents, clients and principals; refuses one without a client or a director', async () => {
    const c1 = await customer({ code: 'PC1', name: 'Project client 1', ownerId: empA.id });
    const c2 = await customer({ code: 'PC2', name: 'Project client 2', ownerId: empB.id });
    expect(await fail('POST', '/api/aux/project', { body: { companyId: w.companyId, code: 'X1', name: 'No client', principals: [empA.id] } })).toMatchObject({ status: 400, code: 'PROJECT_CLIENT_REQUIRED', msg: 'Please select a client!' });
    expect(await fail('POST', '/api/aux/project', { body: { companyId: w.companyId, code: 'X1', name: 'No director', clients: [c1.id] } })).toMatchObject({ code: 'PROJECT_PRINCIPAL_REQUIRED', msg: 'Please select a director!' });
    const p = await project({ code: ' 2025-001 ', name: 'Zeta v. Omega', amount: 1234567, clients: [c2.id, c1.id, c2.id], principals: [empA.id], summary: 's'.repeat(250), disabled: null });
    expect(p).toMatchObject({ code: '2025-001', kind: 'NON_LITIGATION', amount: 1234567, clientIds: [c2.id, c1.id], principalIds: [empA.id], clientNames: 'Project client 2, Project client 1', principalNames: 'Alice', disabled: false });
    expect((await fail('POST', '/api/aux/project', { body: { companyId: w.companyId, code: 'X2', name: 'Long', clients: [c1.id], principals: [empA.id], summary: 's'.repeat(251) } })).status).toBe(400);
    expect((await fail('POST', '/api/aux/project', { body: { companyId: w.companyId, code: 'X3', name: 'Long', clients: [c1.id], principals: [empA.id], remark: 'r'.repeat(501) } })).status).toBe(400);
    expect((await fail('POST', '/api/aux/project', { body: { companyId: w.companyId, code: 'X4', name: 'Cents', clients: [c1.id], principals: [empA.id], amount: 12.5 } })).status).toBe(400);
    expect((await fail('POST', '/api/aux/project', { body: { companyId: w.companyId, code: 'X5', name: 'Max', clients: [c1.id], principals: [empA.id], amount: 2_100_000_001 } })).status).toBe(400);
    expect((await fail('POST', '/api/aux/project', { body: { companyId: w.companyId, code: '2025-001', name: 'Dup', clients: [c1.id], principals: [empA.id] } })).code).toBe('DATA_DUPLICATION');
    // An edit emptying the clients is refused; a disabled false sent as null stays enabled.
    expect((await fail('POST', `/api/aux/project/${p.id}`, { body: { clients: [] } })).code).toBe('PROJECT_CLIENT_REQUIRED');
    const e = await ok('POST', `/api/aux/project/${p.id}`, { body: { kind: 'LITIGATION', clients: [c1.id], disabled: null, version: p.version } });
    expect(e).toMatchObject({ kind: 'LITIGATION', clientIds: [c1.id], disabled: false, version: 1 });
  });

  it('says the amount limit of a project in currency units (21,000,000.00), not in cents, in both languages', async () => {
    const c = await customer({ code: 'PLIM', name: 'Limit client' });
    const body = { companyId: w.companyId, code: 'PLIM1', name: 'Over the limit', clients: [c.id], principals: [empA.id], amount: 2_500_000_000 };
    const en = await t.call('POST', '/api/aux/project', { token: admin, body, lang: 'en_US' });
    expect(en.json()).toMatchObject({ success: false, code: 'INVALID_INPUT', msg: 'Please enter the correct content: Amount must be at most 21,000,000.00' });
    const zh = await t.call('POST', '/api/aux/project', { token: admin, body, lang: 'zh_CN' });
    expect(zh.json()).toMatchObject({ success: false, code: 'INVALID_INPUT', msg: '输入的内容不正确：【金额】不能大于 21,000,000.00' });
    const p = await project({ code: 'PLIM2', name: 'At the limit', clients: [c.id], principals: [empA.id], amount: 2_100_000_000 });
    expect(p.amount).toBe(2_100_000_000);
    expect((await fail('POST', `/api/aux/project/${p.id}`, { body: { amount: 2_100_000_001 } })).msg).toBe('Please enter the correct content: Amount must be at most 21,000,000.00');
    // The import says the same of a row over the limit.
    const res = await t.app.inject({ method: 'POST', url: '/api/aux/project/import', query: { companyId: String(w.companyId) }, ...multipart(await sheet([['项目编码 Code', '项目名称 Name', '客户编码 Client codes', '负责人编码 Principal codes', '金额 Amount'], ['PLIM3', 'Imported', 'PLIM', 'A', '25,000,000.00']]), admin) });
    expect(res.json().appendix.errors, res.body).toEqual([{ row: 2, column: 'Amount', message: 'must be at most 21,000,000.00' }]);
  });

  it('refuses a parent (non-leaf) department on a project, like an employee\'s (DEPARTMENT_NOT_LEAF): create, update and import', async () => {
    const groups = await ok('POST', '/api/aux/department', { body: { companyId: w.companyId, code: 'PG01', name: 'Practice groups' } });
    const leaf = await ok('POST', '/api/aux/department', { body: { companyId: w.companyId, code: 'PG0101', name: 'Disputes', parentId: groups.id } });
    const c = await customer({ code: 'PDEP', name: 'Department client' });
    const body = { companyId: w.companyId, code: 'PDEP1', name: 'In a parent', clients: [c.id], principals: [empA.id], departmentId: groups.id };
    expect(await fail('POST', '/api/aux/project', { body })).toMatchObject({ status: 400, code: 'DEPARTMENT_NOT_LEAF', msg: 'Only last-level departments can be chosen!' });
    const zh = await t.call('POST', '/api/aux/project', { token: admin, body, lang: 'zh_CN' });
    expect(zh.json()).toMatchObject({ success: false, code: 'DEPARTMENT_NOT_LEAF', msg: '只能选择末级部门！' });
    const p = await project({ ...body, departmentId: leaf.id });
    expect(p).toMatchObject({ departmentId: leaf.id, department: { code: 'PG0101' } });
    expect(await fail('POST', `/api/aux/project/${p.id}`, { body: { departmentId: groups.id, version: p.version } })).toMatchObject({ code: 'DEPARTMENT_NOT_LEAF' });
    expect((await ok('GET', '/api/aux/project', { query: { filter: { companyId: w.companyId, id: p.id } } })).content[0].departmentId).toBe(leaf.id);
    // The import refuses the row (a new project and an existing one), naming the row; nothing is saved.
    const header = ['项目编码 Code', '项目名称 Name', '客户编码 Client codes', '负责人编码 Principal codes', '部门编码 Department code'];
    const res = await t.app.inject({ method: 'POST', url: '/api/aux/project/import', query: { companyId: String(w.companyId) }, ...multipart(await sheet([header, ['PDEP2', 'Imported', 'PDEP', 'A', 'PG01'], ['PDEP1', 'In a parent', 'PDEP', 'A', 'PG01']]), admin) });
    expect(res.json(), res.body).toMatchObject({ success: false, code: 'IMPORT_ROWS_INVALID' });
    expect(res.json().appendix.errors).toEqual([
      expect.objectContaining({ row: 2, message: expect.stringContaining('Only last-level departments can be chosen!') }),
      expect.objectContaining({ row: 3, message: expect.stringContaining('Only last-level departments can be chosen!') }),
    ]);
    const after = (await ok('GET', '/api/aux/project', { query: { filter: { companyId: w.companyId, keyword: 'PDEP' }, limit: 100 } })).content;
    expect(after.map((r: { code: string; departmentId: number }) => [r.code, r.departmentId])).toEqual([['PDEP1', leaf.id]]);
  });

  it('refuses a disabled employee, client or department chosen anew (the pickers hide them), keeps one a record already has; API and import alike', async () => {
    const dept = await ok('POST', '/api/aux/department', { body: { companyId: w.companyId, code: 'OFF', name: 'Closed office' } });
    const gone = await ok('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'GONE', name: 'Gone', departmentId: dept.id } });
    const client = await customer({ code: 'OFFC', name: 'Client later disabled', ownerId: gone.id });
    const p = await project({ code: 'OFF-1', name: 'Led by Gone', clients: [client.id], principals: [gone.id], departmentId: dept.id });
    // Disabled afterwards: the employee, the client, the department.
    const ge = await ok('POST', `/api/aux/employee/${gone.id}`, { body: { disabled: true } });
    expect(ge.disabled).toBe(true);
    await ok('POST', `/api/aux/customer/${client.id}`, { body: { disabled: true } });
    await ok('POST', `/api/aux/department/${dept.id}`, { body: { disabled: true } });
    // Chosen anew: refused, naming the record, in both languages.
    expect(await fail('POST', '/api/aux/customer', { body: { companyId: w.companyId, code: 'OFFN', name: 'New', ownerId: gone.id } })).toMatchObject({ status: 400, code: 'EMPLOYEE_DISABLED', msg: 'The employee GONE Gone is disabled and cannot be chosen; enable them first or choose another' });
    const zh = await t.call('POST', '/api/aux/customer', { token: admin, lang: 'zh_CN', body: { companyId: w.companyId, code: 'OFFN', name: 'New', ownerId: gone.id } });
    expect(zh.json().msg).toBe('员工 GONE Gone 已停用，不能选用；请先启用或另选');
    const fresh = await customer({ code: 'OFFN', name: 'New' });
    expect(await fail('POST', `/api/aux/customer/${fresh.id}`, { body: { ownerId: gone.id } })).toMatchObject({ code: 'EMPLOYEE_DISABLED' });
    expect(await fail('POST', '/api/aux/project', { body: { companyId: w.companyId, code: 'OFF-2', name: 'New', clients: [fresh.id], principals: [empA.id, gone.id] } })).toMatchObject({ code: 'EMPLOYEE_DISABLED' });
    expect(await fail('POST', '/api/aux/project', { body: { companyId: w.companyId, code: 'OFF-2', name: 'New', clients: [client.id], principals: [empA.id] } })).toMatchObject({ code: 'CUSTOMER_DISABLED', msg: expect.stringContaining('OFFC') });
    expect(await fail('POST', '/api/aux/project', { body: { companyId: w.companyId, code: 'OFF-2', name: 'New', clients: [fresh.id], principals: [empA.id], departmentId: dept.id } })).toMatchObject({ code: 'DEPARTMENT_DISABLED', msg: expect.stringContaining('OFF Closed office') });
    expect(await fail('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'OFFE', name: 'New hire', departmentId: dept.id } })).toMatchObject({ code: 'DEPARTMENT_DISABLED' });
    expect(await fail('POST', '/api/aux/department', { body: { companyId: w.companyId, code: 'OFFD', name: 'New office', principalId: gone.id } })).toMatchObject({ code: 'EMPLOYEE_DISABLED' });
    expect(await fail('POST', '/api/aux/budget', { body: { accountYearId: w.accountYearId, code: '9801', name: 'Gone budget', principalId: gone.id } })).toMatchObject({ code: 'EMPLOYEE_DISABLED' });
    // Already the project's: an edit keeps them (adding an active director beside them).
    const kept = await ok('POST', `/api/aux/project/${p.id}`, { body: { name: 'Renamed', clients: [client.id], principals: [gone.id, empA.id], departmentId: dept.id, version: p.version } });
    expect(kept).toMatchObject({ name: 'Renamed', clientIds: [client.id], principalIds: [gone.id, empA.id], departmentId: dept.id });
    expect((await ok('POST', `/api/aux/customer/${client.id}`, { body: { name: 'Renamed client' } })).ownerId).toBe(gone.id);
    // The import refuses the row, naming the column; nothing is saved.
    const header = ['客户编码 Code', '客户名称 Name', '负责人编码 Owner code'];
    const res = await t.app.inject({ method: 'POST', url: '/api/aux/customer/import', query: { companyId: String(w.companyId) }, ...multipart(await sheet([header, ['OFFI', 'Imported', 'GONE']]), admin) });
    expect(res.json(), res.body).toMatchObject({ success: false, code: 'IMPORT_ROWS_INVALID' });
    expect(res.json().appendix.errors).toEqual([expect.objectContaining({ row: 2, message: expect.stringContaining('GONE Gone is disabled') })]);
    expect(await codes('/api/aux/customer', admin, { filter: { companyId: w.companyId, keyword: 'OFFI' } })).toEqual([]);
  });

  it('refuses another company\'s client or employee on a project', async () => {
    const other = await makeWorld(t, admin);
    const od = await ok('POST', '/api/aux/department', { body: { companyId: other.companyId, code: 'O', name: 'Other' } });
    const oe = await ok('POST', '/api/aux/employee', { body: { companyId: other.companyId, code: 'O1', name: 'Olga', departmentId: od.id } });
    const c = await customer({ code: 'FX', name: 'Mine' });
    expect((await fail('POST', '/api/aux/project', { body: { companyId: w.companyId, code: 'FX1', name: 'Foreign', clients: [c.id], principals: [oe.id] } })).code).toBe('NO_PERMISSION');
  });

  it('lists projects by code descending; a user without 501 sees only projects their employee leads', async () => {
    const c = await customer({ code: 'VP', name: 'Visibility client', ownerId: empA.id });
    await project({ code: 'VP-1', name: 'Led by A', clients: [c.id], principals: [empA.id] });
    await project({ code: 'VP-2', name: 'Led by B', clients: [c.id], principals: [empB.id] });
    await project({ code: 'VP-3', name: 'Led by both', clients: [c.id], principals: [empB.id, empA.id] });
    const all = await codes('/api/aux/project', partner.token, { filter: { companyId: w.companyId, keyword: 'VP-' } });
    expect(all).toEqual(['VP-3', 'VP-2', 'VP-1']);
    expect(await codes('/api/aux/project', lawyer.token, { filter: { companyId: w.companyId, keyword: 'VP-' } })).toEqual(['VP-3', 'VP-1']);
    expect(await codes('/api/aux/project', reader.token)).toEqual([]);
    expect(await codes('/api/aux/project', admin, { filter: { companyId: w.companyId, keyword: 'VP-' }, sort: { code: 'asc' } })).toEqual(['VP-1', 'VP-2', 'VP-3']);
    expect(await fail('POST', '/api/aux/project', { body: { companyId: w.companyId, code: 'NR', name: 'No right', clients: [c.id], principals: [empA.id] }, token: reader.token })).toMatchObject({ status: 403, code: 'NO_PERMISSION' });
  });

  it('deletes a client only when no project names it; the used-check says so first; employees on clients are in use', async () => {
    const used = await customer({ code: 'DU', name: 'Used client', ownerId: empB.id });
    const free = await customer({ code: 'DF', name: 'Free client' });
    const p = await project({ code: 'DU-1', name: 'User', clients: [used.id], principals: [empB.id] });
    expect(await ok('GET', `/api/aux/customer/${used.id}/used`)).toBe(true);
    expect(await ok('GET', `/api/aux/customer/${free.id}/used`)).toBe(false);
    expect(await fail('DELETE', `/api/aux/customer/${used.id}`)).toMatchObject({ status: 409, code: 'IN_USE', msg: 'Already in use, cannot be deleted!' });
    expect(await ok('GET', `/api/aux/employee/${empB.id}/used`)).toBe(true);
    await ok('DELETE', `/api/aux/customer/${free.id}`);
    expect(await ok('GET', `/api/aux/project/${p.id}/used`)).toBe(false);
    await ok('DELETE', `/api/aux/project/${p.id}`);
    await ok('DELETE', `/api/aux/customer/${used.id}`);
    expect((await fail('GET', `/api/aux/customer/${used.id}/used`)).code).toBe('NO_PERMISSION');
  });

  it('a client deleted while a project naming it is saved: one of the two wins, never a 5xx or a dangling link', async () => {
    for (let trial = 0; trial < 3; trial++) {
      const c = await customer({ code: `RACE-${trial}`, name: 'Race client' });
      const [del, made] = await Promise.all([
        call('DELETE', `/api/aux/customer/${c.id}`),
        call('POST', '/api/aux/project', { body: { companyId: w.companyId, code: `RACE-P${trial}`, name: 'Race', clients: [c.id], principals: [empA.id] } }),
      ]);
      expect(del.statusCode).toBeLessThan(500);
      expect(made.statusCode).toBeLessThan(500);
      expect([del.json().success, made.json().success].filter(Boolean)).toHaveLength(1);
      if (made.json().success) expect(del.json().code).toBe('IN_USE');
      else expect(made.json().code).toBe('NO_PERMISSION');
    }
  });

  it('pickers: enabled clients and projects only, clients newest first, keyword search', async () => {
    const on = await customer({ code: 'PK-1', name: 'Picker enabled', ownerId: empA.id });
    const off = await customer({ code: 'PK-2', name: 'Picker disabled', ownerId: empA.id, disabled: true });
    const newest = await customer({ code: 'PK-0', name: 'Picker newest', ownerId: empA.id });
    const listed = await ok('GET', '/api/aux/customer', { query: { filter: { companyId: w.companyId, keyword: 'PK-', disabled: false }, sort: { createdAt: 'desc' }, limit: 100 } });
    expect(listed.content.map((c: { id: number }) => c.id)).toEqual([newest.id, on.id]);
    expect(listed.total).toBe(2);
    const all = await codes('/api/aux/customer', undefined, { filter: { companyId: w.companyId, keyword: 'PK-' } });
    expect(all).toEqual(['PK-0', 'PK-1', 'PK-2']);
    expect(await codes('/api/aux/customer', undefined, { filter: { companyId: w.companyId, keyword: 'PK-', disabled: true } })).toEqual(['PK-2']);
    await project({ code: 'PP-1', name: 'Open case', clients: [on.id], principals: [empA.id] });
    await project({ code: 'PP-2', name: 'Closed case', clients: [on.id], principals: [empA.id], disabled: true });
    expect(await codes('/api/aux/project', undefined, { filter: { companyId: w.companyId, keyword: 'PP-', disabled: false } })).toEqual(['PP-1']);
    expect(await codes('/api/aux/project', undefined, { filter: { companyId: w.companyId, keyword: 'PP-', disabled: 'true' } })).toEqual(['PP-2']);
    expect(off.disabled).toBe(true);
  });

  it('seeds 200 clients and 120 projects in the demo company', async () => {
    const demo = await demoCompanyId(t, admin);
    const cs = await ok('GET', '/api/aux/customer', { query: { filter: { companyId: demo }, limit: 1 } });
    expect(cs.total).toBe(200);
    const ps = await ok('GET', '/api/aux/project', { query: { filter: { companyId: demo }, limit: 1 } });
    expect(ps.total).toBe(120);
    expect(ps.content[0].clientIds.length).toBeGreaterThan(0);
    expect(ps.content[0].principalIds.length).toBeGreaterThan(0);
    // The clerk (bound to a seeded employee, no 401) sees only their own clients.
    const clerk = await t.login('clerk');
    const own = await ok('GET', '/api/aux/customer', { token: clerk, query: { filter: { companyId: demo }, limit: 1 } });
    expect(own.total).toBe(10);
  });
});
