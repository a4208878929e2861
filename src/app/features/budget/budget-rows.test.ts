import { describe, expect, it } from 'vitest';
import { nonLeafRefusal, opensEditor, parseBudgetAmount, profitRow, toBudgetRow } from './budget-rows';

describe('budget rows', () => {
  it('parses typed amounts into cents', () => {
    expect(parseBudgetAmount('1234.5')).toBe(123_450);
    expect(parseBudgetAmount('1,234.56')).toBe(123_456);
    expect(parseBudgetAmount('12,5')).toBeNull();
    expect(parseBudgetAmount('１２３４．５')).toBe(123_450);
    expect(parseBudgetAmount('１２')).toBe(1_200);
    expect(parseBudgetAmount('')).toBe(0);
    expect(parseBudgetAmount(null)).toBe(0);
    expect(parseBudgetAmount('-1')).toBeNull();
    expect(parseBudgetAmount('1.234')).toBeNull();
    expect(parseBudgetAmount('abc')).toBeNull();
    expect(parseBudgetAmount('123456789012')).toBeNull();
  });
  it('shows leaf amounts and parent totals in yuan (the cell value the grid compares)', () => {
    const base = { id: 1, accountYearId: 1, parentId: null, code: '1001', name: 'x', nameInitials: null, abbr: null, kind: 'INCOME' as const, level: 1, principalId: null, principal: null, disabled: false, version: 0 };
    expect(toBudgetRow({ ...base, leaf: true, amount: 500_050, total: 500_050 }).yuan).toBe('5000.5');
    expect(toBudgetRow({ ...base, leaf: false, amount: 0, total: 9 }).yuan).toBe('0.09');
    expect(profitRow('Profit', -100)).toMatchObject({ id: -1, name: 'Profit', total: -100, summary: true, leaf: false });
  });
  const row = (code: string, leaf: boolean) => toBudgetRow({
    id: Number(code), accountYearId: 1, parentId: null, code, name: code, nameInitials: null, abbr: null, kind: 'INCOME', level: code.length / 2 - 1,
    principalId: null, principal: null, disabled: false, version: 0, leaf, amount: 0, total: 0,
  });
  it('opens a row in the popup with Enter, but edits a leaf\'s amount in place and opens nothing on the profit row', () => {
    expect(opensEditor(row('1001', false), 'code')).toBe(true);
    expect(opensEditor(row('1001', false), 'yuan')).toBe(true);
    expect(opensEditor(row('100101', true), 'name')).toBe(true);
    expect(opensEditor(row('100101', true), undefined)).toBe(true);
    expect(opensEditor(row('100101', true), 'yuan')).toBe(false);
    expect(opensEditor(profitRow('Profit', 5), 'name')).toBe(false);
  });
  it('refuses to delete parents with their codes, so the Delete key says why', () => {
    const say = (codes: string) => `non-end: ${codes}`;
    expect(nonLeafRefusal([row('100101', true), row('100201', true)], say)).toBeNull();
    expect(nonLeafRefusal([row('1001', false), row('100101', true), row('2001', false)], say)).toBe('non-end: 1001, 2001');
  });
});
