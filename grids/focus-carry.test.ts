// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GridApi } from 'ag-grid-community';
import { CARRY_MS, caretAtOf, carryFocus, focusAddress, focusCarriedField, saveCarryingFocus, takeCarriedFocus } from './focus-carry';
import { typeAhead } from './type-ahead';

const page = () => document.getElementById('page')!;
const grid = () => document.getElementById('grid')!;

function setUp(focused: { rowIndex: number; colId: string; rowPinned?: 'bottom' } | null) {
  document.body.innerHTML =
    '<div id="page"><div data-testid="voucher-code"><input id="code"></div><button data-testid="save">Save</button>' +
    '<div id="grid"><div id="cell" tabindex="-1"></div></div></div><input id="outside" data-testid="outside">';
  const api = { getFocusedCell: () => (focused ? { rowIndex: focused.rowIndex, rowPinned: focused.rowPinned ?? null, column: { getColId: () => focused.colId } } : null) };
  return api as unknown as GridApi;
}

describe('where the focus is, noted before a new document shows under its id', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    takeCarriedFocus('/x');
  });

  it('the grid caret by row index and column when the focus is in the grid', () => {
    const api = setUp({ rowIndex: 3, colId: 'debit' });
    document.getElementById('cell')!.focus();
    expect(focusAddress(page(), grid(), api)).toEqual({ kind: 'cell', rowIndex: 3, colId: 'debit' });
  });

  it('not the pinned totals row, and nothing when the grid has no caret', () => {
    document.body.innerHTML = '';
    let api = setUp({ rowIndex: 0, colId: 'debit', rowPinned: 'bottom' });
    document.getElementById('cell')!.focus();
    expect(focusAddress(page(), grid(), api)).toBeNull();
    api = setUp(null);
    document.getElementById('cell')!.focus();
    expect(focusAddress(page(), grid(), api)).toBeNull();
  });

  it('a header field by the nearest test id inside the page; nothing outside the page', () => {
    const api = setUp(null);
    document.getElementById('code')!.focus();
    expect(focusAddress(page(), grid(), api)).toEqual({ kind: 'field', testId: 'voucher-code' });
    document.getElementById('outside')!.focus();
    expect(focusAddress(page(), grid(), api)).toBeNull();
  });

  it('is taken once, by the page at the noted address, within CARRY_MS', () => {
    carryFocus('/newVoucher/7', { kind: 'cell', rowIndex: 2, colId: 'summary' }, 1000);
    expect(takeCarriedFocus('/newVoucher/8', 1001)).toBeNull();
    expect(takeCarriedFocus('/newVoucher/7', 1001)).toEqual({ kind: 'cell', rowIndex: 2, colId: 'summary' });
    expect(takeCarriedFocus('/newVoucher/7', 1002)).toBeNull();
    carryFocus('/newVoucher/7', { kind: 'cell', rowIndex: 2, colId: 'summary' }, 1000);
    expect(takeCarriedFocus('/newVoucher/7', 1000 + CARRY_MS + 1)).toBeNull();
  });

  it('puts the focus back on the field inside the marked element', () => {
    setUp(null);
    expect(focusCarriedField(page(), 'voucher-code')).toBe(true);
    expect(document.activeElement?.id).toBe('code');
    expect(focusCarriedField(page(), 'save')).toBe(true);
    expect(document.activeElement?.getAttribute('data-testid')).toBe('save');
    expect(focusCarriedField(page(), 'missing')).toBe(false);
  });

  it('caretAtOf: the cell, null for a field (the grid keeps off), undefined for nothing (first cell)', () => {
    expect(caretAtOf({ kind: 'cell', rowIndex: 1, colId: 'credit' })).toEqual({ kind: 'cell', rowIndex: 1, colId: 'credit' });
    expect(caretAtOf({ kind: 'field', testId: 'voucher-code' })).toBeNull();
    expect(caretAtOf(null)).toBeUndefined();
  });
});

describe('saveCarryingFocus', () => {
  afterEach(() => {
    typeAhead().drop();
    document.body.innerHTML = '';
  });

  it('a new document: notes the caret for its address, goes there, and holds keys typed meanwhile', async () => {
    const api = setUp({ rowIndex: 4, colId: 'credit' });
    document.getElementById('cell')!.focus();
    const goTo = vi.fn(async () => undefined);
    let resolveSave!: (v: { id: number }) => void;
    const saving = saveCarryingFocus({ fresh: true, save: () => new Promise<{ id: number } | null>((r) => (resolveSave = r)), pathOf: (id) => `/doc/${id}`, goTo, page: page(), grid: { element: grid, api: () => api } });
    document.getElementById('cell')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'x', bubbles: true, cancelable: true }));
    expect(typeAhead().pending).toEqual(['x']);
    resolveSave({ id: 9 });
    await expect(saving).resolves.toEqual({ id: 9 });
    expect(goTo).toHaveBeenCalledWith(9);
    expect(takeCarriedFocus('/doc/9')).toEqual({ kind: 'cell', rowIndex: 4, colId: 'credit' });
  });

  it('a refused save forgets the keys and goes nowhere; a stored document neither holds nor moves', async () => {
    const api = setUp({ rowIndex: 0, colId: 'summary' });
    const goTo = vi.fn(async () => undefined);
    await expect(saveCarryingFocus({ fresh: true, save: async () => null, pathOf: (id) => `/doc/${id}`, goTo, page: page(), grid: { element: grid, api: () => api } })).resolves.toBeNull();
    expect(typeAhead().active).toBe(false);
    await saveCarryingFocus({ fresh: false, save: async () => ({ id: 3 }), pathOf: (id) => `/doc/${id}`, goTo, page: page(), grid: { element: grid, api: () => api } });
    expect(goTo).not.toHaveBeenCalled();
    expect(typeAhead().active).toBe(false);
    expect(takeCarriedFocus('/doc/3')).toBeNull();
  });
});
