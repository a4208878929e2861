import { describe, expect, it } from 'vitest';
import { invoiceAmountsProblem } from './invoice';

describe('invoiceAmountsProblem', () => {
  it('keeps the red-letter and received amounts within the invoice amount, naming the field over it', () => {
    expect(invoiceAmountsProblem({ amount: 10_000, receivedAmount: 10_000, redAmount: 10_000 })).toBeNull();
    expect(invoiceAmountsProblem({ amount: 10_000, receivedAmount: 0, redAmount: 10_001 })).toEqual({ code: 'INVOICE_RED_OVER_AMOUNT', field: 'redAmount' });
    expect(invoiceAmountsProblem({ amount: 10_000, receivedAmount: 20_000, redAmount: 0 })).toEqual({ code: 'INVOICE_RECEIVED_OVER_AMOUNT', field: 'receivedAmount' });
  });
});
