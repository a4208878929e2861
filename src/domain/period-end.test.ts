import { describe, expect, it } from 'vitest';
import { codeGaps, profitTransferLines } from './period-end';

describe('profitTransferLines', () => {
  it('moves revenue and expenses into the profit subject, balanced, gross on both sides', () => {
    const lines = profitTransferLines([
      { subjectId: 1, auxes: [{ auxTypeId: 5, auxId: 9 }], balanceCents: -100_000 },
      { subjectId: 2, auxes: [], balanceCents: 30_000 },
      { subjectId: 3, auxes: [], balanceCents: 0 },
      { subjectId: 4, auxes: [], balanceCents: 5_000 },
    ], 99);
    expect(lines).toEqual([
      { subjectId: 1, direction: true, amountCents: 100_000, auxes: [{ auxTypeId: 5, auxId: 9 }] },
      { subjectId: 99, direction: false, amountCents: 100_000, auxes: [] },
      { subjectId: 99, direction: true, amountCents: 35_000, auxes: [] },
      { subjectId: 2, direction: false, amountCents: 30_000, auxes: [] },
      { subjectId: 4, direction: false, amountCents: 5_000, auxes: [] },
    ]);
    const net = (d: boolean) => lines.filter((l) => l.direction === d).reduce((s, l) => s + l.amountCents, 0);
    expect(net(true)).toBe(net(false));
  });

  it('has nothing to move when every balance is zero', () => {
    expect(profitTransferLines([{ subjectId: 1, auxes: [], balanceCents: 0 }], 9)).toEqual([]);
    expect(profitTransferLines([], 9)).toEqual([]);
  });

  it('a loss only: the profit subject is debited', () => {
    expect(profitTransferLines([{ subjectId: 2, auxes: [], balanceCents: 700 }], 9)).toEqual([
      { subjectId: 9, direction: true, amountCents: 700, auxes: [] },
      { subjectId: 2, direction: false, amountCents: 700, auxes: [] },
    ]);
  });
});

describe('codeGaps', () => {
  it('names the missing numbers up to the highest code', () => {
    expect(codeGaps([1, 2, 5, 7])).toEqual([3, 4, 6]);
    expect(codeGaps([])).toEqual([]);
    expect(codeGaps([3], 1)).toEqual([1]);
  });
});
