/**
 * Paging math of the list grid: page numbers are 1-based in the UI and the API's `index` is
 * 0-based (spec 01 §7 index/size). Every page the user can reach is clamped to [1, last].
 */
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../src/domain/constants';

export interface PageState {
  /** 1-based page number. */
  page: number;
  size: number;
}

/** Number of the last page; an empty list still has one (empty) page. */
export function lastPage(total: number, size: number): number {
  if (!Number.isFinite(total) || total <= 0 || size <= 0) return 1;
  return Math.ceil(total / size);
}

/** Clamp a wanted page (possibly typed by the user) to [1, last]; junk goes to page 1. */
export function clampPage(page: number, last: number): number {
  if (!Number.isFinite(page)) return 1;
  const p = Math.trunc(page);
  return Math.min(Math.max(p, 1), Math.max(last, 1));
}

/** Page sizes are limited to the spec's choices; anything else falls back to the default. */
export function normalizePageSize(size: unknown): number {
  const n = Number(size);
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : DEFAULT_PAGE_SIZE;
}

/** The API's paging parameters for a UI page. */
export function toApiPaging(state: PageState): { index: number; size: number } {
  return { index: Math.max(state.page - 1, 0), size: state.size };
}

/** 1-based numbers of the first and last row shown ("11–20 of 42"); 0–0 when empty. */
export function rowRange(state: PageState, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = (state.page - 1) * state.size + 1;
  return { from: Math.min(from, total), to: Math.min(state.page * state.size, total) };
}

/**
 * After a size change keep the first visible row on screen: the new page is the one holding it.
 * (A user on rows 31–40 who switches to 15 per page lands on page 3, rows 31–45.)
 */
export function pageAfterSizeChange(state: PageState, newSize: number, total: number): number {
  const firstRow = (state.page - 1) * state.size;
  return clampPage(Math.floor(firstRow / newSize) + 1, lastPage(total, newSize));
}

/**
 * The index column's number of a row: its place in the whole list, not in the page (row 1 of
 * page 2 at 10 per page is 11), so a clerk can name a record by the number he sees.
 */
export function rowNumber(state: PageState, rowIndex: number): number {
  return Math.max(state.page - 1, 0) * state.size + rowIndex + 1;
}

/**
 * PageDown on the last row turns to the next page, PageUp on the first row to the previous one (a
 * reader stepping through every record by keys); elsewhere, or with a modifier, AG Grid's own
 * paging of the rows shown stands. 1 next, -1 previous, null none.
 */
export function edgePageTurn(e: { key: string; ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean; shiftKey?: boolean }, rowIndex: number, rowCount: number): 1 | -1 | null {
  if (e.ctrlKey || e.altKey || e.metaKey || e.shiftKey || rowCount <= 0) return null;
  if (e.key === 'PageDown' && rowIndex === rowCount - 1) return 1;
  if (e.key === 'PageUp' && rowIndex === 0) return -1;
  return null;
}
