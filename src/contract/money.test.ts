import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MAX_COST_CENTS, VOUCHER_LINE_MAX_CENTS } from '../domain/constants';
import { MONEY_BOUND, moneyBound, moneyCents } from './money';
import { projectCreateBody } from './clients';
import { invoiceCreateBody, invoiceUpdateBody } from './invoice';
import { budgetCreateBody } from './budget';
import { expenseCreateBody, expenseInvoiceBody } from './expense';
import { centsText } from './voucher';

const issueOf = (schema: z.ZodType, v: unknown) => {
  const r = schema.safeParse(v);
  expect(r.success).toBe(false);
  return r.error!.issues[0];
};

describe('moneyCents', () => {
  it('takes integer cents within its bounds, both inclusive', () => {
    const s = moneyCents(MAX_COST_CENTS);
    expect(s.parse(0)).toBe(0);
    expect(s.parse(MAX_COST_CENTS)).toBe(MAX_COST_CENTS);
    expect(s.safeParse(MAX_COST_CENTS + 1).success).toBe(false);
    expect(s.safeParse(-1).success).toBe(false);
    expect(s.safeParse(1.5).success).toBe(false);
    const either = moneyCents(VOUCHER_LINE_MAX_CENTS, { min: -VOUCHER_LINE_MAX_CENTS });
    expect(either.parse(-VOUCHER_LINE_MAX_CENTS)).toBe(-VOUCHER_LINE_MAX_CENTS);
    expect(either.safeParse(-VOUCHER_LINE_MAX_CENTS - 1).success).toBe(false);
  });

  it('names a broken bound in currency units with thousands separators and 2 decimals', () => {
    const over = issueOf(moneyCents(MAX_COST_CENTS), MAX_COST_CENTS + 1);
    expect(over.message).toBe(MONEY_BOUND);
    expect(moneyBound(over)).toEqual({ side: 'max', amount: '21,000,000.00' });
    expect(moneyBound(issueOf(moneyCents(MAX_COST_CENTS), -5))).toEqual({ side: 'min', amount: '0.00' });
    expect(moneyBound(issueOf(moneyCents(VOUCHER_LINE_MAX_CENTS, { min: -VOUCHER_LINE_MAX_CENTS }), -VOUCHER_LINE_MAX_CENTS - 1))).toEqual({ side: 'min', amount: '-999,999,999.99' });
    // Any other issue is left to the generic rules.
    expect(moneyBound(issueOf(moneyCents(MAX_COST_CENTS), 1.5))).toBeNull();
    expect(moneyBound({ code: 'too_big', message: 'Too big', maximum: 10 })).toBeNull();
  });

  it("is every resource's money field: its bound is named in currency units", () => {
    const cases: Array<[z.ZodType, unknown, string]> = [
      [projectCreateBody.shape.amount, 2_500_000_000, '21,000,000.00'],
      [invoiceCreateBody.shape.amount, 2_500_000_000, '21,000,000.00'],
      [invoiceUpdateBody.shape.receivedAmount, MAX_COST_CENTS + 1, '21,000,000.00'],
      [invoiceUpdateBody.shape.redAmount, MAX_COST_CENTS + 1, '21,000,000.00'],
      [budgetCreateBody.shape.amount, 10_000_000_000_000, '99,999,999,999.99'],
      [expenseCreateBody.shape.payAmount, MAX_COST_CENTS + 1, '21,000,000.00'],
      [expenseInvoiceBody.shape.amount, MAX_COST_CENTS + 1, '21,000,000.00'],
      [centsText, VOUCHER_LINE_MAX_CENTS + 1, '999,999,999.99'],
    ];
    for (const [schema, value, amount] of cases) expect(moneyBound(issueOf(schema, value))).toEqual({ side: 'max', amount });
  });
});
