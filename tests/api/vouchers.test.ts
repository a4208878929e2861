/**
 * Vouchers through the API: the save rules and their refusal codes, the code rules (given, padded,
 * generated, unique also under concurrent saves), every lifecycle action as the transition table
 * says (looped over voucherTransitions and over every refused pair), rights, locked vouchers
 * unchanged byte for byte, copies and red reversals, the list's states and filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { refusalOf, voucherLifecycleStates, voucherTransitions, type VoucherLifecycleState } from '../../src/domain/voucher-lifecycle';
import { voucherActionNames } from '../../src/contract/voucher';
import { backends, createTestApp, type TestApp } from './harness';
import { data, MISSING_ID } from './factories';
import { makeVoucherWorld, simpleVoucher, type VoucherWorld } from './voucher-world';

type ApiAction = (typeof voucherActionNames)[number];

/** The actions that lead from a fresh draft to each state (acted by the boss, made by the clerk). */
const PATHS: Partial<Record<VoucherLifecycleState, ApiAction[]>> = {
  draft: [],
  cashiered: ['cashier'],
  audited: ['audit'],
  auditedCashiered: ['audit', 'cashier'],
  auditError: ['auditError'],
  auditErrorCashiered: ['cashier', 'auditError'],
  bookkept: ['audit', 'bookkeep'],
  bookkeptCashiered: ['audit', 'cashier', 'bookkeep'],
  invalid: ['invalid'],
};

describe.each(backends())('vouchers (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: VoucherWorld;
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.db.execute(q)) as unknown as { rows: T[] }).rows;
  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, o: { body?: unknown; query?: Record<string, unknown>; lang?: string } = {}) => t.call(method, url, { token, lang: 'en_US', ...o });
  const create = async (token: string, body: unknown) => data(call(token, 'POST', '/api/voucher', { body }), 'create');
  const act = (token: string, id: number, action: ApiAction, body: unknown = action === 'auditError' ? { reason: 'wrong subject' } : {}) => call(token, 'POST', `/api/voucher/${id}/${action}`, { body });
  const refused = async (res: Promise<{ json(): any }>, code: string) => {
    const j = (await res).json();
    expect(j, JSON.stringify(j)).toMatchObject({ success: false, code });
    expect(j.msg).toBeTruthy();
  };
  /** A voucher's row and lines as stored, for byte-for-byte comparisons. */
  const stored = async (id: number) => ({
    v: await rows(sql`select id, period_id, kind_id, code, mark_date, bill_count, debit_cents, credit_cents, account_year_id from vouchers where id = ${id}`),
    items: await rows(sql`select * from voucher_items where voucher_id = ${id} order by line_no`),
  });

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeVoucherWorld(t, admin);
  });
  afterAll(async () => t?.close());

  it('saves a voucher: period of the mark date, next code padded, totals, names, aux values, proc', async () => {
    const { clerk } = w.users;
    const v = await create(clerk.token, {
      ...simpleVoucher(w, { markTime: '2026-02-10' }),
      billCount: 3,
      items: [
        { summary: '收华夏律师费', subjectId: w.subject.receivable, direction: true, amount: '500000', auxes: [{ auxTypeId: 3, auxId: w.customerId }] },
        { summary: '收华夏律师费', subjectId: w.subject.revenue, direction: false, amount: 400000, auxes: [{ auxTypeId: 5, auxId: w.projectId }] },
        { summary: '诉讼部办公费', subjectId: w.subject.admin, direction: false, amount: '100000', auxes: [{ auxTypeId: 1, auxId: w.departmentId }] },
      ],
    });
    expect(v).toMatchObject({ periodId: w.periodIds[1], accountYearId: w.accountYearId, code: 1, codeText: '0001', billCount: 3, debitCents: '500000', creditCents: '500000', lifecycle: 'draft', state: 'NORMAL', source: 'MANUAL', createdBy: clerk.id, createdByName: '张记账', version: 0 });
    expect(v.items[0]).toMatchObject({ lineNo: 1, subjectCode: '1122', subjectName: '应收账款', subjectFullName: '1122 应收账款', amount: '500000', direction: true });
    expect(v.items[0].auxes).toEqual([{ auxTypeId: 3, auxType: 'customer', auxId: w.customerId, auxData: { code: 'VWC', name: '华夏科技有限公司' } }]);
    expect(v.items[2].auxes[0].auxData).toEqual({ code: 'VW01', name: '诉讼部', path: [{ id: w.parentDepartmentId, name: '业务中心' }] });
    const next = await data(call(clerk.token, 'GET', '/api/voucher/code', { query: { accountId: w.accountId, kindId: w.kindId, markTime: '2026-02-20' } }), 'code');
    expect(next).toEqual({ periodId: w.periodIds[1], code: 2, codeText: '0002' });
    const v2 = await create(clerk.token, simpleVoucher(w, { markTime: '2026-02-11' }));
    expect(v2.code).toBe(2);
    const procs = await rows<{ action: string; user_id: number }>(sql`select action, user_id from voucher_procs where voucher_id = ${v.id}`);
    expect(procs).toEqual([{ action: 'CREATED', user_id: clerk.id }]);
    const got = await data(call(w.users.viewer.token, 'GET', `/api/voucher/${v.id}`), 'get');
    expect(got).toEqual(v);
  });

  it('stores summaries exactly as typed, whatever their characters, lines in their order (the lines go as column arrays)', async () => {
    const odd = ['a,"b" \\c {d} \'e\'', 'NULL', '  两端空格 ', '{1,2}', '😀 emoji'];
    const v = await create(w.users.clerk.token, {
      ...simpleVoucher(w, { markTime: '2026-03-10' }),
      items: [
        ...odd.map((summary) => ({ summary, subjectId: w.subject.tax, direction: true, amount: '100' })),
        { summary: '付', subjectId: w.subject.cash, direction: false, amount: '500' },
      ],
    });
    const got = await data(call(w.users.viewer.token, 'GET', `/api/voucher/${v.id}`), 'get');
    expect(got.items.map((i: { summary: string }) => i.summary).slice(0, odd.length)).toEqual(odd.map((x) => x.trim()));
    const stored = await rows<{ line_no: number; summary: string; id: number }>(sql`select id, line_no, summary from voucher_items where voucher_id = ${v.id} order by id`);
    expect(stored.map((r) => r.line_no)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(stored.map((r) => r.summary).slice(0, odd.length)).toEqual(odd.map((x) => x.trim()));
  });

  it('takes a given code without its padding and refuses a taken or too long one', async () => {
    const { clerk } = w.users;
    const v = await create(clerk.token, simpleVoucher(w, { markTime: '2026-04-01', code: '0012' }));
    expect(v).toMatchObject({ code: 12, codeText: '0012' });
    await refused(call(clerk.token, 'POST', '/api/voucher', { body: simpleVoucher(w, { markTime: '2026-04-02', code: '12' }) }), 'VOUCHER_CODE_DUPLICATE');
    await refused(call(clerk.token, 'POST', '/api/voucher', { body: simpleVoucher(w, { markTime: '2026-04-02', code: '12345' }) }), 'VOUCHER_CODE_INVALID');
    // Another kind or another period has its own numbering.
    expect((await create(clerk.token, simpleVoucher(w, { markTime: '2026-04-02', code: '12', kindId: w.kindIds[1] }))).code).toBe(12);
    expect((await create(clerk.token, simpleVoucher(w, { markTime: '2026-05-02', code: '12' }))).code).toBe(12);
    expect((await create(clerk.token, simpleVoucher(w, { markTime: '2026-04-03' }))).code).toBe(13);
    // The next free code past the rule's length refuses the save and writes nothing.
    expect((await create(clerk.token, simpleVoucher(w, { markTime: '2026-04-04', code: '9999' }))).code).toBe(9999);
    const before = (await rows<{ n: number }>(sql`select count(*)::int as n from vouchers where account_id = ${w.accountId}`))[0].n;
    await refused(call(clerk.token, 'POST', '/api/voucher', { body: simpleVoucher(w, { markTime: '2026-04-05' }) }), 'VOUCHER_CODE_INVALID');
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from vouchers where account_id = ${w.accountId}`))[0].n).toBe(before);
  });

  it('refuses every broken save rule with its code and writes nothing', async () => {
    const { clerk } = w.users;
    const before = (await rows<{ n: number }>(sql`select count(*)::int as n from vouchers where account_id = ${w.accountId}`))[0].n;
    const base = simpleVoucher(w, { markTime: '2026-06-01' });
    const line = (o: Record<string, unknown>) => ({ summary: 'x', subjectId: w.subject.cash, direction: true, amount: '100', ...o });
    const cases: Array<[string, unknown]> = [
      ['DEBIT_CREDIT_IMBALANCE', { ...base, items: [line({}), line({ direction: false, amount: '99' })] }],
      ['VOUCHER_ROW_INCOMPLETE', { ...base, items: [line({ subjectId: w.subject.receivable }), line({ direction: false })] }],
      ['VOUCHER_SUBJECT_UNUSABLE', { ...base, items: [line({ subjectId: w.subject.parent }), line({ direction: false })] }],
      ['VOUCHER_AUX_INVALID', { ...base, items: [line({ auxes: [{ auxTypeId: 3, auxId: w.customerId }] }), line({ direction: false })] }],
      ['VOUCHER_AUX_INVALID', { ...base, items: [line({ subjectId: w.subject.admin, auxes: [{ auxTypeId: 1, auxId: w.parentDepartmentId }] }), line({ direction: false })] }],
      ['MARK_DATE_OUT_OF_RANGE', { ...base, markTime: '2027-01-05' }],
      ['INVALID_INPUT', { ...base, items: [line({ amount: '0' }), line({ direction: false })] }],
      ['INVALID_INPUT', { ...base, items: [line({ summary: 'x'.repeat(51) }), line({ direction: false })] }],
      ['INVALID_INPUT', { ...base, billCount: 10_000 }],
      ['INVALID_INPUT', { ...base, items: [] }],
      ['INVALID_INPUT', { ...base, periodId: w.periodIds[0] }],
    ];
    // A budget item with sub-items, as a parent department: lines take last-level items only.
    const adminToken = await t.login('admin');
    const budgetParent = await data(call(adminToken, 'POST', '/api/aux/budget', { body: { accountYearId: w.accountYearId, code: '7001', name: 'Parent budget' } }), 'budget parent');
    const budgetLeaf = await data(call(adminToken, 'POST', '/api/aux/budget', { body: { accountYearId: w.accountYearId, code: '700101', name: 'Leaf budget' } }), 'budget leaf');
    const budgeted = await data(call(adminToken, 'POST', '/api/subject', { body: { accountYearId: w.accountYearId, code: '5699', name: 'Budgeted costs', auxTypeIds: [6] } }), 'subject');
    cases.push(['VOUCHER_AUX_INVALID', { ...base, items: [line({ subjectId: budgeted.id, auxes: [{ auxTypeId: 6, auxId: budgetParent.id }] }), line({ direction: false })] }]);
    for (const [code, body] of cases) await refused(call(clerk.token, 'POST', '/api/voucher', { body }), code);
    const leafOk = await data(call(clerk.token, 'POST', '/api/voucher', { body: { ...base, items: [line({ subjectId: budgeted.id, auxes: [{ auxTypeId: 6, auxId: budgetLeaf.id }] }), line({ direction: false })] } }), 'leaf budget');
    await data(call(clerk.token, 'DELETE', `/api/voucher/${leafOk.id}`), 'cleanup');
    // Without the edit right, and another ledger's kind.
    await refused(call(w.users.auditor.token, 'POST', '/api/voucher', { body: base }), 'NO_PERMISSION');
    await refused(call(clerk.token, 'POST', '/api/voucher', { body: { ...base, kindId: MISSING_ID } }), 'NO_PERMISSION');
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from vouchers where account_id = ${w.accountId}`))[0].n).toBe(before);
  });

  it('updates: lines replaced, version checked, an unchanged save writes nothing', async () => {
    const { clerk } = w.users;
    const v = await create(clerk.token, simpleVoucher(w, { markTime: '2026-07-01' }));
    const same = await data(call(clerk.token, 'POST', `/api/voucher/${v.id}`, { body: { ...simpleVoucher(w, { markTime: '2026-07-01' }), version: 0 } }), 'same');
    expect(same.version).toBe(0);
    const body = { ...simpleVoucher(w, { markTime: '2026-07-02', cents: 30_000 }), version: 0 };
    const u = await data(call(clerk.token, 'POST', `/api/voucher/${v.id}`, { body }), 'update');
    expect(u).toMatchObject({ version: 1, debitCents: '30000', markTime: '2026-07-02', code: v.code });
    expect(u.items.map((i: { amount: string }) => i.amount)).toEqual(['30000', '30000']);
    await refused(call(clerk.token, 'POST', `/api/voucher/${v.id}`, { body }), 'STALE_DATA');
    // Moving to another month takes that month's next code.
    const moved = await data(call(clerk.token, 'POST', `/api/voucher/${v.id}`, { body: { ...body, markTime: '2026-08-03', version: 1 } }), 'move');
    expect(moved).toMatchObject({ periodId: w.periodIds[7], code: 1 });
  });

  it('keeps locked vouchers byte for byte and refuses their edit and delete', async () => {
    const { clerk, auditor } = w.users;
    const v = await create(clerk.token, simpleVoucher(w, { markTime: '2026-07-05' }));
    await data(act(auditor.token, v.id, 'audit'), 'audit');
    const before = await stored(v.id);
    await refused(call(clerk.token, 'POST', `/api/voucher/${v.id}`, { body: simpleVoucher(w, { markTime: '2026-07-06', cents: 1 }) }), 'VOUCHER_LOCKED');
    await refused(call(clerk.token, 'DELETE', `/api/voucher/${v.id}`), 'VOUCHER_LOCKED');
    expect(await stored(v.id)).toEqual(before);
  });

  it('refuses self-audit, actions without their right, auditError without a reason', async () => {
    const { clerk, boss, cashier, viewer } = w.users;
    const mine = await create(boss.token, simpleVoucher(w, { markTime: '2026-07-07' }));
    await refused(act(boss.token, mine.id, 'audit'), 'VOUCHER_SELF_AUDIT');
    await refused(act(boss.token, mine.id, 'auditError'), 'VOUCHER_SELF_AUDIT');
    const v = await create(clerk.token, simpleVoucher(w, { markTime: '2026-07-08' }));
    await refused(act(clerk.token, v.id, 'audit'), 'NO_PERMISSION');
    await refused(act(cashier.token, v.id, 'invalid'), 'NO_PERMISSION');
    await refused(act(viewer.token, v.id, 'cashier'), 'NO_PERMISSION');
    await refused(act(boss.token, v.id, 'auditError', {}), 'VOUCHER_FIELD_REQUIRED');
    const e = await data(act(boss.token, v.id, 'auditError', { reason: '科目错误' }), 'auditError');
    expect(e).toMatchObject({ lifecycle: 'auditError', auditPass: false, auditNote: '科目错误', auditBy: boss.id, auditByName: '钱主管' });
    const procs = await rows<{ action: string; note: string | null }>(sql`select action, note from voucher_procs where voucher_id = ${v.id} order by id`);
    expect(procs).toEqual([{ action: 'CREATED', note: null }, { action: 'AUDIT_ERROR', note: '科目错误' }]);
    // Spec 01 §4: reverse examine also reverses an error examination.
    const back = await data(act(boss.token, v.id, 'reverseAudit'), 'reverseAudit');
    expect(back).toMatchObject({ lifecycle: 'draft', auditPass: null, auditNote: null, auditBy: null });
  });

  it('applies every action of the transition table through the API, and refuses every other pair with the table’s code', async () => {
    const { clerk, boss } = w.users;
    const apiActions = new Set<string>(voucherActionNames);
    let day = 1;
    const voucherIn = async (state: VoucherLifecycleState) => {
      const v = await create(clerk.token, simpleVoucher(w, { markTime: `2026-09-${String((day++ % 28) + 1).padStart(2, '0')}` }));
      for (const a of PATHS[state]!) await data(act(boss.token, v.id, a), `${state} via ${a}`);
      return v.id as number;
    };
    let checked = 0;
    for (const state of voucherLifecycleStates.filter((s) => PATHS[s])) {
      // Refusals change nothing, so one voucher in the state answers all of them.
      const standing = await voucherIn(state);
      const before = await stored(standing);
      for (const action of [...voucherActionNames, 'delete' as const]) {
        const row = voucherTransitions.find((r) => r.from === state && r.action === action);
        const id = row ? await voucherIn(state) : standing;
        const res = action === 'delete' ? await call(boss.token, 'DELETE', `/api/voucher/${id}`) : await act(boss.token, id, action);
        const j = res.json();
        if (row) {
          expect(j.success, `${state} × ${action}: ${res.body}`).toBe(true);
          if (action === 'delete') expect((await rows(sql`select id from vouchers where id = ${id}`)).length).toBe(0);
          else expect(j.data.lifecycle, `${state} × ${action}`).toBe(row.to);
        } else {
          expect(j.code, `${state} × ${action}`).toBe(refusalOf(state, action));
        }
        checked++;
      }
      expect(await stored(standing), state).toEqual(before);
    }
    expect(checked).toBe(9 * 11);
    expect(apiActions.size).toBe(10);
  }, 180_000);

  it('copies and reverses in red once; the reversal is linked both ways', async () => {
    const { clerk, auditor } = w.users;
    const v = await create(clerk.token, simpleVoucher(w, { markTime: '2026-10-05' }));
    await data(act(auditor.token, v.id, 'audit'), 'audit');
    await data(act(auditor.token, v.id, 'bookkeep'), 'bookkeep');
    const copy = await create(clerk.token, { ...simpleVoucher(w, { markTime: '2026-10-06' }), originId: v.id, originKind: 'COPY' });
    expect(copy).toMatchObject({ source: 'COPY', originId: v.id, lifecycle: 'draft', voucherRelationInfos: [] });
    // The save answers from what it wrote (decision 036): the same as reading the voucher back.
    expect(await data(call(clerk.token, 'GET', `/api/voucher/${copy.id}`), 'copy')).toEqual(copy);
    const red = await create(clerk.token, { ...simpleVoucher(w, { markTime: '2026-10-07' }), originId: v.id, originKind: 'REVERSAL' });
    expect(red).toMatchObject({ source: 'REVERSAL', originId: v.id, debitCents: '-12000', creditCents: '-12000' });
    expect(red.items.map((i: { amount: string }) => i.amount)).toEqual(['-12000', '-12000']);
    // Each red line names the voucher it reverses, in the requester's language.
    const origin = await data(call(clerk.token, 'GET', `/api/voucher/${v.id}`), 'origin');
    expect(red.items.map((i: { summary: string }) => i.summary)).toEqual(origin.items.map((i: { summary: string }) => [...`Reversal of General-${v.codeText}: ${i.summary}`].slice(0, 50).join('').trim()));
    expect(red.voucherRelationInfos).toEqual([{ kind: 'REVERSAL', voucherId: red.id, targetId: v.id, accountId: w.accountId, accountName: expect.any(String), accountYearId: w.accountYearId, targetLabel: `记-${v.codeText}` }]);
    const orig = await data(call(clerk.token, 'GET', `/api/voucher/${v.id}`), 'orig');
    expect(orig.voucherRelationInfos.map((r: { targetId: number }) => r.targetId)).toEqual([red.id]);
    await refused(call(clerk.token, 'POST', '/api/voucher', { body: { ...simpleVoucher(w, { markTime: '2026-10-08' }), originId: v.id, originKind: 'REVERSAL' } }), 'VOUCHER_ALREADY_REVERSED');
    await refused(call(clerk.token, 'POST', '/api/voucher', { body: { ...simpleVoucher(w, { markTime: '2026-10-08' }), originId: red.id, originKind: 'REVERSAL' } }), 'VOUCHER_ALREADY_REVERSED');
    // The reversal holds the original's lines negated: not edited into anything else, nor invalidated (deleting it is the undo).
    const redBefore = await data(call(clerk.token, 'GET', `/api/voucher/${red.id}`), 'red');
    await refused(call(clerk.token, 'POST', `/api/voucher/${red.id}`, { body: { ...simpleVoucher(w, { markTime: '2026-10-07', cents: 100 }), accountId: undefined } }), 'VOUCHER_REVERSAL_FIXED');
    await refused(act(w.users.boss.token, red.id, 'invalid'), 'VOUCHER_REVERSAL_FIXED');
    expect(await data(call(clerk.token, 'GET', `/api/voucher/${red.id}`), 'red after')).toEqual(redBefore);
    // The pair stays matched: the original's bookkeeping cannot be reversed (then edited or deleted)
    // while its reversal stands; deleting the reversal frees it.
    const before = await data(call(clerk.token, 'GET', `/api/voucher/${v.id}`), 'before');
    await refused(act(auditor.token, v.id, 'reverseBookkeep'), 'VOUCHER_REVERSED');
    const batch = await data(call(auditor.token, 'POST', '/api/voucher/batch', { body: { action: 'reverseBookkeep', ids: [v.id] } }), 'batch');
    expect(JSON.stringify(batch)).toContain('VOUCHER_REVERSED');
    expect(await data(call(clerk.token, 'GET', `/api/voucher/${v.id}`), 'after')).toEqual(before);
    await data(call(clerk.token, 'DELETE', `/api/voucher/${red.id}`), 'delete the reversal');
    await data(act(auditor.token, v.id, 'reverseBookkeep'), 'reverseBookkeep once freed');
  });

  it('reverses in red only a voucher examined as correct; a draft is edited instead, and a reversed original is not edited or deleted', async () => {
    const { clerk, auditor } = w.users;
    const draft = await create(clerk.token, simpleVoucher(w, { markTime: '2026-10-09' }));
    await refused(call(clerk.token, 'POST', '/api/voucher', { body: { ...simpleVoucher(w, { markTime: '2026-10-09' }), originId: draft.id, originKind: 'REVERSAL' } }), 'VOUCHER_REVERSAL_NOT_AUDITED');
    await data(call(auditor.token, 'POST', `/api/voucher/${draft.id}/auditError`, { body: { reason: '科目错' } }), 'auditError');
    await refused(call(clerk.token, 'POST', '/api/voucher', { body: { ...simpleVoucher(w, { markTime: '2026-10-09' }), originId: draft.id, originKind: 'REVERSAL' } }), 'VOUCHER_REVERSAL_NOT_AUDITED');
    const audited = await create(clerk.token, simpleVoucher(w, { markTime: '2026-10-10' }));
    await data(act(auditor.token, audited.id, 'audit'), 'audit');
    const red = await create(clerk.token, { ...simpleVoucher(w, { markTime: '2026-10-10' }), originId: audited.id, originKind: 'REVERSAL' });
    await refused(act(auditor.token, audited.id, 'reverseAudit'), 'VOUCHER_REVERSED');
    // Data a test left behind (a draft reversed before this rule) stays protected the same way.
    await t.db.db.execute(sql`update vouchers set audit_at = null, audit_pass = null, audit_by = null where id = ${audited.id}`);
    await refused(call(clerk.token, 'POST', `/api/voucher/${audited.id}`, { body: { ...simpleVoucher(w, { markTime: '2026-10-10', cents: 55_500 }), accountId: undefined } }), 'VOUCHER_REVERSED');
    await refused(call(clerk.token, 'DELETE', `/api/voucher/${audited.id}`), 'VOUCHER_REVERSED');
    expect(await data(call(clerk.token, 'GET', `/api/voucher/${red.id}`), 'reversal')).toMatchObject({ originId: audited.id, debitCents: '-12000' });
  });

  it('deletes a voucher others were copied from; the copy keeps its content and loses the origin', async () => {
    const { clerk } = w.users;
    const v = await create(clerk.token, simpleVoucher(w, { markTime: '2026-10-15' }));
    const copy = await create(clerk.token, { ...simpleVoucher(w, { markTime: '2026-10-16' }), originId: v.id, originKind: 'COPY' });
    await data(call(clerk.token, 'DELETE', `/api/voucher/${v.id}`), 'delete origin');
    expect(await data(call(clerk.token, 'GET', `/api/voucher/${copy.id}`), 'copy')).toMatchObject({ originId: null, companyId: w.companyId, debitCents: '12000' });
  });

  it('runs batch actions voucher by voucher with a result each', async () => {
    const { clerk, auditor } = w.users;
    const a = await create(clerk.token, simpleVoucher(w, { markTime: '2026-11-01' }));
    const b = await create(clerk.token, simpleVoucher(w, { markTime: '2026-11-02' }));
    await data(act(auditor.token, b.id, 'audit'), 'audit b');
    const res = await data(call(auditor.token, 'POST', '/api/voucher/batch', { body: { action: 'audit', ids: [a.id, b.id] } }), 'batch');
    expect(res).toEqual([{ id: a.id, ok: true, code: null, msg: null }, { id: b.id, ok: false, code: 'VOUCHER_ALREADY_AUDITED', msg: expect.any(String) }]);
    const missing = await data(call(auditor.token, 'POST', '/api/voucher/batch', { body: { action: 'reverseAudit', ids: [a.id, MISSING_ID] } }), 'missing');
    expect(missing).toEqual([{ id: a.id, ok: true, code: null, msg: null }, { id: MISSING_ID, ok: false, code: 'VOUCHER_UNAVAILABLE', msg: expect.any(String) }]);
    await refused(call(auditor.token, 'POST', '/api/voucher/batch', { body: { action: 'audit', ids: [MISSING_ID] } }), 'NO_PERMISSION');
  });

  it('says a voucher examined as an error was examined as an error, not that it is audited (batch and single, both languages)', async () => {
    const { clerk, auditor } = w.users;
    const e = await create(clerk.token, simpleVoucher(w, { markTime: '2026-11-03' }));
    await data(act(auditor.token, e.id, 'auditError'), 'audit as error');
    for (const action of ['audit', 'auditError'] as const) {
      const zh = await data(call(auditor.token, 'POST', '/api/voucher/batch', { lang: 'zh_CN', body: { action, ids: [e.id], reason: 'again' } }), `batch ${action}`);
      expect(zh).toEqual([{ id: e.id, ok: false, code: 'VOUCHER_AUDIT_ERROR', msg: expect.stringContaining('审核为错误') }]);
      const en = await data(call(auditor.token, 'POST', '/api/voucher/batch', { lang: 'en_US', body: { action, ids: [e.id], reason: 'again' } }), `batch ${action} en`);
      expect(en[0].msg).toMatch(/examined as error/);
      await refused(act(auditor.token, e.id, action), 'VOUCHER_AUDIT_ERROR');
    }
  });

  it.runIf(backend === 'postgres')('runs two batches over the same vouchers in opposite orders at once: both go through (the batch locks its vouchers in id order first), every voucher ends audited and cashiered', async () => {
    const { clerk, auditor, cashier } = w.users;
    for (let round = 0; round < 6; round++) {
      const ids: number[] = [];
      for (let k = 0; k < 6; k++) ids.push((await create(clerk.token, simpleVoucher(w, { markTime: `2026-11-${String(10 + k).padStart(2, '0')}` }))).id);
      const [audits, cashiers] = await Promise.all([
        call(auditor.token, 'POST', '/api/voucher/batch', { body: { action: 'audit', ids } }),
        call(cashier.token, 'POST', '/api/voucher/batch', { body: { action: 'cashier', ids: [...ids].reverse() } }),
      ]);
      for (const res of [audits, cashiers]) {
        const j = res.json();
        expect(j, JSON.stringify(j)).toMatchObject({ success: true });
        expect(j.data.every((r: { ok: boolean }) => r.ok), JSON.stringify(j.data)).toBe(true);
      }
      const states = await rows<{ n: number }>(sql`select count(*)::int as n from vouchers where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) and audit_pass is true and cashier_at is not null`);
      expect(states, `round ${round}`).toEqual([{ n: 6 }]);
    }
  });

  it('lists by state, filters and pages', async () => {
    const { clerk, auditor, cashier } = w.users;
    const w12 = (d: string) => simpleVoucher(w, { markTime: `2026-12-${d}` });
    const a = await create(clerk.token, w12('01'));
    const b = await create(clerk.token, w12('02'));
    const c = await create(clerk.token, { ...w12('03'), items: [
      { summary: '诉讼部办公费', subjectId: w.subject.admin, direction: true, amount: '700', auxes: [{ auxTypeId: 1, auxId: w.departmentId }] },
      { summary: '诉讼部办公费', subjectId: w.subject.tax, direction: false, amount: '700' },
    ] });
    await data(act(auditor.token, b.id, 'audit'), 'audit');
    await data(act(auditor.token, c.id, 'auditError', { reason: 'x' }), 'err');
    const list = async (filter: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      (await data(call(cashier.token, 'GET', '/api/voucher', { query: { filter: { accountId: w.accountId, periodId: w.periodIds[11], ...filter }, ...extra } }), 'list'));
    const ids = async (filter: Record<string, unknown>) => (await list(filter)).content.map((v: { id: number }) => v.id);
    expect(await ids({})).toEqual([a.id, b.id, c.id]);
    expect(await ids({ listState: 'TO_AUDIT' })).toEqual([a.id]);
    expect(await ids({ listState: 'TO_BOOK' })).toEqual([b.id]);
    expect(await ids({ listState: 'ERROR' })).toEqual([c.id]);
    expect(await ids({ listState: 'TO_CASHIER' })).toEqual([a.id, b.id]);
    expect(await ids({ subjectCode: '56' })).toEqual([c.id]);
    expect(await ids({ summary: '办公' })).toEqual([c.id]);
    const page = await list({}, { index: 1, size: 2 });
    expect({ total: page.total, ids: page.content.map((v: { id: number }) => v.id) }).toEqual({ total: 3, ids: [c.id] });
    const page2 = await list({}, { offset: 1, limit: 1 });
    expect(page2.content.map((v: { id: number }) => v.id)).toEqual([b.id]);
  });

  it('refuses changes in a settled period', async () => {
    const { clerk, auditor } = w.users;
    const v = await create(clerk.token, simpleVoucher(w, { markTime: '2026-01-20' }));
    await t.db.db.execute(sql`update periods set rolled = true where id = ${w.periodIds[0]}`);
    try {
      await refused(call(clerk.token, 'POST', '/api/voucher', { body: simpleVoucher(w, { markTime: '2026-01-21' }) }), 'PERIOD_SETTLED');
      await refused(act(auditor.token, v.id, 'audit'), 'PERIOD_SETTLED');
      await refused(call(clerk.token, 'DELETE', `/api/voucher/${v.id}`), 'PERIOD_SETTLED');
      await refused(call(clerk.token, 'POST', `/api/voucher/${v.id}`, { body: simpleVoucher(w, { markTime: '2026-02-21' }) }), 'PERIOD_SETTLED');
    } finally {
      await t.db.db.execute(sql`update periods set rolled = false where id = ${w.periodIds[0]}`);
    }
  });

  it.runIf(backend === 'postgres')('gives 20 concurrent auto-numbered saves 20 distinct codes and no error', async () => {
    const { clerk } = w.users;
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(clerk.token, 'POST', '/api/voucher', { body: simpleVoucher(w, { markTime: '2026-06-20', kindId: w.kindIds[2] }) })));
    const bodies = answers.map((r) => r.json());
    expect(bodies.filter((b) => !b.success)).toEqual([]);
    const codes = bodies.map((b) => b.data.code).sort((x: number, y: number) => x - y);
    expect(codes).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  }, 60_000);
});
