/**
 * A card of a popup (the project view's invoice and client cards) opens popups of its own; Mantine's
 * modals all hear Esc on window, so the popup below turns its Esc off while one is open above it.
 */
import { useEffect } from 'react';

/** Tells the popup below whether one of the card's popups is open (and that none is once the card goes). */
export function useCoveredWhile(open: boolean, onCovered: (covered: boolean) => void): void {
  useEffect(() => {
    onCovered(open);
    return () => onCovered(false);
    // onCovered is made anew with every render of the popup below; only the card's state matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
}
