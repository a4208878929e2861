/** The pure part of saved filters (saved-filters.tsx): the stored kind, content and pruning. */
import type { UserDataDto } from '../../../contract/system';

/** How many filters one list keeps per user and scope. */
export const MAX_SAVED_FILTERS = 20;

export interface SavedFilterContent<F> {
  keyword: string;
  filter?: F;
}

export interface SavedFiltersOption<F = unknown> {
  /** The query id (e.g. 'customer.list'). */
  queryId: string;
  /** The company, ledger set or account year the saved filters belong to (e.g. `c${companyId}`, `y${yearId}`). */
  scope: string | number;
  /** The screen's own filter values besides the keyword, saved with it… */
  value?: F;
  /** …and applied back when the user picks a saved filter. */
  apply?: (filter: F) => void;
}

export const savedFilterKind = (queryId: string, scope: string | number) => `filter:${queryId}@${scope}`;

/** Which rows a save leaves behind: another row of the same name, and everything past the newest MAX. */
export function prunedAfterSave(rows: Pick<UserDataDto, 'id' | 'subKind'>[], keptId: number, name: string, max = MAX_SAVED_FILTERS): number[] {
  const others = rows.filter((r) => r.id !== keptId);
  const sameName = others.filter((r) => r.subKind === name).map((r) => r.id);
  const rest = others.filter((r) => r.subKind !== name);
  return [...sameName, ...rest.slice(Math.max(0, max - 1)).map((r) => r.id)];
}

/**
 * The saved filters as the list shows them once a save or rename is answered, before the list is
 * read again: the answered row first (newest), without the rows the save pruned. So the box shows
 * the new name, and rename and delete take it, at once (not a round trip later).
 */
export function listAfterSave<R extends Pick<UserDataDto, 'id'>>(rows: readonly R[], saved: R, pruned: readonly number[]): R[] {
  const gone = new Set(pruned);
  return [saved, ...rows.filter((r) => r.id !== saved.id && !gone.has(r.id))];
}
