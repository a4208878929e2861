import { describe, expect, it } from 'vitest';
import type { CellClassParams } from 'ag-grid-community';
import type { BudgetExecRowDto } from '../../../contract/ledger-aux';
import { READ_GRID_COLUMN_TYPES } from '../../../../grids/list/read-grid';
import { execMoneyCol, rateText } from './budget-summary-page';

describe('budget execution summary columns', () => {
  /** The red rule the column gets: its own, else its column types' (the read grid's 'cents'). */
  const negative = (value: unknown) => {
    const col = execMoneyCol('remaining', 'Remaining');
    const types = ([] as string[]).concat(col.type ?? []);
    const rule = col.cellClassRules?.['ld-negative'] ?? types.map((k) => READ_GRID_COLUMN_TYPES[k]?.cellClassRules?.['ld-negative']).find(Boolean);
    return typeof rule === 'function' && rule({ value } as CellClassParams<BudgetExecRowDto>);
  };
  it('shows an item over its budget (a negative remainder) in red, and nothing else', () => {
    expect(negative('-3812500')).toBe(true);
    expect(negative(-1)).toBe(true);
    expect(negative('0')).toBe(false);
    expect(negative('107242500')).toBe(false);
    expect(negative(null)).toBe(false);
  });
  it('keeps zero amounts and is wide enough for its header', () => {
    const col = execMoneyCol('actual', 'Used in the periods', 150);
    expect(col.minWidth).toBe(150);
    expect(col.colId).toBe('actual');
    const fmt = col.valueFormatter as (p: { value: unknown; data: unknown }) => string;
    expect(fmt({ value: '0', data: {} })).toBe('0.00');
    expect(fmt({ value: '-3812500', data: {} })).toBe('-38,125.00');
  });
  it('writes the execution rate from basis points', () => {
    expect(rateText(10101)).toBe('101.01%');
    expect(rateText(null)).toBe('');
  });
});
