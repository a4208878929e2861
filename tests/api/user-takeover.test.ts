/**
 * A user-centre manager acts only on users whose rights they hold themselves (QA round: a manager
 * holding rights [1, 102, 10] reset an auditor's password and signed in as the auditor). Every route
 * that acts on another user is refused with 'No permission to operate' and changes nothing; a
 * manager holding the target's rights still can. Also: each role's own user count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeCompany, makeRole, makeUser, type MadeUser } from './factories';
import { RIGHTS } from '../../src/domain/rights';

describe.each(backends())('user-centre managers and stronger users (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let A: number;
  let auditorRole: number;
  let auditor: MadeUser;
  let mgr: MadeUser; // rights [1, 102, 10] only
  let strongMgr: MadeUser; // the user centre and the auditor's rights

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    A = (await makeCompany(t, admin)).id;
    auditorRole = (await makeRole(t, admin, A, [RIGHTS.VOUCHER_AUDIT, RIGHTS.VOUCHER_BOOKKEEP], 'Auditor')).id;
    auditor = await makeUser(t, admin, A, { roleIds: [auditorRole], password: 'audit123', login: false });
    mgr = await makeUser(t, admin, A, { rightIds: [1, 102, RIGHTS.USER_CENTER] });
    strongMgr = await makeUser(t, admin, A, { rightIds: [1, 102, RIGHTS.USER_CENTER, RIGHTS.VOUCHER_AUDIT, RIGHTS.VOUCHER_BOOKKEEP] });
  });
  afterAll(async () => t?.close());

  const refused = async (res: Promise<{ statusCode: number; json(): any }>) => {
    const r = await res;
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ success: false, code: 'NO_PERMISSION', msg: 'No permission to operate' });
  };
  const asAdmin = async (url: string, query: Record<string, unknown> = {}) => data(t.call('GET', url, { token: admin, query }), url);

  it('refuses a manager lacking the target\'s rights on every route that acts on the user, and changes nothing', async () => {
    const before = await asAdmin(`/api/idm/user/${auditor.id}`);
    const linksBefore = await asAdmin('/api/idm/userRole', { filter: { userId: auditor.id } });
    const companiesBefore = await asAdmin('/api/idm/userCompany', { filter: { userId: auditor.id } });
    const o = { token: mgr.token, lang: 'en_US' };
    await refused(t.call('POST', '/api/idm/user/setPassword', { ...o, body: { userId: auditor.id, password: 'owned1' } }));
    await refused(t.call('POST', `/api/idm/user/${auditor.id}/disable`, { ...o, body: { disabled: true } }));
    await refused(t.call('POST', `/api/idm/user/${auditor.id}`, { ...o, body: { name: 'Owned' } }));
    await refused(t.call('DELETE', `/api/idm/user/${auditor.id}`, o));
    await refused(t.call('DELETE', `/api/idm/userRole/${linksBefore.content[0].id}`, o));
    await refused(t.call('DELETE', '/api/idm/userRole', { ...o, query: { filter: { id: [linksBefore.content[0].id] } } }));
    await refused(t.call('DELETE', `/api/idm/userCompany/${companiesBefore.content[0].id}`, o));
    await refused(t.call('POST', '/api/idm/userCompany', { ...o, body: { userId: auditor.id, companyId: A } }));
    // Nor may the manager strip (or rename, or delete) the auditor's role.
    await refused(t.call('POST', '/api/idm/roleRights', { ...o, body: { roleId: auditorRole, rightIds: [1] } }));
    await refused(t.call('POST', `/api/idm/role/${auditorRole}`, { ...o, body: { name: 'Stripped', rightIds: [1] } }));
    await refused(t.call('DELETE', `/api/idm/role/${auditorRole}`, o));

    // Nothing changed: the old password signs in, the auditor keeps the name, state, role and link.
    const token = await t.login(auditor.username, 'audit123');
    await expect(t.login(auditor.username, 'owned1')).rejects.toThrow(/login/);
    expect((await data(t.call('GET', '/api/idm/user/rights', { token }), 'rights'))).toEqual(expect.arrayContaining([RIGHTS.VOUCHER_AUDIT, RIGHTS.VOUCHER_BOOKKEEP]));
    expect(await asAdmin(`/api/idm/user/${auditor.id}`)).toEqual(before);
    expect(await asAdmin('/api/idm/userRole', { filter: { userId: auditor.id } })).toEqual(linksBefore);
    expect(await asAdmin('/api/idm/userCompany', { filter: { userId: auditor.id } })).toEqual(companiesBefore);
    expect(await asAdmin(`/api/idm/role/${auditorRole}`)).toMatchObject({ name: 'Auditor', rightIds: expect.arrayContaining([RIGHTS.VOUCHER_AUDIT, RIGHTS.VOUCHER_BOOKKEEP]) });
    // The refusal is localized.
    const zh = await t.call('POST', '/api/idm/user/setPassword', { token: mgr.token, lang: 'zh_CN', body: { userId: auditor.id, password: 'owned1' } });
    expect(zh.statusCode).toBe(403);
    expect(zh.json().msg).toBe('没有操作权限');
  });

  it('lets a manager holding the target\'s rights act on them, and the weak manager act on weaker users', async () => {
    const target = await makeUser(t, admin, A, { roleIds: [auditorRole], password: 'audit123', login: false });
    expect((await t.call('POST', '/api/idm/user/setPassword', { token: strongMgr.token, body: { userId: target.id, password: 'reset1' } })).statusCode).toBe(200);
    await t.login(target.username, 'reset1');
    expect((await t.call('POST', `/api/idm/user/${target.id}/disable`, { token: strongMgr.token, body: { disabled: true } })).json().data).toMatchObject({ state: 'DISABLED' });
    // A user with no rights beyond the weak manager's (here: the common functions) is still theirs.
    const weak = await makeUser(t, admin, A, { rightIds: [1, 102], password: 'weak123', login: false });
    expect((await t.call('POST', '/api/idm/user/setPassword', { token: mgr.token, body: { userId: weak.id, password: 'weak456' } })).statusCode).toBe(200);
    await t.login(weak.username, 'weak456');
    expect((await t.call('POST', `/api/idm/user/${weak.id}/disable`, { token: mgr.token, body: { disabled: true } })).statusCode).toBe(200);
  });

  it('marks in the user list which users the caller may act on, by the same rule', async () => {
    const weak = await makeUser(t, admin, A, { rightIds: [1, 102], login: false });
    const list = async (token: string) => {
      const page = await data<{ content: Array<{ id: number; manageable: boolean }> }>(t.call('GET', '/api/idm/user', { token, query: { filter: { companyId: A }, limit: 1000 } }), 'users');
      return new Map(page.content.map((u) => [u.id, u.manageable]));
    };
    const mine = await list(mgr.token);
    expect(mine.get(auditor.id)).toBe(false);
    expect(mine.get(strongMgr.id)).toBe(false);
    expect(mine.get(weak.id)).toBe(true);
    expect(mine.get(mgr.id)).toBe(true);
    // The list agrees with the routes: the rows it marks are the users the manager is refused.
    expect((await t.call('POST', '/api/idm/user/setPassword', { token: mgr.token, body: { userId: weak.id, password: 'weak789' } })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/idm/user/setPassword', { token: mgr.token, body: { userId: strongMgr.id, password: 'weak789' } })).statusCode).toBe(403);
    // The stronger manager holds the auditor's rights; the admin manages everyone listed.
    expect((await list(strongMgr.token)).get(auditor.id)).toBe(true);
    const all = await list(admin);
    expect(all.size).toBeGreaterThanOrEqual(4);
    expect([...all.values()].every(Boolean)).toBe(true);
    const everyone = await data<{ content: Array<{ manageable: boolean }> }>(t.call('GET', '/api/idm/user', { token: admin, query: { limit: 1000 } }), 'all users');
    expect(everyone.content.every((u) => u.manageable)).toBe(true);
  });

  it('counts the users of each role on its own', async () => {
    const B = (await makeCompany(t, admin)).id;
    await makeRole(t, admin, B, [1], 'Nobody');
    const one = await makeRole(t, admin, B, [1], 'One');
    const two = await makeRole(t, admin, B, [1], 'Two');
    await makeUser(t, admin, B, { roleIds: [one.id, two.id], login: false });
    await makeUser(t, admin, B, { roleIds: [two.id], login: false });
    const roles = await asAdmin('/api/idm/role', { filter: { companyId: B }, limit: 100 });
    const counts = Object.fromEntries(roles.content.map((r: { name: string; userCount: number }) => [r.name, r.userCount]));
    expect(counts).toEqual({ Nobody: 0, One: 1, Two: 2 });
  });
});
