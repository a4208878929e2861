/**
 * The shell's keyboard map in one table: every chord of the app shell (command palette, page
 * tabs, sidebar menu, shortcut help), which part of the shell listens for it and the i18n key
 * (namespace shell) of its help line. The global listener (use-shell-keys.ts), the sidebar tree,
 * the tab strip and the palette all match key events through this table, and the "Keyboard
 * shortcuts" dialog lists it (with the entry grid's table from grids/key-bindings.ts), so a key
 * is changed here once.
 *
 * Chosen not to clash with Chromium or the grid kit (grids/key-bindings.ts): Ctrl+1…9, Alt+1…9
 * (browser tabs on Linux), Ctrl+Tab, Ctrl+PageUp/PageDown, Alt+←/→ (history) are left to the
 * browser; Ctrl+K (omnibox search) and F1 (help) are page-cancellable accelerators; the grid
 * uses Alt+A/Insert/Delete, never Alt+PageUp/PageDown or Alt+M.
 */
import { keyNameOf, parseChords, type KeyLike } from '../../../grids/key-bindings';

export type ShellCommand =
  | 'palette.open'
  | 'shortcuts.open'
  | 'menu.focus'
  | 'tabs.next'
  | 'tabs.previous'
  | 'tablist.next'
  | 'tablist.previous'
  | 'tablist.first'
  | 'tablist.last'
  | 'tablist.activate'
  | 'tablist.close'
  | 'tree.next'
  | 'tree.previous'
  | 'tree.first'
  | 'tree.last'
  | 'tree.expand'
  | 'tree.collapse'
  | 'tree.activate'
  | 'palette.move'
  | 'palette.run'
  | 'palette.close';

/** Who listens: anywhere in the app, the focused page tab, the focused menu entry, the open palette. */
export type KeyScope = 'global' | 'tabs' | 'menu' | 'palette';

export interface ShellKeyBinding {
  command: ShellCommand;
  /** Chords in hotkeys-js syntax, comma separated (parsed by grids/key-bindings.ts). */
  keys: string;
  scope: KeyScope;
  /** i18n key (namespace shell) of the help line. */
  helpKey: string;
  /** Global keys only: also while typing in a field or a grid cell (false: only outside them). */
  inFields?: boolean;
  /** How the help shows the keys when the chords alone would not say it. */
  label?: string;
}

export const SHELL_KEY_BINDINGS: readonly ShellKeyBinding[] = [
  { command: 'palette.open', keys: 'ctrl+k,command+k', scope: 'global', helpKey: 'keys.paletteOpen', inFields: true },
  { command: 'shortcuts.open', keys: 'f1', scope: 'global', helpKey: 'keys.shortcutsOpen', inFields: true, label: 'F1 / ?' },
  // `?` is typing in a field or a grid cell: only outside them.
  { command: 'shortcuts.open', keys: '?', scope: 'global', helpKey: 'keys.shortcutsOpen' },
  { command: 'menu.focus', keys: 'alt+m', scope: 'global', helpKey: 'keys.menuFocus', inFields: true },
  { command: 'tabs.next', keys: 'alt+pagedown', scope: 'global', helpKey: 'keys.tabsNext', inFields: true },
  { command: 'tabs.previous', keys: 'alt+pageup', scope: 'global', helpKey: 'keys.tabsPrevious', inFields: true },

  { command: 'tree.next', keys: 'down', scope: 'menu', helpKey: 'keys.treeMove', label: '↑ / ↓' },
  { command: 'tree.previous', keys: 'up', scope: 'menu', helpKey: 'keys.treeMove' },
  { command: 'tree.first', keys: 'home', scope: 'menu', helpKey: 'keys.treeEnds', label: 'Home / End' },
  { command: 'tree.last', keys: 'end', scope: 'menu', helpKey: 'keys.treeEnds' },
  { command: 'tree.expand', keys: 'right', scope: 'menu', helpKey: 'keys.treeExpand' },
  { command: 'tree.collapse', keys: 'left,escape', scope: 'menu', helpKey: 'keys.treeCollapse' },
  { command: 'tree.activate', keys: 'enter,space', scope: 'menu', helpKey: 'keys.treeActivate' },

  { command: 'tablist.previous', keys: 'left', scope: 'tabs', helpKey: 'keys.tablistMove', label: '← / →' },
  { command: 'tablist.next', keys: 'right', scope: 'tabs', helpKey: 'keys.tablistMove' },
  { command: 'tablist.first', keys: 'home', scope: 'tabs', helpKey: 'keys.tablistEnds', label: 'Home / End' },
  { command: 'tablist.last', keys: 'end', scope: 'tabs', helpKey: 'keys.tablistEnds' },
  { command: 'tablist.activate', keys: 'enter,space', scope: 'tabs', helpKey: 'keys.tablistActivate' },
  { command: 'tablist.close', keys: 'delete', scope: 'tabs', helpKey: 'keys.tablistClose' },

  // Mantine Spotlight handles these itself; they are here so the help and the palette footer say them.
  { command: 'palette.move', keys: 'up,down', scope: 'palette', helpKey: 'keys.paletteMove', label: '↑ / ↓' },
  { command: 'palette.run', keys: 'enter', scope: 'palette', helpKey: 'keys.paletteRun' },
  { command: 'palette.close', keys: 'escape', scope: 'palette', helpKey: 'keys.paletteClose' },
];

const PARSED = SHELL_KEY_BINDINGS.map((binding) => ({ binding, chords: parseChords(binding.keys) }));

/** The binding a key event triggers in a scope, if any. */
export function matchShellKey(event: KeyLike, scope: KeyScope): ShellKeyBinding | undefined {
  const name = keyNameOf(event);
  for (const { binding, chords } of PARSED) {
    if (binding.scope !== scope) continue;
    const hit = chords.some((c) => {
      // A punctuation key ("?") is the character typed, whatever Shift it took on the layout.
      const shiftMatters = !(c.key.length === 1 && !/[a-z0-9]/.test(c.key));
      return c.key === name && c.ctrl === event.ctrlKey && c.alt === event.altKey && c.meta === event.metaKey && (!shiftMatters || c.shift === event.shiftKey);
    });
    if (hit) return binding;
  }
  return undefined;
}

export function bindingOf(command: ShellCommand): ShellKeyBinding {
  const found = SHELL_KEY_BINDINGS.find((b) => b.command === command);
  if (!found) throw new Error(`no key binding for ${command}`);
  return found;
}

const KEY_LABELS: Record<string, string> = {
  enter: 'Enter', escape: 'Esc', space: 'Space', home: 'Home', end: 'End', delete: 'Delete',
  pageup: 'PageUp', pagedown: 'PageDown', up: '↑', down: '↓', left: '←', right: '→',
};

/** The chords of a binding as shown to the user ("Ctrl+K", "Alt+PageDown", "← / Esc"). */
export function shellKeyLabel(binding: ShellKeyBinding, platform: 'mac' | 'other' = 'other'): string {
  if (binding.label) return binding.label;
  const chords = parseChords(binding.keys).filter((c) => (platform === 'mac' ? !c.ctrl : !c.meta));
  const text = chords.map((c) => {
    const key = KEY_LABELS[c.key] ?? c.key.toUpperCase();
    return [c.ctrl && 'Ctrl', c.meta && '⌘', c.alt && 'Alt', c.shift && 'Shift', key].filter(Boolean).join('+');
  });
  return [...new Set(text)].join(' / ');
}

/** Help lines: one per helpKey (bindings sharing a line, like ↑ and ↓, are shown once), in table order. */
export function helpLines(scope: KeyScope, platform: 'mac' | 'other' = 'other'): Array<{ helpKey: string; keys: string; command: ShellCommand }> {
  const seen = new Set<string>();
  const out: Array<{ helpKey: string; keys: string; command: ShellCommand }> = [];
  for (const b of SHELL_KEY_BINDINGS) {
    if (b.scope !== scope || seen.has(b.helpKey)) continue;
    seen.add(b.helpKey);
    out.push({ helpKey: b.helpKey, keys: shellKeyLabel(b, platform), command: b.command });
  }
  return out;
}
