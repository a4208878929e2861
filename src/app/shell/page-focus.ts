/**
 * Focus lands on the first useful control of a page after sign-in and after every navigation, so
 * a clerk can type at once: done once here for every page, not per page. A page may mark its
 * control with `data-autofocus`; otherwise the first field, else the grid, else the first button
 * or link of the page's region; a page without any gets the region itself (Tab goes on from there).
 * Fields that open a list or a calendar when focused (selects, date inputs) are passed over: on
 * arrival they would cover the page with a popup and take the first keys typed.
 */
import { useEffect, useRef } from 'react';
import { AUTO_FOCUSED_ATTR, ENTRY_AUTOFOCUS_ATTR, MODAL_DIALOG_SELECTOR } from '../../../grids/focus-first-cell';

const FIELD = 'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([disabled]), textarea:not([disabled]), select:not([disabled])';
const GRID_CELL = '.ag-center-cols-container [role="gridcell"], [role="grid"] [role="gridcell"]';
const TABBABLE = 'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';
/** Fields that open a popup when they get the focus (Mantine selects and date inputs). */
const OPENS_ON_FOCUS = '[role="combobox"], [data-dates-input]';

const shown = (el: Element) => (el as HTMLElement).getClientRects().length > 0 && !el.closest('[aria-hidden="true"], [inert]');

/** The control a page's region offers first, or null while it has none. */
export function firstUsefulControl(region: ParentNode, isShown: (el: Element) => boolean = shown): HTMLElement | null {
  const first = (selector: string, skip?: string) => [...region.querySelectorAll<HTMLElement>(selector)].find((el) => !(skip && el.matches(skip)) && isShown(el)) ?? null;
  const marked = first('[data-autofocus]');
  if (marked) return marked.matches(`${FIELD}, ${TABBABLE}`) ? marked : (marked.querySelector<HTMLElement>(`${FIELD}, ${TABBABLE}`) ?? marked);
  return first(FIELD, OPENS_ON_FOCUS) ?? first(GRID_CELL) ?? first(TABBABLE);
}

/**
 * The control this hook focused carries `data-auto-focused` until the user uses it (a key, a click)
 * or leaves it: a grid whose rows arrive later may take the focus from it (grids/focus-first-cell.ts),
 * never from a control the user chose.
 */
function markAutoFocused(el: HTMLElement): void {
  el.setAttribute(AUTO_FOCUSED_ATTR, '');
  const clear = () => {
    el.removeAttribute(AUTO_FOCUSED_ATTR);
    el.removeEventListener('focusout', clear);
    el.removeEventListener('keydown', clear);
    el.removeEventListener('pointerdown', clear);
  };
  el.addEventListener('focusout', clear);
  el.addEventListener('keydown', clear);
  el.addEventListener('pointerdown', clear);
}

/** How long after a navigation a late control (data still loading) may still take the focus. */
const WATCH_MS = 3000;
/** How long to wait for a control before focusing the region itself. */
const FALLBACK_MS = 600;

/**
 * Moves focus into `region` whenever `navigationKey` changes and `ready` is true. It never takes
 * focus back from the user: it stops as soon as the focus moved somewhere else since the
 * navigation (a field clicked, a dialog opened).
 */
export function usePageFocus(region: React.RefObject<HTMLElement | null>, navigationKey: string, ready: boolean): void {
  const lastKey = useRef<string | null>(null);
  useEffect(() => {
    const root = region.current;
    if (!ready || !root || lastKey.current === navigationKey) return;
    lastKey.current = navigationKey;
    const before = document.activeElement;
    // The user (or the page itself) already put the focus on a control of the new page: keep it.
    if (before && before !== root && root.contains(before)) return;
    // A modal dialog opened over the page before it was ready (the palette, a picker) keeps the
    // keyboard. (Not a popover such as the menu's flyout, which closes once its entry navigated.)
    if (before?.closest(MODAL_DIALOG_SELECTOR)) return;
    // Any focus move since the navigation that is not ours (a click, a dialog or the palette
    // opening, even onto the element that had the focus before) means the user is elsewhere.
    let moved = false;
    let focusing = false;
    const onFocusIn = () => {
      if (!focusing) moved = true;
    };
    const untouched = () => {
      const now = document.activeElement;
      return !moved && (now === before || now === null || now === document.body || now === root);
    };
    const focusOn = (el: HTMLElement, preventScroll: boolean) => {
      focusing = true;
      try {
        el.focus({ preventScroll });
      } finally {
        focusing = false;
      }
      if (el !== root && document.activeElement === el) markAutoFocused(el);
    };
    let done = false;
    let settled = false;
    // The control this run focused. The watch goes on after it took the focus: what a page shows
    // first may be replaced soon after (on a fresh load the scope banner's link, until the ledger
    // set is restored, then the page itself), and the focus, gone with it, falls back to the body.
    let ours: HTMLElement | null = null;
    const attempt = () => {
      if (done) return;
      if (ours) {
        const now = document.activeElement;
        if (now === ours || ours.contains(now)) return;
        // Gone with its part of the page (the focus fell back to the body, or the fallback gave it
        // the region): look again. Anywhere else, the user moved it: theirs from now on.
        const lost = !moved && !ours.isConnected && (now === null || now === document.body || now === root);
        if (!lost) return stop();
        ours = null;
      }
      if (!untouched()) {
        settled = true;
        return stop();
      }
      // A page whose entry grid puts its own caret when its rows arrive is left to it: a header field
      // focused first would take the keys typed meanwhile (and the code field is no place for them).
      const control = root.querySelector(`[${ENTRY_AUTOFOCUS_ATTR}]`) ? null : firstUsefulControl(root);
      if (control) {
        focusOn(control, false);
        if (document.activeElement === control || control.contains(document.activeElement)) {
          settled = true;
          ours = control;
        }
      }
    };
    const observer = new MutationObserver(attempt);
    const fallback = setTimeout(() => {
      if (!done && untouched() && document.activeElement !== root) focusOn(root, true);
    }, FALLBACK_MS);
    const expiry = setTimeout(() => {
      settled = true;
      stop();
    }, WATCH_MS);
    function stop() {
      done = true;
      document.removeEventListener('focusin', onFocusIn, true);
      observer.disconnect();
      clearTimeout(fallback);
      clearTimeout(expiry);
    }
    document.addEventListener('focusin', onFocusIn, true);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'style', 'class'] });
    attempt();
    return () => {
      // Unmounted before it settled (StrictMode's second run, a quick re-render): let the next run try.
      if (!settled) lastKey.current = null;
      stop();
    };
  }, [region, navigationKey, ready]);
}
