/**
 * Commonly used summaries (/common/commonlySummary; decision 047) on both backends: listed by code
 * then text, found by either; the text and the code are each kept once per company (also under
 * concurrent saves); editing needs the voucher-edit right (2010101), reading only the company;
 * another company's summary is out of reach.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, MISSING_ID, type World } from './factories';

describe.each(backends())('commonly used summaries (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  let other: World;
  const url = '/api/common/commonlySummary';
  const post = (path: string, body: Record<string, unknown>, token = admin) => t.call('POST', path, { token, body, lang: 'en_US' });
  const list = async (companyId: number, keyword?: string, token = admin) =>
    (await data(t.call('GET', url, { token, query: { filter: { companyId, ...(keyword ? { keyword } : {}) } } }), 'summaries')) as { content: Array<{ id: number; code: string | null; summary: string; version: number }>; total: number };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
    other = await makeWorld(t, admin);
  });
  afterAll(async () => t?.close());

  it('creates, lists by code then text, finds by either, renames and deletes', async () => {
    for (const [code, summary] of [['02', '支付房租'], [null, '报销差旅费'], ['01', ' 提取备用金 '], [' ', '收到货款']] as const) {
      const r = await post(url, { companyId: w.companyId, code, summary });
      expect(r.statusCode).toBe(200);
    }
    const all = await list(w.companyId);
    expect(all.content.map((s) => [s.code, s.summary])).toEqual([['01', '提取备用金'], ['02', '支付房租'], [null, '报销差旅费'], [null, '收到货款']]);
    expect((await list(w.companyId, '房租')).content.map((s) => s.summary)).toEqual(['支付房租']);
    expect((await list(w.companyId, '01')).content.map((s) => s.summary)).toEqual(['提取备用金']);
    const rent = all.content[1];
    const renamed = await data(post(`${url}/${rent.id}`, { summary: '支付办公室房租', version: rent.version }), 'rename');
    expect(renamed).toMatchObject({ summary: '支付办公室房租', code: '02', version: rent.version + 1 });
    // A stale version is refused and changes nothing.
    expect((await post(`${url}/${rent.id}`, { summary: '旧版本', version: rent.version })).statusCode).toBe(409);
    expect((await t.call('DELETE', `${url}/${rent.id}`, { token: admin })).statusCode).toBe(200);
    expect((await list(w.companyId)).total).toBe(3);
  });

  it('keeps a text and a code once per company, also under concurrent saves; another company may use them', async () => {
    const dup = await post(url, { companyId: w.companyId, summary: '提取备用金' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'SUMMARY_DUPLICATE', msg: 'The summary “提取备用金” is already a common summary' });
    const dupCode = await post(url, { companyId: w.companyId, code: '01', summary: '另一个' });
    expect(dupCode.json()).toMatchObject({ code: 'SUMMARY_CODE_DUPLICATE' });
    expect((await post(url, { companyId: other.companyId, code: '01', summary: '提取备用金' })).statusCode).toBe(200);
    const racing = await Promise.all(Array.from({ length: 4 }, () => post(url, { companyId: w.companyId, summary: '同时保存' })));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await list(w.companyId, '同时保存')).total).toBe(1);
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const before = (await list(w.companyId)).total;
    for (const body of [{ companyId: w.companyId, summary: '' }, { companyId: w.companyId, summary: 'x'.repeat(51) }, { companyId: w.companyId, code: '0-1', summary: '编码不对' }, { companyId: w.companyId, code: 'x'.repeat(21), summary: '编码太长' }]) {
      const r = await post(url, body);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ success: false, code: 'INVALID_INPUT' });
    }
    expect((await list(w.companyId)).total).toBe(before);
  });

  it('lets anyone of the company read, only voucher editors write, nobody reach another company', async () => {
    const reader = await makeUser(t, admin, w.companyId, [RIGHTS.VOUCHER]);
    const clerk = await makeUser(t, admin, w.companyId, [RIGHTS.VOUCHER, RIGHTS.VOUCHER_DAILY, RIGHTS.VOUCHER_EDIT]);
    const readerToken = await t.login(reader.username, reader.password);
    const clerkToken = await t.login(clerk.username, clerk.password);
    expect((await list(w.companyId, undefined, readerToken)).total).toBeGreaterThan(0);
    expect((await post(url, { companyId: w.companyId, summary: '读者不能加' }, readerToken)).statusCode).toBe(403);
    const made = await data(post(url, { companyId: w.companyId, summary: '记账员加的' }, clerkToken), 'clerk create');
    expect((await t.call('DELETE', `${url}/${made.id}`, { token: readerToken })).statusCode).toBe(403);
    // Another company's summary: as if missing.
    const foreign = (await list(other.companyId)).content[0];
    expect((await post(`${url}/${foreign.id}`, { summary: '越权' }, clerkToken)).statusCode).toBe(403);
    expect((await t.call('DELETE', `${url}/${foreign.id}`, { token: clerkToken })).statusCode).toBe(403);
    expect((await t.call('GET', url, { token: clerkToken, query: { filter: { companyId: other.companyId } } })).statusCode).toBe(403);
    expect((await t.call('DELETE', `${url}/${MISSING_ID}`, { token: admin })).statusCode).toBe(403);
  });
});
