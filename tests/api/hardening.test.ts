/**
 * Input refused at the edge, for every route (one contract, one set of input guards): ids past
 * 32 bits, NUL and lone surrogates, impossible dates, deep nesting, empty JSON bodies, malformed URLs
 * and oversized heads; documented-valid bodies never answer 500; concurrent writers queue (row locks)
 * or get STALE_DATA (versions) instead of corrupting or silently overwriting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { backends, createTestApp, type TestApp } from './harness';
import { makeWorld, type World } from './factories';

const BIG = 2 ** 31;

describe.each(backends())('input hardening (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
  });
  afterAll(async () => t?.close());

  const expect400 = (res: { statusCode: number; json(): { success: boolean; code: string; msg: string } }, label: string) => {
    expect(res.statusCode, label).toBe(400);
    expect(res.json(), label).toMatchObject({ success: false, code: 'INVALID_INPUT', data: null });
  };

  it('refuses ids of 2^31 and more in paths, queries, filters and bodies with 400, never 500', async () => {
    const cases: Array<[string, 'GET' | 'POST' | 'DELETE', string, { body?: unknown; query?: Record<string, unknown> }]> = [
      ['path', 'GET', `/api/account/${BIG}`, {}],
      ['path (delete)', 'DELETE', `/api/idm/role/${BIG}`, {}],
      ['path (period)', 'POST', `/api/account/period/${BIG}`, { body: { startAt: '2026-01-01', endAt: '2026-01-31' } }],
      ['query', 'GET', '/api/account/year', { query: { accountId: BIG } }],
      ['filter', 'GET', '/api/account', { query: { filter: { companyId: BIG } } }],
      ['filter list', 'GET', '/api/company', { query: { filter: { id: [w.companyId, BIG] } } }],
      ['body', 'POST', '/api/account', { body: { companyId: BIG, name: 'x' } }],
      ['body list', 'POST', '/api/idm/user', { body: { username: 'big1', name: 'Big', password: 'abc123', companyIds: [BIG] } }],
      ['delete by filter', 'DELETE', '/api/idm/userRole', { query: { filter: { id: [BIG] } } }],
    ];
    for (const [label, method, url, o] of cases) expect400(await t.call(method, url, { token: admin, ...o }), label);
  });

  it('refuses NUL characters and lone surrogates in any text with 400 (sign-in included)', async () => {
    expect400(await t.call('POST', '/api/idm/user/login', { body: { username: 'adm\u0000in', password: 'admin123' } }), 'NUL username');
    expect400(await t.call('POST', '/api/company', { token: admin, body: { name: 'Bad \ud800 name' } }), 'lone high surrogate');
    expect400(await t.call('POST', '/api/company', { token: admin, body: { name: 'Bad \udc00 name' } }), 'lone low surrogate');
    expect400(await t.call('GET', '/api/company', { token: admin, query: { filter: { keyword: 'a\u0000b' } } }), 'NUL in filter');
    // A real astral character (a surrogate pair) is fine.
    const ok = await t.call('POST', '/api/company', { token: admin, body: { name: `Pair 𠀀 ${Date.now()}` } });
    expect(ok.json().success).toBe(true);
    const zh = await t.call('POST', '/api/company', { token: admin, lang: 'zh_CN', body: { name: 'x\u0000y' } });
    expect(zh.json().msg).toContain('不允许的字符');
  });

  it('refuses impossible calendar dates instead of shifting them', async () => {
    for (const d of ['2040-02-30', '0000-00-00', '2026-13-01', '2026-04-31', '2100-02-29']) {
      const res = await t.call('POST', `/api/account/period/${w.periodIds[0]}`, { token: admin, lang: 'en_US', body: { startAt: d, endAt: '2026-01-31' } });
      expect400(res, d);
      expect(res.json().msg).toContain('valid date');
    }
    // 2028-02-29 is a real date: accepted by the contract (the rules of the year decide the rest).
    const leap = await t.call('POST', '/api/account/year', { token: admin, body: { accountId: w.accountId, year: 2028, startAt: '2028-02-29' } });
    expect(leap.statusCode).not.toBe(400);
  });

  it('refuses deep nesting in bodies and JSON query values with 400, not a stack overflow', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const body = await t.app.inject({ method: 'POST', url: '/api/system/userData', payload: `{"kind":"k","content":${deep}}`, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' } });
    expect400(body, 'deep body');
    const q = await t.call('GET', '/api/company', { token: admin, query: { filter: JSON.parse('{"keyword":' + '['.repeat(40) + ']'.repeat(40) + '}') } });
    expect400(q, 'deep filter');
    // 20 levels are fine.
    const nested = JSON.parse('['.repeat(20) + ']'.repeat(20));
    expect((await t.call('POST', '/api/system/userData', { token: admin, body: { kind: 'nest', content: nested } })).json().success).toBe(true);
  });

  it('accepts an empty body sent with Content-Type: application/json on routes that take none (logout really ends the session)', async () => {
    const token = await t.login('clerk');
    const res = await t.app.inject({ method: 'POST', url: '/api/idm/user/logout', payload: '', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, code: 0 });
    expect((await t.call('GET', '/api/idm/user/current', { token })).statusCode).toBe(401);
    const year = await t.call('POST', '/api/account/year', { token: admin, body: { accountId: w.accountId, year: 2031 } });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/account/year/${year.json().data.id}`, payload: '', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' } });
    expect(del.json()).toMatchObject({ success: true });
  });

  it('answers framework-level refusals in the envelope', async () => {
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/company/%E0%A4%A', headers: { authorization: `Bearer ${admin}` } });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ success: false, code: 'INVALID_INPUT' });
    const missing = await t.call('GET', '/api/no/such/route', { token: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const media = await t.app.inject({ method: 'POST', url: '/api/company', payload: 'name=x', headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/plain' } });
    expect(media.statusCode).toBeGreaterThanOrEqual(400);
    expect(media.statusCode).toBeLessThan(500);
    expect(media.json()).toMatchObject({ success: false, code: 'INVALID_INPUT' });
  });

  it('answers an over-long URL in the envelope on a real socket', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const r = httpRequest({ host: '127.0.0.1', port, path: `/api/company?keyword=${'x'.repeat(20_000)}`, method: 'GET' }, (m) => {
        let body = '';
        m.on('data', (c) => (body += c));
        m.on('end', () => resolve({ status: m.statusCode ?? 0, body }));
      });
      r.on('error', reject);
      r.end();
    });
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 'INVALID_INPUT', data: null });
  });

  it('never answers 500 for documented-valid bodies (null config values, null user data)', async () => {
    const cfg = await t.call('POST', '/api/system/config', { token: admin, body: { downloadBase: null } });
    expect(cfg.statusCode).toBe(200);
    expect(cfg.json().data.downloadBase).toBeNull();
    const set = await t.call('POST', '/api/system/config', { token: admin, body: { downloadBase: '/downloads' } });
    expect(set.json().data.downloadBase).toBe('/downloads');
    expect((await t.call('POST', '/api/system/config', { token: admin, body: { downloadBase: null } })).json().data.downloadBase).toBeNull();
    const ud = await t.call('POST', '/api/system/userData', { token: admin, body: { kind: 'k', content: null } });
    expect(ud.statusCode).toBe(200);
    expect(ud.json().data.content).toBeNull();
    const upd = await t.call('POST', `/api/system/userData/${ud.json().data.id}`, { token: admin, body: { content: null } });
    expect(upd.statusCode).toBe(200);
    // JSON strings that look like JSON come back as the same strings (they were decoded twice: a 500).
    for (const text of ['[]', '{"a":1}', '1', 'null']) {
      const cfgText = await t.call('POST', '/api/system/config', { token: admin, body: { downloadBase: text } });
      expect(cfgText.statusCode, text).toBe(200);
      expect(cfgText.json().data.downloadBase).toBe(text);
      const udText = await t.call('POST', '/api/system/userData', { token: admin, body: { kind: 'k', content: text } });
      expect(udText.json().data.content).toBe(text);
    }
    await t.call('POST', '/api/system/config', { token: admin, body: { downloadBase: null } });
  });
});

describe.each(backends())('concurrent writers (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  it('two concurrent period-boundary edits of one year never leave overlapping or missing days (10 trials)', async () => {
    for (let trial = 0; trial < 10; trial++) {
      const w = await makeWorld(t, admin, { year: 2026 });
      const [p1, p2, p3] = w.periodIds;
      // p1 ends on the 20th while p2 is moved to end on the 10th of February: applied in either
      // order the year must stay contiguous.
      const results = await Promise.all([
        t.call('POST', `/api/account/period/${p1}`, { token: admin, body: { startAt: '2026-01-01', endAt: '2026-01-20' } }),
        t.call('POST', `/api/account/period/${p2}`, { token: admin, body: { startAt: '2026-02-01', endAt: '2026-02-10' } }),
      ]);
      for (const r of results) expect([200, 400, 409]).toContain(r.statusCode);
      const ps = (await t.call('GET', '/api/account/period', { token: admin, query: { accountYearId: w.accountYearId } })).json().data.content as Array<{ id: number; startAt: string; endAt: string }>;
      expect(ps).toHaveLength(12);
      expect(ps[0].startAt).toBe('2026-01-01');
      expect(ps.at(-1)!.endAt).toBe('2026-12-31');
      for (let i = 1; i < ps.length; i++) {
        const prevEnd = new Date(`${ps[i - 1].endAt}T00:00:00Z`);
        prevEnd.setUTCDate(prevEnd.getUTCDate() + 1);
        expect(ps[i].startAt, `trial ${trial}: period ${i} follows ${ps[i - 1].endAt}`).toBe(prevEnd.toISOString().slice(0, 10));
        expect(ps[i].endAt >= ps[i].startAt).toBe(true);
      }
      void p3;
    }
  });

  it('a second editor of a role working from a stale version gets STALE_DATA instead of erasing the first one\'s rights', async () => {
    const w = await makeWorld(t, admin);
    const role = (await t.call('POST', '/api/idm/role', { token: admin, body: { companyId: w.companyId, name: 'Versioned', rightIds: [1] } })).json().data;
    expect(role.version).toBe(0);
    // Both editors loaded version 0 and add different rights.
    const first = await t.call('POST', '/api/idm/roleRights', { token: admin, body: { roleId: role.id, rightIds: [1, 4], version: role.version } });
    expect(first.statusCode).toBe(200);
    const second = await t.call('POST', '/api/idm/roleRights', { token: admin, lang: 'en_US', body: { roleId: role.id, rightIds: [1, 5], version: role.version } });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'STALE_DATA', msg: expect.stringContaining('refresh') });
    const now = (await t.call('GET', `/api/idm/role/${role.id}`, { token: admin })).json().data;
    expect(now.rightIds).toEqual([1, 4]);
    expect(now.version).toBe(1);
    // Reloaded, the second editor's change applies on top.
    const again = await t.call('POST', '/api/idm/roleRights', { token: admin, body: { roleId: role.id, rightIds: [...now.rightIds, 5], version: now.version } });
    expect(again.json().data).toEqual([1, 4, 5]);
    // Concurrent saves with the same version: exactly one wins.
    const v = (await t.call('GET', `/api/idm/role/${role.id}`, { token: admin })).json().data.version;
    const race = await Promise.all([
      t.call('POST', `/api/idm/role/${role.id}`, { token: admin, body: { name: 'A', version: v } }),
      t.call('POST', `/api/idm/role/${role.id}`, { token: admin, body: { name: 'B', version: v } }),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('a stale ledger-set rename answers STALE_DATA', async () => {
    const w = await makeWorld(t, admin);
    const acc = (await t.call('GET', `/api/account/${w.accountId}`, { token: admin })).json().data;
    expect((await t.call('POST', `/api/account/${w.accountId}`, { token: admin, body: { name: 'First', version: acc.version } })).statusCode).toBe(200);
    const stale = await t.call('POST', `/api/account/${w.accountId}`, { token: admin, body: { name: 'Second', version: acc.version } });
    expect(stale.json().code).toBe('STALE_DATA');
    expect((await t.call('GET', `/api/account/${w.accountId}`, { token: admin })).json().data.name).toBe('First');
  });
});
