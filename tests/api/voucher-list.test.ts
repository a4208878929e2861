/**
 * The voucher list (/voucher/daily/list) through the API: its filters (keyword, maker, kind, code
 * range, date, subject, summary, amount, state) and server sorting; scoping (another company's
 * vouchers never appear, a foreign ledger set is refused); batch actions answered voucher by
 * voucher in the caller's language; and 凭证整理 (arrangeCode): gaps closed per kind keeping the
 * order, locked and invalid vouchers untouched, a dry run that changes nothing, proc records,
 * settled periods and missing rights refused (docs/decisions/023).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, createTestApp, type TestApp } from './harness';
import { data, MISSING_ID } from './factories';
import { makeVoucherWorld, simpleVoucher, type VoucherWorld } from './voucher-world';

describe.each(backends())('voucher list (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: VoucherWorld;
  let other: VoucherWorld;
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.db.execute(q)) as unknown as { rows: T[] }).rows;
  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, o: { body?: unknown; query?: Record<string, unknown>; lang?: string } = {}) => t.call(method, url, { token, lang: o.lang ?? 'en_US', ...o });
  const create = async (token: string, body: unknown) => data(call(token, 'POST', '/api/voucher', { body }), 'create');
  const act = (token: string, id: number, action: string, body: unknown = action === 'auditError' ? { reason: 'wrong subject' } : {}) => data(call(token, 'POST', `/api/voucher/${id}/${action}`, { body }), action);
  const refused = async (res: Promise<{ json(): any }>, code: string) => {
    const j = (await res).json();
    expect(j, JSON.stringify(j)).toMatchObject({ success: false, code });
    expect(j.msg).toBeTruthy();
  };
  const list = async (token: string, filter: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    data(call(token, 'GET', '/api/voucher', { query: { filter: { accountId: w.accountId, ...filter }, ...extra } }), 'list');
  const ids = async (filter: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    (await list(w.users.viewer.token, filter, extra)).content.map((v: { id: number }) => v.id);
  const arrange = (token: string, body: Record<string, unknown>) => call(token, 'POST', '/api/voucher/arrangeCode', { body: { accountId: w.accountId, ...body } });
  const codeOf = async (id: number) => (await rows<{ code: number }>(sql`select code from vouchers where id = ${id}`))[0].code;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeVoucherWorld(t, admin);
    other = await makeVoucherWorld(t, admin);
  });
  afterAll(async () => t?.close());

  it('filters by keyword (code or summary), maker, kind, code range, date, subject, summary and amount, and sorts on the server', async () => {
    const { clerk, clerk2 } = w.users;
    const p = w.periodIds[1]; // February
    const a = await create(clerk.token, simpleVoucher(w, { markTime: '2026-02-03', cents: 50_000 }));
    const b = await create(clerk2.token, { ...simpleVoucher(w, { markTime: '2026-02-05', cents: 7_700 }), items: [
      { summary: '支付房租', subjectId: w.subject.admin, direction: true, amount: '7700', auxes: [{ auxTypeId: 1, auxId: w.departmentId }] },
      { summary: '支付房租', subjectId: w.subject.bank, direction: false, amount: '7700' },
    ] });
    const c = await create(clerk.token, simpleVoucher(w, { markTime: '2026-02-04', cents: 99_900, kindId: w.kindIds[1] }));
    expect(await ids({ periodId: p })).toEqual([a.id, c.id, b.id]);
    // The search box: digits find a code (or a summary holding them), words a summary.
    expect(await ids({ periodId: p, keyword: String(b.code) })).toContain(b.id);
    expect(await ids({ periodId: p, keyword: '房租' })).toEqual([b.id]);
    expect(await ids({ periodId: p, keyword: '100%' })).toEqual([]);
    expect(await ids({ periodId: p, makerId: clerk2.id })).toEqual([b.id]);
    expect(await ids({ periodId: p, kindId: w.kindIds[1] })).toEqual([c.id]);
    expect(await ids({ periodId: p, kindId: w.kindId, codeFrom: b.code, codeTo: b.code })).toEqual([b.id]);
    expect(await ids({ dateFrom: '2026-02-04', dateTo: '2026-02-04' })).toEqual([c.id]);
    expect(await ids({ periodId: p, subjectId: w.subject.bank })).toEqual([b.id]);
    expect(await ids({ periodId: p, subjectCode: '10' })).toEqual([a.id, c.id, b.id]);
    expect(await ids({ periodId: p, summary: '律师' })).toEqual([a.id, c.id]);
    expect(await ids({ periodId: p, amountFrom: 50_000, amountTo: 99_900 })).toEqual([a.id, c.id]);
    // An auxiliary value a line carries (核算项目): the department on b's rent line, the project on a's and c's fees;
    // with a subject, on the same line (the department is on 5602, not on the bank line).
    expect(await ids({ periodId: p, auxTypeId: 1, auxId: w.departmentId })).toEqual([b.id]);
    expect(await ids({ periodId: p, auxTypeId: 5, auxId: w.projectId })).toEqual([a.id, c.id]);
    expect(await ids({ periodId: p, auxTypeId: 1, auxId: w.departmentId, subjectId: w.subject.admin })).toEqual([b.id]);
    expect(await ids({ periodId: p, auxTypeId: 1, auxId: w.departmentId, subjectId: w.subject.bank })).toEqual([]);
    expect(await ids({ periodId: p, auxTypeId: 3, auxId: w.departmentId })).toEqual([]);
    // A parent department takes in its subtree (lines carry the leaves), as the auxiliary ledgers sum it.
    const [{ parent_id: parent }] = await rows<{ parent_id: number }>(sql`select parent_id from departments where id = ${w.departmentId}`);
    expect(parent).toEqual(expect.any(Number));
    expect(await ids({ periodId: p, auxTypeId: 1, auxId: parent })).toEqual([b.id]);
    expect((await data(call(w.users.viewer.token, 'GET', '/api/voucher/total', { query: { filter: { accountId: w.accountId, periodId: p, auxTypeId: 5, auxId: w.projectId } } }), 'total')).count).toBe(2);
    // A value without its type (or a type without a value) is refused, naming the missing field.
    const half = (await call(w.users.viewer.token, 'GET', '/api/voucher', { query: { filter: { accountId: w.accountId, auxId: w.projectId } } })).json();
    expect(half).toMatchObject({ success: false, code: 'INVALID_INPUT' });
    await refused(call(w.users.viewer.token, 'GET', '/api/voucher', { query: { filter: { accountId: w.accountId, auxTypeId: 7, auxId: w.projectId } } }), 'INVALID_INPUT');
    // Sorting: by code descending within a kind, by date descending (the editor's "last voucher").
    expect(await ids({ periodId: p, kindId: w.kindId }, { sort: { code: 'desc' } })).toEqual([b.id, a.id]);
    expect(await ids({ periodId: p }, { sort: { markTime: 'desc' }, limit: 1 })).toEqual([b.id]);
    expect(await ids({ periodId: p }, { sort: { debit: 'desc' } })).toEqual([c.id, a.id, b.id]);
  });

  it('shows only the ledger set asked for, and refuses another company’s ledger set', async () => {
    const mine = await create(w.users.clerk.token, simpleVoucher(w, { markTime: '2026-04-02' }));
    const foreign = await create(other.users.clerk.token, simpleVoucher(other, { markTime: '2026-04-02' }));
    const all = await ids({ listState: 'ALL' }, { limit: 500 });
    expect(all).toContain(mine.id);
    expect(all).not.toContain(foreign.id);
    // A foreign year, period or voucher id in my ledger set's filter finds nothing.
    expect(await ids({ accountYearId: other.accountYearId })).toEqual([]);
    expect(await ids({ periodId: other.periodIds[3] })).toEqual([]);
    expect(await ids({ id: foreign.id })).toEqual([]);
    await refused(call(w.users.viewer.token, 'GET', '/api/voucher', { query: { filter: { accountId: other.accountId } } }), 'NO_PERMISSION');
    // The other company's admin-granted boss cannot list mine either.
    await refused(call(other.users.boss.token, 'GET', '/api/voucher', { query: { filter: { accountId: w.accountId } } }), 'NO_PERMISSION');
  });

  it('answers a batch voucher by voucher, in the caller’s language, and never all-or-nothing', async () => {
    const { clerk, auditor, boss } = w.users;
    const own = await create(boss.token, simpleVoucher(w, { markTime: '2026-05-03' }));
    const a = await create(clerk.token, simpleVoucher(w, { markTime: '2026-05-04' }));
    const b = await create(clerk.token, simpleVoucher(w, { markTime: '2026-05-05' }));
    const inv = await create(clerk.token, simpleVoucher(w, { markTime: '2026-05-06' }));
    await act(boss.token, inv.id, 'invalid');
    await act(auditor.token, b.id, 'audit');
    const res = await data(call(boss.token, 'POST', '/api/voucher/batch', { body: { action: 'audit', ids: [own.id, a.id, b.id, inv.id] } }), 'batch');
    expect(res.map((r: { id: number; ok: boolean; code: string | null }) => [r.id, r.ok, r.code])).toEqual([
      [own.id, false, 'VOUCHER_SELF_AUDIT'], [a.id, true, null], [b.id, false, 'VOUCHER_ALREADY_AUDITED'], [inv.id, false, 'VOUCHER_INVALIDATED'],
    ]);
    expect(res.filter((r: { ok: boolean }) => !r.ok).every((r: { msg: string }) => /^[\x20-\x7e’]+$/.test(r.msg))).toBe(true);
    // The done one is done, the refused ones are as they were.
    const states = async () => (await list(w.users.viewer.token, { id: [own.id, a.id, b.id, inv.id] })).content.map((v: { id: number; lifecycle: string }) => [v.id, v.lifecycle]);
    expect(await states()).toEqual([[own.id, 'draft'], [a.id, 'audited'], [b.id, 'audited'], [inv.id, 'invalid']]);
    // In Chinese, the reasons are Chinese; auditError without a reason is refused per voucher.
    const zh = await data(call(auditor.token, 'POST', '/api/voucher/batch', { lang: 'zh_CN', body: { action: 'bookkeep', ids: [a.id, own.id] } }), 'batch zh');
    expect(zh[0]).toMatchObject({ id: a.id, ok: true });
    expect(zh[1]).toMatchObject({ id: own.id, ok: false, code: 'VOUCHER_NOT_AUDITED' });
    expect(zh[1].msg).toMatch(/[\u4e00-\u9fff]/);
    const noReason = await data(call(auditor.token, 'POST', '/api/voucher/batch', { body: { action: 'auditError', ids: [own.id] } }), 'no reason');
    expect(noReason).toEqual([{ id: own.id, ok: false, code: 'VOUCHER_FIELD_REQUIRED', msg: expect.any(String) }]);
    // The field by its label in the language, not its contract name.
    const noReasonZh = await data(call(auditor.token, 'POST', '/api/voucher/batch', { lang: 'zh_CN', body: { action: 'auditError', ids: [own.id] } }), 'no reason zh');
    expect(noReasonZh[0].msg).toBe('请填写原因');
    const noReasonEn = await data(call(auditor.token, 'POST', '/api/voucher/batch', { lang: 'en_US', body: { action: 'auditError', ids: [own.id] } }), 'no reason en');
    expect(noReasonEn[0].msg).toBe('Please fill in the Reason');
    const withReason = await data(call(auditor.token, 'POST', '/api/voucher/batch', { body: { action: 'auditError', ids: [own.id, a.id], reason: '附件不全' } }), 'with reason');
    expect(withReason.map((r: { ok: boolean; code: string | null }) => [r.ok, r.code])).toEqual([[true, null], [false, 'VOUCHER_BOOKKEPT']]);
    expect((await list(w.users.viewer.token, { id: own.id })).content[0]).toMatchObject({ lifecycle: 'auditError', auditNote: '附件不全' });
    await act(auditor.token, own.id, 'reverseAuditError');
    // Without the right for the action the call is refused as a whole (403), as the single action is
    // (the cashier cannot audit), unavailable ids beside it or not; nothing changes.
    const fresh = await create(clerk.token, simpleVoucher(w, { markTime: '2026-05-08' }));
    const single = await call(w.users.cashier.token, 'POST', `/api/voucher/${fresh.id}/audit`, { body: {} });
    expect(single.statusCode).toBe(403);
    const cash = await call(w.users.cashier.token, 'POST', '/api/voucher/batch', { body: { action: 'audit', ids: [fresh.id, own.id] } });
    expect(cash.statusCode).toBe(403);
    await refused(Promise.resolve(cash), 'NO_PERMISSION');
    await refused(call(w.users.cashier.token, 'POST', '/api/voucher/batch', { body: { action: 'audit', ids: [fresh.id, MISSING_ID] } }), 'NO_PERMISSION');
    expect((await list(w.users.viewer.token, { id: fresh.id })).content[0].lifecycle).toBe('draft');
    // A foreign id is answered by itself exactly as a missing one (deleted meanwhile), and the others go on;
    // a batch of nothing but such ids is refused as a whole.
    const c = await create(clerk.token, simpleVoucher(w, { markTime: '2026-05-07' }));
    const foreign = await create(other.users.clerk.token, simpleVoucher(other, { markTime: '2026-05-07' }));
    const gone = await create(clerk.token, simpleVoucher(w, { markTime: '2026-05-07' }));
    await data(call(clerk.token, 'DELETE', `/api/voucher/${gone.id}`), 'delete');
    const mixed = await data(call(boss.token, 'POST', '/api/voucher/batch', { lang: 'zh_CN', body: { action: 'audit', ids: [c.id, foreign.id, gone.id] } }), 'mixed');
    expect(mixed).toEqual([
      { id: c.id, ok: true, code: null, msg: null },
      { id: foreign.id, ok: false, code: 'VOUCHER_UNAVAILABLE', msg: '凭证已不存在（可能已被他人删除）或无权操作' },
      { id: gone.id, ok: false, code: 'VOUCHER_UNAVAILABLE', msg: '凭证已不存在（可能已被他人删除）或无权操作' },
    ]);
    expect((await list(w.users.viewer.token, { id: c.id })).content[0].lifecycle).toBe('audited');
    expect((await data(call(other.users.clerk.token, 'GET', `/api/voucher/${foreign.id}`), 'foreign')).lifecycle).toBe('draft');
    await refused(call(boss.token, 'POST', '/api/voucher/batch', { body: { action: 'audit', ids: [foreign.id, gone.id] } }), 'NO_PERMISSION');
  });

  it('arranges codes: closes the gaps per kind in order, leaves locked and invalid vouchers, logs each change', async () => {
    const { clerk, clerk2, auditor, boss } = w.users;
    const p = w.periodIds[6]; // July
    const k = w.kindId;
    const mk = (code: string, day: string, kindId = k) => create(clerk.token, simpleVoucher(w, { markTime: `2026-07-${day}`, code, kindId }));
    const v2 = await mk('2', '02');
    const v3 = await mk('3', '03');
    const v5 = await mk('5', '05');
    const v7 = await mk('7', '07');
    const v9 = await mk('9', '09');
    const v12 = await mk('12', '12');
    const other4 = await mk('4', '04', w.kindIds[1]);
    await act(auditor.token, v3.id, 'audit'); // locked: keeps 3
    await act(boss.token, v7.id, 'invalid'); // invalid: keeps 7
    const before = (await rows<{ version: number }>(sql`select version from vouchers where id = ${v5.id}`))[0].version;

    // The dry run says what would change and changes nothing.
    const preview = await data(arrange(clerk2.token, { periodId: p, kindId: k, dryRun: true }), 'preview');
    expect(preview).toMatchObject({ periodId: p, applied: false, kept: 2, total: 6 });
    expect(preview.changes.map((c: { id: number; fromText: string; toText: string }) => [c.id, c.fromText, c.toText])).toEqual([
      [v2.id, '0002', '0001'], [v5.id, '0005', '0002'], [v9.id, '0009', '0004'], [v12.id, '0012', '0005'],
    ]);
    expect(await codeOf(v2.id)).toBe(2);

    const done = await data(arrange(clerk2.token, { periodId: p, kindId: k }), 'arrange');
    expect(done).toMatchObject({ applied: true, changes: preview.changes });
    expect([await codeOf(v2.id), await codeOf(v3.id), await codeOf(v5.id), await codeOf(v7.id), await codeOf(v9.id), await codeOf(v12.id)]).toEqual([1, 3, 2, 7, 4, 5]);
    // Another kind is not touched when a kind is named.
    expect(await codeOf(other4.id)).toBe(4);
    // The log and the version.
    const procs = await rows<{ action: string; note: string; user_id: number }>(sql`select action, note, user_id from voucher_procs where voucher_id = ${v5.id} order by id desc limit 1`);
    expect(procs[0]).toEqual({ action: 'ARRANGE_CODE', note: '0005 → 0002', user_id: clerk2.id });
    expect((await rows<{ version: number }>(sql`select version from vouchers where id = ${v5.id}`))[0].version).toBe(before + 1);
    expect(await rows(sql`select 1 from voucher_procs where voucher_id = ${v3.id} and action = 'ARRANGE_CODE'`)).toEqual([]);
    // Arranging again changes nothing; without a kind every kind is arranged.
    expect((await data(arrange(clerk.token, { periodId: p, kindId: k }), 'again')).changes).toEqual([]);
    const allKinds = await data(arrange(clerk.token, { periodId: p }), 'all kinds');
    expect(allKinds.changes.map((c: { id: number; to: number }) => [c.id, c.to])).toEqual([[other4.id, 1]]);
    // The next code after arranging follows the highest held code.
    const next = await data(call(clerk.token, 'GET', '/api/voucher/code', { query: { accountId: w.accountId, kindId: k, markTime: '2026-07-20' } }), 'code');
    expect(next.code).toBe(8);
  });

  it('refuses arranging a settled period, without the edit right, and for another company’s period or kind', async () => {
    const { clerk, auditor, viewer } = w.users;
    const p = w.periodIds[8];
    const v = await create(clerk.token, simpleVoucher(w, { markTime: '2026-09-10', code: '5' }));
    await refused(arrange(auditor.token, { periodId: p }), 'NO_PERMISSION');
    await refused(arrange(viewer.token, { periodId: p, dryRun: true }), 'NO_PERMISSION');
    await refused(arrange(clerk.token, { periodId: other.periodIds[8] }), 'NO_PERMISSION');
    await refused(arrange(clerk.token, { periodId: p, kindId: other.kindId }), 'NO_PERMISSION');
    await refused(call(other.users.boss.token, 'POST', '/api/voucher/arrangeCode', { body: { accountId: w.accountId, periodId: p } }), 'NO_PERMISSION');
    await t.db.db.execute(sql`update periods set rolled = true where id = ${p}`);
    try {
      await refused(arrange(clerk.token, { periodId: p }), 'PERIOD_SETTLED');
      await refused(arrange(clerk.token, { periodId: p, dryRun: true }), 'PERIOD_SETTLED');
      expect(await codeOf(v.id)).toBe(5);
    } finally {
      await t.db.db.execute(sql`update periods set rolled = false where id = ${p}`);
    }
    expect((await data(arrange(clerk.token, { periodId: p }), 'open again')).changes).toEqual([expect.objectContaining({ id: v.id, from: 5, to: 1 })]);
  });

  it('totals every voucher under the filter, not only the page: invalid ones counted apart and left out of the sums', async () => {
    const { clerk, boss, viewer } = w.users;
    const p = w.periodIds[11]; // December
    const made = [];
    for (const [day, cents] of [['01', 10_000], ['02', 25_050], ['03', 7]] as const) made.push(await create(clerk.token, simpleVoucher(w, { markTime: `2026-12-${day}`, cents })));
    const voided = await create(clerk.token, simpleVoucher(w, { markTime: '2026-12-04', cents: 99_999 }));
    await act(boss.token, voided.id, 'invalid');
    const total = (filter: Record<string, unknown>, token = viewer.token) => call(token, 'GET', '/api/voucher/total', { query: { filter: { accountId: w.accountId, periodId: p, ...filter } } });
    // The page holds one voucher; the total holds all four.
    expect((await list(viewer.token, { periodId: p }, { limit: 1 })).total).toBe(4);
    expect(await data(total({}), 'total')).toEqual({ count: 4, invalidCount: 1, debitCents: '35057', creditCents: '35057' });
    // The same filters as the list.
    expect(await data(total({ amountFrom: 20_000 }), 'amount')).toEqual({ count: 2, invalidCount: 1, debitCents: '25050', creditCents: '25050' });
    expect(await data(total({ includeInvalid: false, keyword: String(made[2].code) }), 'code')).toMatchObject({ count: 1, debitCents: '7' });
    expect(await data(total({ dateFrom: '2027-01-01' }), 'none')).toEqual({ count: 0, invalidCount: 0, debitCents: '0', creditCents: '0' });
    // Scoped like the list: another company's ledger set is refused, a filter is required.
    await refused(call(viewer.token, 'GET', '/api/voucher/total', { query: { filter: { accountId: other.accountId } } }), 'NO_PERMISSION');
    expect((await call(viewer.token, 'GET', '/api/voucher/total', {})).statusCode).toBe(400);
  });

  it('tells by id whether each voucher’s period is settled, in the order asked, and only for the caller’s vouchers', async () => {
    const { clerk, viewer } = w.users;
    const open = await create(clerk.token, simpleVoucher(w, { markTime: '2026-10-03' }));
    const settled = await create(clerk.token, simpleVoucher(w, { markTime: '2026-01-20' }));
    const rolled = (id: string, token = viewer.token) => call(token, 'GET', '/api/voucher/rolled', { query: { id } });
    await t.db.db.execute(sql`update periods set rolled = true where id = ${w.periodIds[0]}`);
    try {
      expect(await data(rolled(`${settled.id},${open.id}`), 'rolled')).toEqual([
        { id: settled.id, periodId: w.periodIds[0], rolled: true }, { id: open.id, periodId: w.periodIds[9], rolled: false },
      ]);
      expect(await data(rolled(String(open.id)), 'one')).toEqual([{ id: open.id, periodId: w.periodIds[9], rolled: false }]);
    } finally {
      await t.db.db.execute(sql`update periods set rolled = false where id = ${w.periodIds[0]}`);
    }
    expect((await data(rolled(String(settled.id)), 'reopened'))[0].rolled).toBe(false);
    // Another company's voucher, or a missing one, refuses the whole call.
    const foreign = await create(other.users.clerk.token, simpleVoucher(other, { markTime: '2026-10-03' }));
    await refused(rolled(`${open.id},${foreign.id}`), 'NO_PERMISSION');
    await refused(rolled('999999'), 'NO_PERMISSION');
    expect((await rolled('x')).statusCode).toBe(400);
  });

  it('filters by a range of periods as chosen, and refuses one that ends before it starts (never swapped), or a period of another ledger set', async () => {
    const { clerk, viewer } = w.users;
    const march = await create(clerk.token, simpleVoucher(w, { markTime: '2026-03-10' }));
    const [jan, feb, mar, apr] = w.periodIds;
    expect(await ids({ periodFrom: mar, periodTo: mar })).toEqual([march.id]);
    expect(await ids({ periodFrom: feb, periodTo: apr }, { limit: 500 })).toContain(march.id);
    expect(await ids({ periodFrom: apr }, { limit: 500 })).not.toContain(march.id);
    expect(await ids({ periodTo: feb }, { limit: 500 })).not.toContain(march.id);
    expect(await ids({ periodTo: mar }, { limit: 500 })).toContain(march.id);
    // 2026-03 … 2026-01: refused, in the list, its total and the stepping alike.
    const reversed = { accountId: w.accountId, periodFrom: mar, periodTo: jan };
    await refused(call(viewer.token, 'GET', '/api/voucher', { query: { filter: reversed } }), 'PERIOD_END_BEFORE_START');
    await refused(call(viewer.token, 'GET', '/api/voucher/total', { query: { filter: reversed } }), 'PERIOD_END_BEFORE_START');
    await refused(call(viewer.token, 'GET', '/api/voucher/step', { query: { accountId: w.accountId, step: 'first', filter: reversed } }), 'PERIOD_END_BEFORE_START');
    const zh = (await call(viewer.token, 'GET', '/api/voucher', { lang: 'zh_CN', query: { filter: reversed } })).json();
    expect(zh.msg).toMatch(/[\u4e00-\u9fff]/);
    await refused(call(viewer.token, 'GET', '/api/voucher', { query: { filter: { accountId: w.accountId, periodFrom: other.periodIds[2] } } }), 'MISSING_ACCOUNT_OR_PERIOD');
  });

  it('steps within a list’s filter and order (the editor opened from the list), else through the whole year', async () => {
    const { clerk, auditor, viewer } = w.users;
    const june = w.periodIds[5];
    const made = [];
    for (const day of ['01', '02', '03', '04']) made.push(await create(clerk.token, simpleVoucher(w, { markTime: `2026-06-${day}` })));
    const [a, b, c, d] = made;
    await act(auditor.token, b.id, 'audit');
    await act(auditor.token, d.id, 'audit');
    const filter = { accountId: w.accountId, accountYearId: w.accountYearId, periodId: june, listState: 'TO_AUDIT' };
    const step = async (stepName: string, fromId?: number, more: Record<string, unknown> = { filter }) =>
      (await data(call(viewer.token, 'GET', '/api/voucher/step', { query: { accountId: w.accountId, step: stepName, ...(fromId ? { fromId } : {}), ...more } }), stepName) as { id: number } | null)?.id ?? null;
    expect(await ids({ periodId: june, listState: 'TO_AUDIT' })).toEqual([a.id, c.id]);
    expect(await step('first')).toBe(a.id);
    expect(await step('last')).toBe(c.id);
    expect(await step('next', a.id)).toBe(c.id);
    expect(await step('next', c.id)).toBeNull();
    expect(await step('previous', c.id)).toBe(a.id);
    expect(await step('previous', a.id)).toBeNull();
    // From a voucher that left the filter (examined meanwhile): its place in the order counts.
    expect(await step('next', b.id)).toBe(c.id);
    expect(await step('previous', d.id)).toBe(c.id);
    // In the list's sort: code descending (the same kind, codes in date order).
    expect(await step('first', undefined, { filter, sort: { code: 'desc' } })).toBe(c.id);
    expect(await step('next', c.id, { filter, sort: { code: 'desc' } })).toBe(a.id);
    expect(await step('next', a.id, { filter, sort: JSON.stringify({ code: 'desc' }) })).toBeNull();
    // Without a filter: the whole year, as before.
    expect(await step('next', a.id, { accountYearId: w.accountYearId })).toBe(b.id);
    // A foreign ledger set's filter, a sort the list does not know, neither year nor filter: refused.
    await refused(call(viewer.token, 'GET', '/api/voucher/step', { query: { accountId: w.accountId, step: 'first', filter: { accountId: other.accountId } } }), 'NO_PERMISSION');
    await refused(call(viewer.token, 'GET', '/api/voucher/step', { query: { accountId: w.accountId, step: 'first', filter, sort: { nope: 'asc' } } }), 'INVALID_INPUT');
    expect((await call(viewer.token, 'GET', '/api/voucher/step', { query: { accountId: w.accountId, step: 'first' } })).statusCode).toBe(400);
    const foreign = await create(other.users.clerk.token, simpleVoucher(other, { markTime: '2026-06-05' }));
    await refused(call(viewer.token, 'GET', '/api/voucher/step', { query: { accountId: w.accountId, step: 'next', fromId: foreign.id, filter } }), 'NO_PERMISSION');
  });

  it('names the makers the list\'s 制单人 filter offers: the company\'s users and the ledger set\'s makers, no one else\'s', async () => {
    const { viewer, clerk, clerk2, auditor } = w.users;
    const makers = await data(call(viewer.token, 'GET', '/api/voucher/makers', { query: { accountId: w.accountId } }), 'makers') as Array<{ id: number; name: string }>;
    expect(makers).toEqual(expect.arrayContaining([{ id: clerk.id, name: '张记账' }, { id: clerk2.id, name: '赵制单' }, { id: auditor.id, name: '李审核' }]));
    expect(makers.map((m) => m.id)).not.toContain(other.users.clerk.id);
    await refused(call(viewer.token, 'GET', '/api/voucher/makers', { query: { accountId: other.accountId } }), 'NO_PERMISSION');
  });

  it.runIf(backend === 'postgres')('serialises arranging with concurrent saves in the period: codes stay distinct, no error', async () => {
    const { clerk } = w.users;
    const p = w.periodIds[10];
    const kind = w.kindIds[2];
    for (const code of ['3', '6', '9']) await create(clerk.token, simpleVoucher(w, { markTime: '2026-11-10', code, kindId: kind }));
    const answers = await Promise.all([
      arrange(clerk.token, { periodId: p, kindId: kind }),
      ...Array.from({ length: 6 }, () => call(clerk.token, 'POST', '/api/voucher', { body: simpleVoucher(w, { markTime: '2026-11-11', kindId: kind }) })),
    ]);
    expect(answers.map((r) => r.json()).filter((j) => !j.success)).toEqual([]);
    const codes = (await rows<{ code: number }>(sql`select code from vouchers where period_id = ${p} and kind_id = ${kind} order by code`)).map((r) => r.code);
    expect(new Set(codes).size).toBe(9);
  });
});
