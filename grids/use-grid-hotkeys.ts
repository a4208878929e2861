/**
 * Keyboard commands of one entry grid through hotkeys-js, scoped to that grid: the grid's own
 * hotkeys scope is active while focus is inside it (restored on the way out), and keys typed into
 * an open editor are left to the editor (hotkeys-js ignores inputs).
 *
 * One wildcard handler per grid resolves chords through the kit's binding table rather than one
 * hotkeys-js registration per chord: hotkeys-js matches a chord only when exactly its keys are
 * down, which drops Enter or `=` pressed while the previous key is still held (fast typists roll
 * keys over), and it keys on key codes where the table keys on the character typed.
 */
import { useEffect, useRef, type RefObject } from 'react';
import hotkeys from 'hotkeys-js';

export function useGridHotkeys(containerRef: RefObject<HTMLElement | null>, scope: string, onKeyDown: (event: KeyboardEvent) => void): void {
  const handlerRef = useRef(onKeyDown);
  useEffect(() => {
    handlerRef.current = onKeyDown;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let outerScope = 'all';
    const onFocusIn = () => {
      const current = hotkeys.getScope();
      if (current !== scope) {
        outerScope = current;
        hotkeys.setScope(scope);
      }
    };
    const onFocusOut = (e: FocusEvent) => {
      if (e.relatedTarget instanceof Node && container.contains(e.relatedTarget)) return;
      if (hotkeys.getScope() === scope) hotkeys.setScope(outerScope);
    };
    const handler = (event: KeyboardEvent) => {
      if (event.type !== 'keydown' || !(event.target instanceof Node) || !container.contains(event.target)) return;
      handlerRef.current(event);
    };
    container.addEventListener('focusin', onFocusIn);
    container.addEventListener('focusout', onFocusOut);
    hotkeys('*', { scope, keydown: true, keyup: false }, handler);
    if (container.contains(document.activeElement)) onFocusIn();
    return () => {
      container.removeEventListener('focusin', onFocusIn);
      container.removeEventListener('focusout', onFocusOut);
      hotkeys.unbind('*', scope, handler);
      if (hotkeys.getScope() === scope) hotkeys.setScope(outerScope);
    };
  }, [containerRef, scope]);
}
