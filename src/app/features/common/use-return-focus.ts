/**
 * For dialogs and drawers mounted only while open (`{open && <Dialog />}` around `<Modal opened>`):
 * Mantine gives the focus back only when `opened` turns false on a mounted modal, never when the
 * modal mounts open and is then unmounted. Such a dialog left the focus on the page body when it
 * closed, so a keyboard user's next keys went nowhere. This returns the focus to the element that
 * had it when the dialog mounted (its button, a grid cell), unless something else took the focus
 * meanwhile on purpose (a caller moving the caret on).
 */
import { useLayoutEffect } from 'react';

/** Whether the focus is lost: on nothing, the body, or an element no longer in the page. */
export function focusIsLost(doc: Document): boolean {
  const now = doc.activeElement;
  return now === null || now === doc.body || !now.isConnected;
}

export function useReturnFocusOnUnmount(): void {
  // A layout effect runs as the dialog commits, before its focus trap moves the focus inside.
  useLayoutEffect(() => {
    const doc = document;
    const before = doc.activeElement instanceof HTMLElement && doc.activeElement !== doc.body ? doc.activeElement : null;
    return () => {
      if (!before) return;
      // After React has removed the dialog and the caller has had its turn to move the focus.
      setTimeout(() => {
        if (before.isConnected && focusIsLost(doc)) before.focus({ preventScroll: true });
      }, 0);
    };
  }, []);
}
