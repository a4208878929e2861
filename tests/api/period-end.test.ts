/**
 * Period end through the API (spec 01 §4, §7): the profit and loss transfer of a small hand-computed
 * ledger (its lines exactly), the settle checks (rollInfo), settle refused with its localized
 * reasons and passing after audit and bookkeeping, every voucher change refused inside a settled
 * period, reverse settle of the last period only, rewriteBalance repairing the balance tables, the
 * year-end settle opening the next year, rights (6030101) and another company's ledger refused; on
 * PostgreSQL, 20 clients posting while a settle runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RIGHTS } from '../../src/domain/rights';
import { formatCents } from '../../src/domain/money';
import { backends, createTestApp, type TestApp } from './harness';
import { data, makeUser, makeWorld, type MadeUser } from './factories';
import { makeVoucherWorld, simpleVoucher, type VoucherWorld } from './voucher-world';

const MENU = [RIGHTS.VOUCHER, RIGHTS.VOUCHER_DAILY, RIGHTS.VOUCHER_OPERATE];
const PERIOD_END = [RIGHTS.VOUCHER, RIGHTS.VOUCHER_PERIOD_END, RIGHTS.BASIC, RIGHTS.ACCOUNT_MANAGE, RIGHTS.SETTLE_ACCOUNT];

describe.each(backends())('period end (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: VoucherWorld;
  let settler: MadeUser;
  let periodEndViewer: MadeUser;
  let code: Record<string, number>;
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.db.execute(q)) as unknown as { rows: T[] }).rows;
  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, o: { body?: unknown; query?: Record<string, unknown>; lang?: string } = {}) => t.call(method, url, { token, lang: 'zh_CN', ...o });
  const refused = async (res: Promise<{ json(): any }>, expected: string) => {
    const j = (await res).json();
    expect(j.code, JSON.stringify(j)).toBe(expected);
    return j;
  };
  const post = async (token: string, body: unknown) => data(call(token, 'POST', '/api/voucher', { body }), 'voucher');
  const act = (token: string, id: number, action: string) => call(token, 'POST', `/api/voucher/${id}/${action}`, { body: {} });
  const line = (subjectId: number, direction: boolean, amount: number, auxes: unknown[] = []) => ({ summary: '业务', subjectId, direction, amount: String(amount), auxes });
  const rollInfo = async (token = settler.token, lang = 'zh_CN') => data(call(token, 'GET', `/api/account/${w.accountId}/rollInfo`, { lang }), 'rollInfo');
  const rolled = async () => (await rows<{ id: number; rolled: boolean }>(sql`select id, rolled from periods where account_year_id = ${w.accountYearId} order by start_at`)).map((p) => p.rolled);
  /** The balance tables of the ledger set equal a group-by over its valid lines (both ways). */
  const expectBalancesExact = async () => {
    const raw = sql`select v.period_id, i.subject_id, sum(i.amount_cents) filter (where i.direction) as d, sum(i.amount_cents) filter (where not i.direction) as c
      from voucher_items i join vouchers v on v.id = i.voucher_id where v.account_id = ${w.accountId} and v.state = 'NORMAL' group by v.period_id, i.subject_id`;
    const stored = sql`select period_id, subject_id, nullif(debit_all, 0) as d, nullif(credit_all, 0) as c from subject_balances where account_id = ${w.accountId}`;
    expect(await rows(sql`(${raw}) except (${stored})`)).toEqual([]);
    expect(await rows(sql`(${stored}) except (${raw})`)).toEqual([]);
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeVoucherWorld(t, admin);
    settler = await makeUser(t, admin, w.companyId, { rightIds: [...MENU, RIGHTS.VOUCHER_EDIT, ...PERIOD_END], name: '周结账' });
    periodEndViewer = await makeUser(t, admin, w.companyId, { rightIds: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_PERIOD_END], name: '吴查看' });
    const list = await rows<{ id: number; code: string }>(sql`select id, code from subjects where account_year_id = ${w.accountYearId} and code in ('3103','5401','1002','5001','5602','1001')`);
    code = Object.fromEntries(list.map((r) => [r.code, r.id]));
  });
  afterAll(async () => t?.close());

  let golden: number[] = [];
  let transferId = 0;

  it('answers what blocks the first settle: unaudited vouchers (ids), profit and loss not transferred (a warning)', async () => {
    const { clerk } = w.users;
    golden = [
      (await post(clerk.token, { accountId: w.accountId, kindId: w.kindId, markTime: '2026-01-05', items: [line(code['1001'], true, 100_000), line(code['5001'], false, 100_000, [{ auxTypeId: 5, auxId: w.projectId }])] })).id,
      (await post(clerk.token, { accountId: w.accountId, kindId: w.kindId, markTime: '2026-01-10', items: [line(code['5602'], true, 30_000, [{ auxTypeId: 1, auxId: w.departmentId }]), line(code['1001'], false, 30_000)] })).id,
      (await post(clerk.token, { accountId: w.accountId, kindId: w.kindId, markTime: '2026-01-20', items: [line(code['5401'], true, 20_000), line(code['1002'], false, 20_000)] })).id,
    ];
    const info = await rollInfo();
    expect(info.period.id).toBe(w.periodIds[0]);
    expect(info.canRoll).toBe(false);
    expect(info.yearEnd).toBe(false);
    expect(info.lastSettled).toBeNull();
    const byCode = Object.fromEntries(info.checks.map((c: { code: string }) => [c.code, c]));
    expect(byCode.NOT_AUDITED).toMatchObject({ level: 'BLOCKER', count: 3, voucherIds: golden, message: '3 张凭证未审核或审核有误' });
    expect(byCode.PROFIT_NOT_TRANSFERRED).toMatchObject({ level: 'WARNING', count: 3 });
    expect(byCode.NOT_BOOKKEPT).toBeUndefined();
    expect(info.debitCents).toBe('150000');
    expect(info.creditCents).toBe('150000');
    const en = await rollInfo(periodEndViewer.token, 'en_US');
    expect(en.checks[0].message).toBe('3 voucher(s) not audited or examined as errors');

    // An invalid voucher is ignored (it keeps its code); a gap in the codes is a warning.
    const invalid = await post(clerk.token, simpleVoucher(w, { markTime: '2026-01-21' }));
    await data(act(w.users.boss.token, invalid.id, 'invalid'), 'invalid');
    const seventh = await post(clerk.token, simpleVoucher(w, { markTime: '2026-01-22', code: '7' }));
    const gaps = await rollInfo();
    const gap = gaps.checks.find((c: { code: string }) => c.code === 'CODE_GAPS');
    expect(gap).toMatchObject({ level: 'WARNING', count: 2, message: '凭证号不连续：记 5, 6' });
    expect(gaps.checks.find((c: { code: string }) => c.code === 'NOT_AUDITED').voucherIds).toEqual([...golden, seventh.id]);
    await data(call(clerk.token, 'DELETE', `/api/voucher/${seventh.id}`), 'delete seventh');
    expect((await rollInfo()).checks.map((c: { code: string }) => c.code)).toEqual(['NOT_AUDITED', 'PROFIT_NOT_TRANSFERRED']);
  });

  it('previews the profit transfer: the lines exactly, nothing written', async () => {
    const before = (await rows(sql`select id from vouchers where account_id = ${w.accountId}`)).length;
    // By default bookkept vouchers only (as Kingdee and Yonyou transfer): none is bookkept yet, nothing to move.
    await refused(call(settler.token, 'POST', '/api/voucher/profitTransfer', { body: { periodId: w.periodIds[0], preview: true } }), 'PROFIT_TRANSFER_NOTHING');
    // Asked to, the unbookkept (even unaudited) vouchers count too.
    const p = await data(call(settler.token, 'POST', '/api/voucher/profitTransfer', { body: { periodId: w.periodIds[0], preview: true, includeUnbooked: true } }), 'preview');
    expect(p.voucher).toBeNull();
    expect(p.markTime).toBe('2026-01-31');
    expect(p.profitSubject).toMatchObject({ id: code['3103'], code: '3103', name: '本年利润', nameEn: 'Profit for the year' });
    // Each line names its subject in both languages (the preview shows the reader's).
    expect(p.lines.map((l: any) => [l.subjectCode, l.subjectName, l.subjectNameEn])[0]).toEqual(['5001', '主营业务收入', 'Main operating revenue']);
    expect(p.totalCents).toBe('150000');
    expect(p.close).toBe('PROFIT_LOSS');
    expect(p.target).toEqual(p.profitSubject);
    // Each auxiliary value comes with its code and name (the preview's auxiliary column shows them).
    const [proj] = await rows<{ code: string; name: string }>(sql`select code, name from projects where id = ${w.projectId}`);
    const [dept] = await rows<{ code: string; name: string }>(sql`select code, name from departments where id = ${w.departmentId}`);
    expect(p.lines.map((l: any) => [l.subjectCode, l.direction, l.amount, l.auxes, l.summary])).toEqual([
      ['5001', true, '100000', [{ auxTypeId: 5, auxId: w.projectId, code: proj.code, name: proj.name }], '结转 2026-01 损益'],
      ['3103', false, '100000', [], '结转 2026-01 损益'],
      ['3103', true, '50000', [], '结转 2026-01 损益'],
      ['5401', false, '20000', [], '结转 2026-01 损益'],
      ['5602', false, '30000', [{ auxTypeId: 1, auxId: w.departmentId, code: dept.code, name: dept.name }], '结转 2026-01 损益'],
    ]);
    expect((await rows(sql`select id from vouchers where account_id = ${w.accountId}`)).length).toBe(before);
    const en = await data(call(settler.token, 'POST', '/api/voucher/profitTransfer', { body: { periodId: w.periodIds[0], preview: true, includeUnbooked: true }, lang: 'en_US' }), 'preview en');
    expect(en.lines[0].summary).toBe('Profit and loss transfer 2026-01');
    // Bookkept vouchers only, said outright: the same as the default.
    await refused(call(settler.token, 'POST', '/api/voucher/profitTransfer', { body: { periodId: w.periodIds[0], preview: true, includeUnbooked: false } }), 'PROFIT_TRANSFER_NOTHING');
  });

  it('writes the transfer voucher through the voucher service; a second transfer finds nothing left', async () => {
    await refused(call(periodEndViewer.token, 'POST', '/api/voucher/profitTransfer', { body: { periodId: w.periodIds[0], includeUnbooked: true } }), 'NO_PERMISSION');
    // The settle right alone does not make vouchers: the maker needs 2010101 (the voucher machine says so).
    const settleOnly = await makeUser(t, admin, w.companyId, { rightIds: [...MENU, ...PERIOD_END] });
    await refused(call(settleOnly.token, 'POST', '/api/voucher/profitTransfer', { body: { periodId: w.periodIds[0], includeUnbooked: true } }), 'NO_PERMISSION');
    const p = await data(call(settler.token, 'POST', '/api/voucher/profitTransfer', { body: { periodId: w.periodIds[0], includeUnbooked: true } }), 'transfer');
    transferId = p.voucher.id;
    expect(p.voucher.items.map((i: any) => [i.subjectCode, i.direction, i.amount])).toEqual([
      ['5001', true, '100000'], ['3103', false, '100000'], ['3103', true, '50000'], ['5401', false, '20000'], ['5602', false, '30000'],
    ]);
    const [v] = await rows<{ source: string; created_by: number; mark_date: string; period_id: number }>(sql`select source, created_by, mark_date::text, period_id from vouchers where id = ${transferId}`);
    expect(v).toEqual({ source: 'PROFIT_TRANSFER', created_by: settler.id, mark_date: '2026-01-31', period_id: w.periodIds[0] });
    await refused(call(settler.token, 'POST', '/api/voucher/profitTransfer', { body: { periodId: w.periodIds[0], includeUnbooked: true } }), 'PROFIT_TRANSFER_NOTHING');
    // Bookkept vouchers only (the default): the earlier transfer must be bookkept first (else its amounts would move twice).
    await refused(call(settler.token, 'POST', '/api/voucher/profitTransfer', { body: { periodId: w.periodIds[0] } }), 'PROFIT_TRANSFER_UNBOOKED');
    // A later revenue is what remains: only it moves.
    const extra = await post(w.users.clerk.token, { accountId: w.accountId, kindId: w.kindId, markTime: '2026-01-25', items: [line(code['1001'], true, 7_000), line(code['5001'], false, 7_000, [{ auxTypeId: 5, auxId: w.projectId }])] });
    const again = await data(call(settler.token, 'POST', '/api/voucher/profitTransfer', { body: { periodId: w.periodIds[0], preview: true, includeUnbooked: true } }), 'again');
    expect(again.lines.map((l: any) => [l.subjectCode, l.direction, l.amount])).toEqual([['5001', true, '7000'], ['3103', false, '7000']]);
    await data(call(w.users.clerk.token, 'DELETE', `/api/voucher/${extra.id}`), 'delete extra');
    await expectBalancesExact();
  });

  it('refuses the settle with the reasons, then settles after audit and bookkeeping', async () => {
    const j = await refused(call(settler.token, 'POST', `/api/account/${w.accountId}/roll`, { body: {} }), 'SETTLE_BLOCKED');
    expect(j.msg).toBe('2026-01 不能结账：4 张凭证未审核或审核有误');
    expect(j.appendix.checks.find((c: any) => c.code === 'NOT_AUDITED').voucherIds).toEqual([...golden, transferId]);
    for (const id of [...golden, transferId]) await data(act(w.users.auditor.token, id, 'audit'), 'audit');
    const j2 = await refused(call(settler.token, 'POST', `/api/account/${w.accountId}/roll`, { body: {}, lang: 'en_US' }), 'SETTLE_BLOCKED');
    expect(j2.msg).toBe('2026-01 cannot be settled: 4 voucher(s) not bookkept');
    for (const id of [...golden, transferId]) await data(act(w.users.auditor.token, id, 'bookkeep'), 'bookkeep');
    const info = await rollInfo();
    expect(info.canRoll).toBe(true);
    expect(info.checks).toEqual([]);
    const r = await data(call(settler.token, 'POST', `/api/account/${w.accountId}/roll`, { body: {} }), 'roll');
    expect(r).toMatchObject({ period: { id: w.periodIds[0], rolled: true }, nextAccountYearId: null, rebuilt: false });
    expect((await rolled()).slice(0, 2)).toEqual([true, false]);
    const after = await rollInfo();
    expect(after.period.id).toBe(w.periodIds[1]);
    expect(after.lastSettled.id).toBe(w.periodIds[0]);
  });

  it('refuses every voucher change inside the settled period', async () => {
    const { clerk, auditor, boss } = w.users;
    await refused(call(clerk.token, 'POST', '/api/voucher', { body: simpleVoucher(w, { markTime: '2026-01-15' }) }), 'PERIOD_SETTLED');
    await refused(act(auditor.token, golden[0], 'reverseBookkeep'), 'PERIOD_SETTLED');
    const feb = await post(clerk.token, simpleVoucher(w, { markTime: '2026-02-03' }));
    await refused(call(clerk.token, 'POST', `/api/voucher/${feb.id}`, { body: { ...simpleVoucher(w, { markTime: '2026-01-12' }), accountId: undefined } }), 'PERIOD_SETTLED');
    await refused(call(settler.token, 'POST', '/api/voucher/profitTransfer', { body: { periodId: w.periodIds[0], preview: true } }), 'PERIOD_SETTLED');
    // A red reversal of a January voucher lands in its own (open) period, not in January.
    await refused(call(boss.token, 'POST', '/api/voucher', { body: { ...simpleVoucher(w, { markTime: '2026-01-30' }), originId: golden[0], originKind: 'REVERSAL' } }), 'PERIOD_SETTLED');
    // Raw SQL hits the database guard too.
    await expect(t.db.db.execute(sql`update vouchers set bill_count = 3 where id = ${golden[1]}`)).rejects.toThrow();
    await data(call(clerk.token, 'DELETE', `/api/voucher/${feb.id}`), 'delete feb');
  });

  it('reverse settles the last settled period only', async () => {
    await data(call(settler.token, 'POST', `/api/account/${w.accountId}/roll`, { body: {} }), 'roll feb (empty)');
    expect((await rolled()).slice(0, 3)).toEqual([true, true, false]);
    const j = await refused(call(settler.token, 'POST', `/api/account/${w.accountId}/reverseRoll`, { body: { periodId: w.periodIds[0] } }), 'REVERSE_SETTLE_NOT_LAST');
    expect(j.msg).toContain('2026-02');
    await refused(call(settler.token, 'POST', `/api/account/${w.accountId}/reverseRoll`, { body: { periodId: w.periodIds[2] } }), 'REVERSE_SETTLE_NOT_LAST');
    expect((await data(call(settler.token, 'POST', `/api/account/${w.accountId}/reverseRoll`, { body: { periodId: w.periodIds[1] } }), 'reverse feb')).period).toMatchObject({ id: w.periodIds[1], rolled: false });
    expect((await data(call(settler.token, 'POST', `/api/account/${w.accountId}/reverseRoll`, { body: {} }), 'reverse jan')).period).toMatchObject({ id: w.periodIds[0], rolled: false });
    await refused(call(settler.token, 'POST', `/api/account/${w.accountId}/reverseRoll`, { body: {} }), 'NOTHING_SETTLED');
    expect(await rolled()).toEqual(Array(12).fill(false));
    // Reopened: the vouchers move again (reverse bookkeeping is allowed, and bookkeeping again).
    await data(act(w.users.auditor.token, golden[0], 'reverseBookkeep'), 'reverse bookkeep');
    await data(act(w.users.auditor.token, golden[0], 'bookkeep'), 'bookkeep');
    await expectBalancesExact();
  });

  it('settles with rewriteBalance: the balance tables are recomputed first', async () => {
    await t.db.db.execute(sql`update subject_balances set debit_all = debit_all + 1 where period_id = ${w.periodIds[0]} and subject_id = ${code['1001']}`);
    const info = await rollInfo();
    expect(info.checks.map((c: any) => [c.code, c.level])).toEqual([['PERIOD_UNBALANCED', 'BLOCKER']]);
    // The message names the table's sides and the vouchers' total (only the debit was bumped: the
    // vouchers total the credit), as the page writes amounts, and the remedy on the page.
    const [debit, credit] = [formatCents(Number(info.debitCents)), formatCents(Number(info.creditCents))];
    expect(Number(info.debitCents) - Number(info.creditCents)).toBe(1);
    expect(info.checks[0].message).toBe(`本期余额表与凭证不符（余额表借方 ${debit}，贷方 ${credit}；凭证合计 ${credit}）：勾选“结账前重算余额”后结账`);
    expect((await rollInfo(settler.token, 'en_US')).checks[0].message)
      .toBe(`The period's balance table does not match its vouchers (table debit ${debit}, credit ${credit}; vouchers ${credit}): tick “Recompute balances before settling” and settle`);
    await refused(call(settler.token, 'POST', `/api/account/${w.accountId}/roll`, { body: { rewriteBalance: false } }), 'SETTLE_BLOCKED');
    const r = await data(call(settler.token, 'POST', `/api/account/${w.accountId}/roll`, { body: { rewriteBalance: true } }), 'roll rewrite');
    expect(r.rebuilt).toBe(true);
    await expectBalancesExact();
    await data(call(settler.token, 'POST', `/api/account/${w.accountId}/reverseRoll`, { body: {} }), 'reverse');
  });

  it('checks rights (6030101) and refuses another company', async () => {
    const { clerk, boss } = w.users;
    await refused(call(clerk.token, 'POST', `/api/account/${w.accountId}/roll`, { body: {} }), 'NO_PERMISSION');
    await refused(call(boss.token, 'POST', `/api/account/${w.accountId}/reverseRoll`, { body: {} }), 'NO_PERMISSION');
    await refused(call(clerk.token, 'GET', `/api/account/${w.accountId}/rollInfo`), 'NO_PERMISSION');
    expect((await rollInfo(periodEndViewer.token)).period.id).toBe(w.periodIds[0]);
    await refused(call(periodEndViewer.token, 'POST', `/api/account/${w.accountId}/roll`, { body: {} }), 'NO_PERMISSION');
    const other = await makeWorld(t, admin);
    const stranger = await makeUser(t, admin, other.companyId, { rightIds: [...MENU, RIGHTS.VOUCHER_EDIT, ...PERIOD_END] });
    await refused(call(stranger.token, 'POST', `/api/account/${w.accountId}/roll`, { body: {} }), 'NO_PERMISSION');
    await refused(call(stranger.token, 'POST', `/api/account/${w.accountId}/reverseRoll`, { body: {} }), 'NO_PERMISSION');
    await refused(call(stranger.token, 'GET', `/api/account/${w.accountId}/rollInfo`), 'NO_PERMISSION');
    await refused(call(stranger.token, 'POST', '/api/voucher/profitTransfer', { body: { periodId: w.periodIds[0], preview: true } }), 'NO_PERMISSION');
    expect(await rolled()).toEqual(Array(12).fill(false));
  });

  it('at year end: profit and loss transferred, 本年利润 closed into 未分配利润, the next account year opened with 3103 at zero', async () => {
    const other = await makeWorld(t, admin, { companyId: w.companyId, year: 2030 });
    const yearClose = (body: Record<string, unknown>, lang = 'zh_CN') => call(settler.token, 'POST', '/api/voucher/profitTransfer', { body: { close: 'YEAR_PROFIT', ...body }, lang });
    // Only in the year's last period.
    const notYet = await refused(yearClose({ periodId: other.periodIds[2], preview: true }), 'YEAR_CLOSE_NOT_YEAR_END');
    expect(notYet.msg).toContain('2030-12');
    // Settle January … November of 2030 (no vouchers), then leave December's P&L untransferred.
    for (let i = 0; i < 11; i++) await data(call(settler.token, 'POST', `/api/account/${other.accountId}/roll`, { body: {} }), `roll ${i}`);
    const kinds = (await data(call(admin, 'GET', '/api/voucher/kind', { query: { accountId: other.accountId } }), 'kinds')).content;
    const subj = Object.fromEntries((await rows<{ id: number; code: string }>(sql`select id, code from subjects where account_year_id = ${other.accountYearId} and code in ('1001','3103','3104','5401')`)).map((r) => [r.code, r.id]));
    const v = await post(w.users.clerk.token, { accountId: other.accountId, kindId: kinds[0].id, markTime: '2030-12-05', items: [line(subj['5401'], true, 500), line(subj['1001'], false, 500)] });
    await data(act(w.users.auditor.token, v.id, 'audit'), 'audit');
    await data(act(w.users.auditor.token, v.id, 'bookkeep'), 'bookkeep');
    const info = await data(call(settler.token, 'GET', `/api/account/${other.accountId}/rollInfo`), 'info');
    expect(info.yearEnd).toBe(true);
    expect(info.checks.map((c: any) => [c.code, c.level])).toEqual([['PROFIT_NOT_TRANSFERRED', 'BLOCKER']]);
    await refused(call(settler.token, 'POST', `/api/account/${other.accountId}/roll`, { body: {} }), 'SETTLE_BLOCKED');
    // 本年利润 is closed after profit and loss is transferred into it (结转损益 first).
    expect((await refused(yearClose({ periodId: other.periodIds[11], preview: true }), 'YEAR_CLOSE_PROFIT_LOSS_OPEN')).msg).toContain('5401');
    const p = await data(call(settler.token, 'POST', '/api/voucher/profitTransfer', { body: { periodId: other.periodIds[11] } }), 'transfer');
    // 3103 now holds the year's loss (debit 5.00): settling December is blocked until it is closed.
    const held = await data(call(settler.token, 'GET', `/api/account/${other.accountId}/rollInfo`), 'info held');
    const blocker = held.checks.find((c: any) => c.code === 'YEAR_PROFIT_NOT_CLOSED');
    expect(blocker).toMatchObject({ level: 'BLOCKER', count: 1, subjectIds: [subj['3103']], message: '本年利润（3103）年末余额 借 5.00 未结转至 3104 利润分配：请结转本年利润' });
    const heldEn = await data(call(settler.token, 'GET', `/api/account/${other.accountId}/rollInfo`, { lang: 'en_US' }), 'info held en');
    expect(heldEn.checks.find((c: any) => c.code === 'YEAR_PROFIT_NOT_CLOSED').message).toBe('Profit for the year (3103) holds Dr 5.00 at the year end, not closed into 3104 Profit distribution: close the profit for the year');
    // Bookkept only: the December transfer must be bookkept first.
    await refused(yearClose({ periodId: other.periodIds[11], preview: true, includeUnbooked: false }), 'PROFIT_TRANSFER_UNBOOKED');
    await data(act(w.users.auditor.token, p.voucher.id, 'audit'), 'audit t');
    await data(act(w.users.auditor.token, p.voucher.id, 'bookkeep'), 'bookkeep t');
    const j = await refused(call(settler.token, 'POST', `/api/account/${other.accountId}/roll`, { body: {} }), 'SETTLE_BLOCKED');
    expect(j.msg).toContain('本年利润（3103）年末余额 借 5.00');

    // 3104 with details but none is 未分配利润: the blocker and the close say so.
    const surplus = (await data(call(admin, 'POST', '/api/subject', { body: { accountYearId: other.accountYearId, code: '310401', name: '提取法定盈余公积' } }), 'subject 310401')).id;
    const missing = (await data(call(settler.token, 'GET', `/api/account/${other.accountId}/rollInfo`), 'info missing')).checks.find((c: any) => c.code === 'YEAR_PROFIT_NOT_CLOSED');
    expect(missing.message).toContain('科目表中未找到');
    await refused(yearClose({ periodId: other.periodIds[11], preview: true }), 'UNDISTRIBUTED_PROFIT_MISSING');
    const undistributed = (await data(call(admin, 'POST', '/api/subject', { body: { accountYearId: other.accountYearId, code: '310415', name: '未分配利润', nameEn: 'Undistributed profit' } }), 'subject 310415')).id;

    // The preview: a loss, so 未分配利润 debited and 本年利润 credited; nothing written.
    const before = (await rows(sql`select id from vouchers where account_id = ${other.accountId}`)).length;
    const pre = await data(yearClose({ periodId: other.periodIds[11], preview: true }), 'year close preview');
    expect(pre).toMatchObject({ close: 'YEAR_PROFIT', markTime: '2030-12-31', voucher: null, totalCents: '500',
      profitSubject: { id: subj['3103'], code: '3103' }, target: { id: undistributed, code: '310415', name: '未分配利润' } });
    expect(pre.lines.map((l: any) => [l.subjectCode, l.direction, l.amount, l.summary])).toEqual([['3103', false, '500', '结转 2030 年本年利润'], ['310415', true, '500', '结转 2030 年本年利润']]);
    expect((await data(yearClose({ periodId: other.periodIds[11], preview: true }, 'en_US'), 'en')).lines[0].summary).toBe('Close profit for the year 2030');
    expect((await rows(sql`select id from vouchers where account_id = ${other.accountId}`)).length).toBe(before);
    const closed = await data(yearClose({ periodId: other.periodIds[11] }), 'year close');
    expect(closed.voucher.items.map((i: any) => [i.subjectCode, i.direction, i.amount])).toEqual([['3103', false, '500'], ['310415', true, '500']]);
    const [cv] = await rows<{ source: string; mark_date: string }>(sql`select source, mark_date::text from vouchers where id = ${closed.voucher.id}`);
    expect(cv).toEqual({ source: 'PROFIT_TRANSFER', mark_date: '2030-12-31' });
    await refused(yearClose({ periodId: other.periodIds[11], preview: true, includeUnbooked: true }), 'YEAR_CLOSE_NOTHING');
    // Bookkept only (the default), the close just written must be bookkept first.
    await refused(yearClose({ periodId: other.periodIds[11], preview: true }), 'PROFIT_TRANSFER_UNBOOKED');
    // The close is no profit and loss transfer: a bookkept-only transfer is not held up by it.
    await refused(call(settler.token, 'POST', '/api/voucher/profitTransfer', { body: { periodId: other.periodIds[11], preview: true, includeUnbooked: false } }), 'PROFIT_TRANSFER_NOTHING');
    const after = await data(call(settler.token, 'GET', `/api/account/${other.accountId}/rollInfo`), 'info closed');
    expect(after.checks.map((c: any) => c.code)).toEqual(['NOT_AUDITED']);
    await data(act(w.users.auditor.token, closed.voucher.id, 'audit'), 'audit c');
    await data(act(w.users.auditor.token, closed.voucher.id, 'bookkeep'), 'bookkeep c');

    const r = await data(call(settler.token, 'POST', `/api/account/${other.accountId}/roll`, { body: {} }), 'year end');
    expect(r.nextAccountYearId).toEqual(expect.any(Number));
    expect(r.carriedForward).toBe(true);
    // The closing balances became 2031's openings: cash credited 500, the year's loss in 未分配利润, 本年利润 at zero.
    const carried = await rows<{ code: string; balance: string }>(sql`select s.code, o.balance_cents::text as balance from opening_balances o join subjects s on s.id = o.subject_id where o.account_year_id = ${r.nextAccountYearId} order by s.code`);
    expect(carried.map((c) => [c.code, Number(c.balance)])).toEqual([['1001', -500], ['310415', 500]]);
    const years = await data(call(admin, 'GET', '/api/account/year', { query: { accountId: other.accountId, expand: 'periods' } }), 'years');
    expect(years.content.map((y: any) => [y.year, y.periods.length])).toEqual([[2030, 12], [2031, 12]]);
    const next = await data(call(settler.token, 'GET', `/api/account/${other.accountId}/rollInfo`), 'info 2031');
    expect(next.year).toBe(2031);
    expect(next.period.name).toBe('2031-01');
    // Subjects were copied from the previous year.
    expect((await rows(sql`select id from subjects where account_year_id = ${r.nextAccountYearId} and code in ('3103', '310401', '310415')`)).length).toBe(3);
    void surplus;
    // 2030 is settled: its cost voucher is reversed in red into 2031 (the small-enterprise standards
    // correct an earlier year's error in the current year), each line on 2031's subject of the same code.
    const reverse = (markTime: string) => call(w.users.clerk.token, 'POST', '/api/voucher', { lang: 'en_US', body: { accountId: other.accountId, kindId: kinds[0].id, markTime, items: [line(subj['1001'], true, 1)], originId: v.id, originKind: 'REVERSAL' } });
    await refused(reverse('2030-12-31'), 'PERIOD_SETTLED');
    // A code 2031's chart lacks is named, and nothing is written.
    const cost2031 = (await rows<{ id: number }>(sql`select id from subjects where account_year_id = ${r.nextAccountYearId} and code = '5401'`))[0].id;
    await data(call(admin, 'DELETE', '/api/subject', { query: { filter: { accountYearId: r.nextAccountYearId, id: [cost2031] } } }), 'delete 5401 of 2031');
    const unmapped = await refused(reverse('2031-01-15'), 'VOUCHER_REVERSAL_UNMAPPED');
    expect(unmapped.msg).toBe('The 2031 chart has no last-level subject with these codes, so the voucher cannot be reversed into 2031: 5401. Add them to the 2031 chart first');
    expect((await rows(sql`select id from vouchers where account_year_id = ${r.nextAccountYearId}`)).length).toBe(0);
    const cost = (await data(call(admin, 'POST', '/api/subject', { body: { accountYearId: r.nextAccountYearId, code: '5401', name: '主营业务成本' } }), 'subject 5401 of 2031')).id;
    const red = await data(reverse('2031-01-15'), 'reversal into 2031');
    const cash2031 = (await rows<{ id: number }>(sql`select id from subjects where account_year_id = ${r.nextAccountYearId} and code = '1001'`))[0].id;
    expect(red).toMatchObject({ accountYearId: r.nextAccountYearId, source: 'REVERSAL', originId: v.id, markTime: '2031-01-15' });
    expect(red.items.map((i: any) => [i.subjectId, i.subjectCode, i.direction, i.amount])).toEqual([[cost, '5401', true, '-500'], [cash2031, '1001', false, '-500']]);
    expect(red.voucherRelationInfos).toEqual([expect.objectContaining({ kind: 'REVERSAL', targetId: v.id, accountYearId: other.accountYearId })]);
    // Reversed once: a second reversal is refused as for any voucher.
    expect((await reverse('2031-01-16')).json().success).toBe(false);
    // Reverse the year end: December reopens; the next year stays (it may already hold vouchers).
    expect((await data(call(settler.token, 'POST', `/api/account/${other.accountId}/reverseRoll`, { body: {} }), 'reverse dec')).period.name).toBe('2030-12');
    // Never into a year before its original: a 2031 voucher reversed into the reopened 2030-12 is refused, nothing written.
    const v31 = await post(w.users.clerk.token, { accountId: other.accountId, kindId: kinds[0].id, markTime: '2031-02-03', items: [line(cost, true, 300), line(cash2031, false, 300)] });
    await data(act(w.users.auditor.token, v31.id, 'audit'), 'audit 2031');
    const count2030 = (await rows(sql`select id from vouchers where account_year_id = ${other.accountYearId}`)).length;
    const earlier = await refused(call(w.users.clerk.token, 'POST', '/api/voucher', { lang: 'en_US', body: { accountId: other.accountId, kindId: kinds[0].id, markTime: '2030-12-31', items: [line(cash2031, true, 1)], originId: v31.id, originKind: 'REVERSAL' } }), 'VOUCHER_REVERSAL_EARLIER_YEAR');
    expect(earlier.msg).toBe('A red reversal cannot go into 2030, a year before its original');
    expect((await rows(sql`select id from vouchers where account_year_id = ${other.accountYearId}`)).length).toBe(count2030);
  });

  it('reverses a voucher of a closed year into the next one with its budget item of the same code, or names the item that year lacks', async () => {
    const other = await makeWorld(t, admin, { companyId: w.companyId, year: 2040 });
    const kinds = (await data(call(admin, 'GET', '/api/voucher/kind', { query: { accountId: other.accountId } }), 'kinds')).content;
    const subj = Object.fromEntries((await rows<{ id: number; code: string }>(sql`select id, code from subjects where account_year_id = ${other.accountYearId} and code in ('1001','1002')`)).map((r) => [r.code, r.id]));
    await t.db.db.execute(sql`update subjects set aux_type_ids = '{6}' where id = ${subj['1002']}`);
    const budget = (await data(call(admin, 'POST', '/api/aux/budget', { body: { accountYearId: other.accountYearId, code: '0301', name: '备用金', kind: 'OUTCOME' } }), 'budget')).id;
    const v = await post(w.users.clerk.token, { accountId: other.accountId, kindId: kinds[0].id, markTime: '2040-06-05', items: [line(subj['1001'], true, 700), line(subj['1002'], false, 700, [{ auxTypeId: 6, auxId: budget }])] });
    await data(act(w.users.auditor.token, v.id, 'audit'), 'audit');
    await data(act(w.users.auditor.token, v.id, 'bookkeep'), 'bookkeep');
    for (let i = 0; i < 12; i++) await data(call(settler.token, 'POST', `/api/account/${other.accountId}/roll`, { body: {} }), `roll ${i}`);
    const next = (await rows<{ id: number }>(sql`select id from account_years where account_id = ${other.accountId} and start_at = '2041-01-01'`))[0].id;
    const reverse = () => call(w.users.clerk.token, 'POST', '/api/voucher', { lang: 'en_US', body: { accountId: other.accountId, kindId: kinds[0].id, markTime: '2041-02-10', items: [line(subj['1001'], true, 1)], originId: v.id, originKind: 'REVERSAL' } });
    const item2041 = await rows<{ id: number }>(sql`select id from budgets where account_year_id = ${next} and code = '0301'`);
    // The year end copied the item: remove it, and the reversal names the row and the item.
    if (item2041.length) await t.db.db.execute(sql`delete from budgets where id = ${item2041[0].id}`);
    expect((await refused(reverse(), 'VOUCHER_REVERSAL_BUDGET_UNMAPPED')).msg).toBe('Row 2: budget item 0301 备用金 has no item with the same code in 2041, so the voucher cannot be reversed into 2041');
    const again = (await data(call(admin, 'POST', '/api/aux/budget', { body: { accountYearId: next, code: '0301', name: '备用金', kind: 'OUTCOME' } }), 'budget 2041')).id;
    const red = await data(reverse(), 'reversal into 2041');
    expect(red.accountYearId).toBe(next);
    expect(red.items.map((i: any) => [i.subjectCode, i.amount, i.auxes.map((a: any) => [a.auxTypeId, a.auxId])])).toEqual([['1001', '-700', []], ['1002', '-700', [[6, again]]]]);
  });

  it('names the subjects the next year lacks before the year-end settle is tried (rollInfo and the settle agree); carried openings stay read-only until the year end is reverse-settled', async () => {
    const other = await makeWorld(t, admin, { companyId: w.companyId, year: 2040 });
    // 2041 was opened early (a copy of 2040's chart as it then stood); a leaf added to 2040 since holds a balance.
    const next = await data(call(admin, 'POST', '/api/account/year', { body: { accountId: other.accountId, year: 2041 } }), 'year 2041');
    const loan = (await data(call(admin, 'POST', '/api/subject', { body: { accountYearId: other.accountYearId, code: '122101', name: '员工借款' } }), 'subject 122101')).id;
    const kinds = (await data(call(admin, 'GET', '/api/voucher/kind', { query: { accountId: other.accountId } }), 'kinds')).content;
    const [cash] = await rows<{ id: number }>(sql`select id from subjects where account_year_id = ${other.accountYearId} and code = '1001'`);
    const v = await post(w.users.clerk.token, { accountId: other.accountId, kindId: kinds[0].id, markTime: '2040-12-05', items: [line(loan, true, 30_000), line(cash.id, false, 30_000)] });
    await data(act(w.users.auditor.token, v.id, 'audit'), 'audit');
    await data(act(w.users.auditor.token, v.id, 'bookkeep'), 'bookkeep');
    for (let i = 0; i < 11; i++) await data(call(settler.token, 'POST', `/api/account/${other.accountId}/roll`, { body: {} }), `roll ${i}`);
    const info = await data(call(settler.token, 'GET', `/api/account/${other.accountId}/rollInfo`), 'info');
    expect(info.yearEnd).toBe(true);
    expect(info.canRoll).toBe(false);
    expect(info.checks).toEqual([{
      code: 'CARRY_SUBJECT_MISSING', level: 'BLOCKER', count: 1, voucherIds: [], subjectIds: [loan],
      message: '2041 年度科目表中没有以下编码的末级科目，年末余额无法结转：122101。请先在 2041 年度科目表中增加这些科目',
    }]);
    const en = await data(call(settler.token, 'GET', `/api/account/${other.accountId}/rollInfo`, { lang: 'en_US' }), 'info en');
    expect(en.checks[0].message).toBe('The 2041 chart has no last-level subject with these codes, so their closing balances cannot be carried forward: 122101. Add these subjects to the 2041 chart first');
    // The settle refuses with the same reason, before anything is carried.
    const j = await refused(call(settler.token, 'POST', `/api/account/${other.accountId}/roll`, { body: {} }), 'SETTLE_BLOCKED');
    expect(j.msg).toBe('2040-12 不能结账：2041 年度科目表中没有以下编码的末级科目，年末余额无法结转：122101。请先在 2041 年度科目表中增加这些科目');
    // The manual carry names the year too.
    expect((await refused(call(admin, 'POST', '/api/opening/carryForward', { body: { fromAccountYearId: other.accountYearId, toAccountYearId: next.id } }), 'OPENING_CARRY_SUBJECT_MISSING')).msg)
      .toBe('2041 年度科目表中没有以下编码的末级科目：122101。请先在 2041 年度科目表中增加这些科目');
    await data(call(admin, 'POST', '/api/subject', { body: { accountYearId: next.id, code: '122101', name: '员工借款' } }), 'subject 122101 in 2041');
    expect(await data(call(settler.token, 'GET', `/api/account/${other.accountId}/rollInfo`), 'info fixed')).toMatchObject({ canRoll: true, checks: [] });
    const r = await data(call(settler.token, 'POST', `/api/account/${other.accountId}/roll`, { body: {} }), 'year end');
    expect(r).toMatchObject({ nextAccountYearId: next.id, carriedForward: true });
    const openings = async () => (await rows<{ code: string; balance: string }>(sql`select s.code, o.balance_cents::text as balance from opening_balances o join subjects s on s.id = o.subject_id where o.account_year_id = ${next.id} order by s.code`)).map((c) => [c.code, Number(c.balance)]);
    expect(await openings()).toEqual([['1001', -30_000], ['122101', 30_000]]);

    // 上年期末 = 本年年初: the carried openings are read-only while 2040-12 stays settled.
    const [cash41] = await rows<{ id: number }>(sql`select id from subjects where account_year_id = ${next.id} and code = '1001'`);
    const list = await data(call(admin, 'GET', '/api/opening', { query: { accountYearId: next.id } }), 'openings 2041');
    expect(list).toMatchObject({ settled: false, carriedFrom: '2040-12' });
    const save = (lang = 'zh_CN') => call(admin, 'POST', '/api/opening', { body: { accountYearId: next.id, rows: [{ subjectId: cash41.id, amountCents: 0 }] }, lang });
    expect((await refused(save(), 'OPENING_CARRIED')).msg).toBe('2041 年的期初余额由 2040 年末结账（2040-12）结转而来，不能修改：如需修改，请先反结账 2040-12');
    expect((await refused(save('en_US'), 'OPENING_CARRIED')).msg).toBe('The 2041 opening balances were carried forward by the settle of 2040-12 (2040 year end) and cannot be changed: reverse-settle 2040-12 first to change them');
    await refused(call(admin, 'POST', '/api/opening/aux', { body: { accountYearId: next.id, subjectId: cash41.id, rows: [] } }), 'OPENING_CARRIED');
    expect((await data(call(admin, 'GET', '/api/opening/aux', { query: { accountYearId: next.id, subjectId: cash41.id } }), 'aux')).carriedFrom).toBe('2040-12');
    expect(await openings()).toEqual([['1001', -30_000], ['122101', 30_000]]);
    // Openings that differ from the prior closing all the same (written before this rule, or behind
    // it) block the new year's settle, with the way to carry them anew.
    await t.db.db.execute(sql`update opening_balances set balance_cents = balance_cents / 2 where account_year_id = ${next.id}`);
    const differs = await data(call(settler.token, 'GET', `/api/account/${other.accountId}/rollInfo`), 'info 2041');
    expect(differs.period.name).toBe('2041-01');
    expect(differs.checks).toEqual([{
      code: 'OPENING_CARRY_DIFFERS', level: 'BLOCKER', count: 2, voucherIds: [], subjectIds: [],
      message: '2 个科目的期初余额与 2040 年末余额不一致（1001, 122101）：请反结账 2040-12 后重新结账，重新结转期初余额',
    }]);
    await refused(call(settler.token, 'POST', `/api/account/${other.accountId}/roll`, { body: {} }), 'SETTLE_BLOCKED');
    // Reverse-settled, 2040-12 no longer stands behind the openings: they may be edited again…
    await data(call(settler.token, 'POST', `/api/account/${other.accountId}/reverseRoll`, { body: {} }), 'reverse 2040-12');
    expect((await data(call(admin, 'GET', '/api/opening', { query: { accountYearId: next.id } }), 'openings reopened')).carriedFrom).toBeNull();
    await data(save(), 'save reopened');
    // …and settling it again carries the closing balances anew.
    await data(call(settler.token, 'POST', `/api/account/${other.accountId}/roll`, { body: {} }), 'year end again');
    expect(await openings()).toEqual([['1001', -30_000], ['122101', 30_000]]);
    expect(await data(call(settler.token, 'GET', `/api/account/${other.accountId}/rollInfo`), 'info 2041 again')).toMatchObject({ canRoll: true, checks: [] });
  });

  it.runIf(backend === 'postgres')('keeps every voucher out of a period while 20 clients post during its settle', async () => {
    const { clerk } = w.users;
    // January is open and clean: everything audited and bookkept.
    expect((await rollInfo()).canRoll).toBe(true);
    for (let round = 0; round < 3; round++) {
      const janBefore = (await rows(sql`select id from vouchers where period_id = ${w.periodIds[0]}`)).length;
      const posts = Array.from({ length: 20 }, (_, i) => call(clerk.token, 'POST', '/api/voucher', { body: simpleVoucher(w, { markTime: i % 2 ? '2026-01-18' : '2026-03-18', cents: 100 + i }) }));
      const settle = call(settler.token, 'POST', `/api/account/${w.accountId}/roll`, { body: { rewriteBalance: round === 1 } });
      const answers = (await Promise.all([...posts, settle])).map((r) => r.json());
      const s = answers.pop();
      const janOk = answers.filter((a, i) => i % 2 && a.success);
      const janRefused = answers.filter((a, i) => i % 2 && !a.success);
      expect(answers.filter((a, i) => !(i % 2)).every((a) => a.success)).toBe(true);
      const janAfter = (await rows(sql`select id from vouchers where period_id = ${w.periodIds[0]}`)).length;
      expect(janAfter).toBe(janBefore + janOk.length);
      if (s.success) {
        // Settled: nothing landed in January after it, every late post was refused by the settle.
        expect(janOk).toEqual([]);
        expect(janRefused.every((a) => a.code === 'PERIOD_SETTLED')).toBe(true);
        await data(call(settler.token, 'POST', `/api/account/${w.accountId}/reverseRoll`, { body: {} }), 'reverse');
      } else {
        // Refused: it names posts that landed before it (later ones land after its refusal), nothing else.
        expect(s.code).toBe('SETTLE_BLOCKED');
        const named: number[] = s.appendix.checks.find((c: any) => c.code === 'NOT_AUDITED').voucherIds;
        expect(named.length).toBeGreaterThan(0);
        const landed = new Set(janOk.map((a) => a.data.id as number));
        expect(named.filter((id) => !landed.has(id))).toEqual([]);
        expect(janRefused).toEqual([]);
      }
      await expectBalancesExact();
      for (const a of answers.filter((x) => x.success)) await data(call(clerk.token, 'DELETE', `/api/voucher/${a.data.id}`), 'clean');
    }
    expect(await rolled()).toEqual(Array(12).fill(false));
  }, 120_000);
});
