// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GridApi } from 'ag-grid-community';
import { returnCaret, returnCaretAfterDelete, rowCaretOf } from './caret-return';

/**
 * A grid as the DOM and the API show it: rows (ids in display order) of focusable cells, the
 * focused cell AG Grid keeps, and its loading overlay, during which no cell takes the focus.
 */
function fakeGrid(ids: string[]) {
  const cols = ['ag-Grid-SelectionColumn', 'code', 'date'];
  const state = { ids, loading: false, focused: null as { rowIndex: number; col: string } | null };
  const draw = () => {
    document.getElementById('grid')?.remove();
    document.body.insertAdjacentHTML(
      'beforeend',
      `<div id="grid" class="ag-root-wrapper" grid-id="g1">${state.ids
        .map((id, i) => `<div class="ag-row" row-id="${id}" row-index="${i}">${cols.map((c) => `<div class="ag-cell" col-id="${c}" tabindex="-1"></div>`).join('')}</div>`)
        .join('')}</div>`,
    );
  };
  draw();
  const node = (i: number) => ({ id: state.ids[i], rowIndex: i, displayed: true, rowPinned: undefined });
  const api = {
    isDestroyed: () => false,
    getGridId: () => 'g1',
    getGridOption: (k: string) => (k === 'loading' ? state.loading : undefined),
    getDisplayedRowCount: () => state.ids.length,
    getDisplayedRowAtIndex: (i: number) => (i < state.ids.length ? node(i) : undefined),
    getRowNode: (id: string) => {
      const i = state.ids.indexOf(id);
      return i >= 0 ? node(i) : undefined;
    },
    getAllDisplayedColumns: () => cols.map((c) => ({ getColId: () => c })),
    getFocusedCell: () => (state.focused ? { rowIndex: state.focused.rowIndex, rowPinned: null, column: { getColId: () => state.focused!.col } } : null),
    ensureIndexVisible: vi.fn(),
    setFocusedCell: vi.fn((rowIndex: number, col: string) => {
      state.focused = { rowIndex, col };
      if (!state.loading) document.querySelector<HTMLElement>(`#grid [row-index="${rowIndex}"] [col-id="${col}"]`)?.focus();
    }),
  };
  const focusedCell = () => {
    const el = document.activeElement;
    const cell = el?.closest('#grid .ag-cell');
    return cell ? { row: cell.closest('.ag-row')!.getAttribute('row-id'), col: cell.getAttribute('col-id') } : null;
  };
  return { state, api, asGrid: api as unknown as GridApi, draw, focusedCell };
}

describe("a list's caret comes back after an action's dialog", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('notes the focused cell (kept while a toolbar button has the focus), else the first chosen row', () => {
    const g = fakeGrid(['11', '12', '13']);
    expect(rowCaretOf(g.asGrid, 11)).toEqual({ rowId: '11', rowIndex: 0, colId: null });
    expect(rowCaretOf(g.asGrid, 99)).toBeNull();
    g.state.focused = { rowIndex: 2, col: 'date' };
    expect(rowCaretOf(g.asGrid, 11)).toEqual({ rowId: '13', rowIndex: 2, colId: 'date' });
  });

  it('goes back at once to its row (found by id where it is now) and its column', () => {
    const g = fakeGrid(['11', '12', '13']);
    g.state.ids = ['10', '11', '12', '13'];
    g.draw();
    returnCaret(g.asGrid, { rowId: '12', rowIndex: 1, colId: 'date' });
    expect(g.focusedCell()).toEqual({ row: '12', col: 'date' });
    expect(g.api.ensureIndexVisible).toHaveBeenCalledWith(2);
  });

  it("takes the list's first own column when it had none", () => {
    const g = fakeGrid(['11', '12']);
    returnCaret(g.asGrid, { rowId: '12', rowIndex: 1, colId: null });
    expect(g.focusedCell()).toEqual({ row: '12', col: 'code' });
  });

  it('waits while the rows load (no cell takes the focus under the loading overlay)', () => {
    const g = fakeGrid(['11', '12', '13']);
    g.state.loading = true;
    returnCaret(g.asGrid, { rowId: '12', rowIndex: 1, colId: 'code' });
    expect(g.focusedCell()).toBeNull();
    vi.advanceTimersByTime(500);
    expect(g.focusedCell()).toBeNull();
    // The answer: the row left the list (the filter no longer holds it); the next one took its place.
    g.state.ids = ['11', '13'];
    g.state.loading = false;
    g.draw();
    vi.advanceTimersByTime(20);
    expect(g.focusedCell()).toEqual({ row: '13', col: 'code' });
  });

  it('is put back when something else takes the focus just after, not once the user moves', () => {
    const g = fakeGrid(['11', '12', '13']);
    document.body.insertAdjacentHTML('beforeend', '<button id="toolbar">Audit</button>');
    returnCaret(g.asGrid, { rowId: '12', rowIndex: 1, colId: 'code' });
    // The shell gives the focus back to the button that opened the dialog.
    document.getElementById('toolbar')!.focus();
    vi.advanceTimersByTime(20);
    expect(g.focusedCell()).toEqual({ row: '12', col: 'code' });
    // The user clicks the button: it keeps the focus.
    document.getElementById('toolbar')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.getElementById('toolbar')!.focus();
    vi.advanceTimersByTime(100);
    expect(document.activeElement?.id).toBe('toolbar');
  });

  it('never takes the focus from a dialog opened meanwhile, nor from a box', () => {
    const g = fakeGrid(['11', '12']);
    g.state.loading = true;
    document.body.insertAdjacentHTML('beforeend', '<div role="dialog" aria-modal="true"><input id="q"></div><input id="keyword">');
    returnCaret(g.asGrid, { rowId: '12', rowIndex: 1, colId: 'code' });
    document.getElementById('q')!.focus();
    g.state.loading = false;
    vi.advanceTimersByTime(100);
    expect(document.activeElement?.id).toBe('q');

    document.getElementById('keyword')!.focus();
    returnCaret(g.asGrid, { rowId: '12', rowIndex: 1, colId: 'code' });
    vi.advanceTimersByTime(100);
    expect(document.activeElement?.id).toBe('keyword');
  });

  it('takes the focus from the dialog that is going (its content still fading out)', () => {
    const g = fakeGrid(['11', '12']);
    document.body.insertAdjacentHTML('beforeend', '<section role="dialog" aria-modal="true"><button id="ok">OK</button></section>');
    document.getElementById('ok')!.focus();
    returnCaret(g.asGrid, { rowId: '11', rowIndex: 0, colId: 'code' });
    expect(g.focusedCell()).toEqual({ row: '11', col: 'code' });
  });

  it('gives up when the rows never come', () => {
    const g = fakeGrid(['11', '12']);
    g.state.loading = true;
    returnCaret(g.asGrid, { rowId: '12', rowIndex: 1, colId: 'code' }, { timeoutMs: 1000 });
    vi.advanceTimersByTime(1500);
    g.state.loading = false;
    vi.advanceTimersByTime(100);
    expect(g.focusedCell()).toBeNull();
  });

  it("after a page's arrival: takes the focus the shell gave the first cell, never a toolbar's, and stops at any key", () => {
    const g = fakeGrid(['11', '12', '13']);
    document.body.insertAdjacentHTML('beforeend', '<button id="toolbar">Export</button>');
    // The shell puts the arriving page's focus on the first cell: the kept caret takes it back.
    g.api.setFocusedCell(0, 'code');
    returnCaret(g.asGrid, { rowId: '13', rowIndex: 2, colId: 'date' }, { after: 'arrival' });
    expect(g.focusedCell()).toEqual({ row: '13', col: 'date' });
    g.api.setFocusedCell(0, 'code');
    vi.advanceTimersByTime(20);
    expect(g.focusedCell()).toEqual({ row: '13', col: 'date' });
    // A control has the focus (which a returning dialog's caret would take): the arriving caret keeps out.
    document.getElementById('toolbar')!.focus();
    vi.advanceTimersByTime(20);
    expect(document.activeElement?.id).toBe('toolbar');

    // A key, even with the focus on nothing, is the user's move.
    document.getElementById('toolbar')!.blur();
    returnCaret(g.asGrid, { rowId: '12', rowIndex: 1, colId: 'code' }, { after: 'arrival', settleMs: 1000 });
    expect(g.focusedCell()).toEqual({ row: '12', col: 'code' });
    (document.activeElement as HTMLElement).blur();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    vi.advanceTimersByTime(50);
    expect(g.focusedCell()).toBeNull();
  });

  it('after a delete: waits until the deleted rows have left the grid, then takes their place', () => {
    const g = fakeGrid(['11', '12', '13', '14']);
    g.api.setFocusedCell(1, 'date');
    (document.activeElement as HTMLElement).blur();
    returnCaretAfterDelete(g.asGrid, { rowId: '12', rowIndex: 1, colId: 'date' }, [12]);
    vi.advanceTimersByTime(200);
    // The refresh has not come: no caret on the row about to go.
    expect(g.focusedCell()).toBeNull();
    g.state.ids = ['11', '13', '14'];
    g.draw();
    vi.advanceTimersByTime(20);
    expect(g.focusedCell()).toEqual({ row: '13', col: 'date' });
  });

  it("after a delete: an arrow the user pressed on a row (the refresh moved one under the focus) is never undone", () => {
    const g = fakeGrid(['11', '12', '13', '14']);
    returnCaretAfterDelete(g.asGrid, { rowId: '12', rowIndex: 1, colId: 'date' }, [12]);
    // The rows change and the grid itself focuses the cell at the caret's index (AG Grid keeps its
    // focused cell by index); the user sees the caret there and presses the up arrow at once.
    g.state.ids = ['11', '13', '14'];
    g.draw();
    g.api.setFocusedCell(1, 'date');
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true }));
    g.api.setFocusedCell(0, 'date');
    vi.advanceTimersByTime(500);
    expect(g.focusedCell()).toEqual({ row: '11', col: 'date' });
  });
});
