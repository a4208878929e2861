/**
 * The caller is read afresh on every call (decision 039: one statement, no cache): a change of a
 * role's rights, of the user's roles or company links takes effect on the very next call of a token
 * that is already signed in. Sign-out, password change and disabling are in auth.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, type World } from './factories';
import { RIGHTS } from '../../src/domain/rights';

describe.each(backends())('the caller is read on every call (%s)', (backend) => {
  let t: TestApp;
  let root: string;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp(backend);
    root = await t.login('admin');
    w = await makeWorld(t, root);
  });
  afterAll(async () => t?.close());

  const balance = (token: string) =>
    t.call('GET', '/api/ledger/subjectBalance', { token, query: { filter: { accountId: w.accountId, accountYearId: w.accountYearId, startPeriodId: w.periodIds[0], endPeriodId: w.periodIds[11] } } });
  const reader = [RIGHTS.VOUCHER, RIGHTS.VOUCHER_BOOKS];

  it('a role losing or regaining a right changes what the same token may do', async () => {
    const u = await makeUser(t, root, w.companyId, { rightIds: reader });
    expect((await balance(u.token)).statusCode).toBe(200);
    await data(t.call('POST', '/api/idm/roleRights', { token: root, body: { roleId: u.roleId, rightIds: [RIGHTS.VOUCHER] } }), 'rights');
    expect((await balance(u.token)).statusCode).toBe(403);
    await data(t.call('POST', '/api/idm/roleRights', { token: root, body: { roleId: u.roleId, rightIds: reader } }), 'rights');
    expect((await balance(u.token)).statusCode).toBe(200);
  });

  it('removing the user from the role, then from the company, refuses the next call', async () => {
    const u = await makeUser(t, root, w.companyId, { rightIds: reader });
    expect((await balance(u.token)).statusCode).toBe(200);
    const roles = await data(t.call('GET', '/api/idm/userRole', { token: root, query: { filter: { userId: u.id } } }), 'user roles');
    await data(t.call('DELETE', `/api/idm/userRole/${roles.content[0].id}`, { token: root }), 'remove role');
    expect((await balance(u.token)).statusCode).toBe(403);
    await data(t.call('POST', '/api/idm/userRole', { token: root, body: { userId: u.id, roleId: u.roleId } }), 'add role');
    expect((await balance(u.token)).statusCode).toBe(200);
    const links = await data(t.call('GET', '/api/idm/userCompany', { token: root, query: { filter: { userId: u.id } } }), 'links');
    await data(t.call('DELETE', `/api/idm/userCompany/${links.content[0].id}`, { token: root }), 'unlink');
    expect((await balance(u.token)).statusCode).toBe(403);
  });
});
