import { describe, expect, it } from 'vitest';
import { GRID_KEY_BINDINGS, parseChords } from '../../../grids/key-bindings';
import { helpLines, matchShellKey, SHELL_KEY_BINDINGS, shellKeyLabel, bindingOf } from './key-map';
import { globalKeyAllowed } from './use-shell-keys';

const key = (k: string, mods: Partial<{ ctrl: boolean; alt: boolean; shift: boolean; meta: boolean }> = {}, code?: string) => ({
  key: k, code, ctrlKey: !!mods.ctrl, altKey: !!mods.alt, shiftKey: !!mods.shift, metaKey: !!mods.meta,
});

describe('shell key map', () => {
  it('matches the global keys', () => {
    expect(matchShellKey(key('k', { ctrl: true }, 'KeyK'), 'global')?.command).toBe('palette.open');
    expect(matchShellKey(key('k', { meta: true }, 'KeyK'), 'global')?.command).toBe('palette.open');
    expect(matchShellKey(key('PageDown', { alt: true }), 'global')?.command).toBe('tabs.next');
    expect(matchShellKey(key('PageUp', { alt: true }), 'global')?.command).toBe('tabs.previous');
    expect(matchShellKey(key('F1'), 'global')?.command).toBe('shortcuts.open');
    expect(matchShellKey(key('?', { shift: true }), 'global')?.command).toBe('shortcuts.open');
    expect(matchShellKey(key('µ', { alt: true }, 'KeyM'), 'global')?.command).toBe('menu.focus');
    expect(matchShellKey(key('k'), 'global')).toBeUndefined();
    expect(matchShellKey(key('PageDown'), 'global')).toBeUndefined();
  });
  it('matches menu and tab keys only in their scope', () => {
    expect(matchShellKey(key('ArrowDown'), 'menu')?.command).toBe('tree.next');
    expect(matchShellKey(key('Escape'), 'menu')?.command).toBe('tree.collapse');
    expect(matchShellKey(key(' '), 'menu')?.command).toBe('tree.activate');
    expect(matchShellKey(key('ArrowRight'), 'tabs')?.command).toBe('tablist.next');
    expect(matchShellKey(key('Delete'), 'tabs')?.command).toBe('tablist.close');
    expect(matchShellKey(key('ArrowDown', { shift: true }), 'menu')).toBeUndefined();
  });
  it('no global chord is one the entry grid uses, or a browser tab / history key', () => {
    const sig = (c: ReturnType<typeof parseChords>[number]) => `${c.ctrl}${c.alt}${c.shift}${c.meta}${c.key}`;
    const grid = new Set(GRID_KEY_BINDINGS.flatMap((b) => parseChords(b.keys)).map(sig));
    const global = SHELL_KEY_BINDINGS.filter((b) => b.scope === 'global').flatMap((b) => parseChords(b.keys));
    for (const c of global) {
      expect(grid.has(sig(c)), c.key).toBe(false);
      // Alt/Ctrl + digits switch browser tabs; Alt+←/→ is history; Ctrl+Tab/PageUp/PageDown switch tabs.
      expect(/^\d$/.test(c.key) && (c.alt || c.ctrl)).toBe(false);
      expect(c.alt && !c.ctrl && ['left', 'right'].includes(c.key)).toBe(false);
      expect(c.ctrl && !c.alt && ['tab', 'pageup', 'pagedown', 't', 'w', 'n'].includes(c.key)).toBe(false);
    }
  });
  it('labels keys for the help and lists each help line once', () => {
    expect(shellKeyLabel(bindingOf('palette.open'))).toBe('Ctrl+K');
    expect(shellKeyLabel(bindingOf('palette.open'), 'mac')).toBe('⌘+K');
    expect(shellKeyLabel(bindingOf('tabs.next'))).toBe('Alt+PageDown');
    expect(shellKeyLabel(bindingOf('tree.collapse'))).toBe('← / Esc');
    const menu = helpLines('menu');
    expect(menu.map((l) => l.helpKey)).toEqual(['keys.treeMove', 'keys.treeEnds', 'keys.treeExpand', 'keys.treeCollapse', 'keys.treeActivate']);
  });
  it('typing keys stay with fields and grids; dialogs keep the keyboard but the palette key closes the palette', () => {
    const doc = (html: string) => {
      const root = { closest: () => null } as unknown as Element;
      return html ? (html as unknown as Element) : root;
    };
    expect(globalKeyAllowed(null, false, 'shortcuts.open')).toBe(true);
    expect(globalKeyAllowed(doc(''), false, 'shortcuts.open')).toBe(true);
    const inInput = { closest: (s: string) => (s.includes('input') ? {} : null) } as unknown as Element;
    expect(globalKeyAllowed(inInput, false, 'shortcuts.open')).toBe(false);
    expect(globalKeyAllowed(inInput, true, 'palette.open')).toBe(true);
    const inDialog = { closest: (s: string) => (s === '[role="dialog"]' ? {} : null) } as unknown as Element;
    expect(globalKeyAllowed(inDialog, true, 'tabs.next')).toBe(false);
    expect(globalKeyAllowed(inDialog, true, 'palette.open')).toBe(false);
    const inPalette = { closest: (s: string) => (s === '[role="dialog"]' || s.includes('command-palette') ? {} : null) } as unknown as Element;
    expect(globalKeyAllowed(inPalette, true, 'palette.open')).toBe(true);
  });
});
