import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATE_ORDER, dateOrder, dateOrderIssues, EMPLOYEE_DATES, RANGE_ORDER, rangeOrder, reversed, VALUE_RANGE_ORDER } from './date-order';
import { employeeCreateBody, employeeUpdateBody } from './staff';
import { invoiceFilter } from './invoice';
import { expenseFilter } from './expense';
import { businessQueryFilter } from './business';
import { departmentDetailQuery, departmentRaQuery } from './report';
import { periodUpdateBody } from './account';
import { voucherFilter } from './voucher';
import { cashLineFilter, cashListFilter } from './cashier-journal';

describe('reversed', () => {
  it('compares two present values of one kind: dates in text order, months as numbers', () => {
    expect(reversed('2024-03-01', '2024-02-29')).toBe(true);
    expect(reversed('2024-03-01', '2024-03-01')).toBe(false);
    expect(reversed('2024-03-01', '2024-03-02')).toBe(false);
    expect(reversed(5, 4)).toBe(true);
    expect(reversed(4, 12)).toBe(false);
  });

  it('never refuses an open end: absent, null or blank values, or values of two kinds', () => {
    for (const open of [undefined, null, '', '  ']) {
      expect(reversed(open, '2024-01-01')).toBe(false);
      expect(reversed('2024-01-01', open)).toBe(false);
    }
    expect(reversed('2024-01-01', 3)).toBe(false);
    expect(reversed('2024-03', '2024-02-01')).toBe(false);
    expect(reversed(Number.NaN, 1)).toBe(false);
  });

  it('leaves a value that is no date to its own rule (no second message about the order)', () => {
    expect(reversed('2024-13-45', '2024-05-01')).toBe(false);
    expect(reversed('2024-03-01', '0000-00-00')).toBe(false);
    expect(reversed('zzz', 'aaa')).toBe(false);
    expect(reversed('2024-03', '2024-02')).toBe(true);
  });
});

describe('dateOrderIssues', () => {
  it('names the later field, with the earlier one as `after`', () => {
    expect(dateOrderIssues({ entryDate: '2024-03-01', leaveDate: '2024-02-01' }, EMPLOYEE_DATES)).toEqual([
      { code: 'custom', path: ['leaveDate'], message: DATE_ORDER, params: { after: 'entryDate' } },
    ]);
    expect(dateOrderIssues({ from: '2024-03-01', to: '2024-02-01' }, [['from', 'to']], RANGE_ORDER)[0].message).toBe('PERIOD_END_BEFORE_START');
  });

  it('gives one issue per later field (its first reversed pair), several fields each their own', () => {
    // Leave before both the entry date and the birthday: one message, against the entry date.
    expect(dateOrderIssues({ birthday: '1990-01-01', entryDate: '2024-03-01', leaveDate: '1980-01-01' }, EMPLOYEE_DATES)).toEqual([
      { code: 'custom', path: ['leaveDate'], message: DATE_ORDER, params: { after: 'entryDate' } },
    ]);
    // The entry before the birthday and the leave before the entry.
    expect(dateOrderIssues({ birthday: '2000-01-01', entryDate: '1999-01-01', leaveDate: '1998-01-01' }, EMPLOYEE_DATES).map((i) => [i.path[0], i.params.after])).toEqual([
      ['entryDate', 'birthday'],
      ['leaveDate', 'entryDate'],
    ]);
    // Without an entry date the leave date still follows the birthday.
    expect(dateOrderIssues({ birthday: '2000-01-01', entryDate: null, leaveDate: '1999-01-01' }, EMPLOYEE_DATES).map((i) => [i.path[0], i.params.after])).toEqual([['leaveDate', 'birthday']]);
  });

  it('finds nothing in ordered, equal or open values, or in no object at all', () => {
    expect(dateOrderIssues({ birthday: '1990-01-01', entryDate: '2024-03-01', leaveDate: '2024-03-01' }, EMPLOYEE_DATES)).toEqual([]);
    expect(dateOrderIssues({ entryDate: '2024-03-01', leaveDate: null }, EMPLOYEE_DATES)).toEqual([]);
    expect(dateOrderIssues({}, EMPLOYEE_DATES)).toEqual([]);
    expect(dateOrderIssues(null, EMPLOYEE_DATES)).toEqual([]);
    expect(dateOrderIssues('2024-01-01', EMPLOYEE_DATES)).toEqual([]);
  });
});

describe('dateOrder and rangeOrder refinements', () => {
  const record = z.object({ start: z.string().nullable().optional(), end: z.string().nullable().optional() }).superRefine(dateOrder([['start', 'end']]));
  const range = z.object({ from: z.string().optional(), to: z.string().optional() }).superRefine(rangeOrder([['from', 'to']]));

  it('refuse a reversed pair on the later field and keep the schema an object (forms read its shape)', () => {
    const r = record.safeParse({ start: '2024-03-01', end: '2024-02-01' });
    expect(r.success).toBe(false);
    expect(r.error!.issues).toMatchObject([{ code: 'custom', path: ['end'], message: 'dateOrder', params: { after: 'start' } }]);
    expect(Object.keys(record.shape)).toEqual(['start', 'end']);
    expect(range.safeParse({ from: '2024-03-01', to: '2024-02-01' }).error!.issues).toMatchObject([{ path: ['to'], message: 'PERIOD_END_BEFORE_START' }]);
  });

  it('take open and one-day ranges', () => {
    expect(record.safeParse({ start: '2024-03-01', end: null }).success).toBe(true);
    expect(record.safeParse({ end: '2024-03-01' }).success).toBe(true);
    expect(record.safeParse({ start: '2024-03-01', end: '2024-03-01' }).success).toBe(true);
    expect(range.safeParse({ from: '2024-03-01' }).success).toBe(true);
  });
});

describe('the contract schemas that carry a date pair', () => {
  const employee = { companyId: 1, code: 'E1', name: '王小明', departmentId: 2 };

  it('employees: born, entered, left; an empty leave date is open (create and update alike)', () => {
    const bad = employeeCreateBody.safeParse({ ...employee, entryDate: '2024-03-01', leaveDate: '2024-02-29' });
    expect(bad.error!.issues).toMatchObject([{ path: ['leaveDate'], message: 'dateOrder', params: { after: 'entryDate' } }]);
    expect(employeeCreateBody.safeParse({ ...employee, birthday: '1990-05-01', entryDate: '1990-04-30' }).error!.issues).toMatchObject([{ path: ['entryDate'], params: { after: 'birthday' } }]);
    expect(employeeCreateBody.parse({ ...employee, entryDate: '2024-03-01', leaveDate: '' }).leaveDate).toBeNull();
    expect(employeeCreateBody.safeParse({ ...employee, entryDate: '2024-03-01', leaveDate: '2024-03-01' }).success).toBe(true);
    expect(employeeUpdateBody.safeParse({ entryDate: '2024-03-01', leaveDate: '2024-02-29' }).success).toBe(false);
    // One date alone passes the contract: the service compares it with the stored other one.
    expect(employeeUpdateBody.safeParse({ leaveDate: '2024-02-29' }).success).toBe(true);
  });

  it('ranges of lists and reports answer PERIOD_END_BEFORE_START', () => {
    const cases: Array<[z.ZodType, Record<string, unknown>, string]> = [
      [invoiceFilter, { dateFrom: '2026-03-02', dateTo: '2026-03-01' }, 'dateTo'],
      [expenseFilter, { companyId: 1, markFrom: '2026-03-02', markTo: '2026-03-01' }, 'markTo'],
      [businessQueryFilter, { from: '2026-06-30', to: '2026-01-01' }, 'to'],
      [departmentRaQuery, { companyId: 1, startDate: '2026-04-01', endDate: '2026-03-31' }, 'endDate'],
      [departmentDetailQuery, { accountId: 1, year: 2026, startMonth: 5, endMonth: 4 }, 'endMonth'],
      [periodUpdateBody, { startAt: '2026-03-10', endAt: '2026-03-09' }, 'endAt'],
    ];
    for (const [schema, input, later] of cases) {
      const r = schema.safeParse(input);
      expect(r.success, later).toBe(false);
      expect(r.error!.issues, later).toMatchObject([{ path: [later], message: RANGE_ORDER }]);
    }
    expect(departmentDetailQuery.safeParse({ accountId: 1, year: 2026, startMonth: 4, endMonth: 4 }).success).toBe(true);
    expect(invoiceFilter.safeParse({ dateTo: '2026-03-01' }).success).toBe(true);
  });

  it('ranges of numbers (amounts, codes) answer RANGE_END_BEFORE_START on their upper end; a date range beside them still answers its own', () => {
    expect(voucherFilter.safeParse({ accountId: 1, amountFrom: 500, amountTo: 100 }).error!.issues).toMatchObject([{ path: ['amountTo'], message: VALUE_RANGE_ORDER }]);
    expect(voucherFilter.safeParse({ accountId: 1, codeFrom: 9, codeTo: 3, dateFrom: '2026-03-02', dateTo: '2026-03-01' }).error!.issues)
      .toMatchObject([{ path: ['dateTo'], message: RANGE_ORDER }, { path: ['codeTo'], message: VALUE_RANGE_ORDER }]);
    expect(voucherFilter.safeParse({ accountId: 1, amountFrom: -500, amountTo: 100, codeFrom: 3, codeTo: 3 }).success).toBe(true);
    for (const schema of [cashLineFilter, cashListFilter]) {
      expect(schema.safeParse({ accountId: 1, amountMin: 200, amountMax: 100 }).error!.issues).toMatchObject([{ path: ['amountMax'], message: VALUE_RANGE_ORDER }]);
      expect(schema.safeParse({ accountId: 1, amountMin: 100, amountMax: 100 }).success).toBe(true);
      expect(schema.safeParse({ accountId: 1, amountMax: 100 }).success).toBe(true);
    }
  });
});
