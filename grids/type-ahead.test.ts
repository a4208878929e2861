// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isKeptKey, TypeAhead } from './type-ahead';

/** A user's key at the focused element (what the browser delivers). */
function press(key: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const target = document.activeElement ?? document.body;
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(e);
  return e;
}
const type = (text: string) => [...text].forEach((ch) => press(ch));
/** Lets the replay run (after a key that may move the focus it waits for the move, about a second at most). */
const settle = () => vi.advanceTimersByTimeAsync(2000);

describe('type-ahead', () => {
  let t: TypeAhead;
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div data-page-region tabindex="-1" id="region"><button id="btn">New</button><input id="field"><div role="dialog"><input id="dlg"></div></div>';
    t = new TypeAhead(document, 5000);
  });
  afterEach(() => {
    t.drop();
    vi.useRealTimers();
  });

  it('keeps characters, Enter, Tab, Backspace and arrows; never command chords, function keys or Escape', () => {
    const k = (key: string, m: Partial<KeyboardEvent> = {}) => isKeptKey({ key, ctrlKey: false, altKey: false, metaKey: false, isComposing: false, ...m });
    expect(['a', 'Z', '1', '.', '=', ' ', 'Enter', 'Tab', 'Backspace', 'Delete', 'ArrowDown', 'Home'].every((x) => k(x))).toBe(true);
    expect(k('s', { ctrlKey: true })).toBe(false);
    expect(k('n', { altKey: true })).toBe(false);
    expect(k('F12')).toBe(false);
    expect(k('Escape')).toBe(false);
    expect(k('Process', { isComposing: true })).toBe(false);
  });

  it('a command hold keeps every key wherever the focus is, and types them into the field where the caret lands', async () => {
    const field = document.getElementById('field') as HTMLInputElement;
    field.focus();
    t.hold();
    const seen: string[] = [];
    field.addEventListener('keydown', (e) => seen.push(e.key));
    type('Of');
    const e = press('f');
    expect(e.defaultPrevented).toBe(true);
    expect(seen).toEqual([]);
    expect(field.value).toBe('');
    expect(t.pending).toEqual(['O', 'f', 'f']);
    field.value = '';
    t.land();
    await settle();
    expect(field.value).toBe('Off');
    // The replayed keys reach the field's own key handlers (an editor's Enter, a key filter).
    expect(seen).toEqual(['O', 'f', 'f']);
    expect(t.active).toBe(false);
    // Afterwards keys pass as usual.
    expect(press('x').defaultPrevented).toBe(false);
  });

  it('Backspace typed ahead deletes what was typed ahead', async () => {
    const field = document.getElementById('field') as HTMLInputElement;
    t.hold();
    type('Tax');
    press('Backspace');
    type('i');
    field.focus();
    t.land();
    await settle();
    expect(field.value).toBe('Tai');
  });

  it('a field without a text selection (a number field) takes the typed-ahead digits at its end', async () => {
    document.body.insertAdjacentHTML('beforeend', '<input type="number" id="num" value="4">');
    const num = document.getElementById('num') as HTMLInputElement;
    t.hold();
    type('25');
    num.focus();
    t.land();
    await settle();
    expect(num.value).toBe('425');
  });

  it('a refused command drops the kept keys; so do a click, a command chord and the time limit', async () => {
    const field = document.getElementById('field') as HTMLInputElement;
    field.focus();
    t.hold();
    type('abc');
    t.drop();
    t.land();
    await settle();
    expect(field.value).toBe('');

    t.hold();
    type('abc');
    document.getElementById('btn')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(t.active).toBe(false);

    t.hold();
    type('abc');
    expect(press('k', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(t.active).toBe(false);

    t.hold();
    type('abc');
    await vi.advanceTimersByTimeAsync(5001);
    expect(t.active).toBe(false);
    expect(press('z').defaultPrevented).toBe(false);
  });

  it('on arrival, keys wait while the focus is on no field and go to the first control that gets the focus', async () => {
    const btn = document.getElementById('btn')!;
    btn.focus();
    t.arrive();
    type('Rent');
    expect(t.pending).toEqual(['R', 'e', 'n', 't']);
    // The page region itself (the shell's fallback) is no place for them: still held.
    document.getElementById('region')!.focus();
    expect(t.active).toBe(true);
    const field = document.getElementById('field') as HTMLInputElement;
    field.focus();
    await settle();
    expect(field.value).toBe('Rent');
    expect(t.active).toBe(false);
  });

  it('does not hold on arrival when typing already goes to a field (the page stayed, its address changed)', () => {
    const field = document.getElementById('field') as HTMLInputElement;
    field.focus();
    t.arrive();
    expect(t.active).toBe(false);
    expect(press('a').defaultPrevented).toBe(false);
  });

  it('leaves a dialog its keys: they pass while the focus is in it, and a dialog taking the focus on arrival drops the rest', () => {
    const dlg = document.getElementById('dlg') as HTMLInputElement;
    t.hold();
    dlg.focus();
    expect(press('y').defaultPrevented).toBe(false);
    t.drop();

    document.getElementById('btn')!.focus();
    t.arrive();
    type('ab');
    dlg.focus();
    expect(t.active).toBe(false);
  });

  it('after a key that opens an editor late, the next keys wait for the editor and go into it', async () => {
    document.body.insertAdjacentHTML('beforeend', '<div role="grid"><div role="gridcell" tabindex="-1" id="cell"></div></div><input id="editor">');
    const cellEl = document.getElementById('cell')!;
    const editor = document.getElementById('editor') as HTMLInputElement;
    // As the grid does: a character on the cell opens its editor with that character, some frames later on a slow machine.
    cellEl.addEventListener('keydown', (e) => {
      if (e.key.length !== 1) return;
      e.preventDefault();
      setTimeout(() => {
        editor.value = e.key;
        editor.focus();
      }, 120);
    });
    cellEl.focus();
    t.hold();
    type('Taxi');
    t.land();
    await settle();
    expect(editor.value).toBe('Taxi');
  });

  it('keys the user types during the replay queue behind it, in order', async () => {
    const field = document.getElementById('field') as HTMLInputElement;
    t.hold();
    press('A');
    press('Enter');
    field.focus();
    t.land();
    // The replay waits a frame after Enter; the user goes on typing meanwhile.
    type('bc');
    await settle();
    expect(field.value).toBe('Abc');
  });
});
