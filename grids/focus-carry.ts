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
 * document was stored already, once the grid has drawn the saved lines (they come back with new
 * row ids, and the grid puts its caret on the new row's cell: a key replayed before that opened an
 * editor the redraw closed, and the rest of the line was lost). A refused save forgets them.
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

/**
 * What a save answers when there is nothing to save: a new document nothing was entered in (Ctrl+S
 * and F12 on it do nothing, and keys typed after them go on where the caret is).
 */
export const NOTHING_TO_SAVE = 'nothing-to-save';

/** What `saveCarryingFocus` needs of an editor page. */
export interface CarryingSave<T extends { id: number }> {
  /** The document is new: its page mounts again under its id after the save. */
  fresh: boolean;
  save: () => Promise<T | null | typeof NOTHING_TO_SAVE>;
  /** The address the saved document shows at. */
  pathOf: (id: number) => string;
  /** Shows the saved document under its address. */
  goTo: (id: number) => Promise<void>;
  page: Element | null;
  grid: { element: () => HTMLElement | null; api: () => GridApi | null } | null;
  /** The page's rows as they are now (after the save: the stored document's): the held keys wait until the grid has drawn them. */
  rows?: () => readonly { id: string }[];
  /** The screen's commands (Ctrl+S, F12, Alt+N…): pressed during the save, they run after it, in order with the keys. */
  commands?: CommandOf;
  /** Tells the user the keys typed during a save that has not answered within SAVE_HOLD_MS were dropped. */
  onHoldExpired?: () => void;
}

/**
 * Ctrl+S on an editor: saves; a new document then shows under its id with the focus where it was.
 * Keys and commands (`o.commands`) pressed from the press on wait (type-ahead) for the caret: on the
 * stored document's page, as they would on a page that did not mount again, or in place once a
 * stored document's save is done (typed meanwhile, they would go into lines the save then replaces).
 * A refused save forgets them (they were typed for a document that did not come).
 */
export async function saveCarryingFocus<T extends { id: number }>(o: CarryingSave<T>): Promise<T | null> {
  // The keys wait for the save's answer, however long (up to SAVE_HOLD_MS, then the page says so).
  typeAhead().holdForSave(o.commands, o.onHoldExpired);
  // Where the caret is: a stored document's save puts it back there once the lines are drawn again.
  const before = o.fresh ? null : focusAddress(o.page, o.grid?.element() ?? null, o.grid?.api() ?? null);
  const saved = await o.save();
  if (saved === NOTHING_TO_SAVE) {
    // Nothing happened: the keys go on where the caret is.
    typeAhead().land();
    return null;
  }
  if (!saved) {
    typeAhead().drop();
    return null;
  }
  typeAhead().answered();
  if (o.fresh) {
    carryFocus(o.pathOf(saved.id), focusAddress(o.page, o.grid?.element() ?? null, o.grid?.api() ?? null));
    await o.goTo(saved.id);
  } else {
    await caretBackInPlace(o, before);
    typeAhead().land();
  }
  return saved;
}

const nextFrame = () => new Promise<void>((resolve) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => resolve()) : setTimeout(resolve, 16)));

/** How many frames a stored document's save waits for its lines to be drawn again (about two seconds). */
export const REDRAW_FRAMES = 120;
/** How many frames the grid has to put its caret on the drawn row itself before the save puts it there. */
export const RESEAT_FRAMES = 5;

/** How many frames a header field's save waits for the focus to be back in the page (about half a second). */
const FOCUS_BACK_FRAMES = 30;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * After a stored document's save: until the grid shows the saved lines (new row ids) with its caret
 * in the cell it had (the grid re-seats it itself; after RESEAT_FRAMES this does), then a task and a
 * frame more: the grid focuses a newly drawn cell in a task of its own, which would close an editor
 * the first replayed key opened. A header field (nothing is drawn again under it): until the focus
 * is in the page, FOCUS_BACK_FRAMES at most. A frame at least, REDRAW_FRAMES at most.
 */
async function caretBackInPlace(o: Pick<CarryingSave<{ id: number }>, 'page' | 'grid' | 'rows'>, before: CarriedFocus | null): Promise<void> {
  for (let i = 0; i < REDRAW_FRAMES; i++) {
    await nextFrame();
    if (before?.kind === 'cell' && o.grid && o.rows) {
      if (caretRedrawn(o.grid, o.rows(), before, i >= RESEAT_FRAMES)) {
        await nextTask();
        return nextFrame();
      }
    } else if (i >= FOCUS_BACK_FRAMES || !o.page || o.page.contains(document.activeElement)) return;
  }
}

/**
 * Whether the grid has drawn `rows` (the caret's row is the page's, in the grid's model and on
 * screen) and the focus is on that row; with `reseat`, puts the caret there when the redraw left
 * the focus on nothing (or on the grid's old rows). Answers true too when there is nothing to wait
 * for (no rows, no grid, the focus taken elsewhere).
 */
export function caretRedrawn(grid: NonNullable<CarryingSave<{ id: number }>['grid']>, rows: readonly { id: string }[], caret: { rowIndex: number; colId: string }, reseat = true): boolean {
  const api = grid.api();
  const el = grid.element();
  if (!api || !el || rows.length === 0) return true;
  const rowIndex = Math.min(Math.max(caret.rowIndex, 0), rows.length - 1);
  const id = rows[rowIndex].id;
  if (api.getDisplayedRowAtIndex(rowIndex)?.id !== id) return false;
  const drawn = [...el.querySelectorAll('[row-id]')].filter((r) => r.getAttribute('row-id') === id);
  if (!drawn.length) return false;
  const active = document.activeElement;
  if (drawn.some((r) => r.contains(active))) return true;
  // The focus went elsewhere meanwhile (not a click: that drops the keys): the keys go there.
  if (active && active !== document.body && !el.contains(active)) return true;
  if (!api.getColumn(caret.colId)) return true;
  if (!reseat) return false;
  api.setFocusedCell(rowIndex, caret.colId);
  return drawn.some((r) => r.contains(document.activeElement));
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
