/**
 * Names per spec 01 §5: a user's name is 2 to 18 characters; a company's ledger sets have distinct
 * names (among live sets), refused with the catalogue's 'Data duplication!' like companies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeCompany, unique, uniqueUsername } from './factories';

describe.each(backends())('name rules (%s)', (backend) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  it('takes a user name of 2 to 18 characters, and says why otherwise in either language', async () => {
    const create = (name: string, lang = 'en_US') => t.call('POST', '/api/idm/user', { token: admin, lang, body: { username: uniqueUsername(), name, password: 'abc123' } });
    const short = await create('张');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ success: false, code: 'INVALID_INPUT' });
    expect(short.json().msg).toContain('at least 2 characters');
    const long = await create('x'.repeat(19), 'zh_CN');
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain('长度不能超过 18 个字符');
    expect((await create('张三')).statusCode).toBe(200);
    const made = await data(create('x'.repeat(18)), 'user');
    const rename = await t.call('POST', `/api/idm/user/${made.id}`, { token: admin, lang: 'en_US', body: { name: 'y'.repeat(19) } });
    expect(rename.statusCode).toBe(400);
    expect((await data(t.call('GET', `/api/idm/user/${made.id}`, { token: admin }), 'user')).name).toBe('x'.repeat(18));
  });

  it('refuses a second live ledger set of the same name in a company', async () => {
    const c = (await makeCompany(t, admin)).id;
    const other = (await makeCompany(t, admin)).id;
    const name = unique('Books');
    const first = await data(t.call('POST', '/api/account', { token: admin, body: { companyId: c, name } }), 'account');
    const again = await t.call('POST', '/api/account', { token: admin, lang: 'en_US', body: { companyId: c, name } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: 'DATA_DUPLICATION', msg: 'Data duplication!' });
    const zh = await t.call('POST', '/api/account', { token: admin, lang: 'zh_CN', body: { companyId: c, name: ` ${name} ` } });
    expect(zh.json()).toMatchObject({ success: false, code: 'DATA_DUPLICATION' });
    // Renaming another set to the taken name is refused too; the set keeps its name.
    const second = await data(t.call('POST', '/api/account', { token: admin, body: { companyId: c, name: `${name} 2` } }), 'account');
    const rename = await t.call('POST', `/api/account/${second.id}`, { token: admin, body: { name } });
    expect(rename.json()).toMatchObject({ success: false, code: 'DATA_DUPLICATION' });
    expect((await data(t.call('GET', `/api/account/${second.id}`, { token: admin }), 'account')).name).toBe(`${name} 2`);
    const list = await data(t.call('GET', '/api/account', { token: admin, query: { filter: { companyId: c }, limit: 100 } }), 'accounts');
    expect(list.content.map((a: { name: string }) => a.name).sort()).toEqual([name, `${name} 2`].sort());
    // Another company may use the name; and once the set is deleted, its name is free again.
    await data(t.call('POST', '/api/account', { token: admin, body: { companyId: other, name } }), 'other company');
    await data(t.call('DELETE', `/api/account/${first.id}`, { token: admin }), 'delete');
    await data(t.call('POST', '/api/account', { token: admin, body: { companyId: c, name } }), 'after delete');
  });
});
