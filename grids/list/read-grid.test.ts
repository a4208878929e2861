import { describe, expect, it } from 'vitest';
import type { CellClassParams } from 'ag-grid-community';
import { emptyOverlay, READ_GRID_COLUMN_TYPES } from './read-grid';

describe('read grid', () => {
  it('shows the empty text as text, never as markup', () => {
    expect(emptyOverlay('没有数据')).toBe('<span>没有数据</span>');
    expect(emptyOverlay('<img src=x onerror=alert(1)> & "q"')).toBe('<span>&#60;img src=x onerror=alert(1)&#62; &#38; &#34;q&#34;</span>');
  });

  it("draws a negative amount of a 'cents' column red, as the lists and the entry grids do (reports showed -29,832.51 in black)", () => {
    const rule = READ_GRID_COLUMN_TYPES.cents.cellClassRules!['ld-negative'] as (p: CellClassParams) => boolean;
    const red = (value: unknown) => rule({ value } as CellClassParams);
    expect([red('-2983251'), red(-1), red('2983251'), red('0'), red(''), red(null)]).toEqual([true, true, false, false, false, false]);
  });
});
