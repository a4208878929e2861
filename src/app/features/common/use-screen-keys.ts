/**
 * A screen's own keys (Ctrl+S, F9, PageDown, Ctrl+P…): one keydown listener on the window in the
 * capture phase, so AG Grid and the browser do not see the key first, acting only when the key is
 * pressed inside the screen's root (or with nothing focused).
 *
 * The listener is attached while the screen commits (a layout effect), not in a passive effect that
 * React may run after the screen is already painted: a key pressed the moment the screen shows (an
 * auditor's F9 right after stepping to the next voucher) reaches the screen instead of nothing. The
 * handler is read at the press, so it never acts on a render that is behind.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

/** Answers whether the key was the screen's (then the grid and the browser do not get it). */
export type ScreenKeyHandler = (e: KeyboardEvent) => boolean;

/** Whether the event's target lies in `root`, or nothing has the focus (the body). */
export function keyWithin(root: Element | null, e: Pick<KeyboardEvent, 'target'>): boolean {
  const target = e.target;
  if (!root || !target || typeof (target as Node).nodeType !== 'number') return false;
  const doc = root.ownerDocument;
  return root.contains(target as Node) || target === doc.body;
}

/** Ctrl (⌘) with one letter and no Alt or Shift: Ctrl+S, Ctrl+P. */
export function isCtrlLetter(e: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'key'>, letter: string): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === letter;
}

export function useScreenKeys(rootRef: RefObject<HTMLElement | null>, onKey: ScreenKeyHandler): void {
  const latest = useRef(onKey);
  useLayoutEffect(() => {
    latest.current = onKey;
  });
  useLayoutEffect(() => {
    const listener = (e: KeyboardEvent) => {
      if (!keyWithin(rootRef.current, e) || !latest.current(e)) return;
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, [rootRef]);
}
