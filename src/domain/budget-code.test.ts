import { describe, expect, it } from 'vitest';
import { budgetLevelOfCode, budgetParentCode, budgetProfit, budgetTotals, digitsOnly, isValidBudgetCode, nextBudgetCode, type BudgetAmountRow } from './budget-code';

describe('budget code rule (4/6/8)', () => {
  it('levels by length', () => {
    expect(budgetLevelOfCode('6001')).toBe(1);
    expect(budgetLevelOfCode('600101')).toBe(2);
    expect(budgetLevelOfCode('60010101')).toBe(3);
    for (const bad of ['', '600', '60010', '6001010', '6001010101', '60a1', '6001 ']) expect(budgetLevelOfCode(bad), bad).toBeNull();
    expect(isValidBudgetCode('0001')).toBe(true);
    expect(isValidBudgetCode('12345')).toBe(false);
  });
  it('parent is the prefix of the previous level', () => {
    expect(budgetParentCode('6001')).toBeNull();
    expect(budgetParentCode('600102')).toBe('6001');
    expect(budgetParentCode('60010203')).toBe('600102');
    expect(budgetParentCode('12345')).toBeNull();
  });
  it('next code increments the own part', () => {
    expect(nextBudgetCode('6001')).toBe('6002');
    expect(nextBudgetCode('600109')).toBe('600110');
    expect(nextBudgetCode('60019999'.slice(0, 6))).toBe(null);
    expect(nextBudgetCode('9999')).toBeNull();
    expect(nextBudgetCode('x')).toBeNull();
  });
  it('digitsOnly', () => expect(digitsOnly(' 60-01.02 ')).toBe('600102'));
});

describe('budget totals and profit', () => {
  const rows: BudgetAmountRow[] = [
    { code: '1001', kind: 'INCOME', level: 1, leaf: false, amount: 999 },
    { code: '100101', kind: 'INCOME', level: 2, leaf: true, amount: 10_000 },
    { code: '100102', kind: 'INCOME', level: 2, leaf: false, amount: 0 },
    { code: '10010201', kind: 'INCOME', level: 3, leaf: true, amount: 2_550 },
    { code: '10010202', kind: 'INCOME', level: 3, leaf: true, amount: 450 },
    { code: '1002', kind: 'INCOME', level: 1, leaf: true, amount: 5_000 },
    { code: '2001', kind: 'OUTCOME', level: 1, leaf: false, amount: 0 },
    { code: '200101', kind: 'OUTCOME', level: 2, leaf: true, amount: 7_000 },
  ];
  it('parents sum their leaves; a parent’s own amount does not count', () => {
    const t = budgetTotals(rows);
    expect(t.get('100102')).toBe(3_000);
    expect(t.get('1001')).toBe(13_000);
    expect(t.get('1002')).toBe(5_000);
    expect(t.get('2001')).toBe(7_000);
  });
  it('profit = level-1 income − level-1 outcome', () => {
    expect(budgetProfit(rows)).toEqual({ income: 18_000, outcome: 7_000, profit: 11_000 });
    expect(budgetProfit([])).toEqual({ income: 0, outcome: 0, profit: 0 });
  });
});
