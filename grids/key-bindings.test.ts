import { describe, expect, it } from 'vitest';
import { bindingFor, GRID_KEY_BINDINGS, isImeKey, type KeyLike, keyNameOf, matchKeyBinding, parseChords, shortcutLabel, shortcutText, startsEditing } from './key-bindings';
import { readFileSync } from 'node:fs';
import { DIGIT_SLOT_COUNT, SLOT_RULES, digitRun, digitSlots } from './digit-slots';

function key(k: string, mods: Partial<KeyLike> = {}): KeyLike {
  return { key: k, code: undefined, ctrlKey: false, shiftKey: false, altKey: false, metaKey: false, ...mods };
}

describe('key bindings', () => {
  it.each<[KeyLike, 'amount' | 'other', string | undefined]>([
    [key('Enter'), 'other', 'moveNext'],
    [key('Enter', { code: 'NumpadEnter' }), 'amount', 'moveNext'],
    [key('Enter', { shiftKey: true }), 'other', 'movePrevious'],
    [key('Enter', { ctrlKey: true }), 'other', undefined],
    [key('Home'), 'other', 'rowStart'],
    [key('End', { ctrlKey: true }), 'other', 'lastRow'],
    [key('Delete'), 'other', 'clearCell'],
    [key('Delete', { ctrlKey: true }), 'other', 'deleteRow'],
    [key('F7'), 'other', 'openPicker'],
    [key('F10', { shiftKey: true }), 'other', 'openMenu'],
    [key('z', { ctrlKey: true }), 'other', 'undo'],
    [key('Z', { ctrlKey: true, shiftKey: true }), 'other', 'redo'],
    [key('y', { ctrlKey: true }), 'other', 'redo'],
    [key('z', { metaKey: true }), 'other', 'undo'],
    [key('a', { altKey: true, code: 'KeyA' }), 'other', 'appendRow'],
    [key('å', { altKey: true, code: 'KeyA' }), 'other', 'appendRow'],
    [key('Insert', { altKey: true }), 'other', 'insertRowAbove'],
    [key('i', { ctrlKey: true, code: 'KeyI' }), 'other', 'insertRowAbove'],
    [key('d', { ctrlKey: true, code: 'KeyD' }), 'other', 'copyRow'],
    [key('='), 'amount', 'balance'],
    [key('=', { shiftKey: true }), 'amount', 'balance'],
    [key('='), 'other', undefined],
    [key(' '), 'amount', 'otherSide'],
    [key(' '), 'other', undefined],
    [key('-'), 'amount', 'negate'],
    [key('-', { code: 'NumpadSubtract' }), 'amount', 'negate'],
    [key('1'), 'amount', undefined],
    [key('a'), 'other', undefined],
    [key('ArrowDown'), 'other', undefined],
    [key('Tab'), 'other', undefined],
    [key('F2'), 'other', undefined],
    [key('ArrowDown', { shiftKey: true }), 'other', 'extendSelection'],
    [key('End', { shiftKey: true }), 'amount', 'extendSelection'],
  ])('%j in a %s cell → %s', (event, kind, command) => {
    expect(matchKeyBinding(event, kind)?.command).toBe(command);
  });

  it('binds no chord twice for the same kind of cell', () => {
    for (const kind of ['amount', 'other'] as const) {
      const seen = new Set<string>();
      for (const b of GRID_KEY_BINDINGS) {
        if (b.amountOnly && kind !== 'amount') continue;
        for (const c of parseChords(b.keys)) {
          const sig = JSON.stringify(c);
          expect(seen.has(sig), `${b.command} ${sig}`).toBe(false);
          seen.add(sig);
        }
      }
    }
  });

  it('names keys layout-independently', () => {
    expect(keyNameOf(key(' '))).toBe('space');
    expect(keyNameOf(key('ArrowUp'))).toBe('up');
    expect(keyNameOf(key('F7'))).toBe('f7');
  });

  it('labels shortcuts for menus and help', () => {
    expect(shortcutLabel(bindingFor('redo'))).toBe('Ctrl+Y');
    expect(shortcutLabel(bindingFor('insertRowAbove'))).toBe('Alt+Insert');
    expect(shortcutLabel(bindingFor('deleteRow'))).toBe('Ctrl+Delete');
    expect(shortcutLabel(bindingFor('undo'), 'mac')).toBe('⌘+Z');
    expect(shortcutLabel(bindingFor('otherSide'))).toBe('Space');
    expect(shortcutLabel(bindingFor('openMenu'))).toBe('Shift+F10');
  });

  it('lists every chord of a binding in tooltips', () => {
    expect(shortcutText(bindingFor('insertRowAbove'))).toBe('Alt+Insert / Ctrl+I');
    expect(shortcutText(bindingFor('deleteRow'))).toBe('Ctrl+Delete / Alt+Delete');
    expect(shortcutText(bindingFor('redo'))).toBe('Ctrl+Y / Ctrl+Shift+Z');
    expect(shortcutText(bindingFor('undo'), 'mac')).toBe('⌘+Z');
    expect(shortcutText(bindingFor('appendRow'))).toBe('Alt+A');
    expect(shortcutText(bindingFor('extendSelection'))).toBe('Shift+↑ ↓ ← → / Home / End');
  });
});

describe('digit slots', () => {
  it.each<[number | null, string]>([
    [null, '           '],
    [0, '           '],
    [5, '        005'],
    [50, '        050'],
    [100, '        100'],
    [123456, '     123456'],
    [-123456, '     123456'],
    [99_999_999_999, '99999999999'],
  ])('%j fills %j', (cents, shown) => {
    expect(digitSlots(cents).digits.map((d) => d || ' ').join('')).toBe(shown);
    expect(digitSlots(cents).digits).toHaveLength(DIGIT_SLOT_COUNT);
  });

  it('marks negatives and amounts wider than the columns', () => {
    expect(digitSlots(-1).negative).toBe(true);
    expect(digitSlots(1).negative).toBe(false);
    expect(digitSlots(100_000_000_000)).toMatchObject({ overflow: true });
    expect(digitSlots(100_000_000_000).digits.every((d) => d === '')).toBe(true);
  });

  it('rules the columns: thick between 元 and 角 and every three integer digits', () => {
    // 亿 千万 百万 | 十万 万 千 | 百 十 元 ‖ 角 分
    expect(SLOT_RULES).toEqual(['none', 'digit', 'digit', 'group', 'digit', 'digit', 'group', 'digit', 'digit', 'decimal', 'digit']);
  });

  it('draws a cell as one run of text led by its blank columns (digit-cell.ts)', () => {
    expect(digitRun(digitSlots(364_550).digits)).toEqual({ text: '364550', lead: 5 });
    expect(digitRun(digitSlots(5).digits)).toEqual({ text: '005', lead: 8 });
    expect(digitRun(digitSlots(99_999_999_999).digits)).toEqual({ text: '99999999999', lead: 0 });
    expect(digitRun(digitSlots(null).digits)).toEqual({ text: '', lead: DIGIT_SLOT_COUNT });
  });

  it("rules a cell's background where the header's unit labels have their borders (entry-grid.css)", () => {
    const css = readFileSync(new URL('./entry-grid.css', import.meta.url), 'utf8');
    const block = css.slice(css.indexOf('.ld-digits {'), css.indexOf('}', css.indexOf('.ld-digits {')));
    const layers = [...block.matchAll(/linear-gradient\(var\(--ld-rule-(\w+)\)/g)].map((m) => m[1]);
    const positions = [...block.slice(block.indexOf('background-position')).matchAll(/calc\((\d+) \* var\(--ld-digit-width\)\)/g)].map((m) => Number(m[1]));
    const widths = [...(block.match(/background-size:([^;]+);/)?.[1] ?? '').matchAll(/(\d)px 100%/g)].map((m) => Number(m[1]));
    const drawn = Array<string>(DIGIT_SLOT_COUNT).fill('none');
    layers.forEach((rule, i) => (drawn[positions[i]] = rule));
    expect(drawn).toEqual(SLOT_RULES);
    expect(layers.map((rule, i) => [rule, widths[i]])).toEqual(layers.map((rule) => [rule, rule === 'digit' ? 1 : 2]));
  });
});

describe('keys that would edit (a locked sheet says why it refuses them)', () => {
  const k = (key: string, mods: Partial<KeyLike> & { keyCode?: number } = {}) => ({ key, ctrlKey: false, shiftKey: false, altKey: false, metaKey: false, ...mods });
  it.each<[ReturnType<typeof k>, boolean]>([
    [k('a'), true],
    [k('5'), true],
    [k('.'), true],
    [k('。'), true],
    [k('F2'), true],
    [k('Backspace'), true],
    [k('Process'), true],
    [k('Unidentified', { keyCode: 229 }), true],
    [k(' '), false],
    [k('ArrowDown'), false],
    [k('Enter'), false],
    [k('c', { ctrlKey: true }), false],
    [k('Escape'), false],
  ])('%o → %s', (event, edits) => {
    expect(startsEditing(event)).toBe(edits);
  });

  it('knows an input method key', () => {
    expect(isImeKey({ key: 'Process' })).toBe(true);
    expect(isImeKey({ key: 'a', keyCode: 229 })).toBe(true);
    expect(isImeKey({ key: 'a', keyCode: 65 })).toBe(false);
  });
});
