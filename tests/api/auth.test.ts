import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backends, createTestApp, type TestApp } from './harness';
import { sessions } from '../../src/server/db/schema';
import { demoCompanyId, data, makeCompany, makeUser, userIdByName } from './factories';

describe.each(backends())('sign-in and sessions (%s)', (backend) => {
  let t: TestApp;
  let root: string;
  /** A company of this file's own, for the users each test makes (tests change only their own users). */
  let companyId: number;
  const HOME = [1];
  beforeAll(async () => {
    t = await createTestApp(backend);
    root = await t.login('admin');
    companyId = (await makeCompany(t, root)).id;
  });
  afterAll(async () => t?.close());

  it('signs in with the demo admin and answers the wrapped token and user', async () => {
    const res = await t.call('POST', '/api/idm/user/login', { body: { username: 'admin', password: 'admin123', captcha: '' } });
    expect(res.statusCode).toBe(200);
    const j = res.json();
    const demoId = await demoCompanyId(t, j.data.accessToken);
    expect(j).toMatchObject({ success: true, code: 0, data: { user: { username: 'admin', kind: 'ADMIN', currentCompanyId: demoId } } });
    expect(j.data.accessToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(j.data.user.rightIds).toContain(2010101);
    // Tokens are stored hashed, never in clear.
    const rows = await t.db.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === j.data.accessToken)).toBe(false);
  });

  it('refuses a wrong password with a localized message and asks for a captcha after 3 failures', async () => {
    const { username } = await makeUser(t, root, companyId, { rightIds: HOME, password: 'audit123', login: false });
    for (let i = 1; i <= 3; i++) {
      const res = await t.call('POST', '/api/idm/user/login', { body: { username, password: 'wrong1' }, lang: i === 1 ? 'en_US' : 'zh_CN' });
      expect(res.statusCode).toBe(401);
      const j = res.json();
      expect(j.success).toBe(false);
      expect(j.code).toBe('LOGIN_FAILED');
      if (i === 1) expect(j.msg).toBe('Wrong username or password');
      else expect(j.msg).toBe('用户名或密码错误');
      expect(j.appendix.captchaRequired).toBe(i >= 3);
      if (i >= 3) expect(j.appendix.captcha).toMatch(/^data:image\/svg\+xml;base64,/);
    }
    // Now even the right password needs the captcha…
    const need = await t.call('POST', '/api/idm/user/login', { body: { username, password: 'audit123' } });
    expect(need.json().code).toBe('CAPTCHA_REQUIRED');
    expect(need.json().appendix.captcha).toBeTruthy();
    // …and a wrong captcha is refused.
    const wrong = await t.call('POST', '/api/idm/user/login', { body: { username, password: 'audit123', captcha: 'zzzz' } });
    expect(wrong.json().code).toBe('CAPTCHA_WRONG');
    const fresh = await t.call('GET', '/api/idm/user/captcha', { query: { userName: username } });
    expect(fresh.json().data.captchaRequired).toBe(true);
  });

  it('the right captcha lets the user in and clears the counter', async () => {
    const { issueCaptcha } = await import('../../src/server/features/idm/login-guards');
    const { loginGuards } = await import('../../src/server/db/schema');
    const { hashToken } = await import('../../src/server/auth/tokens');
    const { username } = await makeUser(t, root, companyId, { rightIds: HOME, password: 'audit123', login: false });
    // This test's own user reaches the captcha first (three wrong passwords).
    for (let i = 0; i < 3; i++) await t.call('POST', '/api/idm/user/login', { body: { username, password: 'wrong1' } });
    expect((await t.call('POST', '/api/idm/user/login', { body: { username, password: 'audit123' } })).json().code).toBe('CAPTCHA_REQUIRED');
    await issueCaptcha(t.db.db, username);
    // Plant a known answer (the image text is random); the server compares hashes.
    await t.db.db.update(loginGuards).set({ captchaHash: hashToken('ab12') }).where(eq(loginGuards.username, username.toLowerCase()));
    const res = await t.call('POST', '/api/idm/user/login', { body: { username, password: 'audit123', captcha: 'AB12' } });
    expect(res.json().success).toBe(true);
    const again = await t.call('POST', '/api/idm/user/login', { body: { username, password: 'audit123' } });
    expect(again.json().success).toBe(true);
  });

  it('refuses calls without a token, with a bad token, and after logout', async () => {
    expect((await t.call('GET', '/api/company')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/company', { token: 'nope' })).json().code).toBe('UNAUTHENTICATED');
    const { token } = await makeUser(t, root, companyId, HOME);
    expect((await t.call('GET', '/api/company', { token })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/idm/user/logout', { token })).json().success).toBe(true);
    const after = await t.call('GET', '/api/company', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHENTICATED');
  });

  it('logout ends every session of the user, and only that user\'s', async () => {
    const me = await makeUser(t, root, companyId, HOME);
    const here = me.token;
    const elsewhere = await t.login(me.username, me.password);
    const other = (await makeUser(t, root, companyId, HOME)).token;
    expect((await t.call('GET', '/api/company', { token: elsewhere })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/idm/user/logout', { token: here })).json()).toMatchObject({ success: true, code: 0 });
    for (const token of [here, elsewhere]) {
      const res = await t.call('GET', '/api/idm/user/current', { token });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
    expect((await t.call('GET', '/api/company', { token: other })).statusCode).toBe(200);
    // Signing in again works as usual.
    expect((await t.call('GET', '/api/company', { token: await t.login(me.username, me.password) })).statusCode).toBe(200);
  });

  it('refuses a token idle for more than an hour', async () => {
    const { token } = await makeUser(t, root, companyId, HOME);
    const { hashToken } = await import('../../src/server/auth/tokens');
    await t.db.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 3_600_001).toISOString() }).where(eq(sessions.tokenHash, hashToken(token)));
    const res = await t.call('GET', '/api/company', { token, lang: 'en_US' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'SESSION_IDLE', msg: 'You have not operated for a long time, please login again' });
    // The idle session stays dead even if used again.
    expect((await t.call('GET', '/api/company', { token })).json().code).toBe('UNAUTHENTICATED');
  });

  it('a password change ends every session of that user; the new password works', async () => {
    const { username, token: a } = await makeUser(t, root, companyId, { rightIds: HOME, password: 'cash123' });
    const b = await t.login(username, 'cash123');
    const bad = await t.call('POST', '/api/idm/user/changePassword', { token: a, body: { oldPassword: 'cash123', newPassword: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_PASSWORD');
    const wrongOld = await t.call('POST', '/api/idm/user/changePassword', { token: a, body: { oldPassword: 'nope123', newPassword: 'cash456' } });
    expect(wrongOld.json().code).toBe('OLD_PASSWORD_WRONG');
    const okRes = await t.call('POST', '/api/idm/user/changePassword', { token: a, body: { oldPassword: 'cash123', newPassword: 'cash456' } });
    expect(okRes.json().success).toBe(true);
    expect((await t.call('GET', '/api/company', { token: a })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/company', { token: b })).statusCode).toBe(401);
    await t.login(username, 'cash456');
    const old = await t.call('POST', '/api/idm/user/login', { body: { username, password: 'cash123' } });
    expect(old.json().success).toBe(false);
  });

  it('disabling a user ends their sessions and refuses sign-in; admin setPassword ends sessions too', async () => {
    const admin = await t.login('admin');
    const adminId = (await data(t.call('GET', '/api/idm/user/current', { token: admin }), 'current')).id as number;
    const made = await makeUser(t, root, companyId, { rightIds: HOME, password: 'clerk123' });
    const { username, token: clerk } = made;
    const clerkId = await userIdByName(t, admin, username);
    expect(clerkId).toBe(made.id);
    const dis = await t.call('POST', `/api/idm/user/${clerkId}/disable`, { token: admin, body: { disabled: true } });
    expect(dis.json().data.state).toBe('DISABLED');
    expect((await t.call('GET', '/api/company', { token: clerk })).statusCode).toBe(401);
    const refused = await t.call('POST', '/api/idm/user/login', { body: { username, password: 'clerk123' } });
    expect(refused.json().code).toBe('USER_DISABLED');
    await t.call('POST', `/api/idm/user/${clerkId}/disable`, { token: admin, body: { disabled: false } });
    const clerk2 = await t.login(username, 'clerk123');
    await t.call('POST', '/api/idm/user/setPassword', { token: admin, body: { userId: clerkId, password: 'clerk789' } });
    expect((await t.call('GET', '/api/company', { token: clerk2 })).statusCode).toBe(401);
    await t.login(username, 'clerk789');
    // An admin cannot disable themself.
    const self = await t.call('POST', `/api/idm/user/${adminId}/disable`, { token: admin, body: { disabled: true } });
    expect(self.json().code).toBe('CANNOT_DISABLE_SELF');
  });

  it('refreshToken replaces the token; switchCompany changes rights to that company', async () => {
    // An administrator of this test's own, linked to two companies: switching changes only its session.
    const other = (await makeCompany(t, root)).id;
    const { token: admin } = await makeUser(t, root, companyId, { kind: 'ADMIN', companyIds: [other] });
    const r = await t.call('POST', '/api/idm/user/refreshToken', { token: admin });
    const fresh = r.json().data.accessToken;
    expect(fresh).not.toBe(admin);
    expect((await t.call('GET', '/api/company', { token: admin })).statusCode).toBe(401);
    const sw = await t.call('POST', '/api/idm/user/switchCompany', { token: fresh, body: { companyId: other } });
    expect(sw.json().data.currentCompanyId).toBe(other);
    const cur = await t.call('GET', '/api/idm/user/current', { token: fresh });
    expect(cur.json().data.currentCompanyId).toBe(other);
    // A clerk linked to the first company only cannot switch to the other one.
    const { token: clerk } = await makeUser(t, root, companyId, [1, 2010101]);
    const denied = await t.call('POST', '/api/idm/user/switchCompany', { token: clerk, body: { companyId: other } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBe('没有操作权限');
  });

  it('rate-limits sign-in attempts per IP', async () => {
    const limited = await createTestApp(backend, { loginRateLimitMax: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await limited.call('POST', '/api/idm/user/login', { body: { username: 'x', password: 'y' } })).statusCode);
      expect(codes.slice(0, 3).every((c) => c === 401)).toBe(true);
      expect(codes[4]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('ignores a client-sent X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const attempt = (app: TestApp, i: number) =>
      app.call('POST', '/api/idm/user/login', { body: { username: 'x', password: 'y' }, headers: { 'x-forwarded-for': `203.0.113.${i}` } });
    // Default (no TRUST_PROXY): every spoofed address still counts against the real peer.
    const plain = await createTestApp(backend, { loginRateLimitMax: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await attempt(plain, i)).statusCode);
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      const spoofedList = await plain.call('POST', '/api/idm/user/login', { body: { username: 'x', password: 'y' }, headers: { 'x-forwarded-for': '198.51.100.7, 127.0.0.1' } });
      expect(spoofedList.statusCode).toBe(429);
      expect(spoofedList.json().code).toBe('TOO_MANY_REQUESTS');
    } finally {
      await plain.close();
    }
    // With the peer (inject's 127.0.0.1) listed as a trusted proxy, the forwarded client is the key.
    const proxied = await createTestApp(backend, { loginRateLimitMax: 3, trustProxy: ['127.0.0.1'] });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await attempt(proxied, i)).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 401]);
      for (let i = 0; i < 3; i++) await attempt(proxied, 99);
      expect((await attempt(proxied, 99)).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('parses TRUST_PROXY: off by default, a hop count or an address list; never "true"', async () => {
    const { parseTrustProxy, fastifyTrustProxy } = await import('../../src/server/http/trust-proxy');
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 127.0.0.1, 10.0.0.0/8 ')).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(fastifyTrustProxy(undefined)).toBe(false);
    const hops = fastifyTrustProxy(1) as (a: string, i: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.2', 1)]).toEqual([true, false]);
  });

  it('takes an avatar only when its content is png/jpeg under 200 kB', async () => {
    const { token } = await makeUser(t, root, companyId, HOME);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4c60000000049454e44ae426082', 'hex');
    const form = (name: string, content: Buffer, type: string) => {
      const boundary = '----ldtest';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } };
    };
    const good = await t.app.inject({ method: 'POST', url: '/api/idm/user/avatar', ...form('me.png', png, 'image/png') });
    expect(good.json().success).toBe(true);
    const uri = good.json().data.avatar.realUri as string;
    const img = await t.app.inject({ method: 'GET', url: uri });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect((await t.app.inject({ method: 'GET', url: uri.replace(/sig=.*/, 'sig=forged') })).statusCode).toBe(403);
    // A text file named .png is refused by content.
    const fake = await t.app.inject({ method: 'POST', url: '/api/idm/user/avatar', ...form('evil.png', Buffer.from('<svg onload=alert(1)>'), 'image/png') });
    expect(fake.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    const big = await t.app.inject({ method: 'POST', url: '/api/idm/user/avatar', ...form('big.png', Buffer.concat([png, Buffer.alloc(210 * 1024)]), 'image/png') });
    expect(big.json().code).toBe('FILE_TOO_LARGE');
  });
});
