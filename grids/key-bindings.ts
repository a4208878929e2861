/**
 * The entry grid's keyboard commands in one table: the key chords (hotkeys-js syntax), what they
 * do, whether they change data (refused when the sheet is read-only) and the i18n key of their
 * help text. The same table feeds the hotkeys-js listener, AG Grid's `suppressKeyboardEvent` (so
 * the grid leaves these keys to the kit), the context menu's shortcut hints and the help popover.
 *
 * Chosen so they do not clash with Chromium: Ctrl+T/W/N/Tab are never used; Ctrl+D (bookmark)
 * and F7 (caret browsing) are ordinary page-cancellable accelerators.
 */
export type GridCommand =
  | 'moveNext'
  | 'movePrevious'
  | 'rowStart'
  | 'rowEnd'
  | 'firstRow'
  | 'lastRow'
  | 'clearCell'
  | 'openPicker'
  | 'openMenu'
  | 'copyCell'
  | 'extendSelection'
  | 'undo'
  | 'redo'
  | 'appendRow'
  | 'insertRowAbove'
  | 'copyRow'
  | 'deleteRow'
  | 'balance'
  | 'otherSide'
  | 'negate';

export interface KeyBinding {
  command: GridCommand;
  /** hotkeys-js chords, comma separated. */
  keys: string;
  /** Only on amount cells (elsewhere the key types into the cell). */
  amountOnly?: boolean;
  /** Changes data: refused on a read-only sheet. */
  mutates: boolean;
  /** i18n key (namespace grid) of the help line. */
  helpKey: string;
  /** How the help shows the keys when the first chord alone would not say it ("Shift+↑ ↓ ← →"). */
  label?: string;
}

export const GRID_KEY_BINDINGS: readonly KeyBinding[] = [
  { command: 'moveNext', keys: 'enter', mutates: false, helpKey: 'keys.moveNext' },
  { command: 'movePrevious', keys: 'shift+enter', mutates: false, helpKey: 'keys.movePrevious' },
  { command: 'rowStart', keys: 'home', mutates: false, helpKey: 'keys.rowStart' },
  { command: 'rowEnd', keys: 'end', mutates: false, helpKey: 'keys.rowEnd' },
  { command: 'firstRow', keys: 'ctrl+home,command+up', mutates: false, helpKey: 'keys.firstRow' },
  { command: 'lastRow', keys: 'ctrl+end,command+down', mutates: false, helpKey: 'keys.lastRow' },
  { command: 'clearCell', keys: 'delete', mutates: true, helpKey: 'keys.clearCell' },
  { command: 'openPicker', keys: 'f7', mutates: true, helpKey: 'keys.openPicker' },
  { command: 'openMenu', keys: 'shift+f10', mutates: false, helpKey: 'keys.openMenu' },
  { command: 'copyCell', keys: 'ctrl+c,command+c', mutates: false, helpKey: 'keys.copyCell' },
  {
    command: 'extendSelection',
    keys: 'shift+up,shift+down,shift+left,shift+right,shift+home,shift+end',
    mutates: false,
    helpKey: 'keys.extendSelection',
    label: 'Shift+↑ ↓ ← → / Home / End',
  },
  { command: 'undo', keys: 'ctrl+z,command+z', mutates: true, helpKey: 'keys.undo' },
  { command: 'redo', keys: 'ctrl+y,ctrl+shift+z,command+shift+z', mutates: true, helpKey: 'keys.redo' },
  { command: 'appendRow', keys: 'alt+a', mutates: true, helpKey: 'keys.appendRow' },
  { command: 'insertRowAbove', keys: 'alt+insert,ctrl+i,command+i', mutates: true, helpKey: 'keys.insertRowAbove' },
  { command: 'copyRow', keys: 'ctrl+d,command+d', mutates: true, helpKey: 'keys.copyRow' },
  { command: 'deleteRow', keys: 'ctrl+delete,alt+delete,command+backspace', mutates: true, helpKey: 'keys.deleteRow' },
  { command: 'balance', keys: '=', amountOnly: true, mutates: true, helpKey: 'keys.balance' },
  { command: 'otherSide', keys: 'space', amountOnly: true, mutates: true, helpKey: 'keys.otherSide' },
  { command: 'negate', keys: '-,num_subtract', amountOnly: true, mutates: true, helpKey: 'keys.negate' },
];

/** Help lines that are not single commands (typing, `..`, `//`, arrows, Tab, F2, paste). */
export const GRID_TYPING_HELP_KEYS = ['keys.arrows', 'keys.tab', 'keys.type', 'keys.edit', 'keys.escape', 'keys.copyPrevious', 'keys.copyFirst', 'keys.arithmetic', 'keys.paste'] as const;

interface Chord {
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
  meta: boolean;
  key: string;
}

const MODIFIERS: Record<string, keyof Omit<Chord, 'key'>> = { ctrl: 'ctrl', control: 'ctrl', shift: 'shift', alt: 'alt', option: 'alt', command: 'meta', cmd: 'meta', meta: 'meta' };

export function parseChords(keys: string): Chord[] {
  return keys.split(',').map((chord) => {
    const parts = chord.trim().toLowerCase().split('+');
    const out: Chord = { ctrl: false, shift: false, alt: false, meta: false, key: parts[parts.length - 1] };
    for (const p of parts.slice(0, -1)) out[MODIFIERS[p]] = true;
    return out;
  });
}

const NAMED_KEYS: Record<string, string> = {
  ' ': 'space',
  spacebar: 'space',
  arrowup: 'up',
  arrowdown: 'down',
  arrowleft: 'left',
  arrowright: 'right',
  del: 'delete',
  esc: 'escape',
};

export interface KeyLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/** The chord name of a key event ("enter", "f7", "=", "a"), layout-aware for letters under Alt. */
export function keyNameOf(event: KeyLike): string {
  if (event.code === 'NumpadSubtract') return 'num_subtract';
  if (event.code === 'NumpadEnter') return 'enter';
  const key = event.key.toLowerCase();
  if (NAMED_KEYS[key]) return NAMED_KEYS[key];
  // Alt+letter yields a composed character on some layouts (macOS: å); the physical key decides.
  if ((event.altKey || event.ctrlKey || event.metaKey) && event.code && /^Key[A-Z]$/.test(event.code)) return event.code.slice(3).toLowerCase();
  return key;
}

function chordMatches(chord: Chord, event: KeyLike, name: string): boolean {
  // A punctuation key ("=", "-") is the character typed, whatever Shift took to type it on the layout.
  const shiftMatters = !(chord.key.length === 1 && !/[a-z0-9]/.test(chord.key));
  return chord.key === name && chord.ctrl === event.ctrlKey && chord.alt === event.altKey && chord.meta === event.metaKey && (!shiftMatters || chord.shift === event.shiftKey);
}

const PARSED = GRID_KEY_BINDINGS.map((b) => ({ binding: b, chords: parseChords(b.keys) }));

/** The binding a key event triggers in a cell of the given kind, if any. */
export function matchKeyBinding(event: KeyLike, cellKind: 'amount' | 'other'): KeyBinding | undefined {
  const name = keyNameOf(event);
  for (const { binding, chords } of PARSED) {
    if (binding.amountOnly && cellKind !== 'amount') continue;
    if (chords.some((c) => chordMatches(c, event, name))) return binding;
  }
  return undefined;
}

const KEY_LABELS: Record<string, string> = {
  enter: 'Enter',
  home: 'Home',
  end: 'End',
  delete: 'Delete',
  insert: 'Insert',
  space: 'Space',
  backspace: 'Backspace',
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  num_subtract: '-',
};

function chordLabel(chord: Chord): string {
  const key = KEY_LABELS[chord.key] ?? chord.key.toUpperCase();
  const mods = [chord.ctrl && 'Ctrl', chord.meta && '⌘', chord.alt && 'Alt', chord.shift && 'Shift'].filter(Boolean);
  return [...mods, key].join('+');
}

/** The first chord of a binding as shown to the user ("Ctrl+Shift+Z", "Alt+Insert"). */
export function shortcutLabel(binding: KeyBinding, platform: 'mac' | 'other' = 'other'): string {
  const chords = parseChords(binding.keys);
  const chord = (platform === 'mac' ? chords.find((c) => c.meta) : chords.find((c) => !c.meta)) ?? chords[0];
  return chordLabel(chord);
}

/** Every chord of a binding for the platform, as a tooltip shows them ("Alt+Insert / Ctrl+I"). */
export function shortcutText(binding: KeyBinding, platform: 'mac' | 'other' = 'other'): string {
  if (binding.label) return binding.label;
  const chords = parseChords(binding.keys).filter((c) => (platform === 'mac' ? !c.ctrl : !c.meta));
  return [...new Set(chords.map(chordLabel))].join(' / ');
}

/** The current platform for shortcut labels (⌘ on Apple keyboards). */
export function shortcutPlatform(): 'mac' | 'other' {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform ?? '') ? 'mac' : 'other';
}

export function bindingFor(command: GridCommand): KeyBinding {
  const found = GRID_KEY_BINDINGS.find((b) => b.command === command);
  if (!found) throw new Error(`no key binding for ${command}`);
  return found;
}

/** An input method's key (pinyin, full-width punctuation): browsers report it as `Process` / keyCode 229. */
export function isImeKey(event: Pick<KeyLike, 'key'> & { keyCode?: number }): boolean {
  return event.key === 'Process' || event.keyCode === 229;
}

/**
 * A key that starts editing a cell, as on a spreadsheet: a character, F2, Backspace, an input
 * method's key. A locked sheet answers these (and the editing commands of the table) with why.
 */
export function startsEditing(event: KeyLike & { keyCode?: number }): boolean {
  if (event.ctrlKey || event.altKey || event.metaKey) return false;
  return (event.key.length === 1 && event.key !== ' ') || event.key === 'F2' || event.key === 'Backspace' || isImeKey(event);
}
