/**
 * The shell's global keys (key-map.ts, scope "global"), listened for once on the window in the
 * capture phase, so a grid or a field below cannot swallow them. Keys that are ordinary typing
 * (`?`) are left alone in fields and grid cells; while a dialog is open it keeps the keyboard
 * (only the palette's own key closes the palette).
 */
import { useLayoutEffect, useRef } from 'react';
import { matchShellKey, type ShellCommand } from './key-map';

export type ShellKeyHandlers = Partial<Record<ShellCommand, () => void>>;

/** The palette's root (command-palette.tsx sets this test id on it). */
export const PALETTE_SELECTOR = '[data-testid="command-palette"]';

const FIELD_OR_GRID = 'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="grid"], [role="treegrid"], .ag-root-wrapper';

/** Whether a key event's target lets a global key of this kind act. */
export function globalKeyAllowed(target: Element | null, inFields: boolean, command: ShellCommand): boolean {
  if (!target || typeof target.closest !== 'function') return true;
  const dialog = target.closest('[role="dialog"]');
  // In the palette its own key closes it; in any other dialog the dialog keeps the keyboard.
  if (dialog && !(command === 'palette.open' && target.closest(PALETTE_SELECTOR))) return false;
  if (!inFields && target.closest(FIELD_OR_GRID)) return false;
  return true;
}

export function useShellKeys(handlers: ShellKeyHandlers): void {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  // Attached while the shell commits: a key pressed as soon as the shell shows is not lost.
  useLayoutEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const binding = matchShellKey(e, 'global');
      if (!binding) return;
      const handler = latest.current[binding.command];
      if (!handler || !globalKeyAllowed(e.target as Element | null, !!binding.inFields, binding.command)) return;
      e.preventDefault();
      e.stopPropagation();
      handler();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
