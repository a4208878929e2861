import { describe, expect, it } from 'vitest';
import { isFormulaLike, neutralizeCell } from './spreadsheet-safety';

describe('neutralizeCell (formula injection)', () => {
  it.each(['=1+1', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://x","y")'])('prefixes %j with an apostrophe', (v) => {
    expect(isFormulaLike(v)).toBe(true);
    expect(neutralizeCell(v)).toBe(`'${v}`);
  });
  it.each(['1001', '库存现金', 'Cash = money', ' =1', '', "'=1"])('leaves %j as it is', (v) => {
    expect(isFormulaLike(v)).toBe(false);
    expect(neutralizeCell(v)).toBe(v);
  });
});
