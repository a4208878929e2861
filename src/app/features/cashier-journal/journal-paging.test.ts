import { describe, expect, it } from 'vitest';
import { createJournalPager } from './journal-paging';

const line = (id: number) => ({ date: '2026-01-05', id, bankAccountId: 7 });
const page = (ids: number[], total: number) => ({ content: ids.map(line), total });

describe('journal pager', () => {
  it('asks the first page and unknown lists by index; neighbours by keyset; the last page with last', () => {
    const p = createJournalPager();
    expect(p.pagingOf('a', 3, 10)).toEqual({ index: 3, size: 10 });
    expect(p.pagingOf('a', 0, 10)).toEqual({ index: 0, size: 10 });
    p.record('a', 0, page([1, 2, 3], 95));
    expect(p.pagingOf('a', 1, 10)).toEqual({ after: '2026-01-05,3,7', limit: 10 });
    // The last page holds the remainder (95 = 9 × 10 + 5).
    expect(p.pagingOf('a', 9, 10)).toEqual({ last: true, limit: 5 });
    p.record('a', 9, page([90, 91], 95));
    expect(p.pagingOf('a', 8, 10)).toEqual({ before: '2026-01-05,90,7', limit: 10 });
    // A jump into the middle with no neighbour seen goes by offset.
    expect(p.pagingOf('a', 5, 10)).toEqual({ index: 5, size: 10 });
    // Another list (another filter) knows nothing.
    expect(p.pagingOf('b', 1, 10)).toEqual({ index: 1, size: 10 });
  });

  it('forgets the boundaries when the total changes', () => {
    const p = createJournalPager();
    p.record('a', 0, page([1, 2], 20));
    p.record('a', 1, page([3, 4], 21));
    expect(p.pagingOf('a', 1, 10)).toEqual({ index: 1, size: 10 });
    expect(p.pagingOf('a', 2, 10)).toEqual({ after: '2026-01-05,4,7', limit: 10 });
    expect(p.pagingOf('a', 3, 10)).toEqual({ index: 3, size: 10 });
  });
});
