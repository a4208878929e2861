// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdUntilCaret, isGridChord, RETURN_RETRY_FRAMES } from './picker-return';
import type { PickerRequest } from './entry-grid-types';
import { createSheetState } from './sheet';
import { HOLD_MS, onHeldCommand, screenCommands, TypeAhead, typeAhead, type CommandOf } from './type-ahead';
import type { Caret } from './use-caret';
import { useGridCommands } from './use-grid-commands';
import type { GridCore } from './use-grid-core';
import type { GridMessages } from './use-grid-messages';
import { testSchema } from './voucher-kit.fixtures';
import type { VoucherKitRow } from './voucher-kit.columns';

/** A user's key at the focused element (what the browser delivers). */
function press(key: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const target = document.activeElement ?? document.body;
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(e);
  return e;
}
const type = (text: string) => [...text].forEach((ch) => press(ch));
/** Lets the frames pass and the replay run. */
const settle = () => vi.advanceTimersByTimeAsync(2000);
const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** What the cells' editors committed, in order ("cell=value", "cell:Enter" for Enter on a cell without an editor). */
let commits: string[] = [];

/**
 * The grid's cells as AG Grid behaves for the replay: a character on a cell opens its editor with
 * that character; Enter in the editor commits it and the caret goes to the next cell.
 */
function makeCells(grid: HTMLElement, ids: string[]) {
  ids.forEach((id, i) => {
    const cell = document.createElement('div');
    cell.id = id;
    cell.setAttribute('role', 'gridcell');
    cell.tabIndex = -1;
    grid.appendChild(cell);
    cell.addEventListener('keydown', (e) => {
      if (e.target !== cell) return;
      if (e.key === 'Enter') {
        commits.push(`${id}:Enter`);
        return;
      }
      // A chord does not start editing (AG Grid leaves it to the kit's keys).
      if (e.key.length !== 1 || e.ctrlKey || e.altKey || e.metaKey) return;
      e.preventDefault();
      const editor = document.createElement('input');
      editor.value = e.key;
      editor.addEventListener('keydown', (k) => {
        if (k.key !== 'Enter') return;
        commits.push(`${id}=${editor.value}`);
        editor.remove();
        (ids[i + 1] ? byId(ids[i + 1]) : cell).focus();
      });
      cell.appendChild(editor);
      editor.focus();
    });
  });
}

function setUp(gridInDialog = false) {
  document.body.innerHTML =
    (gridInDialog ? '<div role="dialog" aria-modal="true" id="popup"><div id="grid"></div></div>' : '<div id="grid"></div>') +
    '<div role="dialog" aria-modal="true" id="picker"><input id="query"></div>';
  makeCells(byId('grid'), ['subject', 'debit', 'credit']);
  byId('query').focus();
}

describe('the caret returning from a picker: keys typed meanwhile land where it does', () => {
  let t: TypeAhead;
  beforeEach(() => {
    vi.useFakeTimers();
    commits = [];
    t = new TypeAhead(document, HOLD_MS);
  });
  afterEach(() => {
    t.drop();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('Enter on a pick and "3000" Enter at once: every digit in the next cell, then Enter — none in the closing picker', async () => {
    setUp();
    const query = byId<HTMLInputElement>('query');
    const seenByPicker: string[] = [];
    query.addEventListener('keydown', (e) => seenByPicker.push(e.key));
    holdUntilCaret(byId('grid'), () => byId('debit').focus(), t);
    // The picker (a modal with a focus trap) still has the focus: its keys are held, not typed into its query.
    type('30');
    expect(query.value).toBe('');
    expect(seenByPicker).toEqual([]);
    // It closes: the focus falls to the page.
    byId('picker').remove();
    expect(document.activeElement).toBe(document.body);
    type('00');
    press('Enter');
    expect(t.pending).toEqual(['3', '0', '0', '0', 'Enter']);
    await settle();
    expect(commits).toEqual(['debit=3000']);
    expect(document.activeElement).toBe(byId('credit'));
    expect(t.active).toBe(false);
    // Afterwards keys pass as usual.
    byId('credit').blur();
    expect(press('x').defaultPrevented).toBe(false);
  });

  it("the key-up of the Enter that picked passes (the page's watchers of keys down see it released); a kept key's key-up does not", async () => {
    setUp();
    const released: string[] = [];
    const onUp = (e: KeyboardEvent) => released.push(e.key);
    window.addEventListener('keyup', onUp);
    try {
      holdUntilCaret(byId('grid'), () => byId('debit').focus(), t);
      const up = (key: string) => (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
      up('Enter');
      press('3');
      up('3');
      expect(released).toEqual(['Enter']);
      expect(t.pending).toEqual(['3']);
      byId('picker').remove();
      await settle();
      // The replay releases what it typed.
      expect(released).toEqual(['Enter', '3']);
      expect(byId('debit').querySelector('input')?.value).toBe('3');
    } finally {
      window.removeEventListener('keyup', onUp);
    }
  });

  it('Escape: the caret returns to the same cell, and the keys typed meanwhile go there', async () => {
    setUp();
    holdUntilCaret(byId('grid'), () => byId('subject').focus(), t);
    byId('picker').remove();
    type('1002');
    press('Enter');
    await settle();
    expect(commits).toEqual(['subject=1002']);
    expect(document.activeElement).toBe(byId('debit'));
  });

  it('the Escape (or Enter) that closed the picker from a window listener, as Mantine does, neither ends the hold nor is kept by it', async () => {
    setUp();
    const query = byId<HTMLInputElement>('query');
    // Mantine's modal: Escape on the window (capture), before the document's listeners see it.
    const onWindowKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' && e.key !== 'Enter') return;
      byId('picker').remove();
      holdUntilCaret(byId('grid'), () => byId('subject').focus(), t);
    };
    window.addEventListener('keydown', onWindowKey, true);
    try {
      const escape = press('Escape');
      expect(escape.defaultPrevented).toBe(false);
      expect(t.active).toBe(true);
      type('6602');
      await settle();
      expect(byId('subject').querySelector('input')?.value).toBe('6602');
      expect(query.value).toBe('');
    } finally {
      window.removeEventListener('keydown', onWindowKey, true);
    }
  });

  it("a grid inside a dialog (the auxiliary popup) takes the replay; another dialog's keys stay its own", async () => {
    setUp(true);
    holdUntilCaret(byId('grid'), () => byId('debit').focus(), t);
    type('12');
    byId('picker').remove();
    type('5');
    await settle();
    expect(byId('debit').querySelector('input')?.value).toBe('125');
  });

  it('a picker that closes late (still holding the focus when the caret is placed) is waited for; its keys are not lost', async () => {
    setUp();
    let tries = 0;
    // Its focus trap takes the focus back for the first few frames; then it is gone.
    holdUntilCaret(
      byId('grid'),
      () => {
        tries++;
        if (tries < 4) return byId('query').focus();
        byId('picker').remove();
        byId('debit').focus();
      },
      t,
    );
    type('7');
    await vi.advanceTimersByTimeAsync(40);
    expect(document.activeElement).toBe(byId('query'));
    type('8');
    press('Enter');
    await settle();
    expect(tries).toBe(4);
    expect(commits).toEqual(['debit=78']);
  });

  it('the grid goes away before the caret returns: the hold ends with it, the page gets its keys back at once', async () => {
    setUp();
    const place = vi.fn();
    const cancel = holdUntilCaret(byId('grid'), place, t);
    type('30');
    expect(t.active).toBe(true);
    cancel();
    expect(t.active).toBe(false);
    expect(press('x').defaultPrevented).toBe(false);
    await settle();
    expect(place).not.toHaveBeenCalled();
    expect(commits).toEqual([]);
  });

  it('no caret to place (the row is gone): the keys are dropped at once, not held HOLD_MS', async () => {
    setUp();
    holdUntilCaret(byId('grid'), () => undefined, t);
    byId('picker').remove();
    type('30');
    await vi.advanceTimersByTimeAsync(100);
    expect(t.active).toBe(false);
    expect(press('x').defaultPrevented).toBe(false);
    // Nor while a picker that never lets go keeps the focus: given up after its frames.
    setUp();
    holdUntilCaret(byId('grid'), () => byId('query').focus(), t);
    type('9');
    await vi.advanceTimersByTimeAsync((RETURN_RETRY_FRAMES + 5) * 20);
    expect(t.active).toBe(false);
    expect(byId<HTMLInputElement>('query').value).toBe('');
  });
});

describe('a chord pressed while the caret returns from a picker keeps its place after the keys typed before it', () => {
  let t: TypeAhead;
  /** What happened, in order: the screen's commands ("<save>", with the debit editor's text then), the grid's chords ("grid:Ctrl+z"). */
  let log: string[];
  let removers: Array<() => void>;
  // The voucher editor's keys, as it names them to the type-ahead.
  const commands: CommandOf = (e) => (e.ctrlKey && e.key === 's' ? 'save' : e.key === 'F12' ? 'saveAndNew' : e.altKey && e.key === 'ArrowDown' ? 'next' : undefined);

  function setUpScreen() {
    document.body.innerHTML = '<div id="screen"><div id="grid"></div></div><div role="dialog" aria-modal="true" id="picker"><input id="query"></div>';
    makeCells(byId('grid'), ['subject', 'debit', 'credit']);
    const screen = byId('screen');
    removers.push(
      onHeldCommand(screen, async (command) => {
        log.push(`<${command}> debit=${byId('debit').querySelector('input')?.value ?? ''}`);
      }),
      screenCommands(screen, commands),
    );
    // The grid's own keys (hotkeys-js on the document, as use-grid-keys): only on a cell, not in an editor.
    const gridKeys = (e: KeyboardEvent) => {
      if (!(e.target instanceof HTMLElement) || e.target.getAttribute('role') !== 'gridcell') return;
      if (e.ctrlKey || e.altKey || e.key.startsWith('F')) log.push(`grid:${e.ctrlKey ? 'Ctrl+' : ''}${e.altKey ? 'Alt+' : ''}${e.key}@${e.target.id}`);
    };
    document.addEventListener('keydown', gridKeys);
    removers.push(() => document.removeEventListener('keydown', gridKeys));
    byId('query').focus();
  }

  beforeEach(() => {
    vi.useFakeTimers();
    commits = [];
    log = [];
    removers = [];
    t = new TypeAhead(document, HOLD_MS);
  });
  afterEach(() => {
    t.drop();
    removers.forEach((r) => r());
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('"3000" then Ctrl+S at once after the pick: the save runs once the 3000 is in the debit, not before (nor without it)', async () => {
    setUpScreen();
    holdUntilCaret(byId('grid'), () => byId('debit').focus(), t);
    type('30');
    byId('picker').remove();
    type('00');
    const save = press('s', { ctrlKey: true, code: 'KeyS' });
    // Kept (the browser's own save of the page does not come either), in order behind the digits.
    expect(save.defaultPrevented).toBe(true);
    expect(t.pending).toEqual(['3', '0', '0', '0', '<save>']);
    expect(log).toEqual([]);
    await settle();
    expect(log).toEqual(['<save> debit=3000']);
    expect(t.active).toBe(false);
  });

  it('F12 and Alt+↓ (the screen\'s commands) wait their turn the same way; Ctrl+S before any key still waits for the caret', async () => {
    setUpScreen();
    holdUntilCaret(byId('grid'), () => byId('debit').focus(), t);
    press('s', { ctrlKey: true });
    byId('picker').remove();
    type('5');
    press('F12');
    await settle();
    expect(log).toEqual(['<save> debit=', '<saveAndNew> debit=5']);
    log = [];
    setUpScreen();
    holdUntilCaret(byId('grid'), () => byId('debit').focus(), t);
    type('7');
    press('ArrowDown', { altKey: true });
    byId('picker').remove();
    await settle();
    expect(log).toEqual(['<next> debit=7']);
  });

  it("the grid's own chords (Ctrl+Z, F7) are replayed after the keys typed before them, on the cell the caret reached", async () => {
    setUpScreen();
    holdUntilCaret(byId('grid'), () => byId('debit').focus(), t);
    type('30');
    press('Enter');
    const undo = press('z', { ctrlKey: true, code: 'KeyZ' });
    expect(undo.defaultPrevented).toBe(true);
    byId('picker').remove();
    press('F7');
    expect(t.pending).toEqual(['3', '0', 'Enter', 'z', 'F7']);
    // (A chord that moves nothing is waited on for a while, as any key without effect.)
    await settle();
    await settle();
    expect(commits).toEqual(['debit=30']);
    expect(log).toEqual(['grid:Ctrl+z@credit', 'grid:F7@credit']);
    // Nothing was typed as text by the replayed chord.
    expect(byId('credit').querySelector('input')).toBeNull();
  });

  it('a chord pressed while the held keys are being replayed waits behind them too', async () => {
    setUpScreen();
    holdUntilCaret(byId('grid'), () => byId('debit').focus(), t);
    byId('picker').remove();
    type('12');
    press('Enter');
    type('4');
    // The caret lands; the replay starts (the Enter waits for the caret to move).
    await vi.advanceTimersByTimeAsync(60);
    expect(t.active).toBe(true);
    press('s', { ctrlKey: true });
    await settle();
    expect(commits).toEqual(['debit=12']);
    expect(log).toEqual(['<save> debit=']);
    expect(byId('credit').querySelector('input')?.value).toBe('4');
  });

  it("other chords (the clipboard's, the shell's Ctrl+K) and Escape still end the hold and pass", async () => {
    setUpScreen();
    holdUntilCaret(byId('grid'), () => byId('debit').focus(), t);
    type('30');
    const palette = press('k', { ctrlKey: true });
    expect(palette.defaultPrevented).toBe(false);
    expect(t.pending).toEqual([]);
    byId('picker').remove();
    await settle();
    expect(byId('debit').querySelector('input')).toBeNull();
  });

  it('a screen that named no commands: its chords end the hold as before (nothing waits for a screen that cannot run it)', async () => {
    setUpScreen();
    removers.forEach((r) => r());
    removers = [];
    holdUntilCaret(byId('grid'), () => byId('debit').focus(), t);
    type('30');
    expect(press('s', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(t.active).toBe(false);
  });

  it('isGridChord: the grid table\'s chords and function keys, not plain keys nor the clipboard', () => {
    const k = (key: string, init: KeyboardEventInit = {}) => isGridChord(new KeyboardEvent('keydown', { key, ...init }));
    expect(k('z', { ctrlKey: true, code: 'KeyZ' })).toBe(true);
    expect(k('y', { ctrlKey: true })).toBe(true);
    expect(k('F7')).toBe(true);
    expect(k('F10', { shiftKey: true })).toBe(true);
    expect(k('a', { altKey: true, code: 'KeyA' })).toBe(true);
    expect(k('Home', { ctrlKey: true })).toBe(true);
    expect(k('c', { ctrlKey: true })).toBe(false);
    expect(k('v', { ctrlKey: true })).toBe(false);
    expect(k('k', { ctrlKey: true })).toBe(false);
    expect(k('Enter')).toBe(false);
    expect(k('=')).toBe(false);
    expect(k('F12')).toBe(false);
  });
});

describe("the grid's picker commands (useGridCommands.openPicker) hold the keys until the caret is back", () => {
  const schema = testSchema({ initialRows: 3 });
  let request: PickerRequest<VoucherKitRow> | null;
  let grid: HTMLElement;

  function renderCommands() {
    const state = createSheetState(schema);
    const rows = state.rows;
    document.body.innerHTML = '<div id="grid"></div><div role="dialog" aria-modal="true" id="picker"><input id="query"></div>';
    grid = byId('grid');
    // Cells by row and column, as the caret finds them.
    makeCells(
      grid,
      rows.flatMap((r) => ['subjectId', 'debit'].map((c) => `${r.id}-${c}`)),
    );
    const core = {
      schema,
      containerRef: { current: grid },
      apiRef: { current: { stopEditing: vi.fn() } },
      latest: { current: state },
      rendered: { current: state },
      renders: { current: 1 },
      readOnlyRef: { current: false },
      kit: {},
    } as unknown as GridCore<VoucherKitRow>;
    const focusCell = vi.fn((rowId: string, colId: string) => byId(`${rowId}-${colId}`)?.focus());
    // The subject picked has no auxiliary item: the caret goes on to the debit.
    const moveFrom = vi.fn((from: { rowId: string }) => focusCell(from.rowId, 'debit'));
    const caret = { focusCell, moveFrom } as unknown as Caret<VoucherKitRow>;
    const messages = { report: vi.fn(), refuseLocked: vi.fn(), errorText: vi.fn() } as unknown as GridMessages;
    const send = vi.fn(() => state);
    request = null;
    const hook = renderHook(() =>
      useGridCommands<VoucherKitRow>({ core, caret, send, messages, pickers: { subject: (r) => (request = r) }, openMenuAt: vi.fn() }),
    );
    return { hook, rows, send, focusCell, moveFrom };
  }

  beforeEach(() => {
    vi.useFakeTimers();
    commits = [];
  });
  afterEach(() => {
    typeAhead().drop();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('a pick with Enter and the amount typed at once: the whole amount lands in the next cell', async () => {
    const { hook, rows, send, moveFrom } = renderCommands();
    act(() => void hook.result.current.openPicker(rows[0].id, 'subjectId', ''));
    byId('query').focus();
    request!.commit('s1002');
    expect(send).toHaveBeenCalledWith({ type: 'sheet.setCell', rowId: rows[0].id, field: 'subjectId', value: 's1002' });
    type('30');
    byId('picker').remove();
    type('00');
    press('Enter');
    await settle();
    expect(moveFrom).toHaveBeenCalledTimes(1);
    expect(commits).toEqual([`${rows[0].id}-debit=3000`]);
    expect(byId<HTMLInputElement>('query')).toBeNull();
    expect(typeAhead().active).toBe(false);
  });

  it('Escape: the same cell, with the keys typed meanwhile', async () => {
    const { hook, rows, focusCell } = renderCommands();
    act(() => void hook.result.current.openPicker(rows[1].id, 'subjectId', ''));
    byId('query').focus();
    request!.cancel();
    byId('picker').remove();
    type('6602');
    await settle();
    expect(focusCell).toHaveBeenCalledWith(rows[1].id, 'subjectId');
    expect(byId(`${rows[1].id}-subjectId`).querySelector('input')?.value).toBe('6602');
  });

  it('the grid unmounting before the caret returns ends the hold (no keys swallowed for HOLD_MS)', async () => {
    const { hook, rows, moveFrom } = renderCommands();
    act(() => void hook.result.current.openPicker(rows[0].id, 'subjectId', ''));
    byId('query').focus();
    request!.commit('s1002');
    type('3');
    expect(typeAhead().active).toBe(true);
    hook.unmount();
    expect(typeAhead().active).toBe(false);
    expect(press('4').defaultPrevented).toBe(false);
    await settle();
    expect(moveFrom).not.toHaveBeenCalled();
  });
});
