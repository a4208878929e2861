/**
 * Focus carry: a new document's first save shows it under its own address (/newVoucher/new →
 * /newVoucher/123, /newReimburse/new → /newReimburse/45) and its page mounts again. Without this
 * the caret went back to the first row's first cell and the clerk, who pressed Ctrl+S on row 4's
 * debit, had to find the place again (and keys typed meanwhile landed on row 1). The page that
 * saves notes where the focus is (a grid cell by row index and column, or a header field by its
 * test id) for the address it goes to; the page mounting there takes it once and puts the focus
 * back. What is noted and not taken within CARRY_MS is forgotten.
 *
 * Keys and the screen's own commands pressed during the save wait (type-ahead) and are typed and
 * run, in order, where the caret lands: on the stored document's page, or in place when the
 * document was stored already. A refused save forgets them.
 */
import type { GridApi } from 'ag-grid-community';
import { typeAhead, type CommandOf } from './type-ahead';

export type CarriedFocus = { kind: 'cell'; rowIndex: number; colId: string } | { kind: 'field'; testId: string };

/** How long a noted focus waits for its page. */
export const CARRY_MS = 5000;

let noted: { path: string; focus: CarriedFocus; at: number } | null = null;

/**
 * Where the focus is inside `page`: the grid's caret (its rows, not the pinned totals row) when the
 * focus is in `grid`, else the nearest element with a `data-testid` inside the page (a header field).
 */
export function focusAddress(page: Element | null, grid: Element | null, api: GridApi | null, active: Element | null = typeof document === 'undefined' ? null : document.activeElement): CarriedFocus | null {
  if (!page || !active || !page.contains(active)) return null;
  if (grid?.contains(active)) {
    const cell = api?.getFocusedCell();
    if (!cell || cell.rowPinned) return null;
    return { kind: 'cell', rowIndex: cell.rowIndex, colId: cell.column.getColId() };
  }
  const marked = active.closest('[data-testid]');
  const testId = marked && page.contains(marked) ? marked.getAttribute('data-testid') : null;
  return testId ? { kind: 'field', testId } : null;
}

/** Notes `focus` for the page at `path` (the address the save goes to). */
export function carryFocus(path: string, focus: CarriedFocus | null, now = Date.now()): void {
  noted = focus ? { path, focus, at: now } : null;
}

/** The focus noted for `path`, once (a later mount of the page starts as usual). */
export function takeCarriedFocus(path: string, now = Date.now()): CarriedFocus | null {
  const n = noted;
  if (!n || n.path !== path) return null;
  noted = null;
  return now - n.at <= CARRY_MS ? n.focus : null;
}

/**
 * Puts the focus on a carried header field of `page` (the field itself, or the first input inside
 * the element with the test id). Resolves whether it is there.
 */
export function focusCarriedField(page: Element | null, testId: string): boolean {
  const marked = page ? [...page.querySelectorAll<HTMLElement>('[data-testid]')].find((el) => el.getAttribute('data-testid') === testId) : undefined;
  if (!marked) return false;
  const target = marked.matches('input, textarea, select, button') ? marked : (marked.querySelector<HTMLElement>('input, textarea, select, button') ?? marked);
  target.focus();
  return document.activeElement === target;
}

/** What `saveCarryingFocus` needs of an editor page. */
export interface CarryingSave<T extends { id: number }> {
  /** The document is new: its page mounts again under its id after the save. */
  fresh: boolean;
  save: () => Promise<T | null>;
  /** The address the saved document shows at. */
  pathOf: (id: number) => string;
  /** Shows the saved document under its address. */
  goTo: (id: number) => Promise<void>;
  page: Element | null;
  grid: { element: () => HTMLElement | null; api: () => GridApi | null } | null;
  /** The screen's commands (Ctrl+S, F12, Alt+N…): pressed during the save, they run after it, in order with the keys. */
  commands?: CommandOf;
}

/**
 * Ctrl+S on an editor: saves; a new document then shows under its id with the focus where it was.
 * Keys and commands (`o.commands`) pressed from the press on wait (type-ahead) for the caret: on the
 * stored document's page, as they would on a page that did not mount again, or in place once a
 * stored document's save is done (typed meanwhile, they would go into lines the save then replaces).
 * A refused save forgets them (they were typed for a document that did not come).
 */
export async function saveCarryingFocus<T extends { id: number }>(o: CarryingSave<T>): Promise<T | null> {
  typeAhead().hold(o.commands);
  const saved = await o.save();
  if (!saved) {
    typeAhead().drop();
    return null;
  }
  if (o.fresh) {
    carryFocus(o.pathOf(saved.id), focusAddress(o.page, o.grid?.element() ?? null, o.grid?.api() ?? null));
    await o.goTo(saved.id);
  } else {
    await focusBackIn(o.page);
    typeAhead().land();
  }
  return saved;
}

const nextFrame = () => new Promise<void>((resolve) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => resolve()) : setTimeout(resolve, 16)));

/**
 * The saved lines are drawn again (new row ids), and the grid puts the caret back in its cell: a
 * frame at least, and until the focus is in the page again (about half a second at most).
 */
async function focusBackIn(page: Element | null): Promise<void> {
  for (let i = 0; i < 30; i++) {
    await nextFrame();
    if (!page || page.contains(document.activeElement)) return;
  }
}

/**
 * The page's side: the focus carried to `path` (once, at mount), and an effect that puts it back on
 * a header field (a grid cell lands through the grid's `caretAt`, which `caretAtOf` gives).
 */
export function landCarriedField(carried: CarriedFocus | null, page: Element | null, grid: { focusFirstCell: () => void } | null): void {
  if (carried?.kind !== 'field') return;
  if (focusCarriedField(page, carried.testId)) typeAhead().land();
  else grid?.focusFirstCell();
}

/** The grid's `caretAt` for a carried focus: the cell, `null` when a header field has it, else the first cell. */
export function caretAtOf(carried: CarriedFocus | null): { rowIndex: number; colId: string } | null | undefined {
  return carried?.kind === 'cell' ? carried : carried ? null : undefined;
}
