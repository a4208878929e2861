import { describe, expect, it } from 'vitest';
import { clampPage, edgePageTurn, lastPage, normalizePageSize, pageAfterSizeChange, rowNumber, rowRange, toApiPaging } from './paging';

describe('list paging math', () => {
  it('computes the last page, with one page for an empty list', () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(10, 10)).toBe(1);
    expect(lastPage(11, 10)).toBe(2);
    expect(lastPage(101, 50)).toBe(3);
    expect(lastPage(NaN, 10)).toBe(1);
  });

  it('clamps wanted pages to [1, last]', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-3, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(3.7, 5)).toBe(3);
    expect(clampPage(NaN, 5)).toBe(1);
    expect(clampPage(2, 0)).toBe(1);
  });

  it('accepts only the spec page sizes, defaulting to 10', () => {
    for (const s of [10, 15, 30, 50, 100]) expect(normalizePageSize(s)).toBe(s);
    expect(normalizePageSize(20)).toBe(10);
    expect(normalizePageSize('30')).toBe(30);
    expect(normalizePageSize(undefined)).toBe(10);
  });

  it('maps 1-based pages to the 0-based API index', () => {
    expect(toApiPaging({ page: 1, size: 10 })).toEqual({ index: 0, size: 10 });
    expect(toApiPaging({ page: 4, size: 15 })).toEqual({ index: 3, size: 15 });
  });

  it('reports the visible row range', () => {
    expect(rowRange({ page: 1, size: 10 }, 0)).toEqual({ from: 0, to: 0 });
    expect(rowRange({ page: 2, size: 10 }, 42)).toEqual({ from: 11, to: 20 });
    expect(rowRange({ page: 5, size: 10 }, 42)).toEqual({ from: 41, to: 42 });
  });

  it('keeps the first visible row on screen after a size change', () => {
    expect(pageAfterSizeChange({ page: 4, size: 10 }, 15, 100)).toBe(3);
    expect(pageAfterSizeChange({ page: 4, size: 10 }, 100, 100)).toBe(1);
    expect(pageAfterSizeChange({ page: 1, size: 50 }, 10, 100)).toBe(1);
  });

  it('numbers rows across pages (the index column)', () => {
    expect(rowNumber({ page: 1, size: 10 }, 0)).toBe(1);
    expect(rowNumber({ page: 2, size: 10 }, 0)).toBe(11);
    expect(rowNumber({ page: 3, size: 15 }, 4)).toBe(35);
    expect(rowNumber({ page: 0, size: 10 }, 2)).toBe(3);
  });

  it('turns the page with PageDown on the last row and PageUp on the first, not elsewhere nor with a modifier', () => {
    expect(edgePageTurn({ key: 'PageDown' }, 9, 10)).toBe(1);
    expect(edgePageTurn({ key: 'PageUp' }, 0, 10)).toBe(-1);
    expect(edgePageTurn({ key: 'PageDown' }, 4, 10)).toBeNull();
    expect(edgePageTurn({ key: 'PageUp' }, 4, 10)).toBeNull();
    expect(edgePageTurn({ key: 'PageDown', ctrlKey: true }, 9, 10)).toBeNull();
    expect(edgePageTurn({ key: 'PageDown', shiftKey: true }, 9, 10)).toBeNull();
    expect(edgePageTurn({ key: 'ArrowDown' }, 9, 10)).toBeNull();
    expect(edgePageTurn({ key: 'PageDown' }, 0, 0)).toBeNull();
  });
});
