// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { escapeIsTheGrids, escapeLeftToDialog } from './grid-escape';

const esc = (target: EventTarget | null, more: { defaultPrevented?: boolean; isComposing?: boolean; key?: string } = {}) => ({ key: 'Escape', defaultPrevented: false, ...more, target });
const byId = (id: string) => document.getElementById(id)!;

describe('an Escape in a dialog around an entry grid', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });
  const page = (cells: string) => {
    document.body.innerHTML = `<div id="dialog"><div class="ag-root-wrapper"><div class="ag-row">${cells}</div></div><button id="ok">OK</button></div><div id="picker"><input id="query"></div>`;
    return byId('dialog');
  };

  it('is the grid’s while a cell editor is open: it cancels the edit, the dialog stays', () => {
    const root = page('<div class="ag-cell ag-cell-inline-editing"><input id="editor"></div><div class="ag-cell" id="cell" tabindex="-1"></div>');
    expect(escapeIsTheGrids(byId('editor'))).toBe(true);
    expect(escapeLeftToDialog(esc(byId('editor')), root)).toBe(false);
  });

  it('is the grid’s while a block of cells is selected (Esc drops the block)', () => {
    const root = page('<div class="ag-cell ld-cell-selected" id="a" tabindex="-1"></div><div class="ag-cell ld-cell-selected" id="b" tabindex="-1"></div>');
    expect(escapeLeftToDialog(esc(byId('b')), root)).toBe(false);
  });

  it('closes the dialog from a cell with no editor and no block, and from its buttons', () => {
    const root = page('<div class="ag-cell" id="cell" tabindex="-1"></div>');
    expect(escapeIsTheGrids(byId('cell'))).toBe(false);
    expect(escapeLeftToDialog(esc(byId('cell')), root)).toBe(true);
    expect(escapeLeftToDialog(esc(byId('ok')), root)).toBe(true);
  });

  it('leaves alone an Escape a control used, one of an input method, another key, and one in a dialog over this one', () => {
    const root = page('<div class="ag-cell" id="cell" tabindex="-1"></div>');
    expect(escapeLeftToDialog(esc(byId('cell'), { defaultPrevented: true }), root)).toBe(false);
    expect(escapeLeftToDialog(esc(byId('cell'), { isComposing: true }), root)).toBe(false);
    expect(escapeLeftToDialog(esc(byId('cell'), { key: 'Enter' }), root)).toBe(false);
    // The pick list opened from the grid lies outside the dialog on the page: its Esc closes it alone.
    expect(escapeLeftToDialog(esc(byId('query')), root)).toBe(false);
    expect(escapeLeftToDialog(esc(null), root)).toBe(false);
  });
});
