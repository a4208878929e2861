/**
 * The synchronised copy (POST /voucher/:id/sync, decision 024) through the API: a balanced NORMAL
 * voucher in the other ledger set, with the mapped subjects, in the period of the same date, a new
 * code, auxiliary values carried (vendors by code) or dropped as the relations say, linked SYNC both
 * ways in voucherRelationInfos; refusals: unmapped subjects named, stale relations, an existing
 * copy (named), settled target period, invalid voucher, same ledger set, another company, rights;
 * a refusal writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RIGHTS } from '../../src/domain/rights';
import { DEFAULT_VOUCHER_KINDS } from '../../src/domain/finance-settings';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, unique, type World } from './factories';
import { makeVoucherWorld, type VoucherWorld } from './voucher-world';

describe.each(backends())('synchronised copy (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: VoucherWorld;
  let b: { accountId: number; name: string; accountYearId: number; periodIds: number[] };
  let other: World;
  let target: Record<string, number>;
  let vendorA: number;
  let vendorB: number;
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.db.execute(q)) as unknown as { rows: T[] }).rows;
  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, o: { body?: unknown; query?: Record<string, unknown>; lang?: string } = {}) => t.call(method, url, { token, lang: o.lang ?? 'en_US', ...o });
  const refused = async (res: Promise<{ json(): any }>, code: string) => {
    const j = (await res).json();
    expect(j, JSON.stringify(j)).toMatchObject({ success: false, code });
    expect(j.msg).toBeTruthy();
    return j.msg as string;
  };
  const sync = (token: string, id: number, targetAccountId = b.accountId, lang = 'en_US') => call(token, 'POST', `/api/voucher/${id}/sync`, { body: { targetAccountId }, lang });
  const countIn = async (accountId: number) => (await rows<{ n: number }>(sql`select cast(count(*) as integer) as n from vouchers where account_id = ${accountId}`))[0].n;
  const relationsCount = async () => (await rows<{ n: number }>(sql`select cast(count(*) as integer) as n from voucher_relations where kind = 'SYNC'`))[0].n;

  /** A three-line voucher of ledger A: receivable by customer, revenue by project, admin costs by department. */
  const threeLines = (markTime = '2026-03-15') => ({
    accountId: w.accountId, kindId: w.kindIds[1] ?? w.kindId, markTime, billCount: 2,
    items: [
      { summary: '确认应收律师费', subjectId: w.subject.receivable, direction: true, amount: '300000', auxes: [{ auxTypeId: 3, auxId: w.customerId }] },
      { summary: '确认应收律师费', subjectId: w.subject.revenue, direction: false, amount: '250000', auxes: [{ auxTypeId: 5, auxId: w.projectId }] },
      { summary: '办公费冲减', subjectId: w.subject.admin, direction: false, amount: '50000', auxes: [{ auxTypeId: 1, auxId: w.departmentId }] },
    ],
  });
  const create = async (body: unknown, token = w.users.clerk.token) => data(call(token, 'POST', '/api/voucher', { body }), 'create');

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeVoucherWorld(t, admin);
    const name = unique('Mgmt');
    const account = await data(call(admin, 'POST', '/api/account', { body: { companyId: w.companyId, name, year: 2026 } }), 'account B');
    const years = await data(call(admin, 'GET', '/api/account/year', { query: { accountId: account.id, expand: 'periods' } }), 'years B');
    b = { accountId: account.id, name, accountYearId: years.content[0].id, periodIds: years.content[0].periods.map((p: { id: number }) => p.id) };
    other = await makeWorld(t, admin);
    const subs = await rows<{ id: number; code: string }>(sql`select id, code from subjects where account_year_id = ${b.accountYearId}`);
    target = Object.fromEntries(subs.map((s) => [s.code, s.id]));
    // Ledger B analyses receivables by customer and revenue by project too; its admin costs carry no department.
    await t.db.db.execute(sql`update subjects set aux_type_ids = '{3}' where id = ${target['1122']}`);
    await t.db.db.execute(sql`update subjects set aux_type_ids = '{5}' where id = ${target['5001']}`);
    // Payables by vendor in both ledger sets; vendors belong to a ledger set, matched by code.
    const payable = (await rows<{ id: number }>(sql`select id from subjects where account_year_id = ${w.accountYearId} and code = '2202'`))[0].id;
    await t.db.db.execute(sql`update subjects set aux_type_ids = '{4}' where id in (${payable}, ${target['2202']})`);
    vendorA = (await data(call(admin, 'POST', '/api/aux/vendor', { body: { accountId: w.accountId, code: 'VS01', name: '北京文具有限公司' } }), 'vendor A')).id;
    vendorB = (await data(call(admin, 'POST', '/api/aux/vendor', { body: { accountId: b.accountId, code: 'VS01', name: '北京文具有限公司' } }), 'vendor B')).id;
    await data(call(admin, 'POST', '/api/subject/relation/byCode', { body: { sourceAccountYearId: w.accountYearId, targetAccountYearId: b.accountYearId } }), 'map by code');
  });
  afterAll(async () => t?.close());

  it('creates a balanced NORMAL voucher in the other ledger set: mapped subjects, period by date, new code, auxiliary values as the relations say, linked both ways', async () => {
    const { clerk, auditor } = w.users;
    const v = await create(threeLines());
    // A locked (audited) voucher is synchronised too: the source stays as it is.
    await data(call(auditor.token, 'POST', `/api/voucher/${v.id}/audit`, { body: {} }), 'audit');
    const copy = await data(sync(clerk.token, v.id), 'sync');
    expect(copy).toMatchObject({
      accountId: b.accountId, accountYearId: b.accountYearId, periodId: b.periodIds[2], markTime: '2026-03-15', code: 1, codeText: '0001', billCount: 2,
      state: 'NORMAL', lifecycle: 'draft', source: 'SYNC', originId: v.id, auditAt: null, createdBy: clerk.id, debitCents: '300000', creditCents: '300000',
    });
    // The kind of the same name in ledger B.
    const kinds = (await data(call(admin, 'GET', '/api/voucher/kind', { query: { accountId: b.accountId } }), 'kinds B')).content as Array<{ id: number; name: string }>;
    expect(kinds.find((k) => k.id === copy.kindId)?.name).toBe(v.kindName);
    expect(copy.items.map((i: any) => [i.subjectId, i.subjectCode, i.direction, i.amount, i.summary])).toEqual([
      [target['1122'], '1122', true, '300000', '确认应收律师费'],
      [target['5001'], '5001', false, '250000', '确认应收律师费'],
      [target['5602'], '5602', false, '50000', '办公费冲减'],
    ]);
    // Customer and project carried; the department dropped (5602 of B takes none, the relation says so).
    expect(copy.items.map((i: any) => i.auxes.map((a: any) => [a.auxTypeId, a.auxId]))).toEqual([[[3, w.customerId]], [[5, w.projectId]], []]);
    expect(copy.voucherRelationInfos).toEqual([{ kind: 'SYNC', voucherId: copy.id, targetId: v.id, accountId: w.accountId, accountName: expect.any(String), accountYearId: w.accountYearId, targetLabel: `${v.kindName}-${v.codeText}` }]);
    const source = await data(call(clerk.token, 'GET', `/api/voucher/${v.id}`), 'source');
    expect(source.voucherRelationInfos).toEqual([{ kind: 'SYNC', voucherId: v.id, targetId: copy.id, accountId: b.accountId, accountName: b.name, accountYearId: b.accountYearId, targetLabel: `${copy.kindName}-0001` }]);
    expect(source.lifecycle).toBe('audited');
    const read = await data(call(clerk.token, 'GET', `/api/voucher/${copy.id}`), 'copy');
    expect(read).toEqual(copy);
    const procs = await rows<{ voucher_id: number; action: string; note: string | null }>(sql`select voucher_id, action, note from voucher_procs where voucher_id in (${v.id}, ${copy.id}) and action like 'SYNC%' order by id`);
    expect(procs).toEqual([{ voucher_id: v.id, action: 'SYNCED', note: String(copy.id) }, { voucher_id: copy.id, action: 'SYNCED_FROM', note: String(v.id) }]);

    // Synchronising again is refused while the copy exists (naming it), in either direction.
    let msg = await refused(sync(clerk.token, v.id), 'VOUCHER_SYNC_EXISTS');
    expect(msg).toContain(b.name);
    expect(msg).toContain('0001');
    // The copy named with its kind in the requester's language (收 is 'Receipt'), not the server's Chinese word.
    const kindEn = DEFAULT_VOUCHER_KINDS.find((k) => k.name === copy.kindName)!.nameEn;
    expect(msg).toContain(`${kindEn}-0001`);
    await refused(sync(clerk.token, copy.id, w.accountId), 'VOUCHER_SYNC_EXISTS');
    // Deleting the copy frees the voucher: the next copy takes the next code.
    await data(call(clerk.token, 'DELETE', `/api/voucher/${copy.id}`), 'delete copy');
    const again = await data(sync(clerk.token, v.id), 'sync again');
    expect(again).toMatchObject({ accountId: b.accountId, code: 1, source: 'SYNC', originId: v.id });
    msg = await refused(sync(clerk.token, v.id, b.accountId, 'zh_CN'), 'VOUCHER_SYNC_EXISTS');
    expect(msg).toContain('已与');
    expect(msg).toContain(`${copy.kindName}-0001`);
  });

  it('carries a vendor as the target ledger set’s vendor of the same code, refuses one without a counterpart', async () => {
    const payable = (await rows<{ id: number }>(sql`select id from subjects where account_year_id = ${w.accountYearId} and code = '2202'`))[0].id;
    const body = (vendor: number) => ({
      accountId: w.accountId, kindId: w.kindId, markTime: '2026-04-02',
      items: [
        { summary: '购办公用品', subjectId: w.subject.cash, direction: false, amount: '8800' },
        { summary: '购办公用品', subjectId: payable, direction: true, amount: '8800', auxes: [{ auxTypeId: 4, auxId: vendor }] },
      ],
    });
    const v = await create(body(vendorA));
    const copy = await data(sync(w.users.clerk.token, v.id), 'sync vendor');
    expect(copy.periodId).toBe(b.periodIds[3]);
    expect(copy.items[1].auxes).toEqual([expect.objectContaining({ auxTypeId: 4, auxId: vendorB })]);
    const lonely = (await data(call(admin, 'POST', '/api/aux/vendor', { body: { accountId: w.accountId, code: 'VS99', name: '上海印刷服务社' } }), 'vendor only in A')).id;
    const v2 = await create(body(lonely));
    const before = await countIn(b.accountId);
    const msg = await refused(sync(w.users.clerk.token, v2.id), 'VOUCHER_SYNC_AUX_UNMAPPED');
    expect(msg).toContain('VS99');
    expect(msg).toContain('Row 2');
    expect(await countIn(b.accountId)).toBe(before);
  });

  it('refuses unmapped subjects by name and relations that no longer pass the rules; writes nothing', async () => {
    const { clerk } = w.users;
    const v = await create({
      accountId: w.accountId, kindId: w.kindId, markTime: '2026-05-06',
      items: [
        { summary: '计提增值税', subjectId: w.subject.cash, direction: true, amount: '1300' },
        { summary: '计提增值税', subjectId: w.subject.tax, direction: false, amount: '1300' },
      ],
    });
    const before = await countIn(b.accountId);
    const rels = await relationsCount();
    let msg = await refused(sync(clerk.token, v.id), 'VOUCHER_SYNC_UNMAPPED');
    expect(msg).toContain('222101 应交增值税');
    expect(msg).toContain(b.name);
    expect(msg).not.toContain('1001');
    msg = await refused(sync(clerk.token, v.id, b.accountId, 'zh_CN'), 'VOUCHER_SYNC_UNMAPPED');
    expect(msg).toContain('科目对照');
    // Mapped afterwards, it synchronises.
    await data(call(admin, 'POST', '/api/subject/relation', { body: { sourceAccountYearId: w.accountYearId, targetAccountYearId: b.accountYearId, items: [{ sourceSubjectId: w.subject.tax, targetSubjectId: target['2221'] }] } }), 'map tax');
    expect((await data(sync(clerk.token, v.id), 'mapped now')).items[1].subjectId).toBe(target['2221']);

    // The target subject has since gained a type the source never carries: the relation is stale.
    await t.db.db.execute(sql`update subjects set aux_type_ids = '{5,2}' where id = ${target['5001']}`);
    const v2 = await create(threeLines('2026-05-20'));
    msg = await refused(sync(clerk.token, v2.id), 'SUBJECT_RELATION_AUX_MISSING');
    expect(msg).toContain('Employee');
    await t.db.db.execute(sql`update subjects set aux_type_ids = '{5}' where id = ${target['5001']}`);
    // A target subject disabled since: no new line may name it.
    await t.db.db.execute(sql`update subjects set disabled = true where id = ${target['1122']}`);
    msg = await refused(sync(clerk.token, v2.id), 'SUBJECT_RELATION_SUBJECT_UNUSABLE');
    expect(msg).toContain('1122');
    await t.db.db.execute(sql`update subjects set disabled = false where id = ${target['1122']}`);
    expect(await countIn(b.accountId)).toBe(before + 1);
    expect(await relationsCount()).toBe(rels + 2);
  });

  it('refuses a settled target period, an invalid voucher, the same ledger set and another company', async () => {
    const { clerk, boss } = w.users;
    const v = await create({ accountId: w.accountId, kindId: w.kindId, markTime: '2026-06-10', items: [
      { summary: '收律师费', subjectId: w.subject.cash, direction: true, amount: '5000' },
      { summary: '收律师费', subjectId: w.subject.bank, direction: false, amount: '5000' },
    ] });
    const before = await countIn(b.accountId);
    await t.db.db.execute(sql`update periods set rolled = true where id = ${b.periodIds[5]}`);
    await refused(sync(clerk.token, v.id), 'PERIOD_SETTLED');
    await t.db.db.execute(sql`update periods set rolled = false where id = ${b.periodIds[5]}`);
    // A settled source period does not matter: the source stays as it is.
    await t.db.db.execute(sql`update periods set rolled = true where id = ${w.periodIds[5]}`);
    const copy = await data(sync(clerk.token, v.id), 'settled source');
    expect(copy.periodId).toBe(b.periodIds[5]);
    await t.db.db.execute(sql`update periods set rolled = false where id = ${w.periodIds[5]}`);

    const v2 = await create({ accountId: w.accountId, kindId: w.kindId, markTime: '2026-06-11', items: [
      { summary: '收律师费', subjectId: w.subject.cash, direction: true, amount: '5000' },
      { summary: '收律师费', subjectId: w.subject.bank, direction: false, amount: '5000' },
    ] });
    await data(call(boss.token, 'POST', `/api/voucher/${v2.id}/invalid`, { body: {} }), 'invalidate');
    await refused(sync(clerk.token, v2.id), 'VOUCHER_INVALIDATED');
    await refused(sync(clerk.token, v.id, w.accountId), 'VOUCHER_SYNC_SAME_ACCOUNT');
    // The admin may touch the other company, but a voucher stays within its company's ledger sets.
    await refused(sync(admin, v.id, other.accountId), 'VOUCHER_SYNC_SAME_ACCOUNT');
    // The clerk is not linked to the other company: its ledger set answers like a missing one.
    await refused(sync(clerk.token, v.id, other.accountId), 'NO_PERMISSION');
    expect(await countIn(b.accountId)).toBe(before + 1);
  });

  it('needs the edit right (2010101) for the voucher’s and the target’s ledger sets', async () => {
    const v = await create({ accountId: w.accountId, kindId: w.kindId, markTime: '2026-07-01', items: [
      { summary: '收律师费', subjectId: w.subject.cash, direction: true, amount: '700' },
      { summary: '收律师费', subjectId: w.subject.bank, direction: false, amount: '700' },
    ] });
    const before = await countIn(b.accountId);
    await refused(sync(w.users.viewer.token, v.id), 'NO_PERMISSION');
    await refused(sync(w.users.auditor.token, v.id), 'NO_PERMISSION');
    // Rights are per company: edit held only in another company does not reach these ledger sets.
    const elsewhere = await makeUser(t, admin, other.companyId, { rightIds: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_EDIT], companyIds: [w.companyId] });
    await refused(sync(elsewhere.token, v.id), 'NO_PERMISSION');
    expect(await countIn(b.accountId)).toBe(before);
    await data(sync(w.users.clerk2.token, v.id), 'another clerk may');
  });
});
