import { describe, expect, it } from 'vitest';
import { balanceAfter, movementOf, sideOfBalance } from './voucher-balance';

const row = (subjectId: string | null, debit: number | null, credit: number | null) => ({ subjectId, debit, credit });

describe('live subject balance', () => {
  it('sums the rows of the subject only', () => {
    const rows = [row('1', 10_000, null), row('2', null, 10_000), row('1', null, 2_500), row('1', -500, null), row(null, 99, null)];
    expect(movementOf(rows, '1')).toEqual({ debitCents: 9_500, creditCents: 2_500 });
    expect(movementOf(rows, null)).toEqual({ debitCents: 0, creditCents: 0 });
  });

  it('adds the movement on the subject own side', () => {
    expect(balanceAfter(true, 1_000, { debitCents: 500, creditCents: 200 })).toBe(1_300);
    // A credit subject (revenue): credits raise it.
    expect(balanceAfter(false, 1_000, { debitCents: 500, creditCents: 200 })).toBe(700);
  });

  it('a negative balance lies on the other side; zero is flat', () => {
    expect(sideOfBalance(true, 1)).toBe('debit');
    expect(sideOfBalance(true, -1)).toBe('credit');
    expect(sideOfBalance(false, 1)).toBe('credit');
    expect(sideOfBalance(false, -1)).toBe('debit');
    expect(sideOfBalance(false, 0)).toBe('flat');
  });
});
