/**
 * Tenancy and rights by construction (issue 6 §3): the database refuses cross-company links and
 * unknown states; a manager acts only on users all of whose companies it manages; the last active
 * admin stays; changeUsername reveals nothing but "taken"; security headers on every answer; files
 * never render as pages; the log carries no SQL parameters, hashes or tokens; the sign-in failure
 * counter expires and bounds the real password checks under concurrency.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { z } from 'zod';
import { defineRoute } from '../../src/contract/route';
import { handle } from '../../src/server/http/route';
import { ok } from '../../src/server/http/reply';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { symbols as pinoSymbols } from 'pino';
import { backends, createTestApp, openTestDb, type TestApp } from './harness';
import { MISSING_ID } from './factories';
import { buildApp, staticCacheControl } from '../../src/server/app';
import { files, loginGuards, users } from '../../src/server/db/schema';
import { fileUrl } from '../../src/server/http/file-urls';
import { LOGIN_FAILURE_WINDOW_MS_DEFAULT, loginFailureWindowMs } from '../../src/server/features/idm/login-guards';
import { LOGIN_FAILURES_BEFORE_CAPTCHA } from '../../src/domain/constants';
import { sqlStateOf } from './sql-state';

/** The SQLSTATE of a refused statement (Drizzle wraps the driver's error as `cause`). */

describe.each(backends())('security by construction (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  /** The seeded admin's id, from the API (never a literal). */
  let adminId: number;
  const run = `${backend === 'pglite' ? 'l' : 'p'}${Date.now().toString(36).slice(-4)}`;

  const post = async (url: string, body: unknown, token = admin) => {
    const r = await t.call('POST', url, { token, body });
    if (!r.json().success) throw new Error(`${url}: ${r.body}`);
    return r.json().data;
  };
  const refusedAs = async (res: Promise<{ statusCode: number; json(): any }>, code: string, status: number) => {
    const r = await res;
    expect(r.json()).toMatchObject({ success: false, code });
    expect(r.statusCode).toBe(status);
    expect(r.json().msg).toBeTruthy();
    return r;
  };
  const refused = (res: Promise<{ statusCode: number; json(): any }>) => refusedAs(res, 'NO_PERMISSION', 403);
  const newCompany = async (name: string) => (await post('/api/company', { name: `${name} ${run}` })).id as number;
  const newUser = async (name: string, extra: Record<string, unknown> = {}) =>
    (await post('/api/idm/user', { username: `${name}${run}`, name, password: 'pass123', ...extra })).id as number;
  const raw = (q: ReturnType<typeof sql>) => t.db.db.execute(q);

  const activeAdmins = () => t.db.db.select({ id: users.id }).from(users).where(sql`${users.kind} = 'ADMIN' and ${users.state} = 'NORMAL'`);

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    adminId = (await t.call('GET', '/api/idm/user/current', { token: admin })).json().data.id;
  });
  afterAll(async () => t?.close());

  describe('the database refuses what the code might forget', () => {
    it('refuses a link whose company differs from its parent\'s', async () => {
      const a = await newCompany('Tenancy A');
      const b = await newCompany('Tenancy B');
      const roleA = (await post('/api/idm/role', { companyId: a, name: 'A role', rightIds: [1] })).id as number;
      const account = (await post('/api/account', { companyId: a, name: 'A books', year: 2030 })).id as number;
      const u = await newUser('tenant', { companyIds: [a, b] });
      // A role right, a user role, an account year and a period tagged with company B, pointing at A's rows.
      expect(await sqlStateOf(raw(sql`insert into role_rights (company_id, role_id, right_id) values (${b}, ${roleA}, 10)`))).toBe('23503');
      expect(await sqlStateOf(raw(sql`insert into user_roles (company_id, user_id, role_id) values (${b}, ${u}, ${roleA})`))).toBe('23503');
      expect(await sqlStateOf(raw(sql`insert into account_years (company_id, account_id, year, start_at, end_at) values (${b}, ${account}, 2031, '2031-01-01', '2031-12-31')`))).toBe('23503');
      const yearRows = (await raw(sql`select id from account_years where account_id = ${account}`)) as unknown as { rows: Array<{ id: number }> };
      const yearId = yearRows.rows[0].id;
      expect(await sqlStateOf(raw(sql`insert into periods (company_id, account_year_id, start_at, end_at) values (${b}, ${yearId}, '2030-01-01', '2030-01-31')`))).toBe('23503');
      // A role in a company the user is not linked to.
      const c = await newCompany('Tenancy C');
      const roleC = (await post('/api/idm/role', { companyId: c, name: 'C role', rightIds: [1] })).id as number;
      expect(await sqlStateOf(raw(sql`insert into user_roles (company_id, user_id, role_id) values (${c}, ${u}, ${roleC})`))).toBe('23503');
      // The same rows with matching companies are fine.
      expect(await sqlStateOf(raw(sql`insert into user_roles (company_id, user_id, role_id) values (${a}, ${u}, ${roleA})`))).toBeUndefined();
      expect(await sqlStateOf(raw(sql`insert into account_years (company_id, account_id, year, start_at, end_at) values (${a}, ${account}, 2031, '2031-01-01', '2031-12-31')`))).toBeUndefined();
    });

    it('refuses unknown states, kinds and languages', async () => {
      const a = await newCompany('Checks');
      const u = await newUser('checked', { companyIds: [a] });
      expect(await sqlStateOf(raw(sql`update users set state = 'ASLEEP' where id = ${u}`))).toBe('23514');
      expect(await sqlStateOf(raw(sql`update users set kind = 'ROOT' where id = ${u}`))).toBe('23514');
      expect(await sqlStateOf(raw(sql`update users set language = 'fr_FR' where id = ${u}`))).toBe('23514');
      expect(await sqlStateOf(raw(sql`insert into roles (company_id, name, kind) values (${a}, 'odd', 'GOD')`))).toBe('23514');
      expect(await sqlStateOf(raw(sql`insert into accounts (company_id, name, state) values (${a}, 'odd', 'LIMBO')`))).toBe('23514');
      expect(await sqlStateOf(raw(sql`update users set state = 'LOCKED', language = 'en_US' where id = ${u}`))).toBeUndefined();
    });
  });

  describe('managing users across companies', () => {
    let x: number;
    let y: number;
    let mgr: string;
    const id: Record<string, number> = {};

    beforeAll(async () => {
      x = await newCompany('Managed X');
      y = await newCompany('Other Y');
      id.mgrRole = (await post('/api/idm/role', { companyId: x, name: 'UC X', rightIds: [10, 1] })).id;
      id.plainX = (await post('/api/idm/role', { companyId: x, name: 'Plain X', rightIds: [1] })).id;
      id.plainY = (await post('/api/idm/role', { companyId: y, name: 'Plain Y', rightIds: [1] })).id;
      id.mgr = await newUser('mgrx', { companyIds: [x], roleIds: [id.mgrRole] });
      id.both = await newUser('bothxy', { companyId: x, companyIds: [x, y] });
      id.roleInY = await newUser('roley', { companyIds: [x], roleIds: [id.plainY] }); // the role links Y too
      mgr = await t.login(`mgrx${run}`, 'pass123');
    });

    it('refuses every write on a user who is also in a company the caller does not manage', async () => {
      for (const target of [id.both, id.roleInY]) {
        await refused(t.call('POST', '/api/idm/user/setPassword', { token: mgr, body: { userId: target, password: 'took0ver' } }));
        await refused(t.call('POST', `/api/idm/user/${target}`, { token: mgr, body: { name: 'Renamed' } }));
        await refused(t.call('POST', `/api/idm/user/${target}/disable`, { token: mgr, body: { disabled: true } }));
        await refused(t.call('DELETE', `/api/idm/user/${target}`, { token: mgr }));
        await refused(t.call('POST', '/api/idm/userCompany', { token: mgr, body: { userId: target, companyId: x } }));
        await refused(t.call('POST', '/api/idm/userRole', { token: mgr, body: { userId: target, roleId: id.plainX } }));
      }
      const links = (await t.call('GET', '/api/idm/userCompany', { token: admin, query: { filter: { userId: id.both } } })).json().data.content as Array<{ id: number; companyId: number }>;
      const linkX = links.find((l) => l.companyId === x)!;
      await refused(t.call('DELETE', `/api/idm/userCompany/${linkX.id}`, { token: mgr }));
      // Nothing changed: the old password still works, the name and links stay.
      expect((await t.call('POST', '/api/idm/user/login', { body: { username: `bothxy${run}`, password: 'took0ver' } })).json().success).toBe(false);
      expect((await t.call('POST', '/api/idm/user/login', { body: { username: `bothxy${run}`, password: 'pass123' } })).json().success).toBe(true);
      const both = (await t.call('GET', `/api/idm/user/${id.both}`, { token: admin })).json().data;
      expect(both).toMatchObject({ name: 'bothxy', state: 'NORMAL' });
      expect((await t.call('GET', '/api/idm/userCompany', { token: admin, query: { filter: { userId: id.both } } })).json().data.total).toBe(2);
    });

    it('still sees such a user, and acts on users of managed companies only', async () => {
      // Reading stays as before: linked to a managed company is enough to be listed and shown.
      expect((await t.call('GET', `/api/idm/user/${id.both}`, { token: mgr })).json().success).toBe(true);
      // Missing and unmanaged users answer alike.
      await refused(t.call('POST', '/api/idm/user/setPassword', { token: mgr, body: { userId: MISSING_ID, password: 'took0ver' } }));
      await refused(t.call('GET', `/api/idm/user/${MISSING_ID}`, { token: mgr }));
      // A user of managed companies only (this test's own): every write works.
      id.onlyX = await newUser('onlyx', { companyIds: [x] });
      expect((await t.call('POST', '/api/idm/user/setPassword', { token: mgr, body: { userId: id.onlyX, password: 'new1pass' } })).json().success).toBe(true);
      expect((await t.call('POST', `/api/idm/user/${id.onlyX}`, { token: mgr, body: { name: 'Only X' } })).json().data.name).toBe('Only X');
      expect((await t.call('POST', '/api/idm/userRole', { token: mgr, body: { userId: id.onlyX, roleId: id.plainX } })).json().success).toBe(true);
      expect((await t.call('POST', `/api/idm/user/${id.onlyX}/disable`, { token: mgr, body: { disabled: true } })).json().success).toBe(true);
      // Once the admin links that user to Y as well, the manager of X alone no longer acts on them.
      await post('/api/idm/userCompany', { userId: id.onlyX, companyId: y });
      await refused(t.call('POST', `/api/idm/user/${id.onlyX}/disable`, { token: mgr, body: { disabled: false } }));
      expect((await t.call('DELETE', `/api/idm/user/${id.onlyX}`, { token: admin })).json().success).toBe(true);
    });
  });

  describe('the last active administrator', () => {
    it('cannot demote, disable or delete itself; another admin is refused the same when it is the last', async () => {
      // Only the seeded admin is an active ADMIN now (every test here leaves it so).
      expect(await activeAdmins()).toEqual([{ id: adminId }]);
      await refusedAs(t.call('POST', `/api/idm/user/${adminId}`, { token: admin, body: { kind: 'OTHER' } }), 'LAST_ADMIN', 409);
      const en = await t.call('POST', `/api/idm/user/${adminId}`, { token: admin, body: { kind: 'OTHER' }, lang: 'en_US' });
      expect(en.json().msg).toMatch(/administrator/);
      // Self-disable and self-delete keep their own refusal.
      await refusedAs(t.call('POST', `/api/idm/user/${adminId}/disable`, { token: admin, body: { disabled: true } }), 'CANNOT_DISABLE_SELF', 400);
      await refusedAs(t.call('DELETE', `/api/idm/user/${adminId}`, { token: admin }), 'CANNOT_DISABLE_SELF', 400);
      await refusedAs(t.call('POST', `/api/idm/user/${adminId}`, { token: admin, body: { state: 'LOCKED' } }), 'CANNOT_DISABLE_SELF', 400);
      expect((await t.call('GET', '/api/idm/user/current', { token: admin })).json().data.kind).toBe('ADMIN');

      // With a second active admin, either may go; the one left is the last again.
      const second = await newUser('admin2', { kind: 'ADMIN' });
      const secondToken = await t.login(`admin2${run}`, 'pass123');
      expect((await t.call('POST', `/api/idm/user/${second}/disable`, { token: admin, body: { disabled: true } })).json().success).toBe(true);
      // Disabled admins do not count: the seeded admin is still the last active one.
      await refusedAs(t.call('POST', `/api/idm/user/${adminId}`, { token: admin, body: { kind: 'OTHER' } }), 'LAST_ADMIN', 409);
      expect((await t.call('GET', '/api/idm/user/current', { token: secondToken })).statusCode).toBe(401);
      expect((await t.call('DELETE', `/api/idm/user/${second}`, { token: admin })).json().success).toBe(true);
      expect(await activeAdmins()).toEqual([{ id: adminId }]);
    });

    it('two admins demoting each other at once leave one active admin', async () => {
      const other = await newUser('admin3', { kind: 'ADMIN' });
      const otherToken = await t.login(`admin3${run}`, 'pass123');
      const answers = await Promise.all([
        t.call('POST', `/api/idm/user/${other}`, { token: admin, body: { kind: 'OTHER' } }),
        t.call('POST', `/api/idm/user/${adminId}`, { token: otherToken, body: { kind: 'OTHER' } }),
      ]);
      expect(answers.filter((a) => a.json().success)).toHaveLength(1);
      const active = await activeAdmins();
      expect(active).toHaveLength(1);
      // Leave the file as this test found it: the seeded admin the only active administrator.
      if (active[0].id !== adminId) {
        await post(`/api/idm/user/${adminId}`, { kind: 'ADMIN' }, otherToken);
        admin = await t.login('admin');
      }
      expect((await t.call('DELETE', `/api/idm/user/${other}`, { token: admin })).json().success).toBe(true);
      expect(await activeAdmins()).toEqual([{ id: adminId }]);
    });
  });

  describe('changeUsername', () => {
    it('answers only "Data duplication!" for a name taken in another company, renames only the caller', async () => {
      const a = await newCompany('Rename A');
      const b = await newCompany('Rename B');
      const me = await newUser('renamer', { companyIds: [a] });
      const other = await newUser('hidden', { companyIds: [b], email: 'hidden@example.com' });
      const token = await t.login(`renamer${run}`, 'pass123');
      const dup = await refusedAs(t.call('POST', '/api/idm/user/changeUsername', { token, body: { username: `HIDDEN${run}` }, lang: 'en_US' }), 'DATA_DUPLICATION', 409);
      const body = dup.json();
      expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg', 'success']);
      expect(body.data).toBeNull();
      expect(JSON.stringify(body)).not.toMatch(/hidden@|Rename B|hidden\b/);
      // A body naming another user renames the caller, never that user.
      const renamed = await t.call('POST', '/api/idm/user/changeUsername', { token, body: { username: `renamed${run}`, userId: other, id: other } });
      expect(renamed.json().data).toMatchObject({ id: me, username: `renamed${run}` });
      const [hidden] = await t.db.db.select({ username: users.username }).from(users).where(eq(users.id, other));
      expect(hidden.username).toBe(`hidden${run}`);
      // The caller's own name in another case is not a duplicate.
      expect((await t.call('POST', '/api/idm/user/changeUsername', { token, body: { username: `RENAMED${run}` } })).json().success).toBe(true);
    });

    it('limits probing per user', async () => {
      const a = await newCompany('Prober');
      await newUser('prober', { companyIds: [a] });
      const token = await t.login(`prober${run}`, 'pass123');
      const codes: string[] = [];
      for (let i = 0; i < 12; i++) codes.push((await t.call('POST', '/api/idm/user/changeUsername', { token, body: { username: `probe${i}${run}` } })).json().code);
      expect(codes.slice(-1)).toEqual(['TOO_MANY_REQUESTS']);
    });
  });

  describe('security headers', () => {
    const expectHeaders = (h: Record<string, unknown>) => {
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['x-frame-options']).toBe('DENY');
      expect(h['referrer-policy']).toBe('same-origin');
      const csp = String(h['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).not.toContain('upgrade-insecure-requests');
    };

    it('are on every answer: success, failure, not found, refused', async () => {
      expectHeaders((await t.call('GET', '/api/idm/user/current', { token: admin })).headers);
      expectHeaders((await t.call('GET', '/api/idm/user/current')).headers);
      expectHeaders((await t.call('GET', '/api/nothing-here')).headers);
      expectHeaders((await t.call('POST', '/api/idm/user/login', { body: { username: 'x' } })).headers);
      expectHeaders((await t.call('GET', '/api/openapi.json')).headers);
    });

    it('the SPA shell gets them and carries no inline script; Swagger UI gets a relaxed image policy', async () => {
      for (const page of ['index.html', 'kit.html']) {
        const html = readFileSync(page, 'utf8');
        for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\bsrc=/);
      }
      const dir = mkdtempSync(join(tmpdir(), 'ld-spa-'));
      writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/main.js"></script>');
      const db = await openTestDb(backend);
      const app = await buildApp({ db: db.db, dbKind: db.kind, staticDir: dir, fileSecret: 'x' });
      try {
        for (const url of ['/', '/voucher/list']) {
          const res = await app.inject({ method: 'GET', url });
          expect(res.statusCode).toBe(200);
          expectHeaders(res.headers);
        }
        const docs = await app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
        expect(docs.statusCode).toBeLessThan(400);
        const asset = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
        expect(asset.statusCode).toBe(200);
        expect(String(asset.headers['content-security-policy'])).toContain("img-src 'self' data: https:");
        expect(String(docs.headers['content-security-policy'])).toContain("img-src 'self' data: https:");
        expect(String(docs.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
        expect(docs.headers['x-content-type-options']).toBe('nosniff');
        expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      } finally {
        await app.close();
        await db.close();
      }
    });

    it('built assets go out pre-compressed and are kept a year; the pages naming them are checked on every load', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'ld-spa-'));
      mkdirSync(join(dir, 'assets'));
      writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/main-AbCd_e12.js"></script>');
      const js = `export const answer = ${'42 + '.repeat(500)}0;`;
      writeFileSync(join(dir, 'assets', 'main-AbCd_e12.js'), js);
      writeFileSync(join(dir, 'assets', 'main-AbCd_e12.js.br'), brotliCompressSync(js));
      writeFileSync(join(dir, 'assets', 'main-AbCd_e12.js.gz'), gzipSync(js));
      const db = await openTestDb(backend);
      const app = await buildApp({ db: db.db, dbKind: db.kind, staticDir: dir, fileSecret: 'x' });
      try {
        const get = (url: string, encoding?: string) => app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
        const year = 'public, max-age=31536000, immutable';
        const br = await get('/assets/main-AbCd_e12.js', 'gzip, deflate, br, zstd');
        expect(br.statusCode).toBe(200);
        expect(br.headers['content-encoding']).toBe('br');
        expect(String(br.headers['content-type'])).toMatch(/javascript/);
        expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
        expect(br.headers['cache-control']).toBe(year);
        expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
        const gz = await get('/assets/main-AbCd_e12.js', 'gzip');
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gz.rawPayload).toString()).toBe(js);
        const plain = await get('/assets/main-AbCd_e12.js');
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body).toBe(js);
        expect(plain.headers['cache-control']).toBe(year);
        for (const url of ['/', '/index.html', '/voucher/daily/list']) {
          const page = await get(url, 'gzip, br');
          expect(page.statusCode, url).toBe(200);
          expect(page.headers['cache-control'], url).toBe('no-cache');
          expect(page.body, url).toContain('/assets/main-AbCd_e12.js');
        }
        // A chunk that is not there is a 404, never the SPA shell answered as a script.
        const gone = await get('/assets/main-Gone_e12.js', 'gzip, br');
        expect(gone.statusCode).toBe(404);
        expect(String(gone.headers['content-type'])).toMatch(/json/);
        expect(staticCacheControl('/srv/dist/app/assets/main-AMYwmi3E.js.br')).toBe(year);
        expect(staticCacheControl('/srv/dist/app/assets/theme-Bp-CpzYm.css')).toBe(year);
        expect(staticCacheControl('/srv/dist/app/favicon.ico')).toBe('no-cache');
        expect(staticCacheControl('/srv/dist/app/assets/logo.png')).toBe('no-cache');
      } finally {
        await app.close();
        await db.close();
      }
    });

    it('stored files download unless they are raster images, never sniffed or rendered as a page', async () => {
      const store = async (name: string, mime: string, content: string) => {
        const [f] = await t.db.db.insert(files).values({ name, mime, size: content.length, content: Buffer.from(content) }).returning({ id: files.id });
        return t.app.inject({ method: 'GET', url: fileUrl('test-secret', f.id) });
      };
      const html = await store('page.html', 'text/html', '<script>alert(1)</script>');
      expect(html.statusCode).toBe(200);
      expect(html.headers['content-type']).toBe('application/octet-stream');
      expect(html.headers['content-disposition']).toMatch(/^attachment; filename="page.html"/);
      expect(html.headers['x-content-type-options']).toBe('nosniff');
      expect(String(html.headers['content-security-policy'])).toMatch(/default-src 'none'.*sandbox/);
      const svg = await store('logo.svg', 'image/svg+xml', '<svg onload="alert(1)"/>');
      expect(svg.headers['content-type']).toBe('application/octet-stream');
      expect(svg.headers['content-disposition']).toMatch(/^attachment;/);
      const png = await store('头像 "x".png', 'image/png', 'not really a png');
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.headers['content-disposition']).toBe(`inline; filename="__ _x_.png"; filename*=UTF-8''${encodeURIComponent('头像 "x".png')}`);
      expect(png.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('the log', () => {
    it('never carries SQL parameters, password hashes, tokens or passwords', async () => {
      const lines: string[] = [];
      const capture = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
      const db = await openTestDb(backend);
      const app = await buildApp({ db: db.db, dbKind: db.kind, logger: true, fileSecret: 'x' });
      // Send the app's log to this test (pino keeps its destination under a symbol; children share it).
      (app.log as unknown as Record<symbol, unknown>)[pinoSymbols.streamSym] = capture;
      const secretHash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$SECRETHASHVALUE';
      // A write the database refuses, with a password hash among its parameters: an unhandled 500.
      handle(app, defineRoute({ method: 'POST', path: '/api/probe-fail', answer: z.null(), access: { public: true }, tags: ['test'] }), async () => {
        await app.db.update(users).set({ passwordHash: secretHash, state: 'BOGUS' }).where(eq(users.username, 'clerk'));
        return ok(null);
      });
      await app.ready();
      try {
        const login = await app.inject({ method: 'POST', url: '/api/idm/user/login', payload: { username: 'clerk', password: 'clerk123' } });
        const token = login.json().data.accessToken as string;
        await app.inject({ method: 'GET', url: '/api/idm/user/current', headers: { authorization: `Bearer ${token}` } });
        await app.inject({ method: 'POST', url: '/api/idm/user/login', payload: { username: 'clerk', password: 'Wrong9pass' } });
        const failed = await app.inject({ method: 'POST', url: '/api/probe-fail' });
        expect(failed.statusCode).toBe(500);
        const log = lines.join('');
        expect(log).toContain('unhandled error');
        expect(log).toContain('Failed query');
        for (const secret of ['SECRETHASHVALUE', '$argon2', 'BOGUS', token, 'clerk123', 'Wrong9pass']) expect(log).not.toContain(secret);
      } finally {
        await app.close();
        await db.close();
      }
    });
  });

  describe('sign-in failure counter', () => {
    it('expires after the window (LOGIN_FAILURE_WINDOW_MS)', async () => {
      expect(loginFailureWindowMs()).toBe(process.env.LOGIN_FAILURE_WINDOW_MS ? Number(process.env.LOGIN_FAILURE_WINDOW_MS) : LOGIN_FAILURE_WINDOW_MS_DEFAULT);
      const a = await newCompany('Window');
      await newUser('victim', { companyIds: [a] });
      const username = `victim${run}`;
      const saved = process.env.LOGIN_FAILURE_WINDOW_MS;
      process.env.LOGIN_FAILURE_WINDOW_MS = '1500';
      try {
        for (let i = 0; i < LOGIN_FAILURES_BEFORE_CAPTCHA; i++) await t.call('POST', '/api/idm/user/login', { body: { username, password: 'wrong1' } });
        expect((await t.call('GET', '/api/idm/user/captcha', { query: { userName: username } })).json().data.captchaRequired).toBe(true);
        expect((await t.call('POST', '/api/idm/user/login', { body: { username, password: 'pass123' } })).json().code).toBe('CAPTCHA_REQUIRED');
        await new Promise((r) => setTimeout(r, 1700));
        // Asking for captchas does not extend the window; only failures do.
        expect((await t.call('GET', '/api/idm/user/captcha', { query: { userName: username } })).json().data.captchaRequired).toBe(false);
        expect((await t.call('POST', '/api/idm/user/login', { body: { username, password: 'wrong1' } })).json().appendix.captchaRequired).toBe(false);
        expect((await t.call('POST', '/api/idm/user/login', { body: { username, password: 'pass123' } })).json().success).toBe(true);
      } finally {
        if (saved === undefined) delete process.env.LOGIN_FAILURE_WINDOW_MS;
        else process.env.LOGIN_FAILURE_WINDOW_MS = saved;
      }
    });

    it('concurrent wrong passwords get no more real password checks than the threshold', async () => {
      const a = await newCompany('Burst');
      await newUser('burst', { companyIds: [a] });
      const username = `burst${run}`;
      const n = 12;
      const answers = await Promise.all(Array.from({ length: n }, () => t.call('POST', '/api/idm/user/login', { body: { username, password: 'wrong1' } })));
      const codes = answers.map((r) => r.json().code as string);
      // LOGIN_FAILED means the password was really verified; the rest were refused before.
      expect(codes.filter((c) => c === 'LOGIN_FAILED')).toHaveLength(LOGIN_FAILURES_BEFORE_CAPTCHA);
      expect(codes.filter((c) => c === 'CAPTCHA_REQUIRED')).toHaveLength(n - LOGIN_FAILURES_BEFORE_CAPTCHA);
      const [g] = await t.db.db.select({ failures: loginGuards.failures }).from(loginGuards).where(eq(loginGuards.username, username.toLowerCase()));
      // Late arrivals may be refused even before being counted (the captcha was already due).
      expect(g.failures).toBeGreaterThanOrEqual(LOGIN_FAILURES_BEFORE_CAPTCHA);
      expect(g.failures).toBeLessThanOrEqual(n);
      // The right password now needs the captcha too.
      expect((await t.call('POST', '/api/idm/user/login', { body: { username, password: 'pass123' } })).json().code).toBe('CAPTCHA_REQUIRED');
    });
  });
});
