/**
 * GET /voucher/step: first / previous / next / last of a ledger set's year in the editor's order
 * (mark date, code, id), invalid vouchers included, other years and ledger sets never; scoped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld } from './factories';
import { makeVoucherWorld, simpleVoucher, type VoucherWorld } from './voucher-world';

describe.each(backends())('voucher step (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: VoucherWorld;
  const ids: number[] = [];
  const step = (token: string, query: Record<string, unknown>) => t.call('GET', '/api/voucher/step', { token, lang: 'en_US', query: { accountId: w.accountId, accountYearId: w.accountYearId, ...query } });
  const stepId = async (query: Record<string, unknown>) => ((await data(step(w.users.viewer.token, query), 'step')) as { id: number } | null)?.id ?? null;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeVoucherWorld(t, admin);
    const make = async (markTime: string, code?: string) => (await data<{ id: number }>(t.call('POST', '/api/voucher', { token: w.users.clerk.token, body: simpleVoucher(w, { markTime, code }) }), 'create')).id;
    // Order: Mar-01 #1, Mar-01 #2, Mar-05 #3 (made before the Mar-01 ones), Apr-02 #1 (next period: codes restart).
    const mar5 = await make('2026-03-05', '3');
    const mar1a = await make('2026-03-01', '1');
    const mar1b = await make('2026-03-01', '2');
    const apr2 = await make('2026-04-02', '1');
    ids.push(mar1a, mar1b, mar5, apr2);
    await data(t.call('POST', `/api/voucher/${mar5}/invalid`, { token: w.users.boss.token, body: {} }), 'invalid');
  });
  afterAll(async () => t?.close());

  it('steps first to last and back by date, code, id; invalid vouchers count; the ends answer null', async () => {
    expect(await stepId({ step: 'first' })).toBe(ids[0]);
    expect(await stepId({ step: 'last' })).toBe(ids[3]);
    const forward = [ids[0]];
    for (let id: number | null = ids[0]; (id = await stepId({ step: 'next', fromId: id })) !== null; ) forward.push(id);
    expect(forward).toEqual(ids);
    const back = [ids[3]];
    for (let id: number | null = ids[3]; (id = await stepId({ step: 'previous', fromId: id })) !== null; ) back.push(id);
    expect(back).toEqual([...ids].reverse());
    const answer = await data(step(w.users.viewer.token, { step: 'next', fromId: ids[1] }), 'step');
    expect(answer).toEqual({ id: ids[2], markTime: '2026-03-05', code: 3 });
  });

  it('stays in its ledger set and year; refuses foreign vouchers and users without a voucher right', async () => {
    const other = await makeWorld(t, admin, { companyId: w.companyId, year: 2025 });
    expect(await data(step(admin, { accountId: other.accountId, accountYearId: other.accountYearId, step: 'first' }), 'empty')).toBeNull();
    // A voucher of this year asked from another year's scope.
    expect((await step(admin, { accountYearId: other.accountYearId, step: 'next', fromId: ids[0] })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    const outsiderWorld = await makeWorld(t, admin);
    const outsider = await makeUser(t, admin, outsiderWorld.companyId, { rightIds: [2, 201, 20101], name: '外人' });
    expect((await step(outsider.token, { step: 'first' })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    const nobody = await makeUser(t, admin, w.companyId, { rightIds: [], name: '无权限' });
    expect((await step(nobody.token, { step: 'first' })).json()).toMatchObject({ success: false, code: 'NO_PERMISSION' });
    expect((await step(admin, { step: 'sideways' })).statusCode).toBe(400);
  });
});
