// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdDuring, HOLD_MS, isKeptKey, onHeldCommand, SAVE_HOLD_MS, TypeAhead, type CommandOf, type HeldOutcome } from './type-ahead';

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

  it('a hold that owns a dialog (a closing picker, a grid in a popup) keeps its keys and replays into it; other dialogs keep theirs', async () => {
    document.body.insertAdjacentHTML('beforeend', '<div role="dialog" id="popup"><input id="popupField"></div>');
    const dlg = document.getElementById('dlg') as HTMLInputElement;
    const popupField = document.getElementById('popupField') as HTMLInputElement;
    const seen: string[] = [];
    dlg.addEventListener('keydown', (e) => seen.push(e.key));
    dlg.focus();
    t.hold(undefined, { owns: [dlg.closest('[role="dialog"]'), document.getElementById('popup'), null] });
    type('12');
    expect(seen).toEqual([]);
    expect(t.pending).toEqual(['1', '2']);
    popupField.focus();
    type('5');
    t.land();
    await settle();
    expect(popupField.value).toBe('125');
    expect(dlg.value).toBe('');
    // The next hold owns nothing: a dialog's keys are its own again.
    t.hold();
    dlg.focus();
    expect(press('y').defaultPrevented).toBe(false);
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

  it("a save's hold waits for the answer however long (not HOLD_MS), then HOLD_MS for the caret; past SAVE_HOLD_MS the keys go and the screen is told", async () => {
    const field = document.getElementById('field') as HTMLInputElement;
    const told = vi.fn();
    t.holdForSave(undefined, told);
    type('Hnext');
    // A slow server: 6.5 s, past HOLD_MS.
    await vi.advanceTimersByTimeAsync(6500);
    expect(t.pending).toEqual(['H', 'n', 'e', 'x', 't']);
    t.answered();
    await vi.advanceTimersByTimeAsync(HOLD_MS - 100);
    expect(t.active).toBe(true);
    field.focus();
    t.land();
    await settle();
    expect(field.value).toBe('Hnext');
    expect(told).not.toHaveBeenCalled();
    // Answered and no caret: HOLD_MS from the answer.
    t.holdForSave(undefined, told);
    type('a');
    t.answered();
    await vi.advanceTimersByTimeAsync(HOLD_MS + 1);
    expect(t.active).toBe(false);
    expect(told).not.toHaveBeenCalled();
    // No answer at all: dropped at SAVE_HOLD_MS, and said.
    t.holdForSave(undefined, told);
    type('b');
    await vi.advanceTimersByTimeAsync(SAVE_HOLD_MS - 1);
    expect(t.active).toBe(true);
    await vi.advanceTimersByTimeAsync(2);
    expect(t.active).toBe(false);
    expect(told).toHaveBeenCalledTimes(1);
    expect(press('z').defaultPrevented).toBe(false);
  });

  it('keys that have no effect (a grid that ignores them) do not hold the keyboard a second each', async () => {
    document.body.insertAdjacentHTML('beforeend', '<div role="grid"><div role="gridcell" tabindex="-1" id="deaf"></div></div>');
    const cellEl = document.getElementById('deaf')!;
    const seen: string[] = [];
    cellEl.addEventListener('keydown', (e) => seen.push(e.key));
    cellEl.focus();
    t.hold();
    type('unch3');
    t.land();
    // About a second for the first key without effect; the rest a frame apart.
    await vi.advanceTimersByTimeAsync(1500);
    expect(seen).toEqual(['u', 'n', 'c', 'h', '3']);
    expect(t.active).toBe(false);
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

describe("type-ahead: a screen's commands pressed while keys are held", () => {
  let t: TypeAhead;
  let field: HTMLInputElement;
  let region: HTMLElement;
  /** The screen's commands: Ctrl+S saves, F12 saves and opens a new document. */
  const commands: CommandOf = (e) => (e.key === 'F12' ? 'saveAndNew' : (e.ctrlKey && e.key === 's') ? 'save' : undefined);
  const ctrlS = () => press('s', { ctrlKey: true });
  let offs: Array<() => void> = [];
  /** The screen runs the held commands that reach it. */
  const screen = (run: (command: string) => Promise<unknown>) => offs.push(onHeldCommand(region, run));
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div data-page-region tabindex="-1" id="region"><input id="field"><div role="dialog"><input id="dlg"></div></div>';
    field = document.getElementById('field') as HTMLInputElement;
    region = document.getElementById('region')!;
    t = new TypeAhead(document, 5000);
  });
  afterEach(() => {
    offs.forEach((off) => off());
    offs = [];
    t.drop();
    vi.useRealTimers();
  });

  it('are kept in order with the keys and run on their turn; keys after one that re-seats the caret wait for that landing', async () => {
    field.focus();
    t.hold(commands);
    type('ab');
    // The screen's key handler asks first (useScreenKeys); a key no screen took is kept by the type-ahead itself.
    expect(t.holdCommand(new KeyboardEvent('keydown', { key: 'F12' }))).toBe(true);
    type('cd');
    expect(ctrlS().defaultPrevented).toBe(true);
    // A key held down repeats: kept once.
    expect(press('s', { ctrlKey: true, repeat: true }).defaultPrevented).toBe(true);
    expect(t.pending).toEqual(['a', 'b', '<saveAndNew>', 'c', 'd', '<save>']);
    const ran: string[] = [];
    screen(async (command) => {
      ran.push(`${command} after "${field.value}"`);
      if (command !== 'saveAndNew') return;
      // A new document: the caret is re-seated on its first cell.
      t.hold(commands);
      field.value = '';
    });
    t.land();
    await settle();
    expect(ran).toEqual(['saveAndNew after "ab"']);
    expect(field.value).toBe('');
    expect(t.pending).toEqual(['c', 'd', '<save>']);
    t.land();
    await settle();
    expect(field.value).toBe('cd');
    expect(ran).toEqual(['saveAndNew after "ab"', 'save after "cd"']);
    expect(t.active).toBe(false);
  });

  it('one that leaves the caret in place (nothing to save) lets the keys after it go on there; one no screen takes is passed over', async () => {
    field.focus();
    t.hold(commands);
    type('a');
    ctrlS();
    type('b');
    const ran: string[] = [];
    screen(async (command) => void ran.push(command));
    t.land();
    await settle();
    expect(field.value).toBe('ab');
    expect(ran).toEqual(['save']);
    offs.forEach((off) => off());
    t.hold(commands);
    type('c');
    ctrlS();
    type('d');
    t.land();
    await settle();
    expect(field.value).toBe('abcd');
  });

  it('goes to the screen on view when the caret was lost on the way (the focus on nothing)', async () => {
    const ran: string[] = [];
    screen(async (command) => void ran.push(command));
    t.hold(commands);
    press('F12');
    t.land();
    await settle();
    expect(ran).toEqual(['saveAndNew']);
  });

  it('a command refused on its turn drops what follows it', async () => {
    field.focus();
    t.hold(commands);
    ctrlS();
    type('x');
    screen(async () => {
      t.hold(commands);
      t.drop();
    });
    t.land();
    await settle();
    expect(field.value).toBe('');
    expect(t.active).toBe(false);
  });

  it("one that leaves the page gives the keys after it to the next page's first control", async () => {
    field.focus();
    t.hold(commands);
    press('F12');
    type('xy');
    screen(async () => (document.activeElement as HTMLElement).blur());
    t.land();
    await settle();
    expect(t.active).toBe(true);
    expect(t.pending).toEqual(['x', 'y']);
    field.focus();
    await settle();
    expect(field.value).toBe('xy');
  });

  it("are not held when nothing is, nor without the screen's commands, nor in a dialog: they pass as before", () => {
    field.focus();
    expect(t.holdCommand(new KeyboardEvent('keydown', { key: 'F12' }))).toBe(false);
    t.hold();
    type('abc');
    // A hold without the screen's commands: a command chord ends it and passes (Ctrl+K, F1).
    expect(ctrlS().defaultPrevented).toBe(false);
    expect(t.active).toBe(false);
    t.hold(commands);
    (document.getElementById('dlg') as HTMLInputElement).focus();
    expect(ctrlS().defaultPrevented).toBe(false);
    t.drop();
    // Once the holding is over, its commands are forgotten.
    field.focus();
    t.hold();
    expect(t.holdCommand(new KeyboardEvent('keydown', { key: 'F12' }))).toBe(false);
  });
});

describe('type-ahead: a command that talks to the server and shows another document (holdDuring: stepping, the auditor\'s F9)', () => {
  let t: TypeAhead;
  let field: HTMLInputElement;
  let region: HTMLElement;
  /** F9 examines the document on view and shows the next; PageDown shows the next. */
  const commands: CommandOf = (e) => (e.key === 'F9' ? 'audit' : e.key === 'PageDown' ? 'next' : undefined);
  let off: (() => void) | null = null;
  /** The document on view, and what each command ran on. */
  let shown = 1;
  let ran: string[] = [];
  let audited: number[] = [];
  /** How the next command ends (after its server's answer). */
  let outcome: HeldOutcome = 'moved';
  /**
   * The screen: a command answers after `serverMs`, shows the next document (the caret lands on its
   * first cell a little later, as the grid's arrival does), or stays, or is refused.
   */
  const runOnScreen = (command: string, serverMs = 1000) =>
    holdDuring(
      async () => {
        const on = shown;
        ran.push(`${command} on ${on}`);
        await new Promise((r) => setTimeout(r, serverMs));
        if (outcome !== 'moved') return outcome;
        if (command === 'audit') audited.push(on);
        field.blur();
        shown = on + 1;
        setTimeout(() => {
          field.focus();
          t.land();
        }, 100);
        return 'moved';
      },
      commands,
      undefined,
      t,
    );
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div data-page-region tabindex="-1" id="region"><input id="field"></div>';
    field = document.getElementById('field') as HTMLInputElement;
    region = document.getElementById('region')!;
    t = new TypeAhead(document, 5000);
    shown = 1;
    ran = [];
    audited = [];
    outcome = 'moved';
    off = onHeldCommand(region, (command) => runOnScreen(command));
    field.focus();
  });
  afterEach(() => {
    off?.();
    t.drop();
    vi.useRealTimers();
  });

  /** A user's press: the screen's key handler asks the type-ahead first, else runs the command (useScreenKeys). */
  const pressKey = (key: string) => {
    const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    if (!t.holdCommand(e)) void runOnScreen(commands(e)!);
  };

  it('F9 six times while the first examines: six documents examined in order, each on the one the last showed; ends on the seventh', async () => {
    for (let i = 0; i < 6; i++) {
      pressKey('F9');
      await vi.advanceTimersByTimeAsync(150);
    }
    // Pressed while the first was at the server: held, not lost, not run on the document on view.
    expect(ran).toEqual(['audit on 1']);
    expect(t.pending).toEqual(['<audit>', '<audit>', '<audit>', '<audit>', '<audit>']);
    await vi.advanceTimersByTimeAsync(10000);
    expect(ran).toEqual([1, 2, 3, 4, 5, 6].map((n) => `audit on ${n}`));
    expect(audited).toEqual([1, 2, 3, 4, 5, 6]);
    expect(shown).toBe(7);
    expect(t.active).toBe(false);
  });

  it('PageDown pressed during steps: each press moves one document; a slow server keeps them (past HOLD_MS) until it answers', async () => {
    off?.();
    off = onHeldCommand(region, (command) => runOnScreen(command, HOLD_MS + 2000));
    for (let i = 0; i < 5; i++) {
      pressKey('PageDown');
      await vi.advanceTimersByTimeAsync(80);
    }
    await vi.advanceTimersByTimeAsync(5 * (HOLD_MS + 2500));
    expect(ran).toEqual([1, 2, 3, 4, 5].map((n) => `next on ${n}`));
    expect(shown).toBe(6);
  });

  it('typed keys wait with the commands and land on the document the step showed', async () => {
    pressKey('PageDown');
    press('x');
    await vi.advanceTimersByTimeAsync(1050);
    // The step answered; the caret has not landed yet: still held.
    expect(field.value).toBe('');
    await vi.advanceTimersByTimeAsync(2000);
    expect(shown).toBe(2);
    expect(field.value).toBe('x');
  });

  it('a refused one (locked, no right, settled) drops the keys and commands held after it', async () => {
    outcome = 'refused';
    pressKey('F9');
    pressKey('F9');
    press('x');
    pressKey('F9');
    await vi.advanceTimersByTimeAsync(10000);
    expect(ran).toEqual(['audit on 1']);
    expect(field.value).toBe('');
    expect(t.active).toBe(false);
    // The next press runs as usual.
    outcome = 'moved';
    pressKey('F9');
    await vi.advanceTimersByTimeAsync(2000);
    expect(audited).toEqual([1]);
  });

  it('one that shows nothing else (the last document) lets the held ones go on where the caret is', async () => {
    outcome = 'stayed';
    pressKey('PageDown');
    pressKey('PageDown');
    press('x');
    await vi.advanceTimersByTimeAsync(5000);
    expect(ran).toEqual(['next on 1', 'next on 1']);
    expect(field.value).toBe('x');
    expect(t.active).toBe(false);
  });

  it("an earlier hold's answer does not cut short a hold begun since (a held command run on the next page)", async () => {
    const first = t.holdForSave(commands);
    t.land();
    const onExpire = vi.fn();
    t.holdForSave(commands, onExpire);
    press('x');
    t.answered(first);
    t.drop(first);
    await vi.advanceTimersByTimeAsync(HOLD_MS + 1000);
    expect(t.pending).toEqual(['x']);
    await vi.advanceTimersByTimeAsync(SAVE_HOLD_MS);
    expect(onExpire).toHaveBeenCalledOnce();
    expect(t.active).toBe(false);
  });
});
