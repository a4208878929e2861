/** Subjects and their code rule (spec 02 §3, §5): every rule through the API, on both backends. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { makeUser, makeWorld, type World } from './factories';

describe.each(backends())('subjects (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
  });
  afterAll(async () => t?.close());

  const list = async (filter: Record<string, unknown>, token = admin) => (await t.call('GET', '/api/subject', { token, query: { filter: { accountYearId: w.accountYearId, ...filter } } })).json().data;
  const create = (body: Record<string, unknown>, token = admin) => t.call('POST', '/api/subject', { token, body: { accountYearId: w.accountYearId, ...body }, lang: 'en_US' });
  const byCode = async (code: string) => (await list({ code }, admin)).content[0];

  it('starts a new account year with the 4-2-2-2 rule and the small-enterprise chart', async () => {
    const rule = (await t.call('GET', '/api/subject/codeRule', { token: admin, query: { accountYearId: w.accountYearId } })).json().data;
    expect(rule.levels).toEqual([{ level: 1, length: 4 }, { level: 2, length: 2 }, { level: 3, length: 2 }, { level: 4, length: 2 }]);
    expect(rule.usedLevel).toBe(1);
    const all = await list({});
    expect(all.total).toBe(66);
    expect(all.content[0]).toMatchObject({ code: '1001', name: '库存现金', nameEn: 'Cash on hand', kind: 'ASSET', direction: true, level: 1, leaf: true, parentId: null });
    const codes = all.content.map((s: { code: string }) => s.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toEqual(expect.arrayContaining(['1122', '2203', '3103', '3104', '5001', '5801']));
    expect(codes).not.toContain('4103');
    expect(await byCode('1602')).toMatchObject({ name: '累计折旧', direction: false });
    expect(await byCode('5001')).toMatchObject({ kind: 'PROFIT', direction: false });
    expect(await byCode('5602')).toMatchObject({ kind: 'PROFIT', direction: true });
    expect((await list({ kind: 'DEBT' })).content.every((s: { code: string }) => s.code.startsWith('2'))).toBe(true);
  });

  it('creates children: kind from the first digit, direction and parent from the prefix; the parent stops being a leaf', async () => {
    const a = (await create({ code: '2202-01', name: '供应商甲', direction: true })).json();
    expect(a.success, JSON.stringify(a)).toBe(true);
    const parent = await byCode('2202');
    expect(a.data).toMatchObject({ code: '220201', kind: 'DEBT', direction: false, level: 2, leaf: true, parentId: parent.id });
    expect(parent.leaf).toBe(false);
    const b = (await create({ code: '22020101', name: '供应商甲 一部', auxTypeIds: [4, 1, 4] })).json().data;
    expect(b).toMatchObject({ level: 3, parentId: a.data.id, auxTypeIds: [1, 4] });
    expect((await byCode('220201')).leaf).toBe(false);
    const level1 = (await create({ code: '1003', name: 'Petty cash', direction: false })).json().data;
    expect(level1).toMatchObject({ level: 1, kind: 'ASSET', direction: false, parentId: null });
  });

  it('refuses a duplicate code in the year (tip1), a bad length or kind digit (tip2), a missing parent (tip3)', async () => {
    const dup = await create({ code: '1001', name: 'Again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'SUBJECT_CODE_DUPLICATE', msg: 'The subject code 1001 already exists in this account year' });
    for (const code of ['10011', '6001', '0001', '100101010101']) {
      const bad = await create({ code, name: 'Bad' });
      expect(bad.statusCode, code).toBe(400);
      expect(bad.json().code, code).toBe('SUBJECT_CODE_INVALID');
    }
    const orphan = await create({ code: '10019901', name: 'Orphan' });
    expect(orphan.json()).toMatchObject({ code: 'SUBJECT_PARENT_MISSING', msg: 'The parent subject 100199 does not exist; please add the parent subject first' });
    const empty = await create({ code: 'abc', name: 'Letters' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('INVALID_INPUT');
    const noName = await create({ code: '100102', name: '  ' });
    expect(noName.json().code).toBe('INVALID_INPUT');
    expect((await list({ codePrefix: '1001' })).total).toBe(1);
  });

  it('allows the same code in another account year', async () => {
    const other = await makeWorld(t, admin);
    const res = await t.call('POST', '/api/subject', { token: admin, body: { accountYearId: other.accountYearId, code: '220201', name: 'Elsewhere' } });
    expect(res.json().success).toBe(true);
  });

  it('updates names and flags with the version it read; code and kind stay; a child keeps its parent direction', async () => {
    const s = await byCode('220201');
    const same = (await t.call('POST', `/api/subject/${s.id}`, { token: admin, body: { name: s.name, version: s.version } })).json().data;
    expect(same.version).toBe(s.version);
    const up = (await t.call('POST', `/api/subject/${s.id}`, { token: admin, body: { name: '供应商乙', abbr: 'gyb', disabled: true, version: s.version, code: '9999' } })).json();
    expect(up.data).toMatchObject({ name: '供应商乙', abbr: 'gyb', disabled: true, code: '220201', version: s.version + 1 });
    const stale = await t.call('POST', `/api/subject/${s.id}`, { token: admin, body: { name: 'Lost', version: s.version } });
    expect(stale.json().code).toBe('STALE_DATA');
    const dir = await t.call('POST', `/api/subject/${s.id}`, { token: admin, body: { direction: true } });
    expect(dir.statusCode).toBe(400);
    // A level-1 direction change flows down its subtree.
    const top = await byCode('2202');
    expect((await t.call('POST', `/api/subject/${top.id}`, { token: admin, body: { direction: 'BORROWER' } })).json().data.direction).toBe(true);
    expect((await byCode('22020101')).direction).toBe(true);
    await t.call('POST', `/api/subject/${top.id}`, { token: admin, body: { direction: 'LENDER' } });
    expect((await byCode('22020101')).direction).toBe(false);
    // Once the books use it (an opening here), the direction stays (spec 02 §4).
    const leaf = await byCode('1601');
    const opening = await t.call('POST', '/api/opening', { token: admin, body: { accountYearId: w.accountYearId, rows: [{ subjectId: leaf.id, amountCents: 10_000, ytdDebitCents: 0, ytdCreditCents: 0 }] } });
    expect(opening.json().success, opening.body).toBe(true);
    const turned = (await t.call('POST', `/api/subject/${leaf.id}`, { token: admin, lang: 'en_US', body: { direction: 'LENDER' } })).json();
    expect(turned).toMatchObject({ code: 'SUBJECT_DIRECTION_USED', msg: expect.stringContaining('Subject 1601 or a sub-subject is in use') });
    expect((await byCode('1601')).direction).toBe(true);
    expect((await t.call('GET', '/api/subject/used', { token: admin, query: { id: leaf.id } })).json().data).toBe(true);
    await t.call('POST', '/api/opening', { token: admin, body: { accountYearId: w.accountYearId, rows: [{ subjectId: leaf.id, amountCents: 0, ytdDebitCents: 0, ytdCreditCents: 0 }] } });
  });

  it('filters by keyword, level, leaf and disabled (the show-disabled option)', async () => {
    expect((await list({ keyword: '供应商' })).total).toBe(2);
    expect((await list({ keyword: 'receivable' })).content.map((s: { code: string }) => s.code)).toEqual(['1121', '1122', '1131', '1132', '1221']);
    expect((await list({ level: 3 })).content.map((s: { code: string }) => s.code)).toEqual(['22020101']);
    expect((await list({ disabled: false, codePrefix: '2202' })).content.map((s: { code: string }) => s.code)).toEqual(['2202', '22020101']);
    expect((await list({ disabled: true })).total).toBe(1);
    expect((await list({ leaf: false })).content.map((s: { code: string }) => s.code)).toEqual(['2202', '220201']);
    const parent = await byCode('220201');
    expect((await list({ parentId: parent.id })).total).toBe(1);
  });

  it('deletes only leaf, unused subjects, all or none; a parent left alone becomes a leaf', async () => {
    const l2 = await byCode('220201');
    const l3 = await byCode('22020101');
    const del = (ids: number[], yearId = w.accountYearId) => t.call('DELETE', '/api/subject', { token: admin, query: { filter: { accountYearId: yearId, id: ids } }, lang: 'en_US' });
    const notLeaf = await del([l2.id, l3.id]);
    expect(notLeaf.statusCode).toBe(409);
    expect(notLeaf.json()).toMatchObject({ code: 'SUBJECT_NOT_LEAF', msg: 'Only last-level subjects can be deleted: 220201' });
    expect((await byCode('22020101'))).toBeTruthy();
    expect((await t.call('GET', '/api/subject/used', { token: admin, query: { id: l2.id } })).json().data).toBe(true);
    expect((await t.call('GET', '/api/subject/used', { token: admin, query: { id: l3.id } })).json().data).toBe(false);
    const other = await makeWorld(t, admin);
    expect((await del([l3.id], other.accountYearId)).statusCode).toBe(403);
    expect((await del([l3.id])).json().success).toBe(true);
    expect((await byCode('220201')).leaf).toBe(true);
    expect((await del([l2.id])).json().success).toBe(true);
    expect((await byCode('2202')).leaf).toBe(true);
    expect((await t.call('GET', '/api/subject/usedLevel', { token: admin, query: { accountYearId: w.accountYearId } })).json().data).toBe(1);
  });

  it('changes the code rule within its limits and never under existing codes', async () => {
    const save = (lengths: number[]) => t.call('POST', '/api/subject/codeRule', { token: admin, body: { accountYearId: w.accountYearId, lengths }, lang: 'en_US' });
    expect((await save([4, 3, 3])).json().data.levels.map((l: { length: number }) => l.length)).toEqual([4, 3, 3]);
    expect((await create({ code: '1002001', name: 'ICBC' })).json().data).toMatchObject({ level: 2 });
    expect((await create({ code: '100201', name: 'Too short' })).json().code).toBe('SUBJECT_CODE_INVALID');
    const moved = await save([4, 2, 2]);
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'SUBJECT_CODE_RULE_IN_USE', msg: 'Existing subjects do not fit the new code rule: 1002001' });
    expect((await save([3, 3])).json().code).toBe('SUBJECT_CODE_RULE_IN_USE');
    expect((await save(Array(16).fill(1))).statusCode).toBe(400);
    expect((await save([10, 10, 10, 10, 1])).json().code).toBe('SUBJECT_CODE_RULE_INVALID');
    expect((await save([4, 11])).statusCode).toBe(400);
    expect((await save([4, 3, 2, 2])).json().success).toBe(true);
  });

  it('copies the previous year\'s rule and subjects into a new year, or starts from the standard chart', async () => {
    const next = (await t.call('POST', '/api/account/year', { token: admin, body: { accountId: w.accountId, year: 2027 } })).json().data;
    const copied = (await t.call('GET', '/api/subject', { token: admin, query: { filter: { accountYearId: next.id } } })).json().data.content;
    const bank = copied.find((s: { code: string }) => s.code === '1002001');
    expect(bank).toMatchObject({ level: 2, parentId: copied.find((s: { code: string }) => s.code === '1002').id, accountYearId: next.id });
    expect(copied.find((s: { code: string }) => s.code === '1002').leaf).toBe(false);
    expect((await t.call('GET', '/api/subject/codeRule', { token: admin, query: { accountYearId: next.id } })).json().data.levels.map((l: { length: number }) => l.length)).toEqual([4, 3, 2, 2]);
    const fresh = (await t.call('POST', '/api/account/year', { token: admin, body: { accountId: w.accountId, year: 2028, subjects: 'STANDARD' } })).json().data;
    expect((await t.call('GET', '/api/subject', { token: admin, query: { filter: { accountYearId: fresh.id } } })).json().data.total).toBe(66);
    // Deleting the last year takes its chart with it.
    expect((await t.call('DELETE', `/api/account/year/${fresh.id}`, { token: admin })).json().success).toBe(true);
  });

  it('runs concurrent writes of one year one after the other (no duplicate, no orphan)', async () => {
    const [a, b] = await Promise.all([create({ code: '1005', name: 'Racer A' }), create({ code: '1005', name: 'Racer B' })]);
    expect([a.json().code, b.json().code].sort()).toEqual([0, 'SUBJECT_CODE_DUPLICATE'].sort());
    const parent = (await create({ code: '1006', name: 'Parent' })).json().data;
    const [del, child] = await Promise.all([
      t.call('DELETE', '/api/subject', { token: admin, query: { filter: { accountYearId: w.accountYearId, id: [parent.id] } } }),
      create({ code: '1006001', name: 'Child' }), // the rule is 4-3-2-2 since the test above
    ]);
    const outcome = [del.json().code, child.json().code];
    expect([[0, 'SUBJECT_PARENT_MISSING'], ['SUBJECT_NOT_LEAF', 0]]).toContainEqual(outcome);
    const left = (await list({ codePrefix: '1006' })).content;
    if (child.json().success) expect(left.map((x: { code: string; leaf: boolean }) => [x.code, x.leaf])).toEqual([['1006', false], ['1006001', true]]);
    else expect(left).toEqual([]);
  });

  it('lets any user of the year read, and only the finance-settings right write', async () => {
    const reader = await makeUser(t, admin, w.companyId, [RIGHTS.HOME]);
    expect((await list({ code: '1001' }, reader.token)).total).toBe(1);
    const refused = await create({ code: '1004', name: 'No right' }, reader.token);
    expect(refused.statusCode).toBe(403);
    const writer = await makeUser(t, admin, w.companyId, [RIGHTS.BASIC, RIGHTS.BASIC_FINANCE]);
    expect((await create({ code: '1004', name: 'With right' }, writer.token)).json().success).toBe(true);
  });
});
