/** Departments and employees (spec 02 §3, §5): tree rules, used-checks, employee validations, binding accounts, the session's employee. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { makeUser, makeWorld, unique, uniqueUsername, type World } from './factories';

describe.each(backends())('departments and employees (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  let manager: { id: number; username: string; token: string };

  const ok = async (method: 'GET' | 'POST' | 'DELETE', url: string, o: { body?: unknown; query?: Record<string, unknown>; token?: string } = {}) => {
    const r = await t.call(method, url, { token: o.token ?? admin, body: o.body, query: o.query, lang: 'en_US' });
    expect(r.json().success, `${method} ${url}: ${r.body}`).toBe(true);
    return r.json().data;
  };
  const fail = async (method: 'GET' | 'POST' | 'DELETE', url: string, o: { body?: unknown; query?: Record<string, unknown>; token?: string } = {}) => {
    const r = await t.call(method, url, { token: o.token ?? admin, body: o.body, query: o.query, lang: 'en_US' });
    expect(r.json().success, `${method} ${url}: ${r.body}`).toBe(false);
    return { status: r.statusCode, code: r.json().code as string, msg: r.json().msg as string };
  };
  const dept = (body: Record<string, unknown>) => ok('POST', '/api/aux/department', { body: { companyId: w.companyId, ...body } });
  const emp = (body: Record<string, unknown>) => ok('POST', '/api/aux/employee', { body: { companyId: w.companyId, ...body } });

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
    manager = await makeUser(t, admin, w.companyId, [RIGHTS.USER_CENTER]);
  });
  afterAll(async () => t?.close());

  it('builds a department tree and lists it as an organization', async () => {
    const root = await dept({ code: 'D1', name: 'Root one' });
    const child = await dept({ code: 'D101', name: 'Child', parentId: root.id });
    expect(child).toMatchObject({ parentId: root.id, leaf: true, disabled: false, version: 0 });
    const list = await ok('GET', '/api/aux/department', { query: { filter: { companyId: w.companyId } } });
    expect(list.content.find((d: { id: number }) => d.id === root.id).leaf).toBe(false);
    const org = await ok('GET', '/api/aux/organization', { query: { companyId: w.companyId } });
    const node = org.content[0].departments.find((d: { id: number }) => d.id === root.id);
    expect(node.subItems.map((d: { code: string }) => d.code)).toEqual(['D101']);
  });

  it('refuses a duplicate department code in the company, a cycle, and a child under a department with employees', async () => {
    const a = await dept({ code: 'DUP', name: 'A' });
    expect(await fail('POST', '/api/aux/department', { body: { companyId: w.companyId, code: ' DUP ', name: 'B' } })).toMatchObject({ code: 'DATA_DUPLICATION', msg: 'Data duplication!' });
    const b = await dept({ code: 'DUPB', name: 'B', parentId: a.id });
    expect((await fail('POST', `/api/aux/department/${a.id}`, { body: { parentId: b.id } })).code).toBe('PARENT_IS_SELF');
    await emp({ code: 'E-DUP', name: 'Worker', departmentId: b.id });
    expect(await fail('POST', '/api/aux/department', { body: { companyId: w.companyId, code: 'DUPC', name: 'C', parentId: b.id } })).toMatchObject({ code: 'PARENT_IN_USE' });
    // The list, the tree and one department say which have employees (a form does not offer them as parents).
    const list = await ok('GET', '/api/aux/department', { query: { filter: { companyId: w.companyId, id: [a.id, b.id] }, limit: 10 } });
    expect(Object.fromEntries(list.content.map((d: { code: string; hasEmployees: boolean }) => [d.code, d.hasEmployees]))).toEqual({ DUP: false, DUPB: true });
    const org = await ok('GET', '/api/aux/organization', { query: { companyId: w.companyId } });
    const inTree = (nodes: Array<{ id: number; hasEmployees: boolean; subItems: unknown[] }>): Array<{ id: number; hasEmployees: boolean; subItems: unknown[] }> => nodes.flatMap((n) => [n, ...inTree(n.subItems as never)]);
    expect(inTree(org.content[0].departments).find((d) => d.id === b.id)?.hasEmployees).toBe(true);
    expect(a.hasEmployees).toBe(false);
  });

  it('deletes only unused departments: children or employees make one used; a failed check deletes nothing', async () => {
    const root = await dept({ code: 'DEL1', name: 'Del root' });
    const leaf = await dept({ code: 'DEL101', name: 'Del leaf', parentId: root.id });
    expect(await ok('GET', `/api/aux/department/${root.id}/used`)).toBe(true);
    expect(await ok('GET', `/api/aux/department/${leaf.id}/used`)).toBe(false);
    expect(await fail('DELETE', `/api/aux/department/${root.id}`)).toMatchObject({ status: 409, code: 'IN_USE', msg: 'Already in use, cannot be deleted!' });
    const e = await emp({ code: 'E-DEL', name: 'Holder', departmentId: leaf.id });
    expect(await ok('GET', `/api/aux/department/${leaf.id}/used`)).toBe(true);
    // A batch with one used department deletes none of them.
    const spare = await dept({ code: 'DEL2', name: 'Spare' });
    expect((await fail('DELETE', '/api/aux/department', { query: { filter: { id: [spare.id, leaf.id] } } })).code).toBe('IN_USE');
    expect((await ok('GET', '/api/aux/department', { query: { filter: { companyId: w.companyId, id: [spare.id] } } })).total).toBe(1);
    await ok('DELETE', `/api/aux/employee/${e.id}`);
    // Parent and child together: the child goes first.
    await ok('DELETE', '/api/aux/department', { query: { filter: { id: [root.id, leaf.id, spare.id] } } });
    expect((await ok('GET', '/api/aux/department', { query: { filter: { companyId: w.companyId, id: [root.id, leaf.id, spare.id] } } })).total).toBe(0);
  });

  it('creates employees with trimmed code and phone, names of 2 to 18 characters, in last-level departments only', async () => {
    const root = await dept({ code: 'EMP1', name: 'Emp root' });
    const leaf = await dept({ code: 'EMP101', name: 'Emp leaf', parentId: root.id });
    const e = await emp({ code: '  E100 ', name: '王五', phone: ' 13800000000 ', departmentId: leaf.id, sex: 1, salesman: true, birthday: '1990-05-01', disabled: null });
    expect(e).toMatchObject({ code: 'E100', phone: '13800000000', sex: 1, salesman: true, disabled: false, birthday: '1990-05-01', department: { id: leaf.id, name: 'Emp leaf' }, userId: null, user: null });
    const short = await fail('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'E101', name: '王', departmentId: leaf.id } });
    expect(short.code).toBe('INVALID_INPUT');
    // The refusal names the rule in the requester's language (not the schema's internal name).
    expect(short.msg).toMatch(/at least 2 characters/i);
    expect(short.msg).not.toMatch(/personName/);
    const long = await fail('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'E101', name: 'x'.repeat(19), departmentId: leaf.id } });
    expect(long.code).toBe('INVALID_INPUT');
    expect(long.msg).toMatch(/at most 18 characters/i);
    expect((await fail('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: '   ', name: '王六', departmentId: leaf.id } })).code).toBe('INVALID_INPUT');
    expect((await fail('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'E101', name: '王六' } })).code).toBe('INVALID_INPUT');
    expect(await fail('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'E101', name: '王六', departmentId: root.id } })).toMatchObject({ code: 'DEPARTMENT_NOT_LEAF', msg: 'Only last-level departments can be chosen!' });
    expect((await fail('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'E100', name: '王六', departmentId: leaf.id } })).code).toBe('DATA_DUPLICATION');
    // A department of another company is refused like a missing one.
    const other = await makeWorld(t, admin);
    const foreign = await ok('POST', '/api/aux/department', { body: { companyId: other.companyId, code: 'F1', name: 'Foreign' } });
    expect((await fail('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'E102', name: '王七', departmentId: foreign.id } })).code).toBe('NO_PERMISSION');
  });

  it('updates with the version read, takes a false disabled as null, and answers an unchanged save without writing', async () => {
    const leaf = await dept({ code: 'UPD1', name: 'Upd' });
    const e = await emp({ code: 'U1', name: '赵一', departmentId: leaf.id });
    const disabled = await ok('POST', `/api/aux/employee/${e.id}`, { body: { disabled: true, version: e.version } });
    expect(disabled).toMatchObject({ disabled: true, version: e.version + 1 });
    const enabled = await ok('POST', `/api/aux/employee/${e.id}`, { body: { disabled: null, version: disabled.version } });
    expect(enabled).toMatchObject({ disabled: false, version: disabled.version + 1 });
    expect((await fail('POST', `/api/aux/employee/${e.id}`, { body: { name: '赵二', version: e.version } })).code).toBe('STALE_DATA');
    const same = await ok('POST', `/api/aux/employee/${e.id}`, { body: { name: '赵一', code: ' U1 ', version: enabled.version } });
    expect(same.version).toBe(enabled.version);
    const list = await ok('GET', '/api/aux/employee', { query: { filter: { companyId: w.companyId, disabled: false, keyword: '赵一' } } });
    expect(list.content.map((x: { id: number }) => x.id)).toEqual([e.id]);
  });

  it('filters employees by a department and everything below it', async () => {
    const root = await dept({ code: 'F1', name: 'Filter root' });
    const a = await dept({ code: 'F101', name: 'A', parentId: root.id });
    const b = await dept({ code: 'F102', name: 'B', parentId: root.id });
    const ea = await emp({ code: 'FA', name: '孙甲', departmentId: a.id });
    const eb = await emp({ code: 'FB', name: '孙乙', departmentId: b.id });
    const all = await ok('GET', '/api/aux/employee', { query: { filter: { companyId: w.companyId, parentDepartmentId: root.id } } });
    expect(all.content.map((x: { id: number }) => x.id).sort()).toEqual([ea.id, eb.id].sort());
    const onlyB = await ok('GET', '/api/aux/employee', { query: { filter: { companyId: w.companyId, parentDepartmentId: b.id } } });
    expect(onlyB.content.map((x: { id: number }) => x.id)).toEqual([eb.id]);
  });

  it('binds one account to at most one employee per company, and unbinds', async () => {
    const leaf = await dept({ code: 'B1', name: 'Bind' });
    const e1 = await emp({ code: 'B-1', name: '周一', departmentId: leaf.id });
    const e2 = await emp({ code: 'B-2', name: '周二', departmentId: leaf.id });
    const bound = await ok('POST', `/api/aux/employee/${e1.id}/bindUser`, { body: { userId: manager.id }, token: manager.token });
    expect(bound).toMatchObject({ userId: manager.id, user: { id: manager.id, username: manager.username } });
    // Binding again to the same employee is harmless.
    await ok('POST', `/api/aux/employee/${e1.id}/bindUser`, { body: { userId: manager.id } });
    expect(await fail('POST', `/api/aux/employee/${e2.id}/bindUser`, { body: { userId: manager.id } })).toMatchObject({ status: 409, code: 'ACCOUNT_ALREADY_BOUND', msg: 'Under the same company, an account cannot be bound to multiple employees!' });
    // The same account may have an employee in another company.
    const other = await makeWorld(t, admin);
    await ok('POST', '/api/idm/userCompany', { body: { userId: manager.id, companyId: other.companyId } });
    const od = await ok('POST', '/api/aux/department', { body: { companyId: other.companyId, code: 'OB', name: 'Other' } });
    const oe = await ok('POST', '/api/aux/employee', { body: { companyId: other.companyId, code: 'OB-1', name: '吴一', departmentId: od.id } });
    await ok('POST', `/api/aux/employee/${oe.id}/bindUser`, { body: { userId: manager.id } });
    // A user not linked to the company cannot be bound.
    const stranger = await makeUser(t, admin, other.companyId, []);
    expect((await fail('POST', `/api/aux/employee/${e2.id}/bindUser`, { body: { userId: stranger.id } })).code).toBe('NO_PERMISSION');
    const unbound = await ok('POST', `/api/aux/employee/${e1.id}/unbindUser`, { body: {} });
    expect(unbound).toMatchObject({ userId: null, user: null });
    await ok('POST', `/api/aux/employee/${e2.id}/bindUser`, { body: { userId: manager.id } });
    const byUser = await ok('GET', '/api/aux/employee', { query: { filter: { companyId: w.companyId, userId: manager.id } } });
    expect(byUser.content.map((x: { id: number }) => x.id)).toEqual([e2.id]);
  });

  it('binds ordinary accounts only: an administrator is refused (ACCOUNT_NOT_BINDABLE) and the bind list leaves it out', async () => {
    const leaf = await dept({ code: 'ADM', name: 'Admin bind' });
    const e = await emp({ code: 'ADM-1', name: '孙一', departmentId: leaf.id });
    const me = await ok('GET', '/api/idm/user/current');
    expect(me.kind).toBe('ADMIN');
    expect(await fail('POST', `/api/aux/employee/${e.id}/bindUser`, { body: { userId: me.id } })).toMatchObject({ status: 400, code: 'ACCOUNT_NOT_BINDABLE', msg: 'Only ordinary accounts can be bound to an employee, not an administrator!' });
    const zh = await t.call('POST', `/api/aux/employee/${e.id}/bindUser`, { token: admin, body: { userId: me.id }, lang: 'zh_CN' });
    expect(zh.json()).toMatchObject({ success: false, code: 'ACCOUNT_NOT_BINDABLE', msg: '只能绑定普通用户账号，不能绑定管理员！' });
    // Another administrator linked to the company is refused too; nothing was bound.
    const boss = await ok('POST', '/api/idm/user', { body: { username: uniqueUsername('adm'), name: '管理员乙', password: 'abc12345', kind: 'ADMIN', companyIds: [w.companyId], companyId: w.companyId } });
    expect((await fail('POST', `/api/aux/employee/${e.id}/bindUser`, { body: { userId: boss.id } })).code).toBe('ACCOUNT_NOT_BINDABLE');
    expect((await ok('GET', '/api/aux/employee', { query: { filter: { companyId: w.companyId, id: e.id } } })).content[0]).toMatchObject({ userId: null });
    // The bind dialog's list (the company's accounts of kind OTHER) holds the ordinary account, no administrator.
    const listed = await ok('GET', '/api/idm/user', { query: { filter: { companyId: w.companyId, kind: 'OTHER' }, limit: 1000 } });
    const kinds = listed.content.map((u: { kind: string }) => u.kind);
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['OTHER']));
    expect(listed.content.map((u: { id: number }) => u.id)).toContain(manager.id);
  });

  it('lets only one of two concurrent binds of one account win', async () => {
    const leaf = await dept({ code: 'RACE', name: 'Race' });
    for (let trial = 0; trial < 3; trial++) {
      const u = await makeUser(t, admin, w.companyId, []);
      const a = await emp({ code: `RA-${trial}`, name: '钱一', departmentId: leaf.id });
      const b = await emp({ code: `RB-${trial}`, name: '钱二', departmentId: leaf.id });
      const rs = await Promise.all([a, b].map((e) => t.call('POST', `/api/aux/employee/${e.id}/bindUser`, { token: admin, body: { userId: u.id } })));
      expect(rs.filter((r) => r.json().success)).toHaveLength(1);
      expect(rs.find((r) => !r.json().success)!.json().code).toMatch(/ACCOUNT_ALREADY_BOUND|DATA_DUPLICATION/);
      const bound = await ok('GET', '/api/aux/employee', { query: { filter: { companyId: w.companyId, userId: u.id } } });
      expect(bound.total).toBe(1);
    }
  });

  it('refuses moving an employee into a department with children', async () => {
    const root = await dept({ code: 'MV1', name: 'Move root' });
    const leaf = await dept({ code: 'MV101', name: 'Move leaf', parentId: root.id });
    const e = await emp({ code: 'MV-1', name: '冯一', departmentId: leaf.id });
    expect((await fail('POST', `/api/aux/employee/${e.id}`, { body: { departmentId: root.id } })).code).toBe('DEPARTMENT_NOT_LEAF');
  });

  it('puts the linked employee and principal departments into the session user', async () => {
    const leaf = await dept({ code: 'S1', name: 'Session dept' });
    const u = await makeUser(t, admin, w.companyId, []);
    const e = await emp({ code: 'S-1', name: '郑一', departmentId: leaf.id });
    await ok('POST', `/api/aux/employee/${e.id}/bindUser`, { body: { userId: u.id } });
    await ok('POST', `/api/aux/department/${leaf.id}`, { body: { principalId: e.id } });
    const me = await ok('GET', '/api/idm/user/current', { token: u.token });
    expect(me.employee).toMatchObject({ id: e.id, name: '郑一' });
    expect(me.principalDepartments.map((d: { id: number }) => d.id)).toEqual([leaf.id]);
    expect((await ok('GET', '/api/aux/department/principal', { token: u.token })).content.map((d: { id: number }) => d.id)).toEqual([leaf.id]);
    // A principal employee is in use: it cannot be deleted.
    expect(await ok('GET', `/api/aux/employee/${e.id}/used`)).toBe(true);
    expect((await fail('DELETE', `/api/aux/employee/${e.id}`)).code).toBe('IN_USE');
    // Reading is open to every user of the company; changing needs the user centre right.
    expect((await ok('GET', '/api/aux/employee', { token: u.token, query: { filter: { companyId: w.companyId } } })).total).toBeGreaterThan(0);
    expect((await fail('POST', '/api/aux/employee', { token: u.token, body: { companyId: w.companyId, code: 'S-2', name: '郑二', departmentId: leaf.id } })).code).toBe('NO_PERMISSION');
  });

  it('seeds the demo company with 8 departments in two levels, 40 employees and bound demo users', async () => {
    const clerk = await t.login('clerk');
    const me = await ok('GET', '/api/idm/user/current', { token: clerk });
    const companyId = me.currentCompanyId;
    const depts = await ok('GET', '/api/aux/department', { token: clerk, query: { filter: { companyId } } });
    expect(depts.total).toBe(8);
    expect(depts.content.filter((d: { parentId: number | null }) => d.parentId === null)).toHaveLength(2);
    expect((await ok('GET', '/api/aux/employee', { token: clerk, query: { filter: { companyId }, limit: 1 } })).total).toBe(40);
    expect(me.employee).not.toBeNull();
    expect(me.principalDepartments).toHaveLength(1);
    void unique;
  });
});
