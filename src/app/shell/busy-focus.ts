/**
 * A button that goes busy keeps the keyboard. Mantine's `loading` (and a `disabled={running}`)
 * disables the button the user just pressed Enter on; the browser then drops the focus to <body>,
 * and a keyboard-only user had to Tab back from the top of the page after every Export, Save,
 * Preview… BusyButton (features/common/busy-button.tsx) avoids it where it is used; this catches
 * every other button, now and later: when the focused control is disabled and the focus falls to
 * nothing, the control is noted, and as soon as it is enabled again it gets the focus back, unless
 * the user (or the page) has put the focus somewhere meanwhile, or the control has left the page.
 *
 * Page controls only: a dialog's button that goes busy (its OK, Save) usually ends by closing the
 * dialog, and the page then places the focus itself (the next blocker, the list's caret); focusing
 * the button again inside the closing dialog took that from it. A dialog's busy buttons use
 * BusyButton, and its focus trap brings Tab back into it anyway.
 */

/** How long a disabled control may wait to be enabled again (ms); after that the focus stays where it is. */
const WAIT_MS = 60_000;

const focusIsLost = (doc: Document) => doc.activeElement === null || doc.activeElement === doc.body;

const inDialog = (el: Element) => el.closest('[role="dialog"]') !== null;

const isDisabled = (el: Element) => el.hasAttribute('disabled') || el.getAttribute('data-loading') === 'true';

/** Installs the watch on `doc` (the app's document); answers the function that removes it. */
export function watchBusyFocus(doc: Document = document): () => void {
  let lastFocused: HTMLElement | null = null;
  let waiting: { el: HTMLElement; since: number } | null = null;

  const onFocusIn = (e: FocusEvent) => {
    if (e.target instanceof HTMLElement) lastFocused = e.target;
    // The focus went somewhere on purpose: the waiting control does not take it back.
    if (waiting && e.target !== waiting.el) waiting = null;
  };

  const observer = new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target;
      if (!(el instanceof HTMLElement)) continue;
      // The focus falls to <body> when the browser next fixes it up (now or at the next frame).
      if (el === lastFocused && isDisabled(el) && !inDialog(el) && (doc.activeElement === el || focusIsLost(doc))) {
        waiting = { el, since: performance.now() };
      } else if (waiting?.el === el && !isDisabled(el)) {
        const { since } = waiting;
        waiting = null;
        if (el.isConnected && focusIsLost(doc) && performance.now() - since <= WAIT_MS) el.focus({ preventScroll: true });
      }
    }
  });

  doc.addEventListener('focusin', onFocusIn, true);
  observer.observe(doc.documentElement, { subtree: true, attributes: true, attributeFilter: ['disabled', 'data-loading'] });
  return () => {
    doc.removeEventListener('focusin', onFocusIn, true);
    observer.disconnect();
  };
}
