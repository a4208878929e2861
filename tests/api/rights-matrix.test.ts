/**
 * The rights matrix: every declared /api route is called (1) without a token, (2) by a user of the
 * company who lacks the route's right, (3) by a fully-privileged user of ANOTHER company with this
 * company's ids, and (4) by that same user with ids that do not exist. (1) → 401; (2) and (3) → 403
 * 'No permission to operate'; (3) and (4) must be indistinguishable. A route without a sample here
 * fails the test, so new routes cannot skip the matrix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_RIGHT_IDS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';

type Ids = { user: number; role: number; userRole: number; userCompany: number; company: number; account: number; accountYear: number; period: number; userData: number; department: number; employee: number };
interface Sample {
  query?: Record<string, unknown>;
  body?: unknown;
  url?: string;
  /** Touches company-1 data by id: used for the foreign/missing comparison. */
  scoped?: boolean;
}

const samples: Record<string, (ids: Ids) => Sample> = {
  'POST /api/idm/user/logout': () => ({}),
  'POST /api/idm/user/refreshToken': () => ({}),
  'GET /api/idm/user/current': () => ({}),
  'GET /api/idm/user/rights': () => ({}),
  'GET /api/idm/user/allRights': () => ({}),
  'GET /api/idm/user/role': () => ({}),
  'POST /api/idm/user/changePassword': () => ({ body: { oldPassword: 'x', newPassword: 'abc123' } }),
  'POST /api/idm/user/changeUsername': () => ({ body: { username: 'newname' } }),
  'POST /api/idm/user/switchCompany': (i) => ({ body: { companyId: i.company }, scoped: true }),
  'POST /api/idm/user/language': () => ({ body: { language: 'en_US' } }),
  'POST /api/idm/user/avatar': () => ({}),
  'GET /api/idm/user': () => ({}),
  'GET /api/idm/user/:id': (i) => ({ url: `/api/idm/user/${i.user}`, scoped: true }),
  'POST /api/idm/user': () => ({ body: { username: 'matrix1', name: 'Matrix', password: 'abc123' } }),
  'POST /api/idm/user/:id': (i) => ({ url: `/api/idm/user/${i.user}`, body: { name: 'Renamed' }, scoped: true }),
  'POST /api/idm/user/:id/disable': (i) => ({ url: `/api/idm/user/${i.user}/disable`, body: { disabled: true }, scoped: true }),
  'POST /api/idm/user/setPassword': (i) => ({ body: { userId: i.user, password: 'abc123' }, scoped: true }),
  'GET /api/idm/user/exists': () => ({ query: { username: 'clerk' } }),
  'DELETE /api/idm/user/:id': (i) => ({ url: `/api/idm/user/${i.user}`, scoped: true }),
  'GET /api/idm/role': (i) => ({ query: { filter: { companyId: i.company } }, scoped: true }),
  'GET /api/idm/role/:id': (i) => ({ url: `/api/idm/role/${i.role}`, scoped: true }),
  'POST /api/idm/role': (i) => ({ body: { companyId: i.company, name: 'Matrix role' }, scoped: true }),
  'POST /api/idm/role/:id': (i) => ({ url: `/api/idm/role/${i.role}`, body: { name: 'Renamed role' }, scoped: true }),
  'DELETE /api/idm/role/:id': (i) => ({ url: `/api/idm/role/${i.role}`, scoped: true }),
  'GET /api/idm/roleRights': (i) => ({ query: { roleId: i.role }, scoped: true }),
  'POST /api/idm/roleRights': (i) => ({ body: { roleId: i.role, rightIds: [1] }, scoped: true }),
  'GET /api/idm/userRole': (i) => ({ query: { filter: { companyId: i.company } }, scoped: true }),
  'POST /api/idm/userRole': (i) => ({ body: { userId: i.user, roleId: i.role }, scoped: true }),
  'DELETE /api/idm/userRole/:id': (i) => ({ url: `/api/idm/userRole/${i.userRole}`, scoped: true }),
  'DELETE /api/idm/userRole': (i) => ({ query: { filter: { id: [i.userRole] } }, scoped: true }),
  'GET /api/idm/userCompany': (i) => ({ query: { filter: { companyId: i.company } }, scoped: true }),
  'POST /api/idm/userCompany': (i) => ({ body: { userId: i.user, companyId: i.company }, scoped: true }),
  'DELETE /api/idm/userCompany/:id': (i) => ({ url: `/api/idm/userCompany/${i.userCompany}`, scoped: true }),
  'GET /api/company': () => ({}),
  'GET /api/company/:id': (i) => ({ url: `/api/company/${i.company}`, scoped: true }),
  'POST /api/company': () => ({ body: { name: 'Matrix company' } }),
  'POST /api/company/:id': (i) => ({ url: `/api/company/${i.company}`, body: { phone: '123' }, scoped: true }),
  'DELETE /api/company/:id': (i) => ({ url: `/api/company/${i.company}`, scoped: true }),
  'GET /api/account': (i) => ({ query: { filter: { companyId: i.company } }, scoped: true }),
  'GET /api/account/main': (i) => ({ query: { companyId: i.company }, scoped: true }),
  'GET /api/account/year': (i) => ({ query: { accountId: i.account }, scoped: true }),
  'POST /api/account/year': (i) => ({ body: { accountId: i.account, year: 2030 }, scoped: true }),
  'DELETE /api/account/year/:id': (i) => ({ url: `/api/account/year/${i.accountYear}`, scoped: true }),
  'GET /api/account/period': (i) => ({ query: { accountYearId: i.accountYear }, scoped: true }),
  'POST /api/account/period/:id': (i) => ({ url: `/api/account/period/${i.period}`, body: { startAt: '2025-01-01', endAt: '2025-01-30' }, scoped: true }),
  'GET /api/account/:id': (i) => ({ url: `/api/account/${i.account}`, scoped: true }),
  'POST /api/account': (i) => ({ body: { companyId: i.company, name: 'Matrix ledger' }, scoped: true }),
  'POST /api/account/:id': (i) => ({ url: `/api/account/${i.account}`, body: { name: 'Renamed ledger' }, scoped: true }),
  'POST /api/account/:id/main': (i) => ({ url: `/api/account/${i.account}/main`, scoped: true }),
  'DELETE /api/account/:id': (i) => ({ url: `/api/account/${i.account}`, scoped: true }),
  'POST /api/system/config': () => ({ body: { languageSwitch: true } }),
  'GET /api/system/userData': () => ({}),
  'POST /api/system/userData': () => ({ body: { kind: 'list', subKind: 'x', content: { a: 1 } } }),
  'POST /api/system/userData/:id': (i) => ({ url: `/api/system/userData/${i.userData}`, body: { content: { a: 2 } }, scoped: true }),
  'DELETE /api/system/userData/:id': (i) => ({ url: `/api/system/userData/${i.userData}`, scoped: true }),
  'DELETE /api/system/userData': (i) => ({ query: { filter: { id: [i.userData] } } }),
  'GET /api/aux/department': (i) => ({ query: { filter: { companyId: i.company } }, scoped: true }),
  'GET /api/aux/department/principal': (i) => ({ query: { companyId: i.company }, scoped: true }),
  'GET /api/aux/department/:id/used': (i) => ({ url: `/api/aux/department/${i.department}/used`, scoped: true }),
  'POST /api/aux/department': (i) => ({ body: { companyId: i.company, code: 'MX', name: 'Matrix dept' }, scoped: true }),
  'POST /api/aux/department/:id': (i) => ({ url: `/api/aux/department/${i.department}`, body: { name: 'Renamed dept' }, scoped: true }),
  'DELETE /api/aux/department/:id': (i) => ({ url: `/api/aux/department/${i.department}`, scoped: true }),
  'DELETE /api/aux/department': (i) => ({ query: { filter: { id: [i.department] } }, scoped: true }),
  'GET /api/aux/employee': (i) => ({ query: { filter: { companyId: i.company } }, scoped: true }),
  'GET /api/aux/employee/:id/used': (i) => ({ url: `/api/aux/employee/${i.employee}/used`, scoped: true }),
  'POST /api/aux/employee': (i) => ({ body: { companyId: i.company, code: 'MX', name: 'Matrix', departmentId: i.department }, scoped: true }),
  'POST /api/aux/employee/:id': (i) => ({ url: `/api/aux/employee/${i.employee}`, body: { name: 'Renamed' }, scoped: true }),
  'POST /api/aux/employee/:id/bindUser': (i) => ({ url: `/api/aux/employee/${i.employee}/bindUser`, body: { userId: i.user }, scoped: true }),
  'POST /api/aux/employee/:id/unbindUser': (i) => ({ url: `/api/aux/employee/${i.employee}/unbindUser`, body: {}, scoped: true }),
  'DELETE /api/aux/employee/:id': (i) => ({ url: `/api/aux/employee/${i.employee}`, scoped: true }),
  'DELETE /api/aux/employee': (i) => ({ query: { filter: { id: [i.employee] } }, scoped: true }),
  'GET /api/aux/organization': (i) => ({ query: { companyId: i.company }, scoped: true }),
};

/**
 * List routes called with no filter at all: the company scope is implied (the session's company or
 * every company where the caller holds the right), so a caller without the right must still get 403,
 * not an empty list.
 */
const unfiltered: Record<string, Sample> = {
  'GET /api/idm/user': {},
  'GET /api/idm/role': {},
  'GET /api/idm/userRole': {},
  'GET /api/idm/userCompany': {},
  'GET /api/idm/user/exists': { query: { username: 'clerk' } },
};

describe.each(backends())('rights matrix (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let norights: string;
  let foreigner: string;
  let ids: Ids;
  const MISSING = 999_999;
  const missing: Ids = { user: MISSING, role: MISSING, userRole: MISSING, userCompany: MISSING, company: MISSING, account: MISSING, accountYear: MISSING, period: MISSING, userData: MISSING, department: MISSING, employee: MISSING };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    const post = async (url: string, body: unknown, token = admin) => {
      const r = await t.call('POST', url, { token, body });
      const j = r.json();
      if (!j.success) throw new Error(`${url}: ${r.body}`);
      return j.data;
    };
    await post('/api/idm/user', { username: 'norights', name: 'No Rights', password: 'norights1', companyIds: [1] });
    norights = await t.login('norights', 'norights1');
    const allRole = await post('/api/idm/role', { companyId: 2, name: 'All rights in 2', rightIds: ALL_RIGHT_IDS });
    await post('/api/idm/user', { username: 'foreigner', name: 'Foreigner', password: 'foreign1', companyIds: [2], companyId: 2, roleIds: [allRole.id] });
    foreigner = await t.login('foreigner', 'foreign1');
    const clerk = await t.login('clerk');
    const ud = await post('/api/system/userData', { kind: 'list', content: { w: 1 } }, clerk);
    const userRoles = (await t.call('GET', '/api/idm/userRole', { token: admin, query: { filter: { companyId: 1 } } })).json().data.content;
    const userCompanies = (await t.call('GET', '/api/idm/userCompany', { token: admin, query: { filter: { companyId: 1, userId: 2 } } })).json().data.content;
    const leaves = (await t.call('GET', '/api/aux/department', { token: admin, query: { filter: { companyId: 1, leaf: true } } })).json().data.content;
    const staff = (await t.call('GET', '/api/aux/employee', { token: admin, query: { filter: { companyId: 1, departmentId: leaves[0].id } } })).json().data.content;
    ids = { user: 2, role: 1, userRole: userRoles[0].id, userCompany: userCompanies[0].id, company: 1, account: 1, accountYear: 1, period: 1, userData: ud.id, department: leaves[0].id, employee: staff[0].id };
  });
  afterAll(async () => t?.close());

  const send = (method: string, key: string, s: Sample, token?: string) =>
    t.call(method as 'GET', s.url ?? key.split(' ')[1], { token, query: s.query, body: s.body ?? (method === 'POST' ? {} : undefined) });

  it('has a sample for every declared route', () => {
    const keys = t.app.declaredRoutes.filter((r) => !('public' in r.access)).map((r) => `${r.method} ${r.url}`);
    const lacking = keys.filter((k) => !samples[k]);
    expect(lacking).toEqual([]);
  });

  it('refuses every non-public route without a token (401)', async () => {
    for (const r of t.app.declaredRoutes.filter((x) => !('public' in x.access))) {
      const key = `${r.method} ${r.url}`;
      const res = await send(r.method, key, samples[key](ids));
      expect(res.statusCode, key).toBe(401);
      expect(res.json().code, key).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses a same-company user without the right (403 No permission to operate)', async () => {
    let checked = 0;
    for (const r of t.app.declaredRoutes) {
      if ('public' in r.access || (r.access.right === null && !r.access.adminOnly)) continue;
      const key = `${r.method} ${r.url}`;
      const res = await t.call(r.method as 'GET', samples[key](ids).url ?? r.url, { token: norights, query: samples[key](ids).query, body: samples[key](ids).body ?? (r.method === 'POST' ? {} : undefined), lang: 'en_US' });
      expect(res.statusCode, key).toBe(403);
      expect(res.json(), key).toMatchObject({ success: false, code: 'NO_PERMISSION', msg: 'No permission to operate', data: null });
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('refuses list routes without any filter to a user lacking the right (no empty 200)', async () => {
    for (const [key, s] of Object.entries(unfiltered)) {
      const [method, url] = key.split(' ');
      expect(t.app.declaredRoutes.some((r) => `${r.method} ${r.url}` === key), key).toBe(true);
      const res = await t.call(method as 'GET', url, { token: norights, query: s.query, lang: 'en_US' });
      expect(res.statusCode, key).toBe(403);
      expect(res.json(), key).toMatchObject({ success: false, code: 'NO_PERMISSION', msg: 'No permission to operate', data: null });
    }
  });

  it('answers a foreign company id exactly like a missing id, and refuses both', async () => {
    let checked = 0;
    for (const r of t.app.declaredRoutes) {
      if ('public' in r.access) continue;
      const key = `${r.method} ${r.url}`;
      const s = samples[key](ids);
      if (!s.scoped) continue;
      const foreign = await send(r.method, key, s, foreigner);
      const miss = await send(r.method, key, samples[key](missing), foreigner);
      expect(foreign.statusCode, key).toBe(403);
      expect({ status: miss.statusCode, code: miss.json().code, msg: miss.json().msg }, key).toEqual({ status: foreign.statusCode, code: foreign.json().code, msg: foreign.json().msg });
      checked++;
    }
    expect(checked).toBeGreaterThan(25);
  });

  it('changed nothing through the refused calls', async () => {
    const company = (await t.call('GET', '/api/company/1', { token: admin })).json().data;
    expect(company.phone).toBe('010-12345678');
    expect(company.deleted).toBe(false);
    const user = (await t.call('GET', '/api/idm/user/2', { token: admin })).json().data;
    expect(user).toMatchObject({ name: '张记账', state: 'NORMAL' });
    const account = (await t.call('GET', '/api/account/1', { token: admin })).json().data;
    expect(account).toMatchObject({ name: '主账套 Main ledger', main: 1, deleted: false });
    const periods = (await t.call('GET', '/api/account/period', { token: admin, query: { accountYearId: 1 } })).json().data.content;
    expect(periods[0].endAt).toBe('2025-01-31');
    const years = (await t.call('GET', '/api/account/year', { token: admin, query: { accountId: 1 } })).json().data.content;
    expect(years.map((y: { year: number }) => y.year)).toEqual([2025, 2026]);
    const role = (await t.call('GET', '/api/idm/role/1', { token: admin })).json().data;
    expect(role.name).toBe('记账员 Clerk');
    expect(role.rightIds).toContain(2010101);
    const depts = (await t.call('GET', '/api/aux/department', { token: admin, query: { filter: { companyId: 1 } } })).json().data;
    expect(depts.total).toBe(8);
    expect(depts.content.some((d: { name: string }) => d.name === 'Renamed dept')).toBe(false);
    const emps = (await t.call('GET', '/api/aux/employee', { token: admin, query: { filter: { companyId: 1 }, limit: 100 } })).json().data;
    expect(emps.total).toBe(40);
    expect(emps.content.filter((e: { userId: number | null }) => e.userId !== null)).toHaveLength(4);
  });
});
