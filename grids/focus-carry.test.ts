// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GridApi } from 'ag-grid-community';
import { CARRY_MS, caretAtOf, carryFocus, focusAddress, focusCarriedField, NOTHING_TO_SAVE, saveCarryingFocus, takeCarriedFocus } from './focus-carry';
import { onHeldCommand, typeAhead, type CommandOf } from './type-ahead';

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

  it('a refused save forgets the keys and goes nowhere; a stored document moves nowhere and notes nothing', async () => {
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

/** A save that answers when the test says. */
function lateSave() {
  let answer!: (v: { id: number } | null) => void;
  const save = () => new Promise<{ id: number } | null>((r) => (answer = r));
  return { save, answer: (v: { id: number } | null) => answer(v) };
}
const key = (el: Element, k: string, init: KeyboardEventInit = {}) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init }));

describe('saveCarryingFocus: command keys pressed during the save', () => {
  /** The screen's commands: Ctrl+S saves, F12 saves and opens a new document. */
  const commands: CommandOf = (e) => (e.key === 'F12' ? 'saveAndNew' : e.ctrlKey && e.key === 's' ? 'save' : undefined);
  let offs: Array<() => void> = [];
  afterEach(() => {
    offs.forEach((off) => off());
    offs = [];
    typeAhead().drop();
    document.body.innerHTML = '';
    takeCarriedFocus('/doc/9');
  });

  it("a new document's: carried with the keys to the stored document's page and run there; keys after it go to what it opens", async () => {
    const api = setUp({ rowIndex: 1, colId: 'summary' });
    const cell = document.getElementById('cell')!;
    cell.focus();
    const late = lateSave();
    // The stored document's page (the page mounts again under its id, its caret in a field here).
    const goTo = vi.fn(async () => void (document.body.innerHTML = '<div id="stored"><input id="caret"></div>'));
    const saving = saveCarryingFocus({ fresh: true, save: late.save, pathOf: (id) => `/doc/${id}`, goTo, page: page(), grid: { element: grid, api: () => api }, commands });
    key(cell, 'F12');
    for (const k of 'Taxi') key(cell, k);
    expect(typeAhead().pending).toEqual(['<saveAndNew>', 'T', 'a', 'x', 'i']);
    late.answer({ id: 9 });
    await saving;
    expect(goTo).toHaveBeenCalledWith(9);
    expect(takeCarriedFocus('/doc/9')).toEqual({ kind: 'cell', rowIndex: 1, colId: 'summary' });
    const ran: string[] = [];
    const stored = document.getElementById('stored')!;
    offs.push(
      onHeldCommand(stored, async (command) => {
        ran.push(command);
        // Save and new: nothing changed, so a new document opens, its caret re-seated.
        typeAhead().hold(commands);
        stored.innerHTML = '<input id="fresh">';
        (document.getElementById('fresh') as HTMLInputElement).focus();
        typeAhead().land();
      }),
    );
    (document.getElementById('caret') as HTMLInputElement).focus();
    typeAhead().land();
    await vi.waitFor(() => expect((document.getElementById('fresh') as HTMLInputElement | null)?.value).toBe('Taxi'));
    expect(ran).toEqual(['saveAndNew']);
    await vi.waitFor(() => expect(typeAhead().active).toBe(false));
  });

  it("a stored document's: keys and commands wait for the save and run in place after it", async () => {
    document.body.innerHTML = '<div id="page"><input id="field"></div>';
    const field = document.getElementById('field') as HTMLInputElement;
    field.focus();
    const late = lateSave();
    const ran: string[] = [];
    offs.push(onHeldCommand(page(), async (command) => void ran.push(`${command} after "${field.value}"`)));
    const saving = saveCarryingFocus({ fresh: false, save: late.save, pathOf: (id) => `/doc/${id}`, goTo: async () => undefined, page: page(), grid: null, commands });
    for (const k of 'ab') key(field, k);
    key(field, 's', { ctrlKey: true });
    key(field, 'c');
    // Nothing reached the field while the save ran (the save puts its lines back as stored).
    expect(field.value).toBe('');
    expect(typeAhead().pending).toEqual(['a', 'b', '<save>', 'c']);
    late.answer({ id: 3 });
    await saving;
    await vi.waitFor(() => expect(field.value).toBe('abc'));
    expect(ran).toEqual(['save after "ab"']);
  });

  it('a refused save drops the held command with the keys', async () => {
    const api = setUp({ rowIndex: 0, colId: 'summary' });
    const cell = document.getElementById('cell')!;
    cell.focus();
    const late = lateSave();
    const goTo = vi.fn(async () => undefined);
    const saving = saveCarryingFocus({ fresh: true, save: late.save, pathOf: (id) => `/doc/${id}`, goTo, page: page(), grid: { element: grid, api: () => api }, commands });
    key(cell, 'F12');
    key(cell, 'x');
    late.answer(null);
    await expect(saving).resolves.toBeNull();
    expect(goTo).not.toHaveBeenCalled();
    expect(typeAhead().active).toBe(false);
    expect(typeAhead().pending).toEqual([]);
    // The key goes on as usual now.
    expect(key(cell, 'F12')).toBe(true);
  });
});

describe("saveCarryingFocus: a stored document's lines drawn again after its save", () => {
  afterEach(() => {
    typeAhead().drop();
    document.body.innerHTML = '';
  });

  /**
   * A grid as AG Grid draws it: rows by id (`row-id`), cells that take the focus; a character on a
   * cell opens an editor in it (the rest of the keys go there) unless the row has been drawn anew.
   */
  function fakeGrid(ids: string[]) {
    document.body.innerHTML = '<div id="page"><div id="grid"></div></div>';
    let shown = ids;
    const typed: Record<string, string> = {};
    const draw = (next: string[]) => {
      shown = next;
      grid().innerHTML = next.map((id) => `<div class="ag-row" row-id="${id}"><div class="ag-cell" col-id="summary" tabindex="-1"></div></div>`).join('');
      for (const row of grid().querySelectorAll<HTMLElement>('[row-id]')) {
        const cell = row.querySelector<HTMLElement>('.ag-cell')!;
        cell.addEventListener('keydown', (e) => {
          if (e.key.length !== 1 || e.target !== cell) return;
          e.preventDefault();
          const id = row.getAttribute('row-id')!;
          cell.innerHTML = '<input>';
          const input = cell.querySelector('input')!;
          input.value = e.key;
          input.addEventListener('input', () => (typed[id] = input.value));
          typed[id] = e.key;
          input.focus();
        });
      }
    };
    draw(ids);
    const cellOf = (i: number) => grid().querySelectorAll<HTMLElement>('.ag-cell')[i];
    const api = {
      getFocusedCell: () => ({ rowIndex: 2, rowPinned: null, column: { getColId: () => 'summary' } }),
      getDisplayedRowAtIndex: (i: number) => (shown[i] ? { id: shown[i] } : undefined),
      getColumn: (colId: string) => (colId === 'summary' ? {} : null),
      setFocusedCell: vi.fn((i: number) => cellOf(i)?.focus()),
    };
    return { api: api as unknown as GridApi & { setFocusedCell: ReturnType<typeof vi.fn> }, draw, cellOf, typed };
  }

  it('the keys typed during the save wait until the grid shows the saved rows and its caret is on them, and land whole', async () => {
    const g = fakeGrid(['a1', 'a2', 'a3']);
    g.cellOf(2).focus();
    let rows = [{ id: 'a1' }, { id: 'a2' }, { id: 'a3' }];
    const late = lateSave();
    const saving = saveCarryingFocus({ fresh: false, save: late.save, pathOf: (id) => `/doc/${id}`, goTo: async () => undefined, page: page(), grid: { element: grid, api: () => g.api }, rows: () => rows });
    for (const k of 'Lunch3') key(g.cellOf(2), k);
    // The save answers: the page has the stored rows (new ids), the grid still shows the old ones.
    rows = [{ id: 'b1' }, { id: 'b2' }, { id: 'b3' }];
    late.answer({ id: 3 });
    await new Promise((r) => setTimeout(r, 100));
    expect(typeAhead().pending).toEqual(['L', 'u', 'n', 'c', 'h', '3']);
    expect(g.typed).toEqual({});
    // The grid draws the saved rows; the old caret cell is gone (the focus on nothing), and the save puts the caret back.
    g.draw(['b1', 'b2', 'b3']);
    await saving;
    expect(g.api.setFocusedCell).toHaveBeenCalledWith(2, 'summary');
    await vi.waitFor(() => expect(g.typed).toEqual({ b3: 'Lunch3' }));
  });

  it('the caret the grid put back itself is kept (not set again); rows that are the same land at once', async () => {
    const g = fakeGrid(['a1', 'a2', 'a3']);
    g.cellOf(2).focus();
    const rows = [{ id: 'a1' }, { id: 'a2' }, { id: 'a3' }];
    const saving = saveCarryingFocus({ fresh: false, save: async () => ({ id: 3 }), pathOf: (id) => `/doc/${id}`, goTo: async () => undefined, page: page(), grid: { element: grid, api: () => g.api }, rows: () => rows });
    key(g.cellOf(2), 'x');
    await saving;
    expect(g.api.setFocusedCell).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(g.typed).toEqual({ a3: 'x' }));
  });

  it('nothing to save (a new document nothing was entered in): the keys go on in place, nothing is dropped, nothing opens', async () => {
    document.body.innerHTML = '<div id="page"><input id="field"></div>';
    const field = document.getElementById('field') as HTMLInputElement;
    field.focus();
    const goTo = vi.fn(async () => undefined);
    let answer!: (v: typeof NOTHING_TO_SAVE) => void;
    const saving = saveCarryingFocus<{ id: number }>({ fresh: true, save: () => new Promise((r) => (answer = r)), pathOf: (id) => `/doc/${id}`, goTo, page: page(), grid: null });
    for (const k of 'next') key(field, k);
    answer(NOTHING_TO_SAVE);
    await expect(saving).resolves.toBeNull();
    expect(goTo).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(field.value).toBe('next'));
  });
});
