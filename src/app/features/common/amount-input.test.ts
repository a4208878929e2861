import { describe, expect, it } from 'vitest';
import { formatAmountText } from './amount-input';
import { projectAmountCents } from '../../../domain/clients';

describe('formatAmountText (the amount field when it is left)', () => {
  it('shows a typed amount with separators and 2 decimals, the same number of cents', () => {
    for (const [typed, shown] of [['1234.56', '1,234.56'], ['1000', '1,000.00'], ['.5', '0.50'], ['1,234.5', '1,234.50'], ['0', '0.00']]) {
      expect(formatAmountText(typed)).toBe(shown);
      expect(projectAmountCents(shown)).toBe(projectAmountCents(typed));
    }
  });
  it('leaves text that is not an amount as typed (the form shows the error, nothing is changed)', () => {
    for (const typed of ['1.234', '1..2', '123456789012.00']) expect(formatAmountText(typed)).toBe(typed);
  });
});
