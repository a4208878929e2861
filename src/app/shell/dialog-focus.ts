/**
 * Keys typed right after a dialog opens land in its field. Mantine's focus trap moves the focus into
 * a new dialog in a timer after the dialog is drawn, and the browser runs input before timers: keys
 * typed at once (the auditor's Shift+F8 then the reason, Ctrl+K then the query) went to the control
 * behind the dialog. This watches the portals Mantine draws dialogs into and focuses a new dialog's
 * `[data-autofocus]` control (or, with none, the dialog itself) before the next key is handled.
 *
 * Not sooner: the key that opened the dialog is not over until it is released, and the rest of its
 * events (the Enter that clicked "Settle" is still down) must not reach the dialog's own button,
 * which would confirm at once. So while a key is down the focus waits for that key's release (or for
 * the next key to go down); with no key down (a click opened the dialog) it moves at once. Only
 * portals are watched (never the page and its grids), so typing in a grid costs nothing here.
 *
 * And the focus comes back when a dialog goes. Mantine gives it back only when `opened` turns false
 * on a modal that stays mounted; a dialog mounted only while open (`{open && <Dialog />}`) took the
 * focus with it when it was unmounted, and the next keys went nowhere (decision 056). So each modal
 * dialog that appears notes the element that had the focus before it (its button, a grid cell), and
 * when the dialog leaves the page with the focus lost, that element gets it back, unless the caller
 * moved the focus on purpose meanwhile or the element is gone too. A dialog opened from inside another
 * that has closed meanwhile (New in a record's view replaces the view) gives it to the element the
 * closed one would have. An opener the dialog's answer drew anew (a picker's search icon, moved into
 * the clear button's section once a value is chosen; a "Project…" button replaced by the chosen
 * value's pill) is gone only in name: the element now standing in its place, known by the same
 * `data-focus-slot` (else the same `data-testid`), takes the focus.
 */
// Modal dialogs only: popovers keep Mantine's own timing.
import { MODAL_DIALOG_SELECTOR as DIALOG } from '../../../grids/focus-first-cell';

const AUTOFOCUS = '[data-autofocus]';
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock']);

function autofocusTargetIn(node: Node): HTMLElement | null {
  if (!(node instanceof HTMLElement)) return null;
  const target = node.matches(AUTOFOCUS) ? node : node.querySelector<HTMLElement>(AUTOFOCUS);
  if (target) return target.closest(DIALOG) ? target : null;
  // A dialog with nothing marked (the shortcuts list, a message): the dialog itself, so that the
  // Escape typed at once closes it (Mantine ignores an Escape aimed at the menu item that opened it)
  // and a typed-ahead Enter presses none of its buttons. Mantine's trap then moves on to its first control.
  const dialog = node.matches(DIALOG) ? node : node.querySelector<HTMLElement>(DIALOG);
  return dialog && dialog.hasAttribute('tabindex') ? dialog : null;
}

/**
 * How long after a dialog appears Mantine's trap may still focus its marked control: the trap does
 * it in two timers, which run only after the input already queued (fast typing, a busy machine).
 */
const LATE_TRAP_MS = 1500;

/**
 * Mantine's late focus (`focus({ preventScroll: true })` on the marked control, from its timers)
 * must not pull the caret back once the user has moved on to another control of the same dialog:
 * "E2E" Tab "Cash" typed at once ended as "E2Eash" in the first field and "C" in the second. For a
 * while after the dialog appears, such a call is ignored when the focus is on another control of
 * that dialog, or has been in the dialog and gone on to the page; plain `focus()` calls (the app's own, e.g. Save and new back to the first field)
 * are left alone.
 */
function guardLateTrap(target: HTMLElement, dialog: Element): void {
  if (Object.prototype.hasOwnProperty.call(target, 'focus')) return;
  // Whether the focus has been in the dialog: once it has and has gone on to the page (the dialog
  // answered: Alt+N, "No", the new voucher's first cell), a late call is stale too — it pulled the
  // caret into the closing dialog, which then took it away with it (lost on the page body).
  let entered = dialog.contains(document.activeElement);
  const onIn = () => {
    entered = true;
  };
  dialog.addEventListener('focusin', onIn);
  target.focus = function focusUnlessMovedOn(options?: FocusOptions) {
    const active = document.activeElement;
    if (options?.preventScroll && active && active !== target && active !== dialog && dialog.contains(active)) return;
    if (options?.preventScroll && entered && active && active !== document.body && active.isConnected && !dialog.contains(active)) return;
    HTMLElement.prototype.focus.call(target, options);
  };
  setTimeout(() => {
    delete (target as { focus?: unknown }).focus;
    dialog.removeEventListener('focusin', onIn);
  }, LATE_TRAP_MS);
}

function focusTarget(target: HTMLElement): void {
  const dialog = target.closest(DIALOG);
  const active = document.activeElement;
  // Gone meanwhile, or a dialog whose own control already has the focus (a field the user is in);
  // a dialog that only has the focus itself still gives it to a control marked later.
  if (!target.isConnected || !dialog || (dialog.contains(active) && (active !== dialog || target === dialog))) return;
  HTMLElement.prototype.focus.call(target, { preventScroll: true });
}

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Whether an element can take the focus: not disabled, not hidden, not inside an inert part. */
function focusable(el: HTMLElement): boolean {
  if ((el as HTMLButtonElement).disabled || el.closest('[inert], [aria-hidden="true"]')) return false;
  return !(el.hidden || el.closest('[hidden]'));
}

/** The first control after `from` in the page's order that can take the focus, else the last one before it. */
function nextFocusable(doc: Document, from: HTMLElement): HTMLElement | null {
  const all = [...doc.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el !== from && focusable(el) && !el.closest(DIALOG));
  const after = all.find((el) => from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  return after ?? all.filter((el) => from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING).at(-1) ?? null;
}

/**
 * The element standing in for an opener React drew anew: the one element of the page (outside
 * dialogs) with the opener's `data-focus-slot`, else its `data-testid` (a button and the pill that
 * replaces it share a slot), or that element's first control when it is not one itself (a pill's
 * remove button). None when the name is missing or not unique (rows of a list share their icons' names).
 */
function standInFor(doc: Document, gone: HTMLElement): HTMLElement | null {
  for (const attr of ['data-focus-slot', 'data-testid']) {
    const name = gone.getAttribute(attr);
    if (!name) continue;
    const found = [...doc.querySelectorAll<HTMLElement>(`[${attr}]`)].filter((el) => el.getAttribute(attr) === name && !el.closest(DIALOG));
    if (found.length !== 1) return null;
    const el = found[0];
    if (el.matches(FOCUSABLE) && focusable(el)) return el;
    return [...el.querySelectorAll<HTMLElement>(FOCUSABLE)].find(focusable) ?? null;
  }
  return null;
}

/** Whether the focus is lost: on nothing, the body, or an element no longer in the page. */
function focusIsLost(doc: Document): boolean {
  const now = doc.activeElement;
  return now === null || now === doc.body || !now.isConnected;
}

/** The modal dialogs a node is or holds. */
function dialogsIn(node: Node): HTMLElement[] {
  if (!(node instanceof HTMLElement)) return [];
  return node.matches(DIALOG) ? [node] : [...node.querySelectorAll<HTMLElement>(DIALOG)];
}

/** Starts watching (once per document); answers the function that stops it. */
export function watchDialogFocus(doc: Document = document): () => void {
  const win = doc.defaultView ?? window;
  /** Keys down now (not modifiers): while one is, a new dialog waits for its release. */
  const down = new Set<string>();
  let pending: HTMLElement | null = null;
  const flush = () => {
    const target = pending;
    pending = null;
    if (target) focusTarget(target);
  };
  /** The element each open dialog found focused (or just left) when it appeared. */
  const opener = new WeakMap<HTMLElement, HTMLElement>();
  /**
   * For a dialog opened from inside another (New in an invoice's view, which then closes): the
   * element that other dialog would have given the focus back to, should the opener go with it.
   */
  const openerOfHost = new WeakMap<HTMLElement, HTMLElement>();
  /**
   * The last element to lose the focus to a modal dialog: the opener when the dialog's own autofocus
   * came first. Forgotten once the focus lands outside every dialog (the record would be stale: an
   * element that loses the focus by being removed fires no focusout, so a later dialog seen with the
   * focus lost took an earlier dialog's opener and gave it the focus).
   */
  let lastLeft: HTMLElement | null = null;
  const onFocusOut = (e: FocusEvent) => {
    if (e.target instanceof HTMLElement) lastLeft = e.target;
  };
  const onFocusIn = (e: FocusEvent) => {
    if (!(e.target instanceof Element) || !e.target.closest(DIALOG)) lastLeft = null;
  };
  const noteOpener = (node: Node) => {
    for (const d of dialogsIn(node)) {
      if (opener.has(d)) continue;
      const active = doc.activeElement;
      const before = active instanceof HTMLElement && active !== doc.body && !d.contains(active) ? active : lastLeft;
      if (before && before.isConnected && !d.contains(before)) {
        opener.set(d, before);
        const host = before.closest<HTMLElement>(DIALOG);
        const up = host ? (opener.get(host) ?? openerOfHost.get(host)) : undefined;
        if (up) openerOfHost.set(d, up);
      }
    }
  };
  const gone = (node: Node) => {
    for (const d of dialogsIn(node)) {
      const first = opener.get(d);
      if (!first) continue;
      const up = openerOfHost.get(d);
      opener.delete(d);
      // After React has removed the dialog and the caller has had its turn to move the focus. Its
      // opener, else (gone with the dialog it stood in) what that dialog would have gone back to.
      win.setTimeout(() => {
        const before = first.isConnected ? first : up?.isConnected ? up : standInFor(doc, first);
        if (!before || !focusIsLost(doc)) return;
        if (focusable(before)) {
          before.focus({ preventScroll: true });
          return;
        }
        // The opener was disabled by what the dialog did (a reverse settle with nothing left to
        // reverse): focus() on it does nothing. The page may know a better place (its next step): it
        // has two frames; then the next control that can take the focus does.
        win.requestAnimationFrame(() => win.requestAnimationFrame(() => {
          if (focusIsLost(doc)) nextFocusable(doc, before)?.focus({ preventScroll: true });
        }));
      }, 0);
    }
  };
  const found = (node: Node) => {
    noteOpener(node);
    const target = autofocusTargetIn(node);
    if (!target) return;
    const dialog = target.closest(DIALOG);
    if (dialog && target !== dialog) guardLateTrap(target, dialog);
    if (down.size) pending = target;
    else focusTarget(target);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    // A new key: the one that opened the dialog is over; this one goes to the dialog.
    if (pending && !e.repeat) flush();
    if (!MODIFIERS.has(e.key)) down.add(e.code || e.key);
  };
  const onKeyUp = (e: KeyboardEvent) => {
    down.delete(e.code || e.key);
    if (!down.size) flush();
  };
  const onBlur = () => {
    down.clear();
    flush();
  };
  win.addEventListener('keydown', onKeyDown, true);
  // Bubbling on the window: after the page's own handlers of that release.
  win.addEventListener('keyup', onKeyUp);
  win.addEventListener('blur', onBlur);
  doc.addEventListener('focusout', onFocusOut, true);
  doc.addEventListener('focusin', onFocusIn, true);

  const inner = new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.removedNodes) gone(n);
      for (const n of r.addedNodes) found(n);
    }
  });
  const watched = new WeakSet<Node>();
  const watch = (n: Node) => {
    if (!(n instanceof HTMLElement) || !n.hasAttribute('data-portal') || watched.has(n)) return;
    watched.add(n);
    inner.observe(n, { childList: true, subtree: true });
    found(n);
  };
  const outer = new MutationObserver((records) => {
    for (const r of records) {
      // A portal of its own (not the shared one) leaves with its dialog.
      for (const n of r.removedNodes) if (n instanceof HTMLElement && n.hasAttribute('data-portal')) gone(n);
      for (const n of r.addedNodes) watch(n);
    }
  });
  outer.observe(doc.body, { childList: true });
  for (const n of doc.body.children) watch(n);
  return () => {
    outer.disconnect();
    inner.disconnect();
    win.removeEventListener('keydown', onKeyDown, true);
    win.removeEventListener('keyup', onKeyUp);
    win.removeEventListener('blur', onBlur);
    doc.removeEventListener('focusout', onFocusOut, true);
    doc.removeEventListener('focusin', onFocusIn, true);
  };
}
