import { describe, expect, it } from 'vitest';
import { ENTRY_ROW_HEIGHT_PX, entryGridHeightPx, entryRowsIn } from './entry-grid-setup';

describe('entryRowsIn', () => {
  it('is the inverse of entryGridHeightPx: a grid as high as n rows shows n rows', () => {
    for (const n of [1, 5, 9, 20, 60]) expect(entryRowsIn(entryGridHeightPx(n))).toBe(n);
  });
  it('counts whole rows only: a pixel short of n rows shows n - 1, a row and a bit more shows n', () => {
    expect(entryRowsIn(entryGridHeightPx(9) - 1)).toBe(8);
    expect(entryRowsIn(entryGridHeightPx(9) + ENTRY_ROW_HEIGHT_PX - 1)).toBe(9);
  });
});
