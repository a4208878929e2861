import { describe, expect, it, vi } from 'vitest';
import type { CellKeyDownEvent } from 'ag-grid-community';
import { ledgerKeys } from './ledger-keys';

/** A cell key event on a grid of `count` rows, of which the rows in `loaded` have their data. */
function event(key: string, opts: { ctrl?: boolean; count: number; loaded: Set<number>; data?: object }) {
  const api = {
    getDisplayedRowCount: vi.fn(() => opts.count),
    getDisplayedRowAtIndex: vi.fn((i: number) => ({ data: opts.loaded.has(i) ? { i } : undefined })),
    ensureIndexVisible: vi.fn(),
    setFocusedCell: vi.fn(),
  };
  const ev = { key, ctrlKey: !!opts.ctrl, metaKey: false, preventDefault: vi.fn() };
  const e = { event: ev, api, column: 'summary', data: opts.data } as unknown as CellKeyDownEvent<object>;
  return { e, api, ev };
}

describe('ledger grid keys', () => {
  const filter = { current: null };
  it('Ctrl+End reaches the last row of a sub-ledger whose last page is not loaded yet', () => {
    const { e, api, ev } = event('End', { ctrl: true, count: 60_086, loaded: new Set([0, 1, 2]) });
    ledgerKeys<object>(filter, () => undefined)(e);
    expect(api.ensureIndexVisible).toHaveBeenCalledWith(60_085, 'bottom');
    expect(api.setFocusedCell).toHaveBeenCalledWith(60_085, 'summary');
    expect(ev.preventDefault).toHaveBeenCalled();
  });
  it('Ctrl+Home reaches the first row when the walk has dropped it from the cache', () => {
    const { e, api } = event('Home', { ctrl: true, count: 60_086, loaded: new Set([60_000]) });
    ledgerKeys<object>(filter, () => undefined)(e);
    expect(api.setFocusedCell).toHaveBeenCalledWith(0, 'summary');
  });
  it('Ctrl+End and Ctrl+Home move also over loaded rows (AG Grid gives them no meaning)', () => {
    const all = new Set(Array.from({ length: 40 }, (_, i) => i));
    const end = event('End', { ctrl: true, count: 40, loaded: all });
    ledgerKeys<object>(filter, () => undefined)(end.e);
    expect(end.api.setFocusedCell).toHaveBeenCalledWith(39, 'summary');
    const home = event('Home', { ctrl: true, count: 40, loaded: all });
    ledgerKeys<object>(filter, () => undefined)(home.e);
    expect(home.api.setFocusedCell).toHaveBeenCalledWith(0, 'summary');
  });
  it('Home / End alone reach an unloaded first / last row', () => {
    const { e, api } = event('End', { count: 60_086, loaded: new Set([0]) });
    ledgerKeys<object>(filter, () => undefined)(e);
    expect(api.setFocusedCell).toHaveBeenCalledWith(60_085, 'summary');
  });
  it('leaves Home / End over loaded rows to AG Grid', () => {
    for (const [key, ctrl] of [['End', false], ['Home', false]] as const) {
      const { e, api, ev } = event(key, { ctrl, count: 40, loaded: new Set(Array.from({ length: 40 }, (_, i) => i)) });
      ledgerKeys<object>(filter, () => undefined)(e);
      expect(api.setFocusedCell).not.toHaveBeenCalled();
      expect(ev.preventDefault).not.toHaveBeenCalled();
    }
  });
  it('Enter drills into the focused row', () => {
    const drill = vi.fn();
    const { e } = event('Enter', { count: 1, loaded: new Set([0]), data: { voucherId: 7 } });
    ledgerKeys<object>(filter, drill)(e);
    expect(drill).toHaveBeenCalledWith({ voucherId: 7 });
  });
});
