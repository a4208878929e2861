/** Budgets and vendors (spec 02 §2.2, §2.7, §3–§5): every rule through the API, on both backends. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { data, demoCompanyId, makeUser, makeWorld, type World } from './factories';

describe.each(backends())('budgets and vendors (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  let employeeId: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
    const dept = await data(t.call('POST', '/api/aux/department', { token: admin, body: { companyId: w.companyId, code: 'BD', name: '预算部' } }), 'dept');
    employeeId = (await data(t.call('POST', '/api/aux/employee', { token: admin, body: { companyId: w.companyId, code: 'BE01', name: '预算员', departmentId: dept.id } }), 'emp')).id;
  });
  afterAll(async () => t?.close());

  const create = (body: Record<string, unknown>, token = admin) => t.call('POST', '/api/aux/budget', { token, body: { accountYearId: w.accountYearId, ...body }, lang: 'en_US' });
  const update = (id: number, body: Record<string, unknown>, token = admin) => t.call('POST', `/api/aux/budget/${id}`, { token, body, lang: 'en_US' });
  const list = async (filter: Record<string, unknown> = {}) => (await t.call('GET', '/api/aux/budget', { token: admin, query: { filter: { accountYearId: w.accountYearId, ...filter } } })).json().data;
  const byCode = async (code: string) => (await list()).content.find((b: { code: string }) => b.code === code);
  const vcreate = (body: Record<string, unknown>, token = admin) => t.call('POST', '/api/aux/vendor', { token, body: { accountId: w.accountId, ...body }, lang: 'en_US' });
  const vlist = async (filter: Record<string, unknown> = {}) => (await t.call('GET', '/api/aux/vendor', { token: admin, query: { filter: { accountId: w.accountId, ...filter } } })).json().data;
  const summary = async () => (await t.call('GET', '/api/aux/budget/summary', { token: admin, query: { accountYearId: w.accountYearId } })).json().data;

  it('builds a 4/6/8 tree: default kind INCOME, children inherit the kind, parents stop being leaves', async () => {
    const top = (await create({ code: '1001', name: '律师费收入', principalId: employeeId })).json();
    expect(top.success, JSON.stringify(top)).toBe(true);
    expect(top.data).toMatchObject({ code: '1001', kind: 'INCOME', level: 1, leaf: true, parentId: null, principal: { id: employeeId, name: '预算员' } });
    const child = (await create({ code: '1001-01', name: '诉讼', amount: 120_000_00 })).json().data;
    expect(child).toMatchObject({ code: '100101', kind: 'INCOME', level: 2, parentId: top.data.id, amount: 120_000_00, total: 120_000_00 });
    // A leaf holding a planned amount takes no sub-item: the plan is not dropped without a word.
    const refused = (await create({ code: '10010101', name: '民事', kind: 'INCOME', amount: 5_000_00 })).json();
    expect(refused).toMatchObject({ code: 'BUDGET_PARENT_HAS_AMOUNT', msg: 'Budget item 100101 holds a planned amount of 120,000.00: set it to 0 (or spread it over its sub-items) before adding a sub-item' });
    expect(await byCode('100101')).toMatchObject({ leaf: true, amount: 120_000_00 });
    expect((await t.call('POST', `/api/aux/budget/${child.id}`, { token: admin, body: { amount: 0, version: child.version } })).json().success).toBe(true);
    const grand = (await create({ code: '10010101', name: '民事', kind: 'INCOME', amount: 5_000_00 })).json().data;
    expect(grand).toMatchObject({ level: 3, parentId: child.id, amount: 5_000_00 });
    // The child became a parent: its total is its children's sum.
    expect(await byCode('100101')).toMatchObject({ leaf: false, amount: 0, total: 5_000_00 });
    expect(await byCode('1001')).toMatchObject({ leaf: false, total: 5_000_00 });
    const out = (await create({ code: '2001', name: '办公费用', kind: 'OUTCOME' })).json().data;
    expect(out.kind).toBe('OUTCOME');
    const outChild = (await create({ code: '200101', name: '房租', amount: 2_000_00 })).json().data;
    expect(outChild.kind).toBe('OUTCOME');
  });

  it('refuses a duplicate code (tip1), a bad length or a kind unlike the parent (tip2), a missing parent (tip3)', async () => {
    const dup = await create({ code: '1001', name: 'Again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'BUDGET_CODE_DUPLICATE', msg: 'The budget code 1001 already exists in this account year' });
    for (const code of ['100', '10011', '1001010', '100101010', 'abcd']) {
      const bad = await create({ code, name: 'Bad' });
      expect(bad.statusCode, code).toBe(400);
    }
    expect((await create({ code: '10011', name: 'Bad' })).json().code).toBe('BUDGET_CODE_INVALID');
    expect((await create({ code: '100102', name: 'Kind', kind: 'OUTCOME' })).json().code).toBe('BUDGET_CODE_INVALID');
    const orphan = await create({ code: '300101', name: 'Orphan' });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json()).toMatchObject({ code: 'BUDGET_PARENT_MISSING', msg: 'The parent budget 3001 does not exist; please add the parent budget first' });
    expect((await create({ code: '1002', name: 'x'.repeat(51) })).statusCode).toBe(400);
    expect((await create({ code: '1002', name: '   ' })).statusCode).toBe(400);
    expect((await create({ code: '1002', name: 'Neg', amount: -1 })).statusCode).toBe(400);
  });

  it('edits a leaf amount (cents), refuses one on a parent, totals and profit follow', async () => {
    expect(await summary()).toEqual({ income: 5_000_00, outcome: 2_000_00, profit: 3_000_00 });
    const leaf = await byCode('10010101');
    const edited = (await update(leaf.id, { amount: 8_000_50, version: leaf.version })).json();
    expect(edited.data).toMatchObject({ amount: 8_000_50, total: 8_000_50, version: leaf.version + 1 });
    expect((await byCode('1001')).total).toBe(8_000_50);
    expect(await summary()).toEqual({ income: 8_000_50, outcome: 2_000_00, profit: 6_000_50 });
    const parent = await byCode('100101');
    const refused = await update(parent.id, { amount: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('BUDGET_NOT_LEAF');
    const stale = await update(leaf.id, { amount: 1, version: leaf.version });
    expect(stale.json().code).toBe('STALE_DATA');
    // Nothing to change: no write.
    const same = (await update(leaf.id, { amount: 8_000_50 })).json().data;
    expect(same.version).toBe(leaf.version + 1);
  });

  it('changes the kind of a level-1 budget with its subtree; a child keeps its parent’s kind', async () => {
    const child = await byCode('200101');
    expect((await update(child.id, { kind: 'INCOME' })).json().code).toBe('BUDGET_CODE_INVALID');
    const top = await byCode('2001');
    expect((await update(top.id, { kind: 'INCOME', name: '其他收入' })).json().data).toMatchObject({ kind: 'INCOME', name: '其他收入' });
    expect((await byCode('200101')).kind).toBe('INCOME');
    expect(await summary()).toEqual({ income: 10_000_50, outcome: 0, profit: 10_000_50 });
    await update(top.id, { kind: 'OUTCOME' });
    expect((await byCode('200101')).kind).toBe('OUTCOME');
  });

  it('lists sorted kind then code, filters by keyword and leaf', async () => {
    const codes = (await list()).content.map((b: { code: string }) => b.code);
    expect(codes).toEqual(['1001', '100101', '10010101', '2001', '200101']);
    expect((await list({ leaf: true })).content.map((b: { code: string }) => b.code)).toEqual(['10010101', '200101']);
    expect((await list({ keyword: '房租' })).total).toBe(1);
  });

  it('deletes only unused leaf rows; the parent becomes a leaf again', async () => {
    const parent = await byCode('100101');
    expect((await t.call('GET', `/api/aux/budget/${parent.id}/used`, { token: admin })).json().data).toBe(true);
    const refused = await t.call('DELETE', `/api/aux/budget/${parent.id}`, { token: admin, lang: 'en_US' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('BUDGET_NOT_LEAF');
    const leaf = await byCode('10010101');
    expect((await t.call('GET', `/api/aux/budget/${leaf.id}/used`, { token: admin })).json().data).toBe(false);
    expect((await t.call('DELETE', `/api/aux/budget/${leaf.id}`, { token: admin })).json().success).toBe(true);
    expect(await byCode('100101')).toMatchObject({ leaf: true, total: 0 });
    expect(await byCode('10010101')).toBeUndefined();
  });

  it('two concurrent creates of one code: exactly one wins, the other is tip1 (three trials)', async () => {
    for (const code of ['3001', '3002', '3003']) {
      const answers = await Promise.all([create({ code, name: 'A' }), create({ code, name: 'B' })]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('BUDGET_CODE_DUPLICATE');
      const made = (await byCode(code))!;
      expect((await t.call('DELETE', `/api/aux/budget/${made.id}`, { token: admin })).json().success).toBe(true);
    }
    const v = await Promise.all([vcreate({ code: 'RACE', name: 'A' }), vcreate({ code: 'RACE', name: 'B' })]);
    expect(v.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const made = (await vlist({ keyword: 'RACE' })).content[0];
    expect((await t.call('DELETE', `/api/aux/vendor/${made.id}`, { token: admin })).json().success).toBe(true);
  });

  it('an employee who is a budget principal is in use', async () => {
    expect((await t.call('GET', `/api/aux/employee/${employeeId}/used`, { token: admin })).json().data).toBe(true);
  });

  it('needs the budget right to write; reading is open to the company; other companies are refused', async () => {
    const reader = await makeUser(t, admin, w.companyId, [RIGHTS.REPORT]);
    expect((await t.call('GET', '/api/aux/budget', { token: reader.token, query: { filter: { accountYearId: w.accountYearId } } })).json().success).toBe(true);
    expect((await create({ code: '1003', name: 'No right' }, reader.token)).statusCode).toBe(403);
    const writer = await makeUser(t, admin, w.companyId, [RIGHTS.BUDGET]);
    expect((await create({ code: '1003', name: 'Right' }, writer.token)).json().success).toBe(true);
    const other = await makeWorld(t, admin);
    const stranger = await makeUser(t, admin, other.companyId, [RIGHTS.BUDGET]);
    expect((await create({ code: '1004', name: 'Foreign' }, stranger.token)).statusCode).toBe(403);
    const top = await byCode('1001');
    expect((await update(top.id, { name: 'Foreign' }, stranger.token)).statusCode).toBe(403);
    // A principal from another company is refused.
    const dept = await data(t.call('POST', '/api/aux/department', { token: admin, body: { companyId: other.companyId, code: 'X', name: '外部' } }), 'dept');
    const foreignEmp = await data(t.call('POST', '/api/aux/employee', { token: admin, body: { companyId: other.companyId, code: 'X1', name: '外人', departmentId: dept.id } }), 'emp');
    expect((await update(top.id, { principalId: foreignEmp.id })).statusCode).toBe(403);
  });

  it('seeds the demo main ledger set with a budget tree in each year and 30 vendors', async () => {
    const demo = await demoCompanyId(t, admin);
    const ledgers = (await data(t.call('GET', '/api/account', { token: admin, query: { filter: { companyId: demo } } }), 'ledgers')).content;
    const main = ledgers.find((l: { main: boolean }) => l.main);
    const years = await data(t.call('GET', '/api/account/year', { token: admin, query: { accountId: main.id } }), 'years');
    for (const y of years.content ?? years) {
      const tree = await data(t.call('GET', '/api/aux/budget', { token: admin, query: { filter: { accountYearId: y.id } } }), 'budgets');
      expect(tree.total).toBe(15);
      expect(new Set(tree.content.map((b: { level: number }) => b.level))).toEqual(new Set([1, 2, 3]));
      const s = await data(t.call('GET', '/api/aux/budget/summary', { token: admin, query: { accountYearId: y.id } }), 'summary');
      expect(s).toEqual({ income: 8_100_000_00, outcome: 6_260_000_00, profit: 1_840_000_00 });
    }
    expect((await data(t.call('GET', '/api/aux/vendor', { token: admin, query: { filter: { accountId: main.id }, limit: 1 } }), 'vendors')).total).toBe(30);
  });

  it('the demo books use the expense budget: execution shows the use of every expense leaf, to the cent of the lines, and the books balance', async () => {
    const demo = await demoCompanyId(t, admin);
    const ledgers = (await data(t.call('GET', '/api/account', { token: admin, query: { filter: { companyId: demo } } }), 'ledgers')).content;
    const main = ledgers.find((l: { main: boolean }) => l.main);
    const years = await data(t.call('GET', '/api/account/year', { token: admin, query: { accountId: main.id } }), 'years');
    for (const y of (years.content ?? years) as Array<{ id: number; year: number }>) {
      const periods = (await data(t.call('GET', '/api/account/period', { token: admin, query: { accountYearId: y.id } }), 'periods')) as Array<{ id: number }> | { content: Array<{ id: number }> };
      const ps = Array.isArray(periods) ? periods : periods.content;
      const range = { accountId: main.id, accountYearId: y.id, startPeriodId: ps[0].id, endPeriodId: ps[ps.length - 1].id };
      const rows = (await data(t.call('GET', '/api/report/budgetSummary', { token: admin, query: { filter: range } }), 'summary')).rows as Array<{ code: string; leaf: boolean; kind: string; actual: string; ytdActual: string; budget: string; rateBp: number | null }>;
      // Each expense leaf's use equals the sum of the lines carrying it (debit − credit), month-end
      // transfers (结转损益) left out, and is not zero.
      const raw = (await t.db.db.execute(sql`
        select b.code, coalesce(sum(case when i.direction then i.amount_cents else -i.amount_cents end), 0)::text as used
        from budgets b join voucher_items i on i.budget_id = b.id join vouchers v on v.id = i.voucher_id
        where b.account_year_id = ${y.id} and v.state <> 'INVALID' and v.source <> 'PROFIT_TRANSFER' group by b.code`) as unknown as { rows: Array<{ code: string; used: string }> }).rows;
      const leaves = rows.filter((r) => r.leaf && r.kind === 'OUTCOME');
      expect(leaves.map((r) => r.code)).toEqual(['200101', '200102', '200201', '20020201', '20020202']);
      for (const r of leaves) {
        expect(Number(r.actual), r.code).toBeGreaterThan(0);
        expect(r.actual).toBe(raw.find((x) => x.code === r.code)?.used);
        expect(r.rateBp).toBeGreaterThan(5000);
      }
      const parent = rows.find((r) => r.code === '2001')!;
      expect(Number(parent.actual)).toBe(Number(rows.find((r) => r.code === '200101')!.actual) + Number(rows.find((r) => r.code === '200102')!.actual));
      // The subject balance of the year still balances (a trial balance).
      const tb = (await data(t.call('GET', '/api/ledger/subjectBalance', { token: admin, query: { filter: range } }), 'subjectBalance')).totals;
      expect(tb.openingDebit).toBe(tb.openingCredit);
      expect(tb.debit).toBe(tb.credit);
      expect(tb.closingDebit).toBe(tb.closingCredit);
      expect(Number(tb.debit)).toBeGreaterThan(0);
    }
  });

  // ---- vendors ----------------------------------------------------------------------------------

  it('creates vendors in a ledger set: code trimmed, kind NORMAL by default, owner an employee', async () => {
    const v = (await vcreate({ code: '  V001 ', name: '文具供应商', ownerId: employeeId, disabled: null })).json();
    expect(v.success, JSON.stringify(v)).toBe(true);
    expect(v.data).toMatchObject({ code: 'V001', kind: 'NORMAL', accountId: w.accountId, disabled: false, owner: { id: employeeId } });
    expect((await vcreate({ code: 'V002', name: '印刷', kind: 'VIP' })).json().data.kind).toBe('VIP');
    const dup = await vcreate({ code: 'V001', name: 'Again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'VENDOR_CODE_DUPLICATE', msg: 'The vendor code V001 already exists in this ledger set' });
    expect((await vcreate({ code: '', name: 'x' })).statusCode).toBe(400);
    expect((await vcreate({ code: 'V9', name: ' ' })).statusCode).toBe(400);
    expect((await vcreate({ code: 'V9', name: 'k', kind: 'BAD' })).statusCode).toBe(400);
    const list = await vlist({ keyword: '文具' });
    expect(list.total).toBe(1);
    expect(list.content[0].owner.name).toBe('预算员');
  });

  it('updates a vendor (version checked), refuses a duplicate code, deletes an unused one', async () => {
    const v = (await vlist({ keyword: 'V002' })).content[0];
    const up = (await t.call('POST', `/api/aux/vendor/${v.id}`, { token: admin, body: { name: '印刷厂', disabled: true, version: v.version } })).json();
    expect(up.data).toMatchObject({ name: '印刷厂', disabled: true, version: v.version + 1 });
    expect((await t.call('POST', `/api/aux/vendor/${v.id}`, { token: admin, body: { name: 'x', version: v.version } })).json().code).toBe('STALE_DATA');
    expect((await t.call('POST', `/api/aux/vendor/${v.id}`, { token: admin, body: { code: 'V001' } })).json().code).toBe('VENDOR_CODE_DUPLICATE');
    expect((await t.call('GET', `/api/aux/vendor/${v.id}/used`, { token: admin })).json().data).toBe(false);
    expect((await t.call('DELETE', `/api/aux/vendor/${v.id}`, { token: admin })).json().success).toBe(true);
    expect((await vlist({ keyword: 'V002' })).total).toBe(0);
  });

  it('vendor writes need the system right; other companies are refused', async () => {
    const reader = await makeUser(t, admin, w.companyId, [RIGHTS.REPORT]);
    expect((await t.call('GET', '/api/aux/vendor', { token: reader.token, query: { filter: { accountId: w.accountId } } })).json().success).toBe(true);
    expect((await vcreate({ code: 'V10', name: 'No right' }, reader.token)).statusCode).toBe(403);
    expect((await vcreate({ code: 'V10', name: 'Right' }, (await makeUser(t, admin, w.companyId, [RIGHTS.SYSTEM])).token)).json().success).toBe(true);
    const other = await makeWorld(t, admin);
    const stranger = await makeUser(t, admin, other.companyId, [RIGHTS.SYSTEM]);
    expect((await vcreate({ code: 'V11', name: 'Foreign' }, stranger.token)).statusCode).toBe(403);
    const v = (await vlist({ keyword: 'V001' })).content[0];
    expect((await t.call('DELETE', `/api/aux/vendor/${v.id}`, { token: stranger.token })).statusCode).toBe(403);
  });
});
