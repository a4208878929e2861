import { describe, expect, it } from 'vitest';
import { codeGaps, profitTransferLines, undistributedProfitSubject, yearProfitCloseLines } from './period-end';

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

describe('undistributedProfitSubject', () => {
  const s = (code: string, name: string, o: Partial<{ leaf: boolean; disabled: boolean; nameEn: string | null }> = {}) => ({ id: Number(code), code, name, nameEn: null, leaf: true, disabled: false, ...o });

  it('is 3104 itself when it keeps no detail subjects', () => {
    expect(undistributedProfitSubject([s('3103', '本年利润'), s('3104', '利润分配')])?.code).toBe('3104');
  });

  it('is the detail named 未分配利润 (or Undistributed profit) under 3104, whatever its code', () => {
    const chart = [s('3104', '利润分配', { leaf: false }), s('310401', '提取法定盈余公积'), s('310406', '未分配利润'), s('310415', '其他')];
    expect(undistributedProfitSubject(chart)?.code).toBe('310406');
    expect(undistributedProfitSubject([s('3104', '利润分配', { leaf: false }), s('310499', 'X', { nameEn: 'Undistributed profit' })])?.code).toBe('310499');
  });

  it('is none when 3104 has details but no 未分配利润, or it is disabled, or missing', () => {
    expect(undistributedProfitSubject([s('3104', '利润分配', { leaf: false }), s('310401', '提取法定盈余公积')])).toBeNull();
    expect(undistributedProfitSubject([s('3104', '利润分配', { leaf: false }), s('310415', '未分配利润', { disabled: true })])).toBeNull();
    expect(undistributedProfitSubject([s('3104', '利润分配', { disabled: true })])).toBeNull();
    expect(undistributedProfitSubject([s('3103', '本年利润')])).toBeNull();
  });
});

describe('yearProfitCloseLines', () => {
  it('a profit (credit balance): debit 本年利润, credit 未分配利润', () => {
    expect(yearProfitCloseLines([{ subjectId: 3103, balanceCents: -182_295_562 }], 3104)).toEqual([
      { subjectId: 3103, direction: true, amountCents: 182_295_562, auxes: [] },
      { subjectId: 3104, direction: false, amountCents: 182_295_562, auxes: [] },
    ]);
  });

  it('a loss (debit balance): credit 本年利润, debit 未分配利润', () => {
    expect(yearProfitCloseLines([{ subjectId: 3103, balanceCents: 5_000 }], 3104)).toEqual([
      { subjectId: 3103, direction: false, amountCents: 5_000, auxes: [] },
      { subjectId: 3104, direction: true, amountCents: 5_000, auxes: [] },
    ]);
  });

  it('several 本年利润 details: each closed, the target takes the net; nothing when all are zero', () => {
    const lines = yearProfitCloseLines([{ subjectId: 1, balanceCents: -10_000 }, { subjectId: 2, balanceCents: 4_000 }, { subjectId: 3, balanceCents: 0 }], 9);
    expect(lines).toEqual([
      { subjectId: 1, direction: true, amountCents: 10_000, auxes: [] },
      { subjectId: 2, direction: false, amountCents: 4_000, auxes: [] },
      { subjectId: 9, direction: false, amountCents: 6_000, auxes: [] },
    ]);
    expect(yearProfitCloseLines([{ subjectId: 1, balanceCents: 0 }], 9)).toEqual([]);
  });
});
