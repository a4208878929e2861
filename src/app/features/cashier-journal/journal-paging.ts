/**
 * Keyset paging of the journal query screen (decision 043). The list grid asks for pages by
 * index/size; an OFFSET walks the index up to it, so a late page of a long bank account is slow.
 * This remembers the first and last line of every page shown, per list (filter, keyword, sort,
 * size), and asks the server for a neighbour page `after` / `before` those lines, and for the last
 * page with `last`: each reads the index from its cursor, as fast as the first page. Only a jump to
 * a page with no known neighbour goes by offset (the server reads late offsets from the end).
 */
import type { ListAnswer } from '../../../contract/common';

export interface CursorLine {
  date: string;
  id: number;
  bankAccountId: number;
}

/** What to send instead of (or as) index/size. */
export type JournalPaging = { index: number; size: number } | { after: string; limit: number } | { before: string; limit: number } | { last: true; limit: number };

interface Seen {
  total: number;
  pages: Map<number, { first: string; last: string }>;
}

/** The cursor of a line: date, id and its bank account (needed when the list spans accounts). */
export const cursorOf = (l: CursorLine) => `${l.date},${l.id},${l.bankAccountId}`;

const MAX_LISTS = 30;

export function createJournalPager() {
  const lists = new Map<string, Seen>();
  return {
    /** The request for page `index` (0-based) of the list named `listKey`. */
    pagingOf(listKey: string, index: number, size: number): JournalPaging {
      const seen = lists.get(listKey);
      if (index === 0 || !seen) return { index, size };
      const prev = seen.pages.get(index - 1);
      if (prev) return { after: prev.last, limit: size };
      const next = seen.pages.get(index + 1);
      if (next) return { before: next.first, limit: size };
      const lastIndex = Math.max(0, Math.ceil(seen.total / size) - 1);
      const rest = seen.total - index * size;
      if (index === lastIndex && rest > 0) return { last: true, limit: Math.min(rest, size) };
      return { index, size };
    },
    /** Remembers a page's first and last line and the list's total. */
    record<T extends CursorLine>(listKey: string, index: number, answer: ListAnswer<T>): void {
      let seen = lists.get(listKey);
      if (!seen) {
        if (lists.size >= MAX_LISTS) lists.delete(lists.keys().next().value!);
        lists.set(listKey, (seen = { total: answer.total, pages: new Map() }));
      }
      // Another total: lines came or went, the boundaries seen before no longer hold.
      if (seen.total !== answer.total) {
        seen.total = answer.total;
        seen.pages.clear();
      }
      const first = answer.content[0];
      const last = answer.content.at(-1);
      if (first && last) seen.pages.set(index, { first: cursorOf(first), last: cursorOf(last) });
      else seen.pages.delete(index);
    },
  };
}
