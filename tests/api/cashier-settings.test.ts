/**
 * Cashier settings (spec 01 §2, §3, §7; decision 028): banks, bank accounts and income/outcome kinds
 * through the API on both backends — subject rules by kind, unique code and account number per
 * company, bank only on BANK accounts, scoping to company and ledger set, the cashier settings
 * right (604), the used-checks (a linked subject cannot be deleted), and the bank account
 * workbook (bilingual template, all-or-nothing import with row numbers, export task).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS } from '../../src/domain/rights';
import { backends, createTestApp, type TestApp } from './harness';
import { data, demoCompanyId, makeUser, makeWorld, MISSING_ID, type World } from './factories';
import { exportWorkbook, multipart, sheet, workbookAt } from './workbooks';

const HEADERS = ['账户编码 Code', '账户名称 Name', '账户类型 Kind', '开户银行编码 Bank code', '银行账号 Account number', '币种编码 Currency code', '科目编码 Subject code', '开户日期 Opening date', '停用 Disabled', '备注 Remark'];

describe.each(backends())('cashier settings (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  const sub: Record<string, number> = {};
  let icbc: number;
  const post = (url: string, body: Record<string, unknown>, token = admin) => t.call('POST', url, { token, body, lang: 'en_US' });
  const ok = (url: string, body: Record<string, unknown>, token = admin) => data(post(url, body, token), url);
  const accounts = async (filter: Record<string, unknown> = {}, token = admin) =>
    (await data(t.call('GET', '/api/common/bankAccount', { token, query: { filter: { accountId: w.accountId, ...filter }, limit: 100 } }), 'accounts')).content as Array<Record<string, any>>;
  const subjectOf = async (code: string, accountYearId = w.accountYearId) =>
    (await data(t.call('GET', '/api/subject', { token: admin, query: { filter: { accountYearId, code } } }), 'subject')).content[0].id as number;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
    for (const c of ['1001', '1002', '1012', '5001', '5602']) sub[c] = await subjectOf(c);
    // Two bank sub-accounts under 1002: 1002 becomes a parent.
    sub['100201'] = (await ok('/api/subject', { accountYearId: w.accountYearId, code: '100201', name: '工行' })).id;
    sub['100202'] = (await ok('/api/subject', { accountYearId: w.accountYearId, code: '100202', name: '招行' })).id;
    icbc = (await ok('/api/common/bank', { companyId: w.companyId, code: ' ICBC ', name: '工商银行' })).id;
  });
  afterAll(async () => t?.close());

  it('banks: code trimmed and unique per company, used while an account names it', async () => {
    const list = await data(t.call('GET', '/api/common/bank', { token: admin, query: { filter: { companyId: w.companyId } } }), 'banks');
    expect(list.content).toEqual([expect.objectContaining({ code: 'ICBC', name: '工商银行', disabled: false })]);
    const dup = await post('/api/common/bank', { companyId: w.companyId, code: 'ICBC', name: 'Again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'BANK_CODE_DUPLICATE', msg: 'The bank code ICBC already exists' });
    const other = await makeWorld(t, admin);
    expect((await ok('/api/common/bank', { companyId: other.companyId, code: 'ICBC', name: '工商银行' })).code).toBe('ICBC');
    const cmb = await ok('/api/common/bank', { companyId: w.companyId, code: 'CMB', name: '招商银行' });
    const renamed = await ok(`/api/common/bank/${cmb.id}`, { name: '招商银行股份', disabled: null, version: cmb.version });
    expect(renamed).toMatchObject({ name: '招商银行股份', version: 1, disabled: false });
    expect((await post(`/api/common/bank/${cmb.id}`, { code: 'ICBC' })).json().code).toBe('BANK_CODE_DUPLICATE');
    expect((await data(t.call('GET', `/api/common/bank/${cmb.id}/used`, { token: admin }), 'used'))).toBe(false);
    expect((await t.call('DELETE', `/api/common/bank/${cmb.id}`, { token: admin })).json().success).toBe(true);
  });

  it('bank accounts: a CASH account links a cash subject, a BANK account a bank subject with its bank, others any enabled leaf', async () => {
    const cash = await ok('/api/common/bankAccount', { accountYearId: w.accountYearId, code: 'C01', name: '现金', kind: 'CASH', subjectId: sub['1001'], openedAt: '2026-01-01' });
    expect(cash).toMatchObject({ accountId: w.accountId, kind: 'CASH', bankId: null, subject: { id: sub['1001'], code: '1001', name: '库存现金', accountYearId: w.accountYearId }, openedAt: '2026-01-01', disabled: false });
    const bad = async (body: Record<string, unknown>, code: string, msg?: string) => {
      const res = await post('/api/common/bankAccount', { accountYearId: w.accountYearId, code: 'X1', name: 'X', ...body });
      expect(res.json().code, JSON.stringify(body)).toBe(code);
      if (msg) expect(res.json().msg).toBe(msg);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    };
    await bad({ kind: 'CASH', subjectId: sub['100201'] }, 'CASHIER_SUBJECT_NOT_CASH', 'A cash account needs a cash on hand subject (1001 or below); 100201 is not one');
    await bad({ kind: 'BANK', bankId: icbc, subjectId: sub['1001'] }, 'CASHIER_SUBJECT_NOT_BANK');
    await bad({ kind: 'BANK', bankId: icbc, subjectId: sub['1002'] }, 'CASHIER_SUBJECT_NOT_LEAF');
    await bad({ kind: 'BANK', subjectId: sub['100201'] }, 'BANK_ACCOUNT_BANK_REQUIRED');
    await bad({ kind: 'WX_PAY', bankId: icbc, subjectId: sub['1012'] }, 'BANK_ACCOUNT_BANK_ONLY');
    await bad({ kind: 'BANK', bankId: icbc, subjectId: MISSING_ID }, 'NO_PERMISSION');
    await bad({ kind: 'SAFE', subjectId: sub['1001'] }, 'INVALID_INPUT');
    const bank = await ok('/api/common/bankAccount', { accountYearId: w.accountYearId, code: 'B01', name: '工行基本户', kind: 'BANK', bankId: icbc, accountNo: '6222 0200 1234', subjectId: sub['100201'] });
    expect(bank).toMatchObject({ accountNo: '622202001234', bank: { id: icbc, code: 'ICBC' }, subject: { code: '100201' } });
    const wx = await ok('/api/common/bankAccount', { accountYearId: w.accountYearId, code: 'W01', name: '微信', kind: 'WX_PAY', subjectId: sub['1012'], remark: ' 收款码 ' });
    expect(wx).toMatchObject({ kind: 'WX_PAY', remark: '收款码' });
    // A disabled subject takes no new account.
    await ok(`/api/subject/${sub['100202']}`, { disabled: true });
    await bad({ kind: 'BANK', bankId: icbc, subjectId: sub['100202'] }, 'CASHIER_SUBJECT_DISABLED');
    await ok(`/api/subject/${sub['100202']}`, { disabled: false });
  });

  it('bank accounts: code and account number unique in the company (across its ledger sets), edits checked by the same rules', async () => {
    const dup = await post('/api/common/bankAccount', { accountYearId: w.accountYearId, code: 'B01', name: 'Again', kind: 'CASH', subjectId: sub['1001'] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'BANK_ACCOUNT_CODE_DUPLICATE', msg: 'The account code B01 already exists' });
    const no = await post('/api/common/bankAccount', { accountYearId: w.accountYearId, code: 'B02', name: 'Same number', kind: 'BANK', bankId: icbc, accountNo: '622202001234', subjectId: sub['100202'] });
    expect(no.json()).toMatchObject({ code: 'BANK_ACCOUNT_NO_DUPLICATE' });
    // A second ledger set of the same company: the code is taken there too.
    const second = await ok('/api/account', { companyId: w.companyId, name: 'Second ledger', year: 2026 });
    const secondYear = second.accountYears[0].id;
    const clash = await post('/api/common/bankAccount', { accountYearId: secondYear, code: 'C01', name: '现金', kind: 'CASH', subjectId: await subjectOf('1001', secondYear) });
    expect(clash.json().code).toBe('BANK_ACCOUNT_CODE_DUPLICATE');
    // A subject of another ledger set's year is refused for this account.
    const [b01] = await accounts({ keyword: 'B01' });
    const cross = await post(`/api/common/bankAccount/${b01.id}`, { accountYearId: secondYear, subjectId: await subjectOf('1002', secondYear) });
    expect(cross.json().code).toBe('CASHIER_SUBJECT_OTHER_LEDGER');
    // Kind changes are checked against the subject; moving to another bank subject works; stale versions are refused.
    expect((await post(`/api/common/bankAccount/${b01.id}`, { kind: 'CASH' })).json().code).toBe('CASHIER_SUBJECT_NOT_CASH');
    const moved = await ok(`/api/common/bankAccount/${b01.id}`, { subjectId: sub['100202'], version: b01.version });
    expect(moved).toMatchObject({ subject: { code: '100202' }, version: b01.version + 1 });
    expect((await post(`/api/common/bankAccount/${b01.id}`, { name: 'x', version: b01.version })).json().code).toBe('STALE_DATA');
    // Turning it into an OTHER account drops the bank.
    const other = await ok(`/api/common/bankAccount/${b01.id}`, { kind: 'OTHER' });
    expect(other).toMatchObject({ kind: 'OTHER', bankId: null, bank: null });
    await ok(`/api/common/bankAccount/${b01.id}`, { kind: 'BANK', bankId: icbc });
    // Nothing to change answers the account as it is.
    const same = await ok(`/api/common/bankAccount/${b01.id}`, { name: b01.name });
    expect(same.version).toBe((await accounts({ keyword: 'B01' }))[0].version);
    // The list: keyword on the number, kind filter.
    expect((await accounts({ keyword: '20200' })).map((a) => a.code)).toEqual(['B01']);
    expect((await accounts({ kind: 'CASH' })).map((a) => a.code)).toEqual(['C01']);
  });

  it('used-checks: a bank named by an account and a subject linked by an account cannot be deleted; an unused account can', async () => {
    expect(await data(t.call('GET', `/api/common/bank/${icbc}/used`, { token: admin }), 'used')).toBe(true);
    expect((await t.call('DELETE', `/api/common/bank/${icbc}`, { token: admin, lang: 'en_US' })).json().code).toBe('IN_USE');
    expect(await data(t.call('GET', '/api/subject/used', { token: admin, query: { id: sub['1012'] } }), 'used')).toBe(true);
    const del = await t.call('DELETE', '/api/subject', { token: admin, query: { filter: { accountYearId: w.accountYearId, id: [sub['1012']] } } });
    expect(del.json().code).toBe('SUBJECT_IN_USE');
    const [wx] = await accounts({ keyword: 'W01' });
    expect(await data(t.call('GET', `/api/common/bankAccount/${wx.id}/used`, { token: admin }), 'used')).toBe(false);
    expect((await t.call('DELETE', `/api/common/bankAccount/${wx.id}`, { token: admin })).json().success).toBe(true);
    expect(await data(t.call('GET', '/api/subject/used', { token: admin, query: { id: sub['1012'] } }), 'used')).toBe(false);
  });

  it('deleting the account year of a linked subject keeps the account and clears its link', async () => {
    const next = await ok('/api/account/year', { accountId: w.accountId, year: 2027 });
    const cash2027 = await subjectOf('1001', next.id);
    const a = await ok('/api/common/bankAccount', { accountYearId: next.id, code: 'Y27', name: '现金 2027', kind: 'CASH', subjectId: cash2027 });
    expect(a.subject).toMatchObject({ accountYearId: next.id, code: '1001' });
    expect((await t.call('DELETE', `/api/account/year/${next.id}`, { token: admin })).json().success).toBe(true);
    const [kept] = await accounts({ keyword: 'Y27' });
    expect(kept).toMatchObject({ code: 'Y27', subjectId: null, subject: null });
    // Linked again to this year's subject.
    const relinked = await ok(`/api/common/bankAccount/${kept.id}`, { accountYearId: w.accountYearId, subjectId: sub['1001'] });
    expect(relinked.subject).toMatchObject({ accountYearId: w.accountYearId, code: '1001' });
    await t.call('DELETE', `/api/common/bankAccount/${kept.id}`, { token: admin });
  });

  it('income and outcome kinds: per ledger set and direction, counter-subject an enabled leaf that is not cash or bank', async () => {
    const fee = await ok('/api/cashier/income', { accountYearId: w.accountYearId, code: 'I01', name: '律师费', subjectId: sub['5001'] });
    expect(fee).toMatchObject({ direction: 'INCOME', accountId: w.accountId, subject: { code: '5001' } });
    // The same code is free in the other direction, taken in the same one.
    const office = await ok('/api/cashier/outcome', { accountYearId: w.accountYearId, code: 'I01', name: '办公费', subjectId: sub['5602'] });
    expect(office.direction).toBe('OUTCOME');
    expect((await post('/api/cashier/income', { accountYearId: w.accountYearId, code: 'I01', name: 'x', subjectId: sub['5001'] })).json().code).toBe('CASHIER_KIND_CODE_DUPLICATE');
    for (const s of ['1001', '100201']) {
      const r = await post('/api/cashier/outcome', { accountYearId: w.accountYearId, code: `O${s}`, name: 'x', subjectId: sub[s] });
      expect(r.json().code, s).toBe('CASHIER_SUBJECT_CASH_OR_BANK');
    }
    expect((await post('/api/cashier/outcome', { accountYearId: w.accountYearId, code: 'O9', name: 'x', subjectId: sub['1002'] })).json().code).toBe('CASHIER_SUBJECT_NOT_LEAF');
    // An income kind is not reachable as an outcome kind.
    expect((await post(`/api/cashier/outcome/${fee.id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await post(`/api/cashier/income/${fee.id}`, { subjectId: sub['1001'] })).json().code).toBe('CASHIER_SUBJECT_CASH_OR_BANK');
    const up = await ok(`/api/cashier/income/${fee.id}`, { name: '律师费收入', disabled: true, version: fee.version });
    expect(up).toMatchObject({ name: '律师费收入', disabled: true, version: 1 });
    const list = await data(t.call('GET', '/api/cashier/income', { token: admin, query: { filter: { accountId: w.accountId, disabled: true } } }), 'income');
    expect(list.content.map((k: { code: string }) => k.code)).toEqual(['I01']);
    expect((await data(t.call('GET', '/api/cashier/outcome', { token: admin, query: { filter: { accountId: w.accountId } } }), 'outcome')).content.map((k: { name: string }) => k.name)).toEqual(['办公费']);
    expect(await data(t.call('GET', `/api/cashier/outcome/${office.id}/used`, { token: admin }), 'used')).toBe(false);
    expect((await t.call('DELETE', `/api/cashier/outcome/${office.id}`, { token: admin })).json().success).toBe(true);
  });

  it('rights: reading is open to the company, writing needs 604; another company is refused', async () => {
    const reader = await makeUser(t, admin, w.companyId, [RIGHTS.HOME]);
    expect((await accounts({}, reader.token)).length).toBeGreaterThan(0);
    const refused = await post('/api/common/bankAccount', { accountYearId: w.accountYearId, code: 'R1', name: 'R', kind: 'CASH', subjectId: sub['1001'] }, reader.token);
    expect(refused.statusCode).toBe(403);
    expect((await post('/api/cashier/income', { accountYearId: w.accountYearId, code: 'R1', name: 'R', subjectId: sub['5001'] }, reader.token)).statusCode).toBe(403);
    expect((await post('/api/common/bank', { companyId: w.companyId, code: 'R1', name: 'R' }, reader.token)).statusCode).toBe(403);
    const cashierClerk = await makeUser(t, admin, w.companyId, [RIGHTS.BASIC, RIGHTS.CASHIER_SETTINGS]);
    expect((await ok('/api/common/bankAccount', { accountYearId: w.accountYearId, code: 'R1', name: 'R', kind: 'OTHER', subjectId: sub['1012'] }, cashierClerk.token)).code).toBe('R1');
    const other = await makeWorld(t, admin);
    const foreigner = await makeUser(t, admin, other.companyId, [RIGHTS.BASIC, RIGHTS.CASHIER_SETTINGS]);
    expect((await t.call('GET', '/api/common/bankAccount', { token: foreigner.token, query: { filter: { accountId: w.accountId } } })).statusCode).toBe(403);
    const [r1] = await accounts({ keyword: 'R1' });
    expect((await post(`/api/common/bankAccount/${r1.id}`, { name: 'stolen' }, foreigner.token)).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/common/bankAccount/${r1.id}`, { token: foreigner.token })).statusCode).toBe(403);
    // A foreign year's subject cannot be linked, even by an admin of both.
    const foreignCash = await subjectOf('1001', other.accountYearId);
    expect((await post(`/api/common/bankAccount/${r1.id}`, { accountYearId: other.accountYearId, subjectId: foreignCash })).json().code).toBe('NO_PERMISSION');
    await t.call('DELETE', `/api/common/bankAccount/${r1.id}`, { token: admin });
  });

  // ---- Excel --------------------------------------------------------------------------------------

  const importFile = (file: Buffer, token = admin, accountYearId = w.accountYearId) =>
    t.app.inject({ method: 'POST', url: '/api/common/bankAccount/import', query: { accountYearId: String(accountYearId) }, ...multipart(file, token, 'bank-accounts.xlsx') });
  const headerRow = (ws: ExcelJS.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1).map(String);

  it('template: bilingual headers, an example row and the notes sheet', async () => {
    const wb = await workbookAt(t, '/api/common/bankAccount/template', admin);
    const ws = wb.worksheets[0];
    expect(headerRow(ws)).toEqual(HEADERS);
    expect(ws.rowCount).toBe(2);
    expect(wb.worksheets[1].name).toBe('说明 Notes');
    const notes = (wb.worksheets[1].getColumn(3).values as unknown[]).map(String).join('\n') + (wb.worksheets[1].getColumn(4).values as unknown[]).map(String).join('\n');
    expect(notes).toContain('1001 or below for CASH');
    expect(notes).toContain('现金账户为 1001 及其下级');
  });

  it('import: all or nothing with row-numbered errors and an error workbook; then the good rows import and update', async () => {
    const before = await accounts();
    const rows = [
      HEADERS,
      ['B10', '工行二户', 'BANK', 'ICBC', '6222 1111', 'CNY', '100201', '2026-02-01', '否', ''],
      ['C10', '备用金', '现金', '', '', '', '100201', '', '', ''],
      ['B11', '无银行', 'BANK', 'NOPE', '', '', '100202', '', '', ''],
      ['B10', '重复', 'BANK', 'ICBC', '', '', '100201', '', '', ''],
    ];
    const res = await importFile(await sheet(rows));
    const j = res.json();
    expect(j, res.body).toMatchObject({ success: false, code: 'IMPORT_ROWS_INVALID' });
    expect(j.appendix.errors.map((e: { row: number }) => e.row)).toEqual([3, 4, 5]);
    expect(j.appendix.errors[0].message).toContain('cash on hand subject');
    expect(await accounts()).toEqual(before);
    const ews = (await workbookAt(t, j.appendix.errorFile)).worksheets[0];
    expect(headerRow(ews)).toContain('错误 Error');
    const good = await importFile(await sheet([HEADERS, rows[1], ['C10', '备用金', 'CASH', '', '', '', '1001', '', '', '']]));
    expect(good.json(), good.body).toMatchObject({ success: true, data: { created: 2 } });
    expect((await accounts({ keyword: 'B10' }))[0]).toMatchObject({ accountNo: '62221111', bank: { code: 'ICBC' }, currency: { code: 'CNY' }, subject: { code: '100201' }, openedAt: '2026-02-01' });
    // Again: unchanged; a changed subject updates.
    const again = await importFile(await sheet([HEADERS, rows[1], ['C10', '备用金', 'CASH', '', '', '', '1001', '', '', '']]));
    expect(again.json().data).toMatchObject({ created: 0, unchanged: 2 });
    const moved = await importFile(await sheet([HEADERS, ['B10', '工行二户', 'BANK', 'ICBC', '6222 1111', 'CNY', '100202', '2026-02-01', '否', '']]));
    expect(moved.json().data).toMatchObject({ updated: 1 });
    expect((await accounts({ keyword: 'B10' }))[0].subject.code).toBe('100202');
  });

  it('export: a background task whose workbook holds the accounts with their subject codes', async () => {
    const { ws } = await exportWorkbook(t, '/api/common/bankAccount/export', 'BANK_ACCOUNT', { accountYearId: w.accountYearId }, admin);
    expect(headerRow(ws)).toEqual(HEADERS);
    const codes = (ws.getColumn(1).values as unknown[]).slice(2).map(String);
    expect(codes).toEqual((await accounts()).map((a) => a.code));
    const b10 = (ws.getRow(codes.indexOf('B10') + 2).values as unknown[]).slice(1);
    expect(b10.slice(0, 7)).toEqual(['B10', '工行二户', 'BANK', 'ICBC', '62221111', 'CNY', '100202']);
    const reader = await makeUser(t, admin, w.companyId, [RIGHTS.HOME]);
    expect((await importFile(await sheet([HEADERS]), reader.token)).statusCode).toBe(403);
  });

  it('seeds the demo main ledger set with a cash account, two bank accounts and income/outcome kinds', async () => {
    const sets = await data(t.call('GET', '/api/account', { token: admin, query: { filter: { companyId: await demoCompanyId(t, admin) } } }), 'sets');
    const main = sets.content.find((a: { main: number | boolean }) => a.main === 1 || a.main === true);
    const list = await data(t.call('GET', '/api/common/bankAccount', { token: admin, query: { filter: { accountId: main.id } } }), 'demo accounts');
    expect(list.content.map((a: { kind: string; subject: { code: string } }) => [a.kind, a.subject.code])).toEqual([['BANK', '1002'], ['BANK', '1002'], ['CASH', '1001']]);
    const income = await data(t.call('GET', '/api/cashier/income', { token: admin, query: { filter: { accountId: main.id } } }), 'income');
    expect(income.total).toBeGreaterThanOrEqual(3);
  });
});
