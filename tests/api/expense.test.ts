/**
 * Reimbursements (spec 02 §2.8, §3, §4, §5; spec 01 §6 rights 30104/30105, §7 /expense; decision
 * 034) through the API on both backends: codes per month, every line rule of §5 (partly filled
 * lines, duplicates within the document and across the company, no valid data, the cost limit),
 * the audit lock through the machine (per-document results, audited read-only), the invoice-number
 * check, expense kinds with the disable toggle, rights and company scoping.
 */
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { MAX_COST_CENTS } from '../../src/domain/constants';
import { backends, createTestApp, type TestApp } from './harness';
import ExcelJS from 'exceljs';
import { multipart, sheet, workbookAt } from './workbooks';
import { data, demoCompanyId, makeUser, makeWorld, MISSING_ID, unique, type MadeUser, type World } from './factories';

type Body = Record<string, unknown>;

describe.each(backends())('reimbursements (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  let other: World;
  let editor: MadeUser;
  let manager: MadeUser;
  let nobody: MadeUser;
  let travel: number;
  let meals: number;
  let staffId: number;
  let disabledStaffId: number;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, o: { body?: unknown; query?: Record<string, unknown>; token?: string } = {}) =>
    t.call(method, url, { token: o.token ?? admin, body: o.body, query: o.query, lang: 'en_US' });
  const ok = async (method: 'GET' | 'POST' | 'DELETE', url: string, o: { body?: unknown; query?: Record<string, unknown>; token?: string } = {}) => data(call(method, url, o), `${method} ${url}`);
  const fail = async (method: 'GET' | 'POST' | 'DELETE', url: string, o: { body?: unknown; query?: Record<string, unknown>; token?: string } = {}) => {
    const r = await call(method, url, o);
    expect(r.json().success, `${method} ${url}: ${r.body}`).toBe(false);
    return { status: r.statusCode, code: r.json().code as string, msg: r.json().msg as string, appendix: r.json().appendix };
  };
  const line = (no: string, o: Body = {}) => ({ expenseKindId: travel, issueAt: '2026-11-03', no, amount: 12_345, remark: 'taxi', ...o });
  const doc = (invoices: Body[], o: Body = {}) => ({ companyId: w.companyId, markAt: '2026-11-05', submitterId: staffId, submitAt: '2026-11-04', payAt: null, payAmount: 0, markerId: null, invoices, ...o });
  const create = (invoices: Body[], o: Body = {}, token = admin) => ok('POST', '/api/expense', { body: doc(invoices, o), token });
  const no = () => unique('INV').replace(/\s/g, '');

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
    other = await makeWorld(t, admin);
    editor = await makeUser(t, admin, w.companyId, [RIGHTS.REIMBURSE_EDIT]);
    manager = await makeUser(t, admin, w.companyId, [RIGHTS.REIMBURSE_MANAGE]);
    nobody = await makeUser(t, admin, w.companyId, [RIGHTS.VOUCHER]);
    travel = (await ok('POST', '/api/expense/kind', { body: { companyId: w.companyId, name: 'Travel' } })).id;
    meals = (await ok('POST', '/api/expense/kind', { body: { companyId: w.companyId, name: 'Meals' } })).id;
    const dept = await ok('POST', '/api/aux/department', { body: { companyId: w.companyId, code: 'D1', name: 'Office' } });
    staffId = (await ok('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'E1', name: 'Li Lei', departmentId: dept.id } })).id;
    disabledStaffId = (await ok('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'E2', name: 'Han Meimei', departmentId: dept.id, disabled: true } })).id;
  });
  afterAll(async () => t?.close());

  /** Starts a background export, polls its task to the end, and answers the workbook's first sheet. */
  async function exportTask(url: string, body: Record<string, unknown>, token: string) {
    const started = await t.call('POST', url, { token, body, lang: 'en_US' });
    expect(started.json(), started.body).toMatchObject({ success: true, data: { state: 'RUNNING' } });
    let task = started.json().data;
    for (let i = 0; i < 300 && !task.completed && !task.failed; i++) {
      await new Promise((r) => setTimeout(r, 10));
      task = (await t.call('GET', `/api/system/export/${task.token}`, { token, lang: 'en_US' })).json().data;
    }
    expect(task).toMatchObject({ completed: true, failed: false });
    const file = await t.app.inject({ method: 'GET', url: task.result });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    return { kind: task.kind as string, ws: wb.worksheets[0] };
  }

  it('creates a document: the code is the mark month plus the next 4-digit number; blank lines are dropped', async () => {
    const a = await create([line(no()), {}, line(no(), { expenseKindId: meals, amount: -500, remark: null }), { remark: '' }], {}, editor.token);
    expect(a).toMatchObject({ code: '2026110001', markAt: '2026-11-05', submitter: { id: staffId, name: 'Li Lei' }, markerId: editor.id, lockAt: null, amount: 11_845, invoiceCount: 2 });
    expect(a.invoices.map((i: Body) => [i.expenseKindName, i.amount])).toEqual([['Travel', 12_345], ['Meals', -500]]);
    const b = await create([line(no())]);
    expect(b.code).toBe('2026110002');
    // Saved again by someone else, the document keeps its maker (the audit trail names who prepared it).
    expect((await ok('POST', `/api/expense/${a.id}`, { body: { ...doc([line(no())]), companyId: undefined } })).markerId).toBe(editor.id);
    expect((await create([line(no())], { markAt: '2026-12-01' })).code).toBe('2026120001');
    // Another company counts its own numbers.
    const kind = await ok('POST', '/api/expense/kind', { body: { companyId: other.companyId, name: 'Travel' } });
    expect((await ok('POST', '/api/expense', { body: { ...doc([line(no(), { expenseKindId: kind.id })]), companyId: other.companyId, submitterId: null } })).code).toBe('2026110001');
  });

  it('refuses partly filled lines (every missing cell named), no valid data, and amounts above the maximum cost', async () => {
    const partial = await fail('POST', '/api/expense', { body: doc([line(no()), { expenseKindId: travel, no: 'X' }]) });
    expect(partial).toMatchObject({ status: 400, code: 'REIMBURSE_LINE_INCOMPLETE', msg: 'Required fields are not filled! (line 2)' });
    expect(partial.appendix.lines).toEqual([expect.objectContaining({ row: 2, kind: 'incomplete', fields: ['issueAt', 'amount'] })]);
    // A remark alone, or a zero amount, does not make a line complete.
    expect((await fail('POST', '/api/expense', { body: doc([{ remark: 'lunch' }]) })).code).toBe('REIMBURSE_LINE_INCOMPLETE');
    expect((await fail('POST', '/api/expense', { body: doc([line(no(), { amount: 0 })]) })).appendix.lines[0].fields).toEqual(['amount']);
    const empty = await fail('POST', '/api/expense', { body: doc([{}, {}]) });
    expect(empty).toMatchObject({ code: 'REIMBURSE_NO_VALID_DATA', msg: 'No valid data available!' });
    expect((await fail('POST', '/api/expense', { body: doc([line(no(), { amount: MAX_COST_CENTS + 1 })]) })).code).toBe('REIMBURSE_AMOUNT_TOO_LARGE');
    expect((await fail('POST', '/api/expense', { body: doc([line(no(), { amount: -MAX_COST_CENTS - 1 })]) })).code).toBe('REIMBURSE_AMOUNT_TOO_LARGE');
    expect((await create([line(no(), { amount: MAX_COST_CENTS })], { payAmount: MAX_COST_CENTS })).payAmount).toBe(MAX_COST_CENTS);
    expect((await fail('POST', '/api/expense', { body: doc([line(no())], { payAmount: MAX_COST_CENTS + 1 }) })).code).toBe('INVALID_INPUT');
    expect((await fail('POST', '/api/expense', { body: doc([line(no())], { payAmount: -1 }) })).code).toBe('INVALID_INPUT');
    expect((await fail('POST', '/api/expense', { body: doc([line(no(), { issueAt: '2026-02-30' })]) })).code).toBe('INVALID_INPUT');
  });

  it('an invoice number is reimbursed once per company: within the document, across documents, and in the check', async () => {
    const n = no();
    const inDoc = await fail('POST', '/api/expense', { body: doc([line(n), line(` ${n.toLowerCase()} `)]) });
    expect(inDoc).toMatchObject({ status: 409, code: 'REIMBURSE_INVOICE_DUPLICATE' });
    expect(inDoc.msg).toContain('The invoice has been reimbursed and cannot be reimbursed!');
    expect(inDoc.appendix.lines).toEqual([expect.objectContaining({ row: 2, kind: 'duplicate' })]);
    const first = await create([line(n)]);
    const across = await fail('POST', '/api/expense', { body: doc([line(no()), line(n)]) });
    expect(across).toMatchObject({ code: 'REIMBURSE_INVOICE_DUPLICATE', msg: `The invoice has been reimbursed and cannot be reimbursed! (invoice ${n})` });
    expect(across.appendix.lines[0].row).toBe(2);
    // The check: a duplicate outside the document, not inside it.
    expect(await ok('GET', '/api/expense/check', { query: { companyId: w.companyId, no: n } })).toEqual({ duplicate: true, expenseId: first.id, code: first.code });
    expect((await ok('GET', '/api/expense/check', { query: { companyId: w.companyId, no: n, id: first.id } })).duplicate).toBe(false);
    expect((await ok('GET', '/api/expense/check', { query: { companyId: w.companyId, no: no() } })).duplicate).toBe(false);
    // Saving the document again keeps its own numbers.
    expect((await ok('POST', `/api/expense/${first.id}`, { body: { ...doc([line(n, { amount: 1 })]), companyId: undefined } })).amount).toBe(1);
    // Another company may reuse the number.
    const kind = (await ok('GET', '/api/expense/kind', { query: { filter: { companyId: other.companyId } } })).content[0];
    expect((await ok('POST', '/api/expense', { body: { ...doc([line(n, { expenseKindId: kind.id })]), companyId: other.companyId, submitterId: null } })).invoiceCount).toBe(1);
    expect((await ok('GET', '/api/expense/check', { query: { companyId: other.companyId, no: n } })).duplicate).toBe(true);
  });

  it('a number typed in full width (全角) is the same number: refused as a duplicate, found by the check and the filter, stored half-width', async () => {
    const n = no();
    const wide = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    expect(wide(n)).not.toBe(n);
    const inDoc = await fail('POST', '/api/expense', { body: doc([line(n), line(`\u3000${wide(n)}`)]) });
    expect(inDoc).toMatchObject({ status: 409, code: 'REIMBURSE_INVOICE_DUPLICATE' });
    const first = await create([line(wide(n.toLowerCase()))]);
    expect((await ok('GET', `/api/expense/${first.id}`)).invoices[0].no).toBe(n.toLowerCase());
    expect(await fail('POST', '/api/expense', { body: doc([line(n)]) })).toMatchObject({ code: 'REIMBURSE_INVOICE_DUPLICATE' });
    expect(await ok('GET', '/api/expense/check', { query: { companyId: w.companyId, no: wide(n) } })).toEqual({ duplicate: true, expenseId: first.id, code: first.code });
    const found = await ok('GET', '/api/expense', { query: { filter: { companyId: w.companyId, invoiceNo: wide(n.slice(-6)) } } });
    expect(found.content.map((d: { id: number }) => d.id)).toEqual([first.id]);
  });

  it('the database refuses a number reimbursed twice in a company even past the service', async () => {
    const n = no();
    const a = await create([line(n)]);
    const b = await create([line(no())]);
    await expect(t.db.db.execute(sql`update expense_invoices set no_key = ${n.toUpperCase()} where expense_id = ${b.id}`)).rejects.toThrow();
    expect(a.id).toBeGreaterThan(0);
  });

  it('migration 0038 gives the numbers stored in full width before it their half-width keys, except where that key is taken', async () => {
    const wide = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    const [n1, n2] = [no(), no()];
    const a = await create([line(no())]);
    const b = await create([line(no())]);
    const taken = await create([line(n2)]);
    // As the service stored them before: the typed number, its key only spaces and case away.
    await t.db.db.execute(sql`update expense_invoices set no = ${wide(n1)}, no_key = ${wide(n1).toUpperCase()} where expense_id = ${a.id}`);
    await t.db.db.execute(sql`update expense_invoices set no = ${wide(n2)}, no_key = ${wide(n2).toUpperCase()} where expense_id = ${b.id}`);
    const migration = readFileSync(new URL('../../src/server/db/migrations/0038_invoice_no_half_width.sql', import.meta.url), 'utf8');
    await t.db.db.execute(sql.raw(migration));
    const keyOf = async (id: number) => ((await t.db.db.execute(sql`select no, no_key from expense_invoices where expense_id = ${id}`)) as unknown as { rows: { no: string; no_key: string }[] }).rows[0];
    expect(await keyOf(a.id)).toEqual({ no: n1, no_key: n1.toUpperCase() });
    expect(await keyOf(b.id)).toEqual({ no: wide(n2), no_key: wide(n2).toUpperCase() });
    expect((await keyOf(taken.id))!.no_key).toBe(n2.toUpperCase());
    expect((await ok('GET', '/api/expense/check', { query: { companyId: w.companyId, no: n1 } })).expenseId).toBe(a.id);
  });

  it('audits and cancels audits per document through the machine; an audited document is read-only', async () => {
    const a = await create([line(no())]);
    const b = await create([line(no())]);
    const audited = await ok('POST', '/api/expense/lock', { body: { lock: true, ids: [a.id, b.id] }, token: editor.token });
    expect(audited).toEqual([{ id: a.id, code: a.code, ok: true, result: null, msg: null }, { id: b.id, code: b.code, ok: true, result: null, msg: null }]);
    const got = await ok('GET', `/api/expense/${a.id}`);
    expect(got).toMatchObject({ locker: { id: editor.id }, lockerId: editor.id });
    expect(got.lockAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Again: refused per document, the others go on.
    const c = await create([line(no())]);
    const again = await ok('POST', '/api/expense/lock', { body: { lock: true, ids: [a.id, c.id, MISSING_ID] }, token: editor.token });
    expect(again.map((r: Body) => [r.id, r.ok, r.result])).toEqual([[a.id, false, 'REIMBURSE_ALREADY_AUDITED'], [c.id, true, null], [MISSING_ID, false, 'NO_PERMISSION']]);
    expect(again[0].msg).toBe('The reimbursement is already audited');
    // Read-only while audited: update and delete refused.
    expect((await fail('POST', `/api/expense/${a.id}`, { body: { ...doc([line(no())]), companyId: undefined } })).code).toBe('REIMBURSE_AUDITED');
    expect((await fail('DELETE', `/api/expense/${a.id}`)).code).toBe('REIMBURSE_AUDITED');
    // Cancel audit; an unaudited one is refused.
    const cancelled = await ok('POST', '/api/expense/lock', { body: { lock: false, ids: [a.id, a.id, (await create([line(no())])).id] } });
    expect(cancelled.map((r: Body) => [r.ok, r.result])).toEqual([[true, null], [false, 'REIMBURSE_NOT_AUDITED']]);
    expect((await ok('GET', `/api/expense/${a.id}`)).lockAt).toBeNull();
    expect((await ok('POST', `/api/expense/${a.id}`, { body: { ...doc([line(no())]), companyId: undefined } })).invoiceCount).toBe(1);
    await ok('DELETE', `/api/expense/${a.id}`);
    expect((await fail('GET', `/api/expense/${a.id}`)).code).toBe('NO_PERMISSION');
  });

  it('update: stale version refused; another month takes that month\'s number; a disabled submitter only stays', async () => {
    const a = await create([line(no())]);
    expect((await fail('POST', `/api/expense/${a.id}`, { body: { ...doc([line(no())]), companyId: undefined, version: a.version + 1 } })).code).toBe('STALE_DATA');
    const moved = await ok('POST', `/api/expense/${a.id}`, { body: { ...doc([line(no(), { issueAt: '2026-09-01' })]), companyId: undefined, markAt: '2026-09-10' } });
    expect(moved.code).toBe('2026090001');
    expect((await fail('POST', '/api/expense', { body: doc([line(no())], { submitterId: disabledStaffId }) })).code).toBe('REIMBURSE_SUBMITTER_DISABLED');
  });

  it('the maker cannot audit their own reimbursement (as with vouchers): refused per document, whoever they are; another user audits it', async () => {
    const mine = await create([line(no())], {}, editor.token);
    const admins = await create([line(no())]);
    const answer = await ok('POST', '/api/expense/lock', { body: { lock: true, ids: [mine.id, admins.id] }, token: editor.token });
    expect(answer).toEqual([
      { id: mine.id, code: mine.code, ok: false, result: 'REIMBURSE_SELF_AUDIT', msg: 'The maker of a reimbursement cannot audit it' },
      { id: admins.id, code: admins.code, ok: true, result: null, msg: null },
    ]);
    expect((await ok('GET', `/api/expense/${mine.id}`)).lockAt).toBeNull();
    // An administrator is no exception; the message in Chinese as the voucher's.
    const zh = await t.call('POST', '/api/expense/lock', { token: admin, body: { lock: true, ids: [mine.id, admins.id] }, lang: 'zh_CN' });
    expect(zh.json().data[0]).toMatchObject({ ok: true });
    const self = await create([line(no())]);
    const zhSelf = await t.call('POST', '/api/expense/lock', { token: admin, body: { lock: true, ids: [self.id] }, lang: 'zh_CN' });
    expect(zhSelf.json().data).toEqual([{ id: self.id, code: self.code, ok: false, result: 'REIMBURSE_SELF_AUDIT', msg: '报销单的制单人与审核人不能为同一人' }]);
    // The maker stays whoever saved it first: another user's later save does not make them the maker.
    const edited = await ok('POST', `/api/expense/${self.id}`, { body: { ...doc([line(no())]), companyId: undefined }, token: editor.token });
    expect(edited.markerId).not.toBe(editor.id);
    expect((await ok('POST', '/api/expense/lock', { body: { lock: true, ids: [self.id] }, token: editor.token }))[0]).toMatchObject({ ok: true });
    // Cancelling an audit is not an audit: the maker may cancel one (to put the document right).
    expect((await ok('POST', '/api/expense/lock', { body: { lock: false, ids: [self.id] } }))[0]).toMatchObject({ ok: true });
  });

  it('dates: an invoice issued after the mark date is refused naming its line; the mark date stays within the company\'s account years', async () => {
    const late = await fail('POST', '/api/expense', { body: doc([line(no()), line(no(), { issueAt: '2026-11-06' })]) });
    expect(late).toMatchObject({ status: 400, code: 'REIMBURSE_ISSUE_AFTER_MARK', msg: 'Line 2: the invoice date 2026-11-06 is after the mark date 2026-11-05' });
    expect(late.appendix.lines).toEqual([{ index: 1, row: 2, kind: 'issueAfterMark', issueAt: '2026-11-06', markAt: '2026-11-05' }]);
    const zh = await t.call('POST', '/api/expense', { token: admin, body: doc([line(no(), { issueAt: '2026-11-06' })]), lang: 'zh_CN' });
    expect(zh.json().msg).toBe('第1行的开票日期 2026-11-06 晚于制单日期 2026-11-05');
    // The same day is fine.
    expect((await create([line(no(), { issueAt: '2026-11-05' })])).invoiceCount).toBe(1);
    // A stored document moved to an earlier mark date than its invoices: refused too.
    const a = await create([line(no())]);
    expect((await fail('POST', `/api/expense/${a.id}`, { body: { ...doc([line(no())]), companyId: undefined, markAt: '2026-11-02' } })).code).toBe('REIMBURSE_ISSUE_AFTER_MARK');

    // The world's only account year is 2026.
    for (const markAt of ['2099-12-31', '1999-01-01', '2027-01-01', '2025-12-31']) {
      const r = await fail('POST', '/api/expense', { body: doc([line(no(), { issueAt: markAt })], { markAt }) });
      expect(r, markAt).toMatchObject({ status: 400, code: 'REIMBURSE_MARK_DATE_OUT_OF_RANGE', msg: 'The mark date must lie within the company\'s account years (2026-01-01 to 2026-12-31)' });
    }
    expect((await fail('POST', `/api/expense/${a.id}`, { body: { ...doc([line(no())]), companyId: undefined, markAt: '2099-12-31' } })).code).toBe('REIMBURSE_MARK_DATE_OUT_OF_RANGE');
    // Beyond the date fields' years the contract refuses it, as it does a date that is no date.
    expect((await fail('POST', '/api/expense', { body: doc([line(no())], { markAt: '3000-01-01' }) })).code).toBe('INVALID_INPUT');
    expect((await fail('POST', '/api/expense', { body: doc([line(no(), { issueAt: '1899-12-31' })]) })).code).toBe('INVALID_INPUT');
    // A document dated outside them before (an account year deleted since) keeps its date when saved again unchanged.
    await t.db.db.execute(sql`update expenses set mark_at = '2031-03-01' where id = ${a.id}`);
    const kept = await ok('POST', `/api/expense/${a.id}`, { body: { ...doc([line(no())]), companyId: undefined, markAt: '2031-03-01' } });
    expect(kept.markAt).toBe('2031-03-01');
    // A second ledger set's years widen the range (the company's account years, every ledger set's).
    await ok('POST', '/api/account', { body: { companyId: w.companyId, name: unique('Ledger'), year: 2027 } });
    expect((await create([line(no(), { issueAt: '2027-01-01' })], { markAt: '2027-01-02' })).code).toBe('2027010001');
  });

  it('import: an invoice issued after its document\'s mark date, or a mark date outside the account years, is a wrong row at that cell', async () => {
    const head = ['单号 Code', '制单日期 Mark date', '费用类型 Expense kind', '开票日期 Invoice date', '发票号码 Invoice number', '金额 Amount'];
    const file = await sheet([head, ['A1', '2026-11-01', 'Travel', '2026-11-02', no(), '10'], ['B1', '2099-12-31', 'Travel', '2026-11-01', no(), '5']]);
    const res = (await t.app.inject({ method: 'POST', url: `/api/expense/importXls?companyId=${w.companyId}`, ...multipart(file, editor.token) })).json();
    expect(res).toMatchObject({ success: false, code: 'IMPORT_ROWS_INVALID' });
    expect(res.appendix.errors.map((e: Body) => [e.row, e.column, e.message])).toEqual([
      [2, '开票日期 Invoice date', 'The invoice date 2026-11-02 is after the mark date 2026-11-01'],
      [3, '制单日期 Mark date', expect.stringContaining('(2026-01-01 to 2027-12-31)')],
    ]);
  });

  it('import reads amounts as a sheet writes them: thousands separators, ¥, a formula\'s binary noise; "1,00" is not 100', async () => {
    const head = ['单号 Code', '制单日期 Mark date', '付款金额 Pay amount', '费用类型 Expense kind', '开票日期 Invoice date', '发票号码 Invoice number', '金额 Amount'];
    const [n1, n2, n3] = [no(), no(), no()];
    const good = await sheet([head, ['G1', '2026-11-03', '1,234.80', 'Travel', '2026-11-01', n1, '1,234.50'], ['G1', '', '', 'Travel', '2026-11-01', n2, '¥20.00'], ['G1', '', '', 'Travel', '2026-11-01', n3, 0.1 + 0.2]]);
    const done = (await t.app.inject({ method: 'POST', url: `/api/expense/importXls?companyId=${w.companyId}`, ...multipart(good, editor.token) })).json();
    expect(done).toMatchObject({ success: true, data: { created: 1 } });
    const back = (await ok('GET', '/api/expense', { query: { filter: { companyId: w.companyId, invoiceNo: n1 }, expand: 'invoices' } })).content[0];
    expect(back.payAmount).toBe(123_480);
    expect(back.invoices.map((l: Body) => l.amount)).toEqual([123_450, 2_000, 30]);
    const bad = await sheet([head, ['B1', '2026-11-03', '', 'Travel', '2026-11-01', no(), '1,00']]);
    const refused = (await t.app.inject({ method: 'POST', url: `/api/expense/importXls?companyId=${w.companyId}`, ...multipart(bad, editor.token) })).json();
    expect(refused).toMatchObject({ success: false, code: 'IMPORT_ROWS_INVALID', appendix: { errors: [{ row: 2, column: '金额 Amount' }] } });
  });

  it('lists with filters: date range, submitter, state, code, kind, invoice number', async () => {
    const n = no();
    const a = await create([line(n, { expenseKindId: meals, issueAt: '2026-10-19' })], { markAt: '2026-10-20', submitterId: null });
    await ok('POST', '/api/expense/lock', { body: { lock: true, ids: [a.id] }, token: editor.token });
    const list = async (filter: Body, token = admin) => (await ok('GET', '/api/expense', { query: { filter: { companyId: w.companyId, ...filter }, limit: 1000 }, token })).content as Body[];
    expect((await list({ markFrom: '2026-10-01', markTo: '2026-10-31' })).map((e) => e.id)).toEqual([a.id]);
    expect((await list({ state: 'AUDITED', markTo: '2026-10-31' })).map((e) => e.id)).toEqual([a.id]);
    expect((await list({ state: 'UNAUDITED' })).some((e) => e.id === a.id)).toBe(false);
    expect((await list({ code: '202610-0001' })).map((e) => e.id)).toEqual([a.id]);
    expect((await list({ expenseKindId: meals, markTo: '2026-10-31' })).map((e) => e.id)).toEqual([a.id]);
    expect((await list({ invoiceNo: n.slice(-6) })).map((e) => e.id)).toEqual([a.id]);
    expect((await list({ submitterId: staffId })).every((e) => (e.submitter as Body).id === staffId)).toBe(true);
    expect((await list({}, manager.token)).length).toBeGreaterThan(3);
    const expanded = await ok('GET', '/api/expense', { query: { filter: { companyId: w.companyId, id: [a.id] }, expand: 'invoices' } });
    expect(expanded.content[0].invoices).toHaveLength(1);
  });

  it('expense kinds: name unique per company, disable toggle, a disabled kind takes no new line', async () => {
    const k = await ok('POST', '/api/expense/kind', { body: { companyId: w.companyId, name: ' Office supplies ' }, token: manager.token });
    expect(k).toMatchObject({ name: 'Office supplies', disabled: false });
    expect((await fail('POST', '/api/expense/kind', { body: { companyId: w.companyId, name: 'Office supplies' } })).code).toBe('EXPENSE_KIND_NAME_DUPLICATE');
    const off = await ok('POST', `/api/expense/kind/${k.id}`, { body: { disabled: true, version: k.version }, token: manager.token });
    expect(off).toMatchObject({ disabled: true, version: 1 });
    expect((await ok('GET', '/api/expense/kind', { query: { filter: { companyId: w.companyId, disabled: false } } })).content.some((x: Body) => x.id === k.id)).toBe(false);
    const refused = await fail('POST', '/api/expense', { body: doc([line(no(), { expenseKindId: k.id })]) });
    expect(refused).toMatchObject({ code: 'EXPENSE_KIND_DISABLED', msg: 'The expense kind Office supplies is disabled (line 1)' });
    expect((await ok('POST', `/api/expense/kind/${k.id}`, { body: { disabled: null } })).disabled).toBe(false);
  });

  it('a kind disabled since: a stored line that carried it keeps it and saves; a new or changed line with it is refused, naming that line', async () => {
    const k = await ok('POST', '/api/expense/kind', { body: { companyId: w.companyId, name: unique('Entertainment') }, token: manager.token });
    const [n1, n2, n3] = [no(), no(), no()];
    const a = await create([line(n1), line(n2, { expenseKindId: meals }), line(n3, { expenseKindId: k.id })]);
    await ok('POST', `/api/expense/kind/${k.id}`, { body: { disabled: true }, token: manager.token });
    const update = (invoices: Body[], version: number) => call('POST', `/api/expense/${a.id}`, { body: { ...doc(invoices), companyId: undefined, version } });

    // Only line 1's remark changed (the editor sends the sheet's blank rows too): it saves, line 3 keeps the kind.
    const kept = await data(update([line(n1, { remark: 'taxi to the airport' }), line(n2, { expenseKindId: meals }), line(n3, { expenseKindId: k.id }), {}, {}], a.version), 'keep');
    expect(kept.invoices.map((i: Body) => [i.no, i.expenseKindId, i.expenseKindName, i.remark])).toEqual([
      [n1, travel, 'Travel', 'taxi to the airport'], [n2, meals, 'Meals', 'taxi'], [n3, k.id, k.name, 'taxi'],
    ]);
    // The same invoice keeps it wherever it moves and whatever else of it changes.
    const moved = await data(update([line(n3, { expenseKindId: k.id, amount: 999, remark: null }), line(n1), line(n2, { expenseKindId: meals })], kept.version), 'move');
    expect(moved.invoices[0]).toMatchObject({ no: n3, expenseKindId: k.id, amount: 999 });

    const refusedAt = async (invoices: Body[], row: number) => {
      const r = await update(invoices, moved.version);
      expect(r.json(), r.body).toMatchObject({ success: false, code: 'EXPENSE_KIND_DISABLED', msg: `The expense kind ${k.name} is disabled (line ${row})` });
      expect(r.json().appendix.lines).toEqual([{ index: row - 1, row, kind: 'kindDisabled', expenseKindId: k.id }]);
    };
    const stored = [line(n3, { expenseKindId: k.id }), line(n1), line(n2, { expenseKindId: meals })];
    // A new line with the disabled kind, after a blank row: named by its row in the lines sent.
    await refusedAt([...stored, {}, line(no(), { expenseKindId: k.id })], 5);
    // A stored line changed to the disabled kind.
    await refusedAt([stored[0], stored[1], line(n2, { expenseKindId: k.id })], 3);
    // Its invoice number changed: another invoice, which cannot take the disabled kind.
    await refusedAt([stored[1], line(no(), { expenseKindId: k.id })], 2);
    // Nothing was written by the refusals.
    expect((await ok('GET', `/api/expense/${a.id}`)).version).toBe(moved.version);
  });

  it('rights: 30105 writes and audits, 30104 reads and manages kinds, neither sees nothing', async () => {
    const a = await create([line(no())]);
    expect((await fail('POST', '/api/expense', { body: doc([line(no())]), token: manager.token })).code).toBe('NO_PERMISSION');
    expect((await fail('POST', '/api/expense/lock', { body: { lock: true, ids: [a.id] }, token: manager.token })).code).toBe('NO_PERMISSION');
    expect((await fail('DELETE', `/api/expense/${a.id}`, { token: manager.token })).code).toBe('NO_PERMISSION');
    expect((await ok('GET', `/api/expense/${a.id}`, { token: manager.token })).id).toBe(a.id);
    expect((await ok('GET', `/api/expense/${a.id}`, { token: editor.token })).id).toBe(a.id);
    expect((await fail('POST', '/api/expense/kind', { body: { companyId: w.companyId, name: 'X' }, token: editor.token })).code).toBe('NO_PERMISSION');
    for (const [m, url, o] of [
      ['GET', `/api/expense/${a.id}`, {}],
      ['GET', '/api/expense', { query: { filter: { companyId: w.companyId } } }],
      ['GET', '/api/expense/kind', { query: { filter: { companyId: w.companyId } } }],
      ['GET', '/api/expense/check', { query: { companyId: w.companyId, no: 'X' } }],
    ] as const) expect((await fail(m, url, { ...o, token: nobody.token })).code, url).toBe('NO_PERMISSION');
  });

  it('another company\'s ids are refused: documents, kinds, employees, and lock', async () => {
    const otherKind = (await ok('GET', '/api/expense/kind', { query: { filter: { companyId: other.companyId } } })).content[0];
    const foreign = (await ok('GET', '/api/expense', { query: { filter: { companyId: other.companyId } } })).content[0];
    // The editor of w is not linked to the other company.
    expect((await fail('GET', `/api/expense/${foreign.id}`, { token: editor.token })).code).toBe('NO_PERMISSION');
    expect((await fail('POST', `/api/expense/${foreign.id}`, { body: { ...doc([line(no())]), companyId: undefined }, token: editor.token })).code).toBe('NO_PERMISSION');
    expect((await fail('DELETE', `/api/expense/${foreign.id}`, { token: editor.token })).code).toBe('NO_PERMISSION');
    expect((await fail('POST', '/api/expense/lock', { body: { lock: true, ids: [foreign.id] }, token: editor.token })).code).toBe('NO_PERMISSION');
    expect((await fail('POST', `/api/expense/kind/${otherKind.id}`, { body: { disabled: true }, token: manager.token })).code).toBe('NO_PERMISSION');
    // Even the admin cannot mix companies: another company's kind or employee in a document of w.
    expect((await fail('POST', '/api/expense', { body: doc([line(no(), { expenseKindId: otherKind.id })]) })).code).toBe('NO_PERMISSION');
    const dept = await ok('POST', '/api/aux/department', { body: { companyId: other.companyId, code: 'D9', name: 'Elsewhere' } });
    const stranger = await ok('POST', '/api/aux/employee', { body: { companyId: other.companyId, code: 'E9', name: 'Stranger', departmentId: dept.id } });
    expect((await fail('POST', '/api/expense', { body: doc([line(no())], { submitterId: stranger.id }) })).code).toBe('NO_PERMISSION');
    // Lock: ids of w first, a foreign one refused per document.
    const mine = await create([line(no())], {}, editor.token);
    const mixed = await ok('POST', '/api/expense/lock', { body: { lock: true, ids: [mine.id, foreign.id] } });
    expect(mixed.map((r: Body) => [r.id, r.ok, r.result])).toEqual([[mine.id, true, null], [foreign.id, false, 'NO_PERMISSION']]);
    expect((await ok('GET', `/api/expense/${foreign.id}`)).lockAt).toBeNull();
  });

  it('an employee who submitted a reimbursement is in use (no delete)', async () => {
    const dept = await ok('POST', '/api/aux/department', { body: { companyId: w.companyId, code: unique('D').replace(/\s/g, '').slice(0, 20), name: 'Used check' } });
    const e = await ok('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: unique('E').replace(/\s/g, '').slice(0, 20), name: 'Claimant', departmentId: dept.id } });
    expect(await ok('GET', `/api/aux/employee/${e.id}/used`)).toBe(false);
    await create([line(no())], { submitterId: e.id });
    expect(await ok('GET', `/api/aux/employee/${e.id}/used`)).toBe(true);
  });

  it('the demo company has its expense kinds (one disabled) and 40 reimbursements in both states', async () => {
    const demo = await demoCompanyId(t, admin);
    const kinds = (await ok('GET', '/api/expense/kind', { query: { filter: { companyId: demo } } })).content as Body[];
    expect(kinds.length).toBeGreaterThanOrEqual(7);
    expect(kinds.filter((k) => k.disabled).length).toBeGreaterThanOrEqual(1);
    const all = await ok('GET', '/api/expense', { query: { filter: { companyId: demo }, limit: 1000 } });
    expect(all.total).toBeGreaterThanOrEqual(40);
    const audited = await ok('GET', '/api/expense', { query: { filter: { companyId: demo, state: 'AUDITED' }, limit: 1000 } });
    const unaudited = await ok('GET', '/api/expense', { query: { filter: { companyId: demo, state: 'UNAUDITED' }, limit: 1000 } });
    expect(audited.total).toBeGreaterThanOrEqual(20);
    expect(unaudited.total).toBeGreaterThanOrEqual(1);
    expect(audited.total + unaudited.total).toBe(all.total);
  });

  it('export / import round trip in the expense template\'s layout; a reimbursed number imports nothing, naming its row', async () => {
    const tpl = await workbookAt(t, '/api/expense/template', editor.token);
    const headers = (tpl.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(expect.arrayContaining(['单号 Code', '制单日期 Mark date', '费用类型 Expense kind', '开票日期 Invoice date', '发票号码 Invoice number', '金额 Amount']));
    expect(tpl.worksheets[1].name).toBe('说明 Notes');
    const [n1, n2] = [no(), no()];
    const a = await create([line(n1, { amount: 12_850, remark: '=cmd' }), line(n2, { expenseKindId: meals, amount: -300 })], { payAmount: 12_550 });
    const res = await t.app.inject({ method: 'GET', url: `/api/expense/exportXls?filter=${encodeURIComponent(JSON.stringify({ companyId: w.companyId, id: [a.id] }))}`, headers: { authorization: `Bearer ${manager.token}` } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(3);
    expect(ws.getRow(2).values).toEqual(expect.arrayContaining([a.code.slice(0, 6) + '-' + a.code.slice(6), 'Travel', n1, 128.5, "'=cmd", 'Li Lei', 'E1']));
    // The same workbook through the background export task (decision 043); the reader's right suffices.
    const viaTask = await exportTask('/api/expense/export', { filter: { companyId: w.companyId, id: [a.id] } }, manager.token);
    expect(viaTask.kind).toBe('EXPENSE');
    expect(viaTask.ws.rowCount).toBe(3);
    expect(viaTask.ws.getRow(2).values).toEqual(ws.getRow(2).values);
    // Importing while the numbers are reimbursed: refused at the row, nothing created.
    const before = (await ok('GET', '/api/expense', { query: { filter: { companyId: w.companyId } } })).total;
    const refused = await t.app.inject({ method: 'POST', url: `/api/expense/importXls?companyId=${w.companyId}`, ...multipart(res.rawPayload, editor.token) });
    expect(refused.json()).toMatchObject({ success: false, code: 'IMPORT_ROWS_INVALID' });
    expect(refused.json().appendix.errors[0]).toMatchObject({ row: 2 });
    expect(refused.json().msg).toContain('The invoice has been reimbursed and cannot be reimbursed!');
    // Every already-reimbursed line is a wrong row, with the error workbook (decision 018).
    expect(refused.json().appendix.errors.map((e: Body) => [e.row, e.column])).toEqual([[2, '发票号码 Invoice number'], [3, '发票号码 Invoice number']]);
    expect(refused.json().msg).toContain('(2 row(s) with errors)');
    expect(refused.json().appendix.errorFile).toMatch(/^\/api\/files\//);
    expect((await ok('GET', '/api/expense', { query: { filter: { companyId: w.companyId } } })).total).toBe(before);
    // Delete the document, import the file again: the same lines come back in a new document.
    await ok('DELETE', `/api/expense/${a.id}`);
    const done = await t.app.inject({ method: 'POST', url: `/api/expense/importXls?companyId=${w.companyId}`, ...multipart(res.rawPayload, editor.token) });
    expect(done.json(), done.body).toMatchObject({ success: true, data: { created: 1 } });
    const back = (await ok('GET', '/api/expense', { query: { filter: { companyId: w.companyId, invoiceNo: n1 }, expand: 'invoices' } })).content[0];
    expect(back).toMatchObject({ markAt: a.markAt, submitterId: staffId, payAmount: 12_550, lockAt: null, markerId: editor.id });
    expect(back.invoices.map((l: Body) => [l.expenseKindName, l.no, l.amount, l.remark])).toEqual([['Travel', n1, 12_850, '=cmd'], ['Meals', n2, -300, 'taxi']]);
    // A wrong cell and an unknown kind name the row; the manager (no 30105) cannot import.
    const wrong = await sheet([['单号 Code', '制单日期 Mark date', '费用类型 Expense kind', '开票日期 Invoice date', '发票号码 Invoice number', '金额 Amount'], ['X1', '2026-11-01', 'Travel', '2026-11-01', no(), 'abc']]);
    const w1 = await t.app.inject({ method: 'POST', url: `/api/expense/importXls?companyId=${w.companyId}`, ...multipart(wrong, editor.token) });
    expect(w1.json()).toMatchObject({ code: 'IMPORT_ROWS_INVALID', appendix: { errors: [{ row: 2, column: '金额 Amount' }] } });
    const unknownKind = await sheet([['单号 Code', '制单日期 Mark date', '费用类型 Expense kind', '开票日期 Invoice date', '发票号码 Invoice number', '金额 Amount'], ['X1', '2026-11-01', 'Nope', '2026-11-01', no(), '1']]);
    expect((await t.app.inject({ method: 'POST', url: `/api/expense/importXls?companyId=${w.companyId}`, ...multipart(unknownKind, editor.token) })).json().msg).toContain('Nope');
    expect((await t.app.inject({ method: 'POST', url: `/api/expense/importXls?companyId=${w.companyId}`, ...multipart(wrong, manager.token) })).json().code).toBe('NO_PERMISSION');
    expect((await t.app.inject({ method: 'POST', url: `/api/expense/importXls?companyId=${other.companyId}`, ...multipart(wrong, editor.token) })).json().code).toBe('NO_PERMISSION');
  });
  it('import reports every wrong row at once (cells and business rules), by sheet row only, with the error workbook; nothing saved', async () => {
    await ok('POST', '/api/expense/kind', { body: { companyId: w.companyId, name: 'Retired', disabled: true } });
    const reimbursed = no();
    await create([line(reimbursed)]);
    const [n1, n2, n3, n4] = [no(), no(), no(), no()];
    const head = ['单号 Code', '制单日期 Mark date', '报销人编码 Submitter code', '付款金额 Pay amount', '费用类型 Expense kind', '开票日期 Invoice date', '发票号码 Invoice number', '金额 Amount', '备注 Remark'];
    const file = await sheet([
      head,
      ['A1', '2026-11-01', 'E999', '', 'Travel', '2026-11-01', n1, '10'], // row 2: unknown submitter
      ['B1', 'bad', '', '', 'Nope kind', '2026-11-01', n2, '5'], // row 3: a mark date that is no date, an unknown kind
      ['C1', '2026-11-01', '', '-5', 'Travel', '2026-11-01', n1, '0'], // row 4: negative pay amount, amount 0, n1 again
      ['D1', '2026-11-01', 'E2', '', 'Retired', '2026-11-01', reimbursed, '7'], // row 5: disabled submitter and kind, reimbursed number
      ['E1', '2026-11-01', 'E1', '', 'Meals', '2026-11-01', n3, '3'], // row 6: a good document …
      ['E1', '', '', '', 'Travel', '', n4, '4', 'x'.repeat(51)], // row 7: … whose second line has no date and a long remark
      ['F1', '2026-11-01', '', '', 'Travel', '2026-11-01', no(), '2'], // row 8: good
    ]);
    const before = (await ok('GET', '/api/expense', { query: { filter: { companyId: w.companyId } } })).total;
    const res = await t.app.inject({ method: 'POST', url: `/api/expense/importXls?companyId=${w.companyId}`, ...multipart(file, editor.token) });
    const j = res.json();
    expect(j, res.body).toMatchObject({ success: false, code: 'IMPORT_ROWS_INVALID' });
    const errors = j.appendix.errors as Array<{ row: number; column: string | null; message: string }>;
    expect(errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [2, '报销人编码 Submitter code', 'No record has the code E999'],
      [3, '制单日期 Mark date', 'must be a valid date such as 2025-01-31'],
      [3, '费用类型 Expense kind', 'No record has the code Nope kind'],
      [4, '付款金额 Pay amount', 'must be at least 0'],
      [4, '金额 Amount', 'cannot be zero'],
      [4, '发票号码 Invoice number', `The invoice number ${n1} is already on row 2`],
      [5, '费用类型 Expense kind', 'The expense kind Retired is disabled'],
      [5, '报销人编码 Submitter code', 'The submitter is disabled'],
      [5, '发票号码 Invoice number', `The invoice has been reimbursed and cannot be reimbursed! (invoice ${reimbursed})`],
      [7, '开票日期 Invoice date', 'is required'],
      [7, '备注 Remark', 'must have at most 50 characters'],
    ]);
    expect(j.msg).toBe('Import failed, nothing was imported: row 2: 报销人编码 Submitter code: No record has the code E999 (5 row(s) with errors)');
    // The error workbook: the upload with the error column, every wrong row's messages.
    const wb = await workbookAt(t, j.appendix.errorFile);
    const ws = wb.worksheets[0];
    const errorCol = ws.getRow(1).cellCount;
    expect(ws.getRow(1).getCell(errorCol).text).toBe('错误 Error');
    expect(ws.getRow(4).getCell(errorCol).text).toContain('金额 Amount: cannot be zero');
    expect(ws.getRow(8).getCell(errorCol).text).toBe('');
    expect((await ok('GET', '/api/expense', { query: { filter: { companyId: w.companyId } } })).total).toBe(before);

    // failFast: the first wrong row only; in Chinese the messages name the sheet row only (no line number of a document).
    const first = (await t.app.inject({ method: 'POST', url: `/api/expense/importXls?companyId=${w.companyId}&failFast=true`, ...multipart(file, editor.token) })).json();
    expect(first.appendix.errors).toHaveLength(1);
    const zh = multipart(file, editor.token);
    const zhRes = (await t.app.inject({ method: 'POST', url: `/api/expense/importXls?companyId=${w.companyId}`, payload: zh.payload, headers: { ...zh.headers, 'x-language': 'zh_CN' } })).json();
    const zhMessages = (zhRes.appendix.errors as Array<{ message: string }>).map((e) => e.message);
    expect(zhMessages).toEqual(expect.arrayContaining(['不能为零', '不能小于 0', '须为有效日期，格式如 2025-01-31', `发票号码 ${n1} 与第 2 行重复`, '费用类型 Retired 已停用']));
    expect(zhMessages.join()).not.toMatch(/第\s*\d+\s*行）|必填项未填写/);
    expect((await ok('GET', '/api/expense', { query: { filter: { companyId: w.companyId } } })).total).toBe(before);
  });
});
