/**
 * Dates in their natural order (src/contract/date-order.ts) through the API on both backends: an
 * employee's birthday, entry and leave dates (create, full and partial update, Excel import), and the
 * ranges of the lists, exports and reports that take one (invoice and reimbursement filters, the
 * business query, the department reports, a period's bounds). A reversed pair is refused with a 4xx
 * and changes nothing; an empty date leaves a range open; the same day twice is a range of one day.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from './harness';
import { RIGHTS } from '../../src/domain/rights';
import { data, makeUser, makeWorld, MISSING_ID, unique, type World } from './factories';
import { multipart, sheet } from './workbooks';

type Method = 'GET' | 'POST' | 'DELETE';
type Opts = { body?: unknown; query?: Record<string, unknown>; token?: string; lang?: 'en_US' | 'zh_CN' };

describe.each(backends())('dates in their natural order (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let w: World;
  let other: World;
  let leaf: { id: number };
  let otherLeaf: { id: number };
  let project: { id: number };

  const call = (method: Method, url: string, o: Opts = {}) => t.call(method, url, { token: o.token ?? admin, body: o.body, query: o.query, lang: o.lang ?? 'en_US' });
  const ok = async (method: Method, url: string, o: Opts = {}) => data(call(method, url, o), `${method} ${url}`);
  const fail = async (method: Method, url: string, o: Opts = {}) => {
    const r = await call(method, url, o);
    expect(r.json().success, `${method} ${url}: ${r.body}`).toBe(false);
    return { status: r.statusCode, code: r.json().code as string, msg: r.json().msg as string };
  };
  const employee = (body: Record<string, unknown>, companyId = w.companyId, departmentId = leaf.id) =>
    ok('POST', '/api/aux/employee', { body: { companyId, code: unique('E').replace(/\s/g, ''), name: '王小明', departmentId, ...body } });
  const employeeById = async (id: number) => (await ok('GET', '/api/aux/employee', { query: { filter: { companyId: w.companyId, id: [id] } } })).content[0];
  const REVERSED = { status: 400, code: 'PERIOD_END_BEFORE_START', msg: 'The period end cannot be before its start' };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.login('admin');
    w = await makeWorld(t, admin);
    other = await makeWorld(t, admin);
    leaf = await ok('POST', '/api/aux/department', { body: { companyId: w.companyId, code: 'DO1', name: 'Dates' } });
    otherLeaf = await ok('POST', '/api/aux/department', { body: { companyId: other.companyId, code: 'DO1', name: 'Dates' } });
    const client = await ok('POST', '/api/aux/customer', { body: { companyId: w.companyId, code: 'C1', name: 'Client one' } });
    const director = await employee({});
    project = await ok('POST', '/api/aux/project', { body: { companyId: w.companyId, code: 'P1', name: 'Matter one', clients: [client.id], principals: [director.id] } });
  });
  afterAll(async () => t?.close());

  describe('employees', () => {
    it('refuses a leave date before the entry date on create, in the caller\'s language, and creates nothing', async () => {
      const code = unique('EL').replace(/\s/g, '');
      const body = { companyId: w.companyId, code, name: '李四', departmentId: leaf.id, entryDate: '2024-03-01', leaveDate: '2024-02-29' };
      expect(await fail('POST', '/api/aux/employee', { body })).toEqual({ status: 400, code: 'INVALID_INPUT', msg: 'Please enter the correct content: Leave date cannot be before Entry date' });
      expect((await fail('POST', '/api/aux/employee', { body, lang: 'zh_CN' })).msg).toBe('输入的内容不正确：【离职日期】不能早于入职日期');
      expect((await ok('GET', '/api/aux/employee', { query: { filter: { companyId: w.companyId, keyword: code } } })).total).toBe(0);
    });

    it('refuses an entry (or leave) date before the birthday', async () => {
      expect((await fail('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'EB1', name: '李四', departmentId: leaf.id, birthday: '1990-05-01', entryDate: '1990-04-30' } })).msg)
        .toBe('Please enter the correct content: Entry date cannot be before Birthday');
      // No entry date: the leave date still follows the birthday.
      expect((await fail('POST', '/api/aux/employee', { body: { companyId: w.companyId, code: 'EB2', name: '李四', departmentId: leaf.id, birthday: '1990-05-01', leaveDate: '1989-01-01' } })).msg)
        .toBe('Please enter the correct content: Leave date cannot be before Birthday');
    });

    it('keeps open ranges: no leave date (null, empty or absent), no entry date, and a leave on the entry day', async () => {
      expect(await employee({ entryDate: '2024-03-01', leaveDate: null })).toMatchObject({ entryDate: '2024-03-01', leaveDate: null });
      expect(await employee({ entryDate: '2024-03-01', leaveDate: '' })).toMatchObject({ leaveDate: null });
      expect(await employee({ entryDate: '2024-03-01' })).toMatchObject({ leaveDate: null });
      expect(await employee({ leaveDate: '2020-01-01' })).toMatchObject({ entryDate: null, leaveDate: '2020-01-01' });
      expect(await employee({ birthday: '1990-05-01', entryDate: '2024-03-01', leaveDate: '2024-03-01' })).toMatchObject({ entryDate: '2024-03-01', leaveDate: '2024-03-01' });
    });

    it('refuses a reversed pair sent whole on update and leaves the record as it was', async () => {
      const e = await employee({ entryDate: '2024-03-01', leaveDate: '2025-01-31' });
      expect((await fail('POST', `/api/aux/employee/${e.id}`, { body: { entryDate: '2025-06-01', leaveDate: '2025-05-31', phone: '13900000000', version: e.version } })).msg)
        .toBe('Please enter the correct content: Leave date cannot be before Entry date');
      expect(await employeeById(e.id)).toMatchObject({ entryDate: '2024-03-01', leaveDate: '2025-01-31', phone: null, version: e.version });
    });

    it('checks a date sent alone against the stored other date', async () => {
      const e = await employee({ birthday: '1990-05-01', entryDate: '2024-03-01' });
      // Only the leave date: before the stored entry date.
      expect(await fail('POST', `/api/aux/employee/${e.id}`, { body: { leaveDate: '2024-02-01' } })).toEqual({ status: 400, code: 'INVALID_INPUT', msg: 'Please enter the correct content: Leave date cannot be before Entry date' });
      expect((await fail('POST', `/api/aux/employee/${e.id}`, { body: { leaveDate: '2024-02-01' }, lang: 'zh_CN' })).msg).toBe('输入的内容不正确：【离职日期】不能早于入职日期');
      // Only the entry date: before the stored birthday.
      expect((await fail('POST', `/api/aux/employee/${e.id}`, { body: { entryDate: '1989-12-31' } })).msg).toBe('Please enter the correct content: Entry date cannot be before Birthday');
      expect(await employeeById(e.id)).toMatchObject({ birthday: '1990-05-01', entryDate: '2024-03-01', leaveDate: null, version: e.version });
      // A leave date after the entry date is taken; then an entry date after the stored leave date is refused.
      const left = await ok('POST', `/api/aux/employee/${e.id}`, { body: { leaveDate: '2025-01-31' } });
      expect(left).toMatchObject({ entryDate: '2024-03-01', leaveDate: '2025-01-31' });
      expect((await fail('POST', `/api/aux/employee/${e.id}`, { body: { entryDate: '2025-02-01' } })).msg).toBe('Please enter the correct content: Leave date cannot be before Entry date');
      expect(await employeeById(e.id)).toMatchObject({ entryDate: '2024-03-01', leaveDate: '2025-01-31', version: left.version });
      // Clearing the entry date opens the range again; a leave date may then be anything after the birthday.
      expect(await ok('POST', `/api/aux/employee/${e.id}`, { body: { entryDate: null, leaveDate: '2000-01-01' } })).toMatchObject({ entryDate: null, leaveDate: '2000-01-01' });
      // Moving both dates together past the stored ones is one consistent change.
      expect(await ok('POST', `/api/aux/employee/${e.id}`, { body: { entryDate: '2026-01-01', leaveDate: '2026-12-31' } })).toMatchObject({ entryDate: '2026-01-01', leaveDate: '2026-12-31' });
    });

    it('leaves an update that touches no date alone, even on a record stored with reversed dates', async () => {
      const e = await employee({ entryDate: '2024-03-01' });
      await t.db.db.execute(sql`update employees set leave_date = '2024-01-01' where id = ${e.id}`);
      expect(await ok('POST', `/api/aux/employee/${e.id}`, { body: { phone: '13900000000' } })).toMatchObject({ phone: '13900000000', leaveDate: '2024-01-01' });
      // Touching the pair asks for an order again.
      expect((await fail('POST', `/api/aux/employee/${e.id}`, { body: { leaveDate: '2024-02-01' } })).code).toBe('INVALID_INPUT');
      expect(await ok('POST', `/api/aux/employee/${e.id}`, { body: { leaveDate: '2024-12-31' } })).toMatchObject({ leaveDate: '2024-12-31' });
    });

    it('answers another company\'s employee like a missing one: its stored dates are never compared', async () => {
      const manager = await makeUser(t, admin, w.companyId, [RIGHTS.USER_CENTER]);
      const foreign = await employee({ entryDate: '2024-03-01' }, other.companyId, otherLeaf.id);
      const missing = await fail('POST', `/api/aux/employee/${MISSING_ID}`, { body: { leaveDate: '2024-02-01' }, token: manager.token });
      const probe = await fail('POST', `/api/aux/employee/${foreign.id}`, { body: { leaveDate: '2024-02-01' }, token: manager.token });
      expect(probe).toEqual(missing);
      expect(probe.code).toBe('NO_PERMISSION');
      // Within its own company the same manager gets the date check.
      const own = await employee({ entryDate: '2024-03-01' });
      expect((await fail('POST', `/api/aux/employee/${own.id}`, { body: { leaveDate: '2024-02-01' }, token: manager.token })).code).toBe('INVALID_INPUT');
    });

    it('refuses a reversed row of an employee import, naming the column, and imports nothing', async () => {
      const code = unique('EI').replace(/\s/g, '');
      const file = await sheet([
        ['Code', 'Name', 'Department code', 'Entry date', 'Leave date'],
        [`${code}A`, '赵六', 'DO1', '2024-03-01', ''],
        [`${code}B`, '钱七', 'DO1', '2024-03-01', '2024-02-01'],
      ]);
      const res = await t.app.inject({ method: 'POST', url: '/api/aux/employee/import', query: { companyId: String(w.companyId) }, ...multipart(file, admin) });
      expect(res.json()).toMatchObject({ success: false, code: 'IMPORT_ROWS_INVALID' });
      expect(res.json().msg).toContain('row 3: Leave date: cannot be before Entry date');
      expect((await ok('GET', '/api/aux/employee', { query: { filter: { companyId: w.companyId, keyword: code } } })).total).toBe(0);
    });
  });

  describe('ranges of lists, exports and reports', () => {
    it('invoices: a date range ending before it starts is refused (list and export); one-sided and one-day ranges list', async () => {
      await ok('POST', '/api/invoice', { body: { projectId: project.id, no: unique('INV'), date: '2026-03-01', amount: 100_00 } });
      const list = (filter: Record<string, unknown>) => call('GET', '/api/invoice', { query: { filter: { companyId: w.companyId, ...filter } } });
      expect((await list({ dateFrom: '2026-03-02', dateTo: '2026-03-01' })).json()).toMatchObject({ success: false, code: REVERSED.code, msg: REVERSED.msg });
      expect((await list({ dateFrom: '2026-03-02', dateTo: '2026-03-01' })).statusCode).toBe(400);
      // Flat query parameters are the filter too.
      expect((await call('GET', '/api/invoice', { query: { companyId: w.companyId, dateFrom: '2026-03-02', dateTo: '2026-03-01' } })).json().code).toBe(REVERSED.code);
      expect((await list({ dateFrom: '2026-03-01', dateTo: '2026-03-01' })).json().data.total).toBe(1);
      expect((await list({ dateFrom: '2026-03-01' })).json().data.total).toBe(1);
      expect((await list({ dateTo: '2026-03-01' })).json().data.total).toBe(1);
      expect(await fail('POST', '/api/invoice/export', { body: { filter: { companyId: w.companyId, dateFrom: '2026-03-02', dateTo: '2026-03-01' } } })).toEqual(REVERSED);
    });

    it('reimbursements: a mark-date range ending before it starts is refused (list and export)', async () => {
      const list = (filter: Record<string, unknown>) => call('GET', '/api/expense', { query: { filter: { companyId: w.companyId, ...filter } } });
      expect((await list({ markFrom: '2026-03-02', markTo: '2026-03-01' })).json()).toMatchObject({ success: false, code: REVERSED.code });
      expect((await list({ markFrom: '2026-03-01', markTo: '2026-03-01' })).json().success).toBe(true);
      expect((await list({ markTo: '2026-03-01' })).json().success).toBe(true);
      expect(await fail('POST', '/api/expense/export', { body: { filter: { companyId: w.companyId, markFrom: '2026-03-02', markTo: '2026-03-01' } } })).toEqual(REVERSED);
    });

    it('the business query, its export and the department reports refuse reversed ranges', async () => {
      expect(await fail('GET', '/api/report/businessQuery', { query: { filter: { companyId: w.companyId, from: '2026-06-30', to: '2026-01-01' } } })).toEqual(REVERSED);
      expect(await fail('POST', '/api/report/businessQuery/export', { body: { filter: { companyId: w.companyId, from: '2026-06-30', to: '2026-01-01' } } })).toEqual(REVERSED);
      expect(await fail('GET', '/api/report/departmentRADetail', { query: { companyId: w.companyId, startDate: '2026-04-01', endDate: '2026-03-31' } })).toEqual(REVERSED);
      expect(await fail('GET', '/api/report/departmentIODetail', { query: { accountId: w.accountId, year: 2026, startMonth: 5, endMonth: 4 } })).toEqual(REVERSED);
      expect((await call('GET', '/api/report/departmentIODetail', { query: { accountId: w.accountId, year: 2026, startMonth: 4, endMonth: 4 } })).json().success).toBe(true);
    });

    it('vouchers, the cash journal, its balances and the documents to turn into vouchers refuse reversed date ranges; one-day ranges answer', async () => {
      const range = (from: string, to: string) => ({ dateFrom: from, dateTo: to });
      const voucherFilter = (r: object) => ({ filter: { accountId: w.accountId, ...r } });
      expect(await fail('GET', '/api/voucher', { query: voucherFilter(range('2026-03-02', '2026-03-01')) })).toEqual(REVERSED);
      expect(await fail('GET', '/api/voucher/total', { query: voucherFilter(range('2026-03-02', '2026-03-01')) })).toEqual(REVERSED);
      expect((await call('GET', '/api/voucher', { query: voucherFilter(range('2026-03-01', '2026-03-01')) })).json().success).toBe(true);
      const cashFilter = (r: object) => ({ filter: { accountId: w.accountId, ...r } });
      expect(await fail('GET', '/api/cashier/cash', { query: cashFilter(range('2026-03-02', '2026-03-01')) })).toEqual(REVERSED);
      expect(await fail('POST', '/api/cashier/cash/export', { body: { filter: { accountId: w.accountId, ...range('2026-03-02', '2026-03-01') } } })).toEqual(REVERSED);
      expect((await call('GET', '/api/cashier/cash', { query: cashFilter(range('2026-03-01', '2026-03-01')) })).json().success).toBe(true);
      expect(await fail('GET', '/api/cashier/balance', { query: { accountId: w.accountId, ...range('2026-03-02', '2026-03-01') } })).toEqual(REVERSED);
      expect((await call('GET', '/api/cashier/balance', { query: { accountId: w.accountId, ...range('2026-03-01', '2026-03-01') } })).json().success).toBe(true);
      expect(await fail('GET', '/api/voucher/billQuery', { query: { accountId: w.accountId, source: 'EXPENSE', ...range('2026-03-02', '2026-03-01') } })).toEqual(REVERSED);
      expect((await call('GET', '/api/voucher/billQuery', { query: { accountId: w.accountId, source: 'JOURNAL', ...range('2026-03-01', '2026-03-01') } })).json().success).toBe(true);
    });

    it('amount and code ranges ending below their start are refused (voucher list, its totals, the cash journal and its export); equal ends answer', async () => {
      const VALUES_REVERSED = { status: 400, code: 'RANGE_END_BEFORE_START', msg: 'The end of the range cannot be less than its start' };
      const voucherFilter = (r: object) => ({ filter: { accountId: w.accountId, ...r } });
      expect(await fail('GET', '/api/voucher', { query: voucherFilter({ amountFrom: 50_000, amountTo: 10_000 }) })).toEqual(VALUES_REVERSED);
      expect(await fail('GET', '/api/voucher/total', { query: voucherFilter({ amountFrom: 50_000, amountTo: 10_000 }) })).toEqual(VALUES_REVERSED);
      expect(await fail('GET', '/api/voucher', { query: voucherFilter({ codeFrom: 9, codeTo: 3 }) })).toEqual(VALUES_REVERSED);
      expect((await fail('GET', '/api/voucher', { query: voucherFilter({ codeFrom: 9, codeTo: 3 }), lang: 'zh_CN' })).msg).toBe('范围的结束值不能小于起始值');
      // A negative lower end (a red-ink line) below a positive upper one is a range, not a reversal.
      expect((await call('GET', '/api/voucher', { query: voucherFilter({ amountFrom: -20_000, amountTo: 500, codeFrom: 3, codeTo: 3 }) })).json().success).toBe(true);
      const cashFilter = (r: object) => ({ filter: { accountId: w.accountId, ...r } });
      expect(await fail('GET', '/api/cashier/cash', { query: cashFilter({ amountMin: 20_000, amountMax: 100 }) })).toEqual(VALUES_REVERSED);
      expect(await fail('POST', '/api/cashier/cash/export', { body: { filter: { accountId: w.accountId, amountMin: 20_000, amountMax: 100 } } })).toEqual(VALUES_REVERSED);
      expect((await call('GET', '/api/cashier/cash', { query: cashFilter({ amountMin: 100, amountMax: 100 }) })).json().success).toBe(true);
    });

    it('a period ending before it starts is refused and no period moves', async () => {
      const before = (await ok('GET', '/api/account/period', { query: { accountYearId: w.accountYearId } })).content;
      const march = before[2];
      expect(await fail('POST', `/api/account/period/${march.id}`, { body: { startAt: '2026-03-10', endAt: '2026-03-09', version: march.version } })).toEqual(REVERSED);
      expect((await ok('GET', '/api/account/period', { query: { accountYearId: w.accountYearId } })).content).toEqual(before);
    });
  });
});
