import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from './harness';
import { demoCompanyId, data, makeCompany, makeRole, makeUser, makeWorld, MISSING_ID, unique } from './factories';
import { RIGHTS } from '../../src/domain/rights';
import { DEMO_DOWNLOAD_BASE } from '../../src/server/db/demo-settings';

describe.each(backends())('companies, ledger sets, years and periods (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  it('lists accounts exactly as outside clients call it, with years expanded', async () => {
    const { id: companyId } = await makeCompany(t, admin);
    const acc = await data(t.call('POST', '/api/account', { token: admin, body: { companyId, name: unique('Ledger'), year: 2025 } }), 'account');
    await data(t.call('POST', '/api/account/year', { token: admin, body: { accountId: acc.id, year: 2026 } }), 'year 2026');
    const res = await t.call('GET', '/api/account', { token: admin, query: { filter: { companyId }, expand: 'accountYears' } });
    const j = res.json();
    expect(j.success).toBe(true);
    expect(j.data.total).toBe(1);
    expect(j.data.content[0]).toMatchObject({ id: acc.id, companyId, main: 1, state: 'NORMAL' });
    expect(j.data.content[0].accountYears.map((y: { year: number }) => y.year)).toEqual([2025, 2026]);
    const periods = (await t.call('GET', '/api/account/period', { token: admin, query: { accountYearId: j.data.content[0].accountYears[1].id } })).json().data;
    expect(periods.total).toBe(12);
    expect(periods.content[0]).toMatchObject({ name: '2026-01', startAt: '2026-01-01', endAt: '2026-01-31', rolled: false });
  });

  it('pages with offset/limit and index/size alike, and caps the page at 1000', async () => {
    const before = (await t.call('GET', '/api/company', { token: admin, query: { limit: 1 } })).json().data.total as number;
    // One of the five carries a unique Chinese keyword: the keyword filter must find exactly it.
    const keyword = unique('示例').replace(/\s/g, '');
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push((await makeCompany(t, admin, { name: i === 0 ? `${keyword} 分页公司` : unique(`Paging Co ${i}`) })).id);
    const a = (await t.call('GET', '/api/company', { token: admin, query: { offset: 2, limit: 2, sort: { id: 'asc' } } })).json().data;
    const b = (await t.call('GET', '/api/company', { token: admin, query: { index: 1, size: 2, sort: { id: 'asc' } } })).json().data;
    expect(a.content.map((c: { id: number }) => c.id)).toEqual(b.content.map((c: { id: number }) => c.id));
    expect(a.total).toBe(before + 5);
    const desc = (await t.call('GET', '/api/company', { token: admin, query: { limit: 3, sort: { id: 'desc' } } })).json().data.content;
    expect(desc[0].id).toBeGreaterThan(desc[1].id);
    const tooBig = await t.call('GET', '/api/company', { token: admin, query: { limit: 1001 } });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().code).toBe('INVALID_INPUT');
    const kw = (await t.call('GET', '/api/company', { token: admin, query: { filter: { keyword } } })).json().data;
    expect(kw.total).toBe(1);
    expect(kw.content[0].id).toBe(made[0]);
  });

  it('refuses bad input with a localized 400 and changes nothing', async () => {
    const before = (await t.call('GET', '/api/company', { token: admin, query: { limit: 100 } })).json().data.total;
    const res = await t.call('POST', '/api/company', { token: admin, body: { name: 'x' }, lang: 'en_US' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Please enter the correct content: Name must have at least 2 characters');
    const zh = await t.call('POST', '/api/company', { token: admin, body: { name: 42 } });
    expect(zh.json().msg).toBe('输入的内容不正确：【名称】类型不正确，应为文本');
    const badJson = await t.call('GET', '/api/company', { token: admin, query: { filter: '{not json' } });
    expect(badJson.statusCode).toBe(400);
    expect((await t.call('GET', '/api/company', { token: admin, query: { limit: 100 } })).json().data.total).toBe(before);
  });

  it('creates a ledger set with a first year, sets main, refuses duplicate years, deletes', async () => {
    const w = await makeWorld(t, admin);
    const created = (await t.call('POST', '/api/account', { token: admin, body: { companyId: w.companyId, name: 'Second ledger', year: 2026 } })).json();
    expect(created.success).toBe(true);
    expect(created.data).toMatchObject({ main: 0, accountYears: [{ year: 2026 }] });
    const id = created.data.id;
    const dup = await t.call('POST', '/api/account/year', { token: admin, body: { accountId: id, year: 2026 }, lang: 'en_US' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('This account year already exists');
    const y = (await t.call('POST', '/api/account/year', { token: admin, body: { accountId: id, year: 2027 } })).json().data;
    expect(y.periods).toHaveLength(12);
    expect(y.periods[11]).toMatchObject({ startAt: '2027-12-01', endAt: '2027-12-31' });
    const years = (await t.call('GET', '/api/account/year', { token: admin, query: { accountId: id, year: 2027 } })).json().data;
    expect(years.content).toHaveLength(1);
    // Only the last year can be deleted (years stay contiguous); its periods go with it.
    const notLast = await t.call('DELETE', `/api/account/year/${created.data.accountYears[0].id}`, { token: admin, lang: 'en_US' });
    expect(notLast.statusCode).toBe(409);
    expect(notLast.json()).toMatchObject({ success: false, code: 'YEAR_NOT_LAST', msg: 'Only the last account year of a ledger set can be deleted' });
    expect((await t.call('DELETE', `/api/account/year/${y.id}`, { token: admin })).json().success).toBe(true);
    expect((await t.call('GET', '/api/account/period', { token: admin, query: { accountYearId: y.id } })).statusCode).toBe(403);
    const left = (await t.call('GET', '/api/account/year', { token: admin, query: { accountId: id } })).json().data.content;
    expect(left.map((x: { year: number }) => x.year)).toEqual([2026]);
    await t.call('POST', `/api/account/${id}/main`, { token: admin });
    const main = (await t.call('GET', '/api/account/main', { token: admin, query: { companyId: w.companyId } })).json().data;
    expect(main.id).toBe(id);
    const list = (await t.call('GET', '/api/account', { token: admin, query: { filter: { companyId: w.companyId } } })).json().data.content;
    expect(list.filter((a: { main: number }) => a.main === 1)).toHaveLength(1);
    await t.call('DELETE', `/api/account/${id}`, { token: admin });
    const after = (await t.call('GET', '/api/account', { token: admin, query: { filter: { companyId: w.companyId } } })).json().data.content;
    expect(after.map((a: { id: number }) => a.id)).not.toContain(id);
    // Deleting the main set hands the main flag to the remaining one.
    expect(after.find((a: { main: number }) => a.main === 1)?.id).toBe(w.accountId);
  });

  it('refuses deleting a ledger set in use (a settled period)', async () => {
    const { periods } = await import('../../src/server/db/schema');
    const { eq } = await import('drizzle-orm');
    const w = await makeWorld(t, admin);
    const acc = (await t.call('POST', '/api/account', { token: admin, body: { companyId: w.companyId, name: 'Used ledger', year: 2025 } })).json().data;
    const p = (await t.call('GET', '/api/account/period', { token: admin, query: { accountYearId: acc.accountYears[0].id } })).json().data.content[0];
    await t.db.db.update(periods).set({ rolled: true }).where(eq(periods.id, p.id));
    const res = await t.call('DELETE', `/api/account/${acc.id}`, { token: admin, lang: 'en_US' });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('Already in use, cannot be deleted!');
    // The year with the settled period cannot be deleted either.
    const year = await t.call('DELETE', `/api/account/year/${acc.accountYears[0].id}`, { token: admin, lang: 'en_US' });
    expect(year.statusCode).toBe(409);
    expect(year.json().code).toBe('IN_USE');
  });

  it('adjusts a period boundary and moves the neighbour, refusing an end before the start', async () => {
    const w = await makeWorld(t, admin, { year: 2026 });
    const ps = (await t.call('GET', '/api/account/period', { token: admin, query: { accountYearId: w.accountYearId } })).json().data.content;
    const res = await t.call('POST', `/api/account/period/${ps[0].id}`, { token: admin, body: { startAt: '2026-01-01', endAt: '2026-01-25' } });
    const after = res.json().data.content;
    expect(after[0].endAt).toBe('2026-01-25');
    expect(after[1].startAt).toBe('2026-01-26');
    const bad = await t.call('POST', `/api/account/period/${ps[2].id}`, { token: admin, body: { startAt: '2026-03-10', endAt: '2026-03-01' }, lang: 'en_US' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('The period end cannot be before its start');
    const again = (await t.call('GET', '/api/account/period', { token: admin, query: { accountYearId: w.accountYearId } })).json().data.content;
    expect(again[2]).toMatchObject({ startAt: '2026-03-01', endAt: '2026-03-31' });
  });

  it('updates a ledger set: an empty body changes nothing, a rename renames', async () => {
    const w = await makeWorld(t, admin);
    const acc = (await t.call('POST', '/api/account', { token: admin, body: { companyId: w.companyId, name: 'Editable ledger' } })).json().data;
    const empty = await t.call('POST', `/api/account/${acc.id}`, { token: admin, body: {} });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toMatchObject({ id: acc.id, name: 'Editable ledger', state: 'NORMAL' });
    const renamed = await t.call('POST', `/api/account/${acc.id}`, { token: admin, body: { name: 'Renamed ledger', state: 'DRAFT' } });
    expect(renamed.json().data).toMatchObject({ name: 'Renamed ledger', state: 'DRAFT' });
    expect((await t.call('GET', `/api/account/${acc.id}`, { token: admin })).json().data.name).toBe('Renamed ledger');
  });

  it('refuses changing a settled period, or moving one through a neighbour, with PERIOD_SETTLED', async () => {
    const { periods } = await import('../../src/server/db/schema');
    const { eq } = await import('drizzle-orm');
    const w = await makeWorld(t, admin);
    const acc = (await t.call('POST', '/api/account', { token: admin, body: { companyId: w.companyId, name: 'Settled ledger', year: 2025 } })).json().data;
    const ps = (await t.call('GET', '/api/account/period', { token: admin, query: { accountYearId: acc.accountYears[0].id } })).json().data.content;
    await t.db.db.update(periods).set({ rolled: true }).where(eq(periods.id, ps[1].id));
    const own = await t.call('POST', `/api/account/period/${ps[1].id}`, { token: admin, body: { startAt: '2025-02-01', endAt: '2025-02-20' }, lang: 'en_US' });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ success: false, code: 'PERIOD_SETTLED', msg: 'This period is settled and cannot be changed' });
    const before = await t.call('POST', `/api/account/period/${ps[0].id}`, { token: admin, body: { startAt: '2025-01-01', endAt: '2025-02-05' } });
    expect(before.statusCode).toBe(409);
    expect(before.json()).toMatchObject({ code: 'PERIOD_SETTLED', msg: '该会计期间已结账，不能修改' });
    const after = await t.call('POST', `/api/account/period/${ps[2].id}`, { token: admin, body: { startAt: '2025-02-25', endAt: '2025-03-31' } });
    expect(after.json().code).toBe('PERIOD_SETTLED');
    // A change that leaves the settled period alone is fine, and an overlap is still an overlap.
    expect((await t.call('POST', `/api/account/period/${ps[5].id}`, { token: admin, body: { startAt: '2025-06-01', endAt: '2025-06-20' } })).json().success).toBe(true);
    expect((await t.call('POST', `/api/account/period/${ps[0].id}`, { token: admin, body: { startAt: '2024-12-01', endAt: '2025-01-31' } })).json().code).toBe('PERIOD_OVERLAP');
    const again = (await t.call('GET', '/api/account/period', { token: admin, query: { accountYearId: acc.accountYears[0].id } })).json().data.content;
    expect(again.slice(0, 3).map((p: { startAt: string; endAt: string }) => [p.startAt, p.endAt])).toEqual([['2025-01-01', '2025-01-31'], ['2025-02-01', '2025-02-28'], ['2025-03-01', '2025-03-31']]);
  });

  it("a deleted ledger set's years and periods look missing", async () => {
    const w = await makeWorld(t, admin);
    const acc = (await t.call('POST', '/api/account', { token: admin, body: { companyId: w.companyId, name: 'Doomed ledger', year: 2025 } })).json().data;
    const yearId = acc.accountYears[0].id;
    const period = (await t.call('GET', '/api/account/period', { token: admin, query: { accountYearId: yearId } })).json().data.content[0];
    expect((await t.call('DELETE', `/api/account/${acc.id}`, { token: admin })).json().success).toBe(true);
    const calls: Array<[string, string, Record<string, unknown>?, unknown?]> = [
      ['GET', '/api/account/period', { accountYearId: yearId }],
      ['POST', `/api/account/period/${period.id}`, undefined, { startAt: '2025-01-01', endAt: '2025-01-20' }],
      ['DELETE', `/api/account/year/${yearId}`],
      ['GET', '/api/account/year', { accountId: acc.id }],
    ];
    for (const [method, url, query, body] of calls) {
      const res = await t.call(method as 'GET', url, { token: admin, query, body, lang: 'en_US' });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ code: 'NO_PERMISSION', msg: 'No permission to operate' });
    }
    const missing = await t.call('GET', '/api/account/period', { token: admin, query: { accountYearId: MISSING_ID }, lang: 'en_US' });
    expect(missing.json()).toEqual((await t.call('GET', '/api/account/period', { token: admin, query: { accountYearId: yearId }, lang: 'en_US' })).json());
  });

  it('soft-deletes a company: gone from lists, its data refused', async () => {
    const c = (await t.call('POST', '/api/company', { token: admin, body: { name: 'Closing Co' } })).json().data;
    await t.call('POST', '/api/account', { token: admin, body: { companyId: c.id, name: 'Closing ledger' } });
    expect((await t.call('DELETE', `/api/company/${c.id}`, { token: admin })).json().success).toBe(true);
    const list = (await t.call('GET', '/api/company', { token: admin, query: { limit: 100 } })).json().data.content;
    expect(list.map((x: { id: number }) => x.id)).not.toContain(c.id);
    const deleted = (await t.call('GET', '/api/company', { token: admin, query: { filter: { deleted: true } } })).json().data.content;
    expect(deleted.map((x: { id: number }) => x.id)).toContain(c.id);
    expect((await t.call('GET', '/api/account', { token: admin, query: { filter: { companyId: c.id } } })).statusCode).toBe(403);
  });
});

describe.each(backends())('users, roles and links (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    adminId = (await data(t.call('GET', '/api/idm/user/current', { token: admin }), 'current')).id;
  });
  afterAll(async () => t?.close());

  it('creates a user with a role; the user gets exactly the role rights in that company', async () => {
    const { id: companyId } = await makeCompany(t, admin);
    const role = (await t.call('POST', '/api/idm/role', { token: admin, body: { companyId, name: 'Reader', rightIds: [1, 10101, 4, 401] } })).json().data;
    expect(role.rightIds).toEqual([1, 4, 401, 10101]);
    const u = (await t.call('POST', '/api/idm/user', { token: admin, body: { username: 'reader', name: 'Reader One', password: 'read123', companyIds: [companyId], roleIds: [role.id], mobileTel: '13800138000' } })).json();
    expect(u.success).toBe(true);
    const token = await t.login('reader', 'read123');
    const rights = (await t.call('GET', '/api/idm/user/rights', { token })).json().data;
    expect(rights).toEqual([1, 4, 401, 10101]);
    // Changing the role's rights changes the user's rights at once.
    await t.call('POST', '/api/idm/roleRights', { token: admin, body: { roleId: role.id, rightIds: [1, 5] } });
    expect((await t.call('GET', '/api/idm/user/rights', { token })).json().data).toEqual([1, 5]);
    // An operation right brings the menus above it: edit voucher alone opens the voucher menus.
    const saved = (await t.call('POST', '/api/idm/roleRights', { token: admin, body: { roleId: role.id, rightIds: [2010101] } })).json().data;
    expect(saved).toEqual([2, 201, 20101, 2010101]);
    expect((await t.call('GET', '/api/idm/user/rights', { token })).json().data).toEqual([2, 201, 20101, 2010101]);
    const dupe = await t.call('POST', '/api/idm/user', { token: admin, body: { username: 'READER', name: 'Again', password: 'read123' }, lang: 'en_US' });
    expect(dupe.json().msg).toBe('Data duplication!');
    const badMobile = await t.call('POST', '/api/idm/user', { token: admin, body: { username: 'x2', name: 'Xx', password: 'read123', mobileTel: '123' } });
    expect(badMobile.statusCode).toBe(400);
  });

  it('a user-centre manager cannot grant rights they lack, nor touch admins', async () => {
    const { id: companyId } = await makeCompany(t, admin);
    const colleague = await makeUser(t, admin, companyId, { rightIds: [1], login: false });
    const mgrRole = (await t.call('POST', '/api/idm/role', { token: admin, body: { companyId, name: 'Manager', rightIds: [10, 1] } })).json().data;
    await t.call('POST', '/api/idm/user', { token: admin, body: { username: 'mgr', name: 'Manager', password: 'mgr123', companyIds: [companyId], roleIds: [mgrRole.id] } });
    const mgr = await t.login('mgr', 'mgr123');
    const escalate = await t.call('POST', '/api/idm/role', { token: mgr, body: { companyId, name: 'Sneaky', rightIds: [2010102] } });
    expect(escalate.statusCode).toBe(403);
    const ownRole = await t.call('POST', '/api/idm/roleRights', { token: mgr, body: { roleId: mgrRole.id, rightIds: [10, 1, 7] } });
    expect(ownRole.statusCode).toBe(403);
    expect((await t.call('POST', `/api/idm/user/${adminId}/disable`, { token: mgr, body: { disabled: true } })).statusCode).toBe(403);
    const makeAdmin = await t.call('POST', '/api/idm/user', { token: mgr, body: { username: 'root2', name: 'Root', password: 'root123', kind: 'ADMIN' } });
    expect(makeAdmin.statusCode).toBe(403);
    // The manager sees only users of the companies they are linked to.
    const seen = (await t.call('GET', '/api/idm/user', { token: mgr, query: { limit: 100 } })).json().data.content.map((u: { username: string }) => u.username);
    expect(seen).toContain(colleague.username);
    expect(seen).not.toContain('clerk');
    const created = (await t.call('POST', '/api/idm/user', { token: mgr, body: { username: 'newbie', name: 'New Bie', password: 'newb123' } })).json().data;
    const links = (await t.call('GET', '/api/idm/userCompany', { token: admin, query: { filter: { userId: created.id } } })).json().data.content;
    expect(links.map((l: { companyId: number }) => l.companyId)).toEqual([companyId]);
  });

  it('refuses deleting a role in use and a system role', async () => {
    const { id: companyId } = await makeCompany(t, admin);
    const { roleId } = await makeUser(t, admin, companyId, { rightIds: [1, 2010101], login: false });
    const r1 = await t.call('DELETE', `/api/idm/role/${roleId}`, { token: admin, lang: 'en_US' });
    expect(r1.json().msg).toBe('Already in use, cannot be deleted!');
    // System roles come only from the seed (the API makes USER roles): the demo company's, found by name.
    const demoId = await demoCompanyId(t, admin);
    const roles = (await t.call('GET', '/api/idm/role', { token: admin, query: { filter: { companyId: demoId }, limit: 100 } })).json().data.content;
    const sys = roles.find((r: { kind: string }) => r.kind === 'SYSTEM');
    expect((await t.call('DELETE', `/api/idm/role/${sys.id}`, { token: admin })).json().code).toBe('SYSTEM_ROLE_READONLY');
  });

  it('links and unlinks a user and a company; unlinking drops the roles there', async () => {
    const { id: companyId } = await makeCompany(t, admin);
    const role = await makeRole(t, admin, companyId, [1, 2010101]);
    const u = (await t.call('POST', '/api/idm/user', { token: admin, body: { username: 'linker', name: 'Linker', password: 'link123' } })).json().data;
    const link = (await t.call('POST', '/api/idm/userCompany', { token: admin, body: { userId: u.id, companyId } })).json().data;
    const ur = (await t.call('POST', '/api/idm/userRole', { token: admin, body: { userId: u.id, roleId: role.id } })).json().data;
    expect(ur.companyId).toBe(companyId);
    const token = await t.login('linker', 'link123');
    expect((await t.call('GET', '/api/idm/user/rights', { token })).json().data).toContain(2010101);
    await t.call('DELETE', `/api/idm/userCompany/${link.id}`, { token: admin });
    expect((await t.call('GET', '/api/company', { token })).json().data.total).toBe(0);
    const roles = (await t.call('GET', '/api/idm/userRole', { token: admin, query: { filter: { userId: u.id } } })).json().data.content;
    expect(roles).toEqual([]);
  });

  it('replaces an avatar without keeping the old file, and deletes a user who has one', async () => {
    const { files } = await import('../../src/server/db/schema');
    const { storeFile } = await import('../../src/server/features/system/queries');
    const { eq } = await import('drizzle-orm');
    const { id: companyId } = await makeCompany(t, admin);
    const u = (await t.call('POST', '/api/idm/user', { token: admin, body: { username: 'pictured', name: 'Pictured', password: 'pic123', companyIds: [companyId] } })).json().data;
    const token = await t.login('pictured', 'pic123');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4c60000000049454e44ae426082', 'hex');
    const upload = async () => {
      const boundary = '----ldavatar';
      const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
      const res = await t.app.inject({ method: 'POST', url: '/api/idm/user/avatar', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } });
      expect(res.json().success).toBe(true);
      return res.json().data.avatar as { id: number; realUri: string };
    };
    const first = await upload();
    const second = await upload();
    expect(second.id).not.toBe(first.id);
    const owned = await t.db.db.select({ id: files.id }).from(files).where(eq(files.ownerId, u.id));
    expect(owned.map((f) => f.id)).toEqual([second.id]);
    expect((await t.app.inject({ method: 'GET', url: first.realUri })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: second.realUri })).statusCode).toBe(200);
    // Another file the user uploaded (an attachment, later) outlives the user, unowned.
    const attachment = await storeFile(t.db.db, { companyId, ownerId: u.id, name: 'a.png', mime: 'image/png', content: png });
    const del = await t.call('DELETE', `/api/idm/user/${u.id}`, { token: admin });
    expect(del.statusCode).toBe(200);
    expect(del.json().success).toBe(true);
    expect(await t.db.db.select({ id: files.id }).from(files).where(eq(files.id, second.id))).toEqual([]);
    expect(await t.db.db.select({ id: files.id, ownerId: files.ownerId }).from(files).where(eq(files.id, attachment))).toEqual([{ id: attachment, ownerId: null }]);
    expect((await t.call('GET', `/api/idm/user/${u.id}`, { token: admin })).statusCode).toBe(403);
  });

  it('serves the rights catalogue in the caller language', async () => {
    const en = (await t.call('GET', '/api/idm/user/allRights', { token: admin, lang: 'en_US' })).json().data;
    expect(en.find((r: { id: number }) => r.id === RIGHTS.VOUCHER_AUDIT)).toMatchObject({ name: 'Audit', nameZh: '审核', parentId: 20101 });
    const zh = (await t.call('GET', '/api/idm/user/allRights', { token: admin, lang: 'zh_CN' })).json().data;
    expect(zh.find((r: { id: number }) => r.id === RIGHTS.ACCOUNT_MANAGE).name).toBe('账套管理');
  });
});

describe.each(backends())('system config, user data and OpenAPI (%s)', (backend) => {
  let t: TestApp;
  let root: string;
  /** Two fresh users of a fresh company: their saved data is only what the test writes. */
  const twoUsers = async () => {
    const { id: companyId } = await makeCompany(t, root);
    const a = await makeUser(t, root, companyId, [1]);
    const b = await makeUser(t, root, companyId, [1]);
    return [a.token, b.token];
  };
  beforeAll(async () => {
    t = await createTestApp(backend);
    root = await t.login('admin');
  });
  afterAll(async () => t?.close());

  it('serves the config publicly and lets only admins change it', async () => {
    const cfg = (await t.call('GET', '/api/system/config')).json().data;
    expect(cfg).toMatchObject({ languageSwitch: true, maxPageLimit: 1000, idleTimeoutMs: 3_600_000, apiVersion: '2.5.788' });
    // The demo's download address (its exports work from the first start); null once cleared.
    expect(cfg.downloadBase).toBe(DEMO_DOWNLOAD_BASE);
    expect(cfg.limits).toEqual({
      maxPageLimit: 1000,
      pageSizes: [10, 15, 30, 50, 100],
      defaultPageSize: 10,
      idleTimeoutMs: 3_600_000,
      upload: { maxBytes: 2 * 1024 * 1024, imageExtensions: ['jpg', 'jpeg', 'png'], videoExtensions: ['mp4'], avatarMaxBytes: 200 * 1024, avatarExtensions: ['png', 'jpeg', 'jpg'] },
      textLength: { short: 16, base: 50, long: 250, intro: 500 },
    });
    const clerk = await t.login('clerk');
    expect((await t.call('POST', '/api/system/config', { token: clerk, body: { languageSwitch: false } })).statusCode).toBe(403);
    const admin = await t.login('admin');
    const changed = (await t.call('POST', '/api/system/config', { token: admin, body: { languageSwitch: false } })).json().data;
    expect(changed.languageSwitch).toBe(false);
    expect((await t.call('GET', '/api/system/config')).json().data.languageSwitch).toBe(false);
    // Put the one shared setting back, so no other test sees this one's change.
    expect((await t.call('POST', '/api/system/config', { token: admin, body: { languageSwitch: true } })).json().data.languageSwitch).toBe(true);
  });

  it('keeps saved user data per user: find, create, update, delete many', async () => {
    const [a, b] = await twoUsers();
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await t.call('POST', '/api/system/userData', { token: a, body: { kind: 'voucherQuery1', subKind: 'widths', content: { i } } })).json().data);
    await t.call('POST', `/api/system/userData/${made[0].id}`, { token: a, body: { content: { i: 99 } } });
    const list = (await t.call('GET', '/api/system/userData', { token: a, query: { filter: { kind: 'voucherQuery1' }, index: 0, size: 50 } })).json().data;
    expect(list.total).toBe(3);
    expect(list.content[0].content).toEqual({ i: 99 }); // newest modification first
    expect((await t.call('GET', '/api/system/userData', { token: b, query: { filter: { kind: 'voucherQuery1' } } })).json().data.total).toBe(0);
    expect((await t.call('POST', `/api/system/userData/${made[1].id}`, { token: b, body: { content: 1 } })).statusCode).toBe(403);
    const n = (await t.call('DELETE', '/api/system/userData', { token: a, query: { filter: { id: [made[1].id, made[2].id] } } })).json().data;
    expect(n).toBe(2);
    expect((await t.call('GET', '/api/system/userData', { token: a })).json().data.total).toBe(1);
  });

  it('keeps each user\'s common functions (/system/shortcut): unsaved at first, replaced whole, reset, refused when malformed', async () => {
    const [a, b] = await twoUsers();
    const get = async (token: string) => (await t.call('GET', '/api/system/shortcut', { token })).json().data;
    expect(await get(a)).toEqual({ keys: [], saved: false, modifiedAt: null });
    const saved = (await t.call('POST', '/api/system/shortcut', { token: a, body: { keys: ['voucher.daily.list', 'report.balanceSheet'] } })).json().data;
    expect(saved).toMatchObject({ keys: ['voucher.daily.list', 'report.balanceSheet'], saved: true });
    expect(saved.modifiedAt).toEqual(expect.any(String));
    // Replaced whole, in the order given; an empty list is a choice too.
    await t.call('POST', '/api/system/shortcut', { token: a, body: { keys: ['report.balanceSheet', 'voucher.daily.list', 'cashier.cashBankJournalEdit'] } });
    expect((await get(a)).keys).toEqual(['report.balanceSheet', 'voucher.daily.list', 'cashier.cashBankJournalEdit']);
    expect((await t.call('POST', '/api/system/shortcut', { token: a, body: { keys: [] } })).json().data).toMatchObject({ keys: [], saved: true });
    // Another user's list is their own; one row per user however often it is saved.
    expect(await get(b)).toMatchObject({ saved: false });
    expect((await t.call('GET', '/api/system/userData', { token: a, query: { filter: { kind: 'shortcut' } } })).json().data.total).toBe(1);
    // Malformed lists change nothing.
    for (const keys of [['x', 'x'], [''], Array.from({ length: 41 }, (_, i) => `k${i}`), 'voucher.daily.list']) {
      const bad = await t.call('POST', '/api/system/shortcut', { token: a, body: { keys }, lang: 'en_US' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, code: 'INVALID_INPUT' });
    }
    expect((await get(a)).keys).toEqual([]);
    // Reset: the defaults come back (nothing saved).
    expect((await t.call('DELETE', '/api/system/shortcut', { token: a })).json().data).toEqual({ keys: [], saved: false, modifiedAt: null });
    expect((await t.call('GET', '/api/system/shortcut')).statusCode).toBe(401);
  });

  it('deletes user data by filter={"id":[…]} and by plain id parameters alike', async () => {
    const [a, b] = await twoUsers();
    const make = async (token = a) => (await t.call('POST', '/api/system/userData', { token, body: { kind: 'prune', content: {} } })).json().data.id as number;
    const ids = [];
    for (let i = 0; i < 7; i++) ids.push(await make());
    const theirs = await make(b);
    const del = async (url: string, token = a) => (await t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } })).json();
    expect((await del(`/api/system/userData?id=${ids[0]}&id=${ids[1]}`)).data).toBe(2);
    expect((await del(`/api/system/userData?id=${ids[2]}`)).data).toBe(1);
    expect((await del(`/api/system/userData?id=${ids[3]},${ids[4]}`)).data).toBe(2);
    expect((await del(`/api/system/userData?filter=${encodeURIComponent(JSON.stringify({ id: [ids[5]] }))}`)).data).toBe(1);
    expect((await del(`/api/system/userData?filter=${encodeURIComponent(JSON.stringify({ id: ids[6] }))}&id=${ids[6]}`)).data).toBe(1);
    // Only the caller's own rows go; another user's id is simply not theirs.
    expect((await del(`/api/system/userData?id=${theirs}`)).data).toBe(0);
    expect((await t.call('GET', '/api/system/userData', { token: b, query: { filter: { kind: 'prune' } } })).json().data.total).toBe(1);
    const none = await t.call('DELETE', '/api/system/userData', { token: a, lang: 'en_US' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'INVALID_INPUT', msg: 'Please enter the correct content: ID is required' });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/system/userData?id=abc', headers: { authorization: `Bearer ${a}` } })).statusCode).toBe(400);
  });

  it('serves an OpenAPI document describing the routes', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/idm/user/login', '/api/account', '/api/account/period', '/api/company']));
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
    const unknown = await t.call('GET', '/api/nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
