/**
 * Deleting a company cannot be undone, so it is refused while the company holds books (decision
 * 063): vouchers, settled periods, invoices, reimbursements or cash journal lines. An empty company
 * (even with an unused ledger set and users) is deleted as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld } from './factories';

describe.each(backends())('deleting a company (%s)', (backend) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  const liveIds = async () => (await data(t.call('GET', '/api/company', { token: admin, query: { limit: 1000 } }), 'companies')).content.map((c: { id: number }) => c.id);

  it('refuses a company with vouchers, in either language, and leaves it working', async () => {
    const w = await makeWorld(t, admin);
    const clerk = await makeUser(t, admin, w.companyId, [1, 2, 201, 20101, 2010101]);
    const subjects = (await data(t.call('GET', '/api/subject', { token: admin, query: { filter: { accountYearId: w.accountYearId }, limit: 1000 } }), 'subjects')).content as Array<{ id: number; code: string }>;
    const kinds = (await data(t.call('GET', '/api/voucher/kind', { token: admin, query: { accountId: w.accountId } }), 'kinds')).content as Array<{ id: number }>;
    const s = (code: string) => subjects.find((x) => x.code === code)!.id;
    await data(t.call('POST', '/api/voucher', { token: admin, body: {
      accountId: w.accountId, kindId: kinds[0].id, markTime: '2026-03-15',
      items: [{ summary: '提现', subjectId: s('1001'), direction: true, amount: '10000' }, { summary: '提现', subjectId: s('1002'), direction: false, amount: '10000' }],
    } }), 'voucher');

    const en = await t.call('DELETE', `/api/company/${w.companyId}`, { token: admin, lang: 'en_US' });
    expect(en.statusCode).toBe(409);
    expect(en.json()).toMatchObject({ success: false, code: 'COMPANY_HAS_BOOKS' });
    expect(en.json().msg).toMatch(/cannot be deleted/);
    const zh = await t.call('DELETE', `/api/company/${w.companyId}`, { token: admin, lang: 'zh_CN' });
    expect(zh.json().msg).toMatch(/不能删除/);
    // Nothing changed: the company is listed, its books open, its users still work there.
    expect(await liveIds()).toContain(w.companyId);
    expect((await data(t.call('GET', '/api/voucher', { token: clerk.token, query: { filter: { accountId: w.accountId } } }), 'vouchers')).total).toBe(1);
  });

  it('deletes a company holding no books, with its unused ledger set and its users', async () => {
    const w = await makeWorld(t, admin);
    await makeUser(t, admin, w.companyId, [1], 'only123');
    expect((await t.call('DELETE', `/api/company/${w.companyId}`, { token: admin })).statusCode).toBe(200);
    expect(await liveIds()).not.toContain(w.companyId);
    // A second delete finds nothing to delete.
    expect((await t.call('DELETE', `/api/company/${w.companyId}`, { token: admin })).statusCode).toBe(403);
  });

  it.runIf(backend === 'postgres')('a voucher saved while the company is being deleted is refused, not written into the deleted company', async () => {
    const w = await makeWorld(t, admin);
    const subjects = (await data(t.call('GET', '/api/subject', { token: admin, query: { filter: { accountYearId: w.accountYearId }, limit: 1000 } }), 'subjects')).content as Array<{ id: number; code: string }>;
    const kinds = (await data(t.call('GET', '/api/voucher/kind', { token: admin, query: { accountId: w.accountId } }), 'kinds')).content as Array<{ id: number }>;
    const s = (code: string) => subjects.find((x) => x.code === code)!.id;
    // The delete's transaction (as deleteCompany runs it: the row locked, no books, marked deleted) holds until released.
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let locked = () => {};
    const isLocked = new Promise<void>((r) => (locked = r));
    const deleting = t.db.db.transaction(async (tx) => {
      await tx.execute(sql`select id from companies where id = ${w.companyId} for update`);
      await tx.execute(sql`update companies set deleted = true where id = ${w.companyId}`);
      locked();
      await gate;
    });
    await isLocked;
    const saving = t.call('POST', '/api/voucher', { token: admin, lang: 'en_US', body: {
      accountId: w.accountId, kindId: kinds[0].id, markTime: '2026-03-15',
      items: [{ summary: 'race', subjectId: s('1001'), direction: true, amount: '100' }, { summary: 'race', subjectId: s('1002'), direction: false, amount: '100' }],
    } });
    // The save reaches its insert and waits for the delete.
    await new Promise((r) => setTimeout(r, 300));
    release();
    await deleting;
    const answer = (await saving).json();
    expect(answer).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    const [{ n }] = ((await t.db.db.execute(sql`select count(*)::int as n from vouchers where company_id = ${w.companyId}`)) as unknown as { rows: Array<{ n: number }> }).rows;
    expect(n).toBe(0);
  }, 60_000);
});
