/**
 * Validation failures answer INVALID_INPUT with the catalogue's prefix and a detail in the caller's
 * language: the field's label and the broken rule (errors.json validation.* and fields.*).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from './harness';
import { makeWorld, type World } from './factories';

describe.each(backends())('localized validation messages (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  /** Real rows for the cases that name one (the input is refused before the row matters). */
  let w: World;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
  });
  afterAll(async () => t?.close());

  const msgOf = async (method: 'GET' | 'POST' | 'DELETE', url: string, lang: string, o: { body?: unknown; query?: Record<string, unknown> } = {}) => {
    const res = await t.call(method, url, { token: admin, lang, ...o });
    expect(res.statusCode, url).toBe(400);
    expect(res.json().code).toBe('INVALID_INPUT');
    return res.json().msg as string;
  };

  const cases: Array<{ name: string; method: 'GET' | 'POST'; url: string; body?: unknown; query?: Record<string, unknown>; zh: string; en: string }> = [
    { name: 'required', method: 'POST', url: '/api/company', body: { shortCut: 'X' }, zh: '【名称】不能为空', en: 'Name is required' },
    { name: 'too short', method: 'POST', url: '/api/company', body: { name: 'x' }, zh: '【名称】长度不能少于 2 个字符', en: 'Name must have at least 2 characters' },
    { name: 'too long', method: 'POST', url: '/api/company', body: { name: 'x'.repeat(101) }, zh: '【名称】长度不能超过 100 个字符', en: 'Name must have at most 100 characters' },
    { name: 'invalid type', method: 'POST', url: '/api/company', body: { name: 42 }, zh: '【名称】类型不正确，应为文本', en: 'Name must be text' },
    { name: 'number too big', method: 'GET', url: '/api/company', query: { limit: 1001 }, zh: '【每页条数】不能大于 1000', en: 'Limit must be at most 1000' },
    // Getters: the world's ids exist only once beforeAll has run.
    { name: 'invalid date', method: 'POST', get url() { return `/api/account/period/${w.periodIds[0]}`; }, body: { startAt: '2025/01/01', endAt: '2025-01-31' }, zh: '【开始日期】须为有效日期，格式如 2025-01-31', en: 'Start date must be a valid date such as 2025-01-31' },
    { name: 'mobile', method: 'POST', url: '/api/idm/user', body: { username: 'v1', name: 'Vee', password: 'abc123', mobileTel: '123' }, zh: '【手机号】须为 11 位手机号', en: 'Mobile must be an 11-digit mobile number' },
    { name: 'email', method: 'POST', url: '/api/idm/user', body: { username: 'v2', name: 'Vee', password: 'abc123', email: 'nope' }, zh: '【邮箱】邮箱格式不正确', en: 'Email is not a valid email address' },
    { name: 'list filter', method: 'GET', url: '/api/idm/userRole', query: { filter: { userId: 'abc' } }, zh: '【筛选条件.用户】类型不正确，应为数字', en: 'Filter.User must be a number' },
    { name: 'number too small', method: 'POST', url: '/api/account/year', get body() { return { accountId: w.accountId, year: 1900 }; }, zh: '【年度】不能小于 1990', en: 'Year must be at least 1990' },
  ];

  for (const c of cases) {
    it(`names the field and the rule: ${c.name}`, async () => {
      const zh = await msgOf(c.method, c.url, 'zh_CN', c);
      expect(zh).toBe(`输入的内容不正确：${c.zh}`);
      // Fully Chinese: no Latin letters left from zod's English messages.
      expect(zh).not.toMatch(/[A-Za-z]/);
      expect(await msgOf(c.method, c.url, 'en_US', c)).toBe(`Please enter the correct content: ${c.en}`);
    });
  }

  it('localizes enum values, several issues at once, and unparsable bodies', async () => {
    const zh = await msgOf('POST', '/api/idm/user', 'zh_CN', { body: { username: 'v3', name: 'Vee', password: 'abc123', kind: 'ROOT' } });
    expect(zh).toBe('输入的内容不正确：【类型】须为以下之一：ADMIN / OTHER');
    const en = await msgOf('POST', '/api/idm/user', 'en_US', { body: { username: 'v3', name: 'Vee', password: 'abc123', kind: 'ROOT' } });
    expect(en).toBe('Please enter the correct content: Kind must be one of ADMIN / OTHER');
    const many = await msgOf('POST', '/api/account', 'zh_CN', { body: { name: '' } });
    expect(many).toBe('输入的内容不正确：【公司】不能为空；【名称】不能为空');
    const bad = await t.app.inject({ method: 'POST', url: '/api/company', payload: '{"name":', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'x-language': 'zh_CN' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_INPUT', msg: '输入的内容不正确：请求内容无法解析' });
    // A result code named by a schema still wins (the password rule of spec 01 §5).
    const pw = await t.call('POST', '/api/idm/user', { token: admin, lang: 'zh_CN', body: { username: 'v4', name: 'Vee', password: 'abc' } });
    expect(pw.json()).toMatchObject({ code: 'INVALID_PASSWORD', msg: '密码须为4-12位字母和数字，且同时包含字母和数字' });
  });
});
