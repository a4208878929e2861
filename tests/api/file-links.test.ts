/**
 * Signed file URLs expire (QA round: avatar, attachment and export links used to work forever, for
 * anyone holding one). A URL carries `exp` (unix seconds) signed with the file id; an expired link
 * answers 410 'The generated file has been cleared', a changed id, expiry or signature 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from './harness';
import { makeCompany, makeUser } from './factories';
import { fileUrl, fileUrlTtlSeconds, FILE_URL_TTL_DEFAULT_SECONDS, signFileId } from '../../src/server/http/file-urls';

const SECRET = 'test-secret'; // the harness's fileSecret
const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4c60000000049454e44ae426082', 'hex');
const now = () => Math.floor(Date.now() / 1000);

describe.each(backends())('signed file links expire (%s)', (backend) => {
  let t: TestApp;
  let avatar: { id: number; realUri: string };

  beforeAll(async () => {
    t = await createTestApp(backend);
    const admin = await t.login('admin');
    const { token } = await makeUser(t, admin, (await makeCompany(t, admin)).id, [1]);
    const boundary = '----ldlinks';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/idm/user/avatar', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } });
    expect(res.json().success, res.body).toBe(true);
    avatar = res.json().data.avatar;
  });
  afterAll(async () => t?.close());

  const get = (url: string, lang = 'en_US') => t.app.inject({ method: 'GET', url, headers: { 'x-language': lang } });

  it('mints links that carry their expiry, a few hours ahead, and serves them until then', async () => {
    const exp = Number(new URL(avatar.realUri, 'http://x').searchParams.get('exp'));
    expect(avatar.realUri).toMatch(new RegExp(`^/api/files/${avatar.id}\\?exp=\\d+&sig=[\\w-]{22}$`));
    expect(exp - now()).toBeGreaterThanOrEqual(FILE_URL_TTL_DEFAULT_SECONDS - 5);
    expect(exp - now()).toBeLessThanOrEqual(FILE_URL_TTL_DEFAULT_SECONDS + 600);
    const ok = await get(avatar.realUri);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    // The browser keeps it no longer than the link works.
    const maxAge = Number(/max-age=(\d+)/.exec(String(ok.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(exp - now() + 1);
  });

  it('answers an expired link with the localized "file has been cleared" (410)', async () => {
    const expired = fileUrl(SECRET, avatar.id, { now: now() - 2 * FILE_URL_TTL_DEFAULT_SECONDS });
    const en = await get(expired);
    expect(en.statusCode).toBe(410);
    expect(en.json()).toMatchObject({ success: false, code: 'FILE_CLEARED', msg: 'The generated file has been cleared' });
    const zh = await get(expired, 'zh_CN');
    expect(zh.statusCode).toBe(410);
    expect(zh.json().msg).not.toBe(en.json().msg);
  });

  it('refuses a link whose id, expiry or signature was changed, and the old unexpiring form', async () => {
    const u = new URL(avatar.realUri, 'http://x');
    const exp = Number(u.searchParams.get('exp'));
    const sig = u.searchParams.get('sig')!;
    const refused = async (url: string) => {
      const r = await get(url);
      expect(r.statusCode, url).toBe(403);
      expect(r.json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    };
    await refused(`/api/files/${avatar.id}?exp=${exp + 86_400 * 365}&sig=${sig}`); // a longer life
    await refused(`/api/files/${avatar.id + 1}?exp=${exp}&sig=${sig}`); // another file
    await refused(`/api/files/${avatar.id}?exp=${exp}&sig=${'A'.repeat(22)}`);
    await refused(`/api/files/${avatar.id}?sig=${sig}`); // no expiry
    // An expired link re-signed by someone without the secret stays refused.
    await refused(`/api/files/${avatar.id}?exp=${exp}&sig=${signFileId('guessed', avatar.id, exp)}`);
    expect((await get(`/api/files/${avatar.id}?exp=soon&sig=${sig}`)).statusCode).toBe(400);
  });

  it('takes its lifetime from FILE_URL_TTL_SECONDS', () => {
    expect(fileUrlTtlSeconds({ FILE_URL_TTL_SECONDS: '3600' })).toBe(3600);
    expect(fileUrlTtlSeconds({})).toBe(FILE_URL_TTL_DEFAULT_SECONDS);
    expect(fileUrlTtlSeconds({ FILE_URL_TTL_SECONDS: 'forever' })).toBe(FILE_URL_TTL_DEFAULT_SECONDS);
    // Rounded up to a 10-minute step: one URL for reads minutes apart.
    const url = fileUrl(SECRET, avatar.id, { now: 1_000_000, ttlSeconds: 3600 });
    expect(url).toBe(`/api/files/${avatar.id}?exp=${1_003_800}&sig=${signFileId(SECRET, avatar.id, 1_003_800)}`);
  });
});
