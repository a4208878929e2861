/**
 * User-centre scoping: a non-admin manages the companies where they hold right 10, sees no admins,
 * grants only rights they hold, never to themselves; named ids they cannot use answer 403; link lists
 * page; scoped routes fail closed.
 */
import { z } from 'zod';
import { defineRoute } from '../../src/contract/route';
import { handle } from '../../src/server/http/route';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, openTestDb, type TestApp } from './harness';
import { buildApp } from '../../src/server/app';
import { ok } from '../../src/server/http/reply';
import { guardCompany } from '../../src/server/http/guards';
import { RIGHTS } from '../../src/domain/rights';
import { data, makeCompany, makeRole, makeUser, MISSING_ID, uniqueUsername } from './factories';

describe.each(backends())('user centre scoping (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  // Two companies of this file's own: A (like the demo firm) and B (like its branch).
  let A: number;
  let B: number;
  let mgr: string; // right 10 in company A
  let mgr2: string; // linked to A and B, right 10 in company B only, home company A
  const id: Record<string, number> = {};
  const clerkName = uniqueUsername('ucclerk');

  const post = async (url: string, body: unknown, token = admin) => {
    const r = await t.call('POST', url, { token, body });
    if (!r.json().success) throw new Error(`${url}: ${r.body}`);
    return r.json().data;
  };
  const list = async (url: string, token: string, query: Record<string, unknown> = {}) => {
    const r = await t.call('GET', url, { token, query });
    if (!r.json().success) throw new Error(`${url}: ${r.body}`);
    return r.json().data as { content: any[]; total: number };
  };
  const refused = async (res: Promise<{ statusCode: number; json(): any }>) => {
    const r = await res;
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    id.admin = (await data(t.call('GET', '/api/idm/user/current', { token: admin }), 'current')).id;
    A = (await makeCompany(t, admin)).id;
    B = (await makeCompany(t, admin)).id;
    // The admin is linked to both companies, as the seed links it to its own two.
    await post('/api/idm/userCompany', { userId: id.admin, companyId: A });
    await post('/api/idm/userCompany', { userId: id.admin, companyId: B });
    id.clerkRole = (await makeRole(t, admin, A, [1, 2, 201, 20101, RIGHTS.VOUCHER_EDIT], 'Clerk')).id; // voucher rights
    id.systemRole = (await makeRole(t, admin, A, [RIGHTS.SYSTEM, RIGHTS.USER_CENTER, RIGHTS.ACCOUNT_MANAGE, RIGHTS.BASIC], 'System manager')).id;
    id.clerk = (await makeUser(t, admin, A, { username: clerkName, name: '张记账', password: 'clerk123', roleIds: [id.clerkRole], login: false })).id;
    id.auditor = (await makeUser(t, admin, A, { rightIds: [1], login: false })).id;
    id.mgrRole1 = (await post('/api/idm/role', { companyId: A, name: 'UC manager', rightIds: [10, 1] })).id;
    id.home1 = (await post('/api/idm/role', { companyId: A, name: 'Home only', rightIds: [1] })).id;
    id.mgrRole2 = (await post('/api/idm/role', { companyId: B, name: 'UC manager 2', rightIds: [10, 1] })).id;
    id.home2 = (await post('/api/idm/role', { companyId: B, name: 'Home only 2', rightIds: [1] })).id;
    id.mgr = (await post('/api/idm/user', { username: 'mgr', name: 'Manager', password: 'mgr123', companyIds: [A], roleIds: [id.mgrRole1] })).id;
    id.mgr2 = (await post('/api/idm/user', { username: 'mgr2', name: 'Manager Two', password: 'mgr123', companyId: A, companyIds: [A, B], roleIds: [id.home1, id.mgrRole2] })).id;
    id.branch = (await post('/api/idm/user', { username: 'branchy', name: 'Branch User', password: 'branch1', companyIds: [B] })).id;
    mgr = await t.login('mgr', 'mgr123');
    mgr2 = await t.login('mgr2', 'mgr123');
  });
  afterAll(async () => t?.close());

  it('user roles: only roles whose rights the caller holds, in a managed company, never to oneself', async () => {
    const roleIdsOf = async (userId: number) => (await list('/api/idm/userRole', admin, { filter: { userId } })).content.map((r) => r.roleId);
    // This test's own target: a user of company A, managed by mgr.
    const target = (await makeUser(t, admin, A, { rightIds: [1], login: false })).id;
    // The clerk role carries voucher rights the manager lacks.
    await refused(t.call('POST', '/api/idm/userRole', { token: mgr, body: { userId: target, roleId: id.clerkRole } }));
    await refused(t.call('POST', '/api/idm/userRole', { token: mgr, body: { userId: target, roleId: id.systemRole } }));
    expect(await roleIdsOf(target)).not.toContain(id.clerkRole);
    // A role of a company the manager does not manage.
    await refused(t.call('POST', '/api/idm/userRole', { token: mgr, body: { userId: target, roleId: id.home2 } }));
    // Not to oneself, even a role whose rights are held.
    await refused(t.call('POST', '/api/idm/userRole', { token: mgr, body: { userId: id.mgr, roleId: id.home1 } }));
    await refused(t.call('POST', '/api/idm/userRole', { token: mgr, body: { userId: id.mgr, roleId: id.systemRole } }));
    expect(await roleIdsOf(id.mgr)).toEqual([id.mgrRole1]);
    // Grantable role to another managed user: fine.
    expect((await t.call('POST', '/api/idm/userRole', { token: mgr, body: { userId: target, roleId: id.home1 } })).json().success).toBe(true);
    expect(await roleIdsOf(target)).toContain(id.home1);
    // Admins hold every right and may give themselves a role (an administrator of this test's own).
    const otherAdmin = await makeUser(t, admin, A, { kind: 'ADMIN' });
    expect((await t.call('POST', '/api/idm/userRole', { token: otherAdmin.token, body: { userId: otherAdmin.id, roleId: id.home1 } })).json().success).toBe(true);
    expect(await roleIdsOf(otherAdmin.id)).toEqual([id.home1]);
  });

  it('creating a user checks every role id like a user-role link', async () => {
    const exists = async (username: string) => (await t.call('GET', '/api/idm/user/exists', { token: admin, query: { username } })).json().data;
    await refused(t.call('POST', '/api/idm/user', { token: mgr, body: { username: 'esc1', name: 'Esc', password: 'esc123', roleIds: [id.clerkRole] } }));
    await refused(t.call('POST', '/api/idm/user', { token: mgr, body: { username: 'esc2', name: 'Esc', password: 'esc123', roleIds: [id.home2] } }));
    await refused(t.call('POST', '/api/idm/user', { token: mgr, body: { username: 'esc3', name: 'Esc', password: 'esc123', roleIds: [MISSING_ID] } }));
    await refused(t.call('POST', '/api/idm/user', { token: mgr, body: { username: 'esc4', name: 'Esc', password: 'esc123', companyIds: [B] } }));
    for (const u of ['esc1', 'esc2', 'esc3', 'esc4']) expect(await exists(u)).toBe(false);
    const made = (await t.call('POST', '/api/idm/user', { token: mgr, body: { username: 'okrole', name: 'Ok Role', password: 'okr123', roleIds: [id.home1] } })).json();
    expect(made.success).toBe(true);
    const token = await t.login('okrole', 'okr123');
    expect((await t.call('GET', '/api/idm/user/rights', { token })).json().data).toEqual([1]);
    // A role links the new user to its company.
    const u = await post('/api/idm/user', { username: 'rolelinked', name: 'Role Linked', password: 'rl1234', roleIds: [id.home2] });
    expect((await list('/api/idm/userCompany', admin, { filter: { userId: u.id } })).content.map((l) => l.companyId)).toEqual([B]);
  });

  it('updating a user checks its companies and roles like a create: one the caller cannot give refuses the whole update', async () => {
    const companiesOf = async (userId: number) => (await list('/api/idm/userCompany', admin, { filter: { userId } })).content.map((l) => l.companyId).sort();
    const rolesOf = async (userId: number) => (await list('/api/idm/userRole', admin, { filter: { userId } })).content.map((r) => r.roleId).sort();
    const nameOf = async (userId: number) => (await data(t.call('GET', `/api/idm/user/${userId}`, { token: admin }), 'user')).name;
    // A user of company B only, managed by mgr2 (right 10 in B only).
    const target = (await makeUser(t, admin, B, { name: 'Eve Original', login: false })).id;
    const update = (body: Record<string, unknown>, token = mgr2) => t.call('POST', `/api/idm/user/${target}`, { token, body });
    // Company A, or a role of A, is not mgr2's to give: 403, and nothing changes (not the name either).
    await refused(update({ name: 'Eve Outsider', companyIds: [A, B] }));
    await refused(update({ name: 'Eve Outsider', roleIds: [id.home1, id.home2] }));
    await refused(update({ name: 'Eve Outsider', roleIds: [MISSING_ID] }));
    await refused(update({ name: 'Eve Outsider', kind: 'ADMIN' }));
    expect(await nameOf(target)).toBe('Eve Original');
    expect(await companiesOf(target)).toEqual([B]);
    expect(await rolesOf(target)).toEqual([]);
    // What mgr2 may give is applied with the rest of the update, never silently dropped.
    expect((await update({ name: 'Eve Insider', companyIds: [B], roleIds: [id.home2] })).json()).toMatchObject({ success: true, data: { name: 'Eve Insider' } });
    expect(await rolesOf(target)).toEqual([id.home2]);
    expect(await companiesOf(target)).toEqual([B]);
    // An admin links the user to another company, and a role links its own company.
    expect((await update({ companyIds: [A] }, admin)).json().success).toBe(true);
    expect(await companiesOf(target)).toEqual([A, B].sort());
    // Nobody but an admin hands themselves a role through an update either.
    await refused(t.call('POST', `/api/idm/user/${id.mgr}`, { token: mgr, body: { roleIds: [id.home1] } }));
    expect(await rolesOf(id.mgr)).toEqual([id.mgrRole1]);
  });

  it('manages users by "holds right 10 in a company they are linked to", and never admins', async () => {
    // mgr2 manages company B only; the session's company is A, where mgr2 lacks right 10.
    const seen = (await list('/api/idm/user', mgr2, { limit: 100 })).content.map((u) => u.username);
    expect(seen).toEqual(expect.arrayContaining(['branchy', 'mgr2']));
    expect(seen).not.toContain(clerkName);
    expect(seen).not.toContain('admin');
    expect((await t.call('GET', `/api/idm/user/${id.branch}`, { token: mgr2 })).statusCode).toBe(200);
    // A password reset on a user of B only: this test's own user.
    const branchUser = await makeUser(t, admin, B, { password: 'branch1', login: false });
    expect((await t.call('POST', '/api/idm/user/setPassword', { token: mgr2, body: { userId: branchUser.id, password: 'branch2' } })).json().success).toBe(true);
    await t.login(branchUser.username, 'branch2');
    // The clerk is linked to company A only, where mgr2 is linked but holds no user-centre right.
    await refused(t.call('GET', `/api/idm/user/${id.clerk}`, { token: mgr2 }));
    await refused(t.call('POST', `/api/idm/user/${id.clerk}`, { token: mgr2, body: { name: 'Hijacked' } }));
    await refused(t.call('POST', '/api/idm/user/setPassword', { token: mgr2, body: { userId: id.clerk, password: 'abc123' } }));
    await refused(t.call('POST', `/api/idm/user/${id.clerk}/disable`, { token: mgr2, body: { disabled: true } }));
    await refused(t.call('DELETE', `/api/idm/user/${id.clerk}`, { token: mgr2 }));
    // The admin is linked to both companies, yet out of reach and out of sight for managers.
    for (const token of [mgr, mgr2]) {
      await refused(t.call('GET', `/api/idm/user/${id.admin}`, { token }));
      await refused(t.call('POST', '/api/idm/user/setPassword', { token, body: { userId: id.admin, password: 'abc123' } }));
    }
    expect((await list('/api/idm/user', mgr, { limit: 100 })).content.map((u) => u.username)).not.toContain('admin');
    const clerk = (await t.call('GET', `/api/idm/user/${id.clerk}`, { token: admin })).json().data;
    expect(clerk).toMatchObject({ name: '张记账', state: 'NORMAL' });
    await t.login(clerkName, 'clerk123');
  });

  it('answers 403 for filters naming a company, user or role the caller cannot use', async () => {
    const foreign = await t.call('GET', '/api/idm/user', { token: mgr, query: { filter: { companyId: B } }, lang: 'en_US' });
    const missing = await t.call('GET', '/api/idm/user', { token: mgr, query: { filter: { companyId: MISSING_ID } }, lang: 'en_US' });
    expect(foreign.statusCode).toBe(403);
    expect(missing.json()).toEqual(foreign.json());
    // A's users that mgr sees: mgr, mgr2, the clerk and the auditor (never the admin).
    expect((await list('/api/idm/user', mgr, { filter: { companyId: A }, limit: 100 })).total).toBeGreaterThan(3);
    await refused(t.call('GET', '/api/idm/user', { token: mgr, query: { filter: { id: [id.admin] } } }));
    await refused(t.call('GET', '/api/company', { token: mgr, query: { filter: { id: [B] } } }));
    await refused(t.call('GET', '/api/company', { token: mgr, query: { filter: { id: [A, MISSING_ID] } } }));
    expect((await list('/api/company', mgr, { filter: { id: [A] } })).total).toBe(1);
    await refused(t.call('GET', '/api/company', { token: mgr, query: { filter: { userId: id.admin } } }));
    await refused(t.call('GET', '/api/idm/userRole', { token: mgr, query: { filter: { companyId: B } } }));
    await refused(t.call('GET', '/api/idm/userRole', { token: mgr, query: { filter: { userId: id.admin } } }));
    await refused(t.call('GET', '/api/idm/userRole', { token: mgr, query: { filter: { roleId: id.home2 } } }));
    await refused(t.call('GET', '/api/idm/userCompany', { token: mgr, query: { userId: id.branch } }));
  });

  it('lists links without a filter only in managed companies; refuses callers who manage none', async () => {
    const roles = (await list('/api/idm/userRole', mgr2, { limit: 1000 })).content;
    expect(roles.length).toBeGreaterThan(0);
    expect(new Set(roles.map((r) => r.companyId))).toEqual(new Set([B]));
    const links = (await list('/api/idm/userCompany', mgr2, { limit: 1000 })).content;
    expect(new Set(links.map((r) => r.companyId))).toEqual(new Set([B]));
    const clerk = await t.login(clerkName, 'clerk123');
    await refused(t.call('GET', '/api/idm/userRole', { token: clerk }));
    await refused(t.call('GET', '/api/idm/userCompany', { token: clerk }));
    await refused(t.call('GET', '/api/idm/user', { token: clerk }));
  });

  it('pages and sorts user-role and user-company lists with a real total', async () => {
    for (const url of ['/api/idm/userCompany', '/api/idm/userRole']) {
      const all = await list(url, admin, { limit: 1000, sort: { id: 'asc' } });
      expect(all.total).toBe(all.content.length);
      expect(all.total).toBeGreaterThan(4);
      const first = await list(url, admin, { limit: 2, sort: { id: 'asc' } });
      expect(first.content.map((r) => r.id)).toEqual(all.content.slice(0, 2).map((r) => r.id));
      expect(first.total).toBe(all.total);
      const second = await list(url, admin, { offset: 2, limit: 2, sort: { id: 'asc' } });
      const page1 = await list(url, admin, { index: 1, size: 2, sort: { id: 'asc' } });
      expect(second.content.map((r) => r.id)).toEqual(all.content.slice(2, 4).map((r) => r.id));
      expect(page1.content.map((r) => r.id)).toEqual(second.content.map((r) => r.id));
      const desc = await list(url, admin, { limit: 3, sort: { id: 'desc' } });
      expect(desc.content.map((r) => r.id)).toEqual(all.content.slice(-3).reverse().map((r) => r.id));
      const past = await list(url, admin, { offset: all.total + 5, limit: 2 });
      expect(past).toEqual({ content: [], total: all.total });
    }
    const roles = await list('/api/idm/role', admin, { filter: { companyId: A }, limit: 1000 });
    expect(await list('/api/idm/role', admin, { filter: { companyId: A }, offset: roles.total + 1 })).toEqual({ content: [], total: roles.total });
  });

  it('updates a role with only rights or nothing; refuses ungrantable rights before renaming', async () => {
    const r = await post('/api/idm/role', { companyId: A, name: 'Editable', rightIds: [1] });
    const onlyRights = await t.call('POST', `/api/idm/role/${r.id}`, { token: admin, body: { rightIds: [1, 4] } });
    expect(onlyRights.statusCode).toBe(200);
    expect(onlyRights.json().data).toMatchObject({ name: 'Editable', rightIds: [1, 4] });
    const nothing = await t.call('POST', `/api/idm/role/${r.id}`, { token: admin, body: {} });
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json().data).toMatchObject({ name: 'Editable', rightIds: [1, 4] });
    const unknown = await t.call('POST', `/api/idm/role/${r.id}`, { token: admin, body: { name: 'Renamed', rightIds: [1, 424242] }, lang: 'en_US' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('Please enter the correct content: Rights contain unknown ids: 424242');
    await refused(t.call('POST', `/api/idm/role/${id.home1}`, { token: mgr, body: { name: 'Sneaky', rightIds: [1, 2010101] } }));
    const after = (await t.call('GET', `/api/idm/role/${r.id}`, { token: admin })).json().data;
    expect(after).toMatchObject({ name: 'Editable', rightIds: [1, 4] });
    expect((await t.call('GET', `/api/idm/role/${id.home1}`, { token: admin })).json().data).toMatchObject({ name: 'Home only', rightIds: [1] });
    const both = await t.call('POST', `/api/idm/role/${r.id}`, { token: admin, body: { name: 'Edited', remark: 'r', rightIds: [5] } });
    expect(both.json().data).toMatchObject({ name: 'Edited', remark: 'r', rightIds: [5] });
  });
});

describe.each(backends())('scoped routes fail closed (%s)', (backend) => {
  it('answers 403 when a scoped route finishes without a guard of its declared scope', async () => {
    const db = await openTestDb(backend);
    const app = await buildApp({ db: db.db, dbKind: db.kind, fileSecret: 'test-secret' });
    const access = { right: RIGHTS.USER_CENTER, scope: 'company' as const };
    // The session's company, read from the sign-in answer below (handlers run only after it).
    let home = 0;
    const answer = z.array(z.string());
    handle(app, defineRoute({ method: 'GET', path: '/api/test/forgot-guard', answer, access, tags: ['test'] }), async () => ok(['secret']));
    handle(app, defineRoute({ method: 'GET', path: '/api/test/guarded', answer, access, tags: ['test'] }), async (req) => {
      guardCompany(req, home);
      return ok(['fine']);
    });
    // Declared as a period route, but only the company was checked: the wrong guard counts as none.
    handle(app, defineRoute({ method: 'GET', path: '/api/test/wrong-guard', answer, access: { right: null, scope: 'period' }, tags: ['test'] }), async (req) => {
      guardCompany(req, home);
      return ok(['period data']);
    });
    handle(app, defineRoute({ method: 'GET', path: '/api/test/global', answer, access: { right: null, scope: 'none' }, tags: ['test'] }), async () => ok(['global']));
    await app.ready();
    try {
      const login = await app.inject({ method: 'POST', url: '/api/idm/user/login', payload: { username: 'admin', password: 'admin123' } });
      const headers = { authorization: `Bearer ${login.json().data.accessToken}`, 'x-language': 'en_US' };
      home = login.json().data.user.currentCompanyId;
      expect(home).toBeGreaterThan(0);
      const forgot = await app.inject({ method: 'GET', url: '/api/test/forgot-guard', headers });
      expect(forgot.statusCode).toBe(403);
      expect(forgot.json()).toEqual({ data: null, success: false, code: 'NO_PERMISSION', msg: 'No permission to operate' });
      expect(forgot.body).not.toContain('secret');
      const wrong = await app.inject({ method: 'GET', url: '/api/test/wrong-guard', headers });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.body).not.toContain('period data');
      expect((await app.inject({ method: 'GET', url: '/api/test/guarded', headers })).json().data).toEqual(['fine']);
      expect((await app.inject({ method: 'GET', url: '/api/test/global', headers })).json().data).toEqual(['global']);
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('refuses at start-up a route that is not registered from a contract declaration', async () => {
    const db = await openTestDb(backend);
    const app = await buildApp({ db: db.db, dbKind: db.kind, fileSecret: 'test-secret' });
    try {
      expect(() => app.get('/api/test/by-hand', { config: { access: { right: null, scope: 'none' } } }, async () => ok(null))).toThrow(/contract declaration/);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
