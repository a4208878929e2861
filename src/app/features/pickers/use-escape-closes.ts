/**
 * Esc closes only the topmost picker. Mantine's open modals all listen for Escape on the window in
 * the capture phase, in the order they opened, so a picker opened from a form dialog would close
 * that dialog as well. One listener registered when this module loads (before any dialog opens)
 * runs first: while a picker is open it takes Escape, keeps it from everyone else and closes the
 * picker opened last.
 */
import { useEffect, useRef } from 'react';

const open: Array<{ current: () => void }> = [];

if (typeof window !== 'undefined') {
  window.addEventListener('keydown', (e) => {
    const top = open[open.length - 1];
    if (e.key !== 'Escape' || !top || e.isComposing) return;
    e.stopImmediatePropagation();
    e.preventDefault();
    top.current();
  }, true);
}

export function useEscapeCloses(onClose: () => void) {
  const latest = useRef(onClose);
  latest.current = onClose;
  useEffect(() => {
    const entry = latest;
    open.push(entry);
    return () => {
      const i = open.lastIndexOf(entry);
      if (i >= 0) open.splice(i, 1);
    };
  }, []);
}
