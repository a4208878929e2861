/**
 * Subject relations (/subject/relation, decision 024) through the API: map by code (what it maps,
 * what it names as dropped, what it skips and why), the save rules (enabled leaves, auxiliary
 * types compatible or explicitly dropped, one target per source and target year, another ledger
 * set of the same company), localized refusals naming the subjects, delete, rights.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, MISSING_ID, unique, type World } from './factories';
import { makeVoucherWorld, type VoucherWorld } from './voucher-world';

/** Auxiliary type ids (spec 02 §3). */
const DEPARTMENT = 1;
const VENDOR = 4;
const PROJECT = 5;

describe.each(backends())('subject relations (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: VoucherWorld;
  /** A second ledger set of the same company, year 2026 (the standard chart). */
  let b: { accountId: number; accountYearId: number };
  let other: World;
  let target: Record<string, number>;
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.db.execute(q)) as unknown as { rows: T[] }).rows;
  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, o: { body?: unknown; query?: Record<string, unknown>; lang?: string } = {}) => t.call(method, url, { token, lang: o.lang ?? 'en_US', ...o });
  const refused = async (res: Promise<{ json(): any }>, code: string) => {
    const j = (await res).json();
    expect(j, JSON.stringify(j)).toMatchObject({ success: false, code });
    expect(j.msg).toBeTruthy();
    return j.msg as string;
  };
  const list = async (token = admin) => (await data(call(token, 'GET', '/api/subject/relation', { query: { filter: { sourceAccountYearId: w.accountYearId, targetAccountYearId: b.accountYearId } } }), 'list')).content;
  const save = (items: unknown[], token = admin, lang = 'en_US') => call(token, 'POST', '/api/subject/relation', { body: { sourceAccountYearId: w.accountYearId, targetAccountYearId: b.accountYearId, items }, lang });

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeVoucherWorld(t, admin);
    const account = await data(call(admin, 'POST', '/api/account', { body: { companyId: w.companyId, name: unique('Mgmt'), year: 2026 } }), 'account B');
    const years = await data(call(admin, 'GET', '/api/account/year', { query: { accountId: account.id } }), 'years B');
    b = { accountId: account.id, accountYearId: years.content[0].id };
    other = await makeWorld(t, admin);
    const subs = await rows<{ id: number; code: string }>(sql`select id, code from subjects where account_year_id = ${b.accountYearId}`);
    target = Object.fromEntries(subs.map((s) => [s.code, s.id]));
    // The target takes customers on 1122 like the source, and department plus employee on 5602 (the source only departments).
    await t.db.db.execute(sql`update subjects set aux_type_ids = '{3}' where id = ${target['1122']}`);
    await t.db.db.execute(sql`update subjects set aux_type_ids = '{1,2}' where id = ${target['5602']}`);
  });
  afterAll(async () => t?.close());

  it('maps by code: every unmapped enabled leaf gets the same code, dropped types named, the rest skipped with the reason', async () => {
    const r = await data(call(admin, 'POST', '/api/subject/relation/byCode', { body: { sourceAccountYearId: w.accountYearId, targetAccountYearId: b.accountYearId } }), 'byCode');
    const byCode = new Map<string, any>(r.mapped.map((m: any) => [m.source.code, m]));
    expect(byCode.get('1001')).toMatchObject({ source: { id: w.subject.cash }, target: { id: target['1001'], code: '1001' }, dropAuxTypeIds: [], targetAccountId: b.accountId });
    expect(byCode.get('1122')).toMatchObject({ target: { id: target['1122'], auxTypeIds: [3] }, dropAuxTypeIds: [] });
    // 5001 takes projects in the source only: the copy drops them, said by the relation.
    expect(byCode.get('5001')).toMatchObject({ target: { id: target['5001'] }, dropAuxTypeIds: [PROJECT] });
    // The parent 2221 is not a leaf: no relation; its child 222101 has no same code in the target.
    expect(byCode.has('2221')).toBe(false);
    expect(r.skipped).toEqual(expect.arrayContaining([
      { sourceSubjectId: w.subject.tax, code: '222101', name: '应交增值税', reason: 'noSameCode' },
      { sourceSubjectId: w.subject.admin, code: '5602', name: expect.any(String), reason: 'auxMissing' },
    ]));
    expect(r.skipped.some((s: any) => s.reason === 'targetUnusable')).toBe(false);
    // Mapping again maps nothing new: existing relations are kept.
    const again = await data(call(admin, 'POST', '/api/subject/relation/byCode', { body: { sourceAccountYearId: w.accountYearId, targetAccountYearId: b.accountYearId } }), 'byCode again');
    expect(again.mapped).toEqual([]);
    const all = await list();
    expect(all.length).toBe(r.mapped.length);
    expect(all.map((x: any) => x.source.code)).toEqual([...all.map((x: any) => x.source.code)].sort());
  });

  it('saves only enabled leaves with compatible auxiliary types; dropped types must be named; one target per source and year', async () => {
    // 5602 (department) → 5602 (department and employee): the target wants an employee the source never has.
    let msg = await refused(save([{ sourceSubjectId: w.subject.admin, targetSubjectId: target['5602'] }]), 'SUBJECT_RELATION_AUX_MISSING');
    expect(msg).toContain('Employee');
    expect(msg).toContain('5602');
    // → 5603 (no auxiliary types): the department is lost, which has to be said.
    msg = await refused(save([{ sourceSubjectId: w.subject.admin, targetSubjectId: target['5603'] }]), 'SUBJECT_RELATION_AUX_DROPPED');
    expect(msg).toContain('Department');
    msg = await refused(save([{ sourceSubjectId: w.subject.admin, targetSubjectId: target['5603'] }], admin, 'zh_CN'), 'SUBJECT_RELATION_AUX_DROPPED');
    expect(msg).toContain('部门');
    const saved = await data(save([{ sourceSubjectId: w.subject.admin, targetSubjectId: target['5603'], dropAuxTypeIds: [DEPARTMENT, VENDOR] }]), 'save');
    // Only the types actually lost are kept.
    expect(saved).toEqual([expect.objectContaining({ source: expect.objectContaining({ id: w.subject.admin }), target: expect.objectContaining({ id: target['5603'] }), dropAuxTypeIds: [DEPARTMENT], version: 0 })]);
    // A parent subject on either side is refused.
    msg = await refused(save([{ sourceSubjectId: w.subject.parent, targetSubjectId: target['2221'] }]), 'SUBJECT_RELATION_SUBJECT_UNUSABLE');
    expect(msg).toContain('2221');
    await t.db.db.execute(sql`update subjects set disabled = true where id = ${target['5601']}`);
    await refused(save([{ sourceSubjectId: w.subject.admin, targetSubjectId: target['5601'], dropAuxTypeIds: [DEPARTMENT] }]), 'SUBJECT_RELATION_SUBJECT_UNUSABLE');
    await t.db.db.execute(sql`update subjects set disabled = false where id = ${target['5601']}`);
    // Replacing the target keeps one relation per source and target year.
    const replaced = await data(save([{ sourceSubjectId: w.subject.admin, targetSubjectId: target['5601'], dropAuxTypeIds: [DEPARTMENT] }]), 'replace');
    expect(replaced[0]).toMatchObject({ id: saved[0].id, target: { id: target['5601'] }, version: 1 });
    const n = await rows<{ n: number }>(sql`select cast(count(*) as integer) as n from subject_relations where source_subject_id = ${w.subject.admin}`);
    expect(n[0].n).toBe(1);
    // Saving the same again writes nothing.
    const same = await data(save([{ sourceSubjectId: w.subject.admin, targetSubjectId: target['5601'], dropAuxTypeIds: [DEPARTMENT] }]), 'same');
    expect(same[0].version).toBe(1);
    // All or none: one bad item leaves the good one unsaved.
    await refused(save([{ sourceSubjectId: w.subject.tax, targetSubjectId: target['2221'] }, { sourceSubjectId: w.subject.admin, targetSubjectId: target['5602'] }]), 'SUBJECT_RELATION_AUX_MISSING');
    expect((await list()).some((r: any) => r.source.id === w.subject.tax)).toBe(false);
    // The database ties both ends to the years named.
    await expect(t.db.db.execute(sql`insert into subject_relations (company_id, source_account_year_id, source_subject_id, target_account_year_id, target_subject_id) values (${w.companyId}, ${w.accountYearId}, ${w.subject.cash}, ${b.accountYearId}, ${w.subject.bank})`)).rejects.toThrow();
  });

  it('maps only to another ledger set of the same company, with subjects of the years named', async () => {
    const sameLedger = call(admin, 'POST', '/api/subject/relation', { body: { sourceAccountYearId: w.accountYearId, targetAccountYearId: w.accountYearId, items: [{ sourceSubjectId: w.subject.cash, targetSubjectId: w.subject.cash }] } });
    await refused(sameLedger, 'SUBJECT_RELATION_SAME_LEDGER');
    const otherCompany = call(admin, 'POST', '/api/subject/relation/byCode', { body: { sourceAccountYearId: w.accountYearId, targetAccountYearId: other.accountYearId } });
    await refused(otherCompany, 'SUBJECT_RELATION_SAME_LEDGER');
    // A subject of another year than the one named answers like a foreign id.
    await refused(save([{ sourceSubjectId: target['1001'], targetSubjectId: target['1001'] }]), 'NO_PERMISSION');
    await refused(save([{ sourceSubjectId: w.subject.cash, targetSubjectId: MISSING_ID }]), 'NO_PERMISSION');
  });

  it('needs the finance-information right to change relations; reading follows the subjects', async () => {
    const viewer = await makeUser(t, admin, w.companyId, [RIGHTS.BASIC]);
    await refused(save([{ sourceSubjectId: w.subject.cash, targetSubjectId: target['1001'] }], viewer.token), 'NO_PERMISSION');
    await refused(call(viewer.token, 'POST', '/api/subject/relation/byCode', { body: { sourceAccountYearId: w.accountYearId, targetAccountYearId: b.accountYearId } }), 'NO_PERMISSION');
    expect((await list(viewer.token)).length).toBeGreaterThan(0);
    const outsider = await makeUser(t, admin, other.companyId, [RIGHTS.BASIC, RIGHTS.BASIC_FINANCE]);
    await refused(call(outsider.token, 'GET', '/api/subject/relation', { query: { filter: { sourceAccountYearId: w.accountYearId } } }), 'NO_PERMISSION');
    const finance = await makeUser(t, admin, w.companyId, [RIGHTS.BASIC, RIGHTS.BASIC_FINANCE]);
    await data(save([{ sourceSubjectId: w.subject.bank, targetSubjectId: target['1002'] }], finance.token), 'finance saves');
  });

  it('deletes relations of the source year by id, all or none', async () => {
    const all = await list();
    const one = all.find((r: any) => r.source.code === '1001');
    await refused(call(admin, 'DELETE', '/api/subject/relation', { query: { filter: { sourceAccountYearId: w.accountYearId, id: [one.id, MISSING_ID] } } }), 'NO_PERMISSION');
    expect((await list()).some((r: any) => r.id === one.id)).toBe(true);
    await data(call(admin, 'DELETE', '/api/subject/relation', { query: { filter: { sourceAccountYearId: w.accountYearId, id: [one.id] } } }), 'delete');
    expect((await list()).some((r: any) => r.id === one.id)).toBe(false);
    // Deleting a subject takes its relations along (5603 of the source year was mapped by code).
    const mapped = (await list()).find((r: any) => r.source.code === '5603');
    expect(mapped).toBeTruthy();
    await data(call(admin, 'DELETE', '/api/subject', { query: { filter: { accountYearId: w.accountYearId, id: [mapped.source.id] } } }), 'delete subject');
    expect((await list()).some((r: any) => r.source.code === '5603')).toBe(false);
  });
});
