import { describe, expect, it, vi } from 'vitest';
import type { CellKeyDownEvent } from 'ag-grid-community';
import { moveToEdgeRow } from './edge-rows';

/** A cell key event on a grid of `count` rows; `editing`: a cell editor is open. */
function event(key: string, opts: { ctrl?: boolean; meta?: boolean; shift?: boolean; count?: number; editing?: boolean; prevented?: boolean } = {}) {
  const api = {
    getDisplayedRowCount: vi.fn(() => opts.count ?? 40),
    getEditingCells: vi.fn(() => (opts.editing ? [{ rowIndex: 3 }] : [])),
    ensureIndexVisible: vi.fn(),
    setFocusedCell: vi.fn(),
  };
  const ev = { key, ctrlKey: !!opts.ctrl, metaKey: !!opts.meta, altKey: false, shiftKey: !!opts.shift, defaultPrevented: !!opts.prevented, preventDefault: vi.fn() };
  const e = { event: ev, api, column: 'amountCents' } as unknown as CellKeyDownEvent<object>;
  return { e, api, ev };
}

describe('Ctrl+Home / Ctrl+End in a read grid', () => {
  it('Ctrl+Home goes to the same column in the first row, Ctrl+End (or Cmd+End) in the last', () => {
    const home = event('Home', { ctrl: true });
    expect(moveToEdgeRow(home.e)).toBe(true);
    expect(home.api.setFocusedCell).toHaveBeenCalledWith(0, 'amountCents');
    expect(home.api.ensureIndexVisible).toHaveBeenCalledWith(0, 'top');
    expect(home.ev.preventDefault).toHaveBeenCalled();
    const end = event('End', { meta: true, count: 40 });
    expect(moveToEdgeRow(end.e)).toBe(true);
    expect(end.api.setFocusedCell).toHaveBeenCalledWith(39, 'amountCents');
    expect(end.api.ensureIndexVisible).toHaveBeenCalledWith(39, 'bottom');
  });
  it('leaves Home / End alone (AG Grid moves itself), and Shift+Ctrl+Home', () => {
    for (const { e, api } of [event('Home'), event('End'), event('Home', { ctrl: true, shift: true })]) {
      expect(moveToEdgeRow(e)).toBe(false);
      expect(api.setFocusedCell).not.toHaveBeenCalled();
    }
  });
  it('leaves a key the screen handled, a key in a cell editor and an empty grid alone', () => {
    for (const { e, api, ev } of [event('Home', { ctrl: true, prevented: true }), event('Home', { ctrl: true, editing: true }), event('End', { ctrl: true, count: 0 })]) {
      expect(moveToEdgeRow(e)).toBe(false);
      expect(api.setFocusedCell).not.toHaveBeenCalled();
      expect(ev.preventDefault).not.toHaveBeenCalled();
    }
  });
});
