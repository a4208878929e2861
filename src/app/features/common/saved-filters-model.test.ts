import { describe, expect, it } from 'vitest';
import { prunedAfterSave, savedFilterKind } from './saved-filters-model';

describe('saved filters', () => {
  it('names the kind by query id and scope', () => {
    expect(savedFilterKind('customer.list', 'c7')).toBe('filter:customer.list@c7');
  });
  it('prunes another row of the saved name and everything past the newest', () => {
    const rows = [1, 2, 3, 4, 5].map((id) => ({ id, subKind: `n${id}` }));
    expect(prunedAfterSave(rows, 9, 'new', 3)).toEqual([3, 4, 5]);
    expect(prunedAfterSave([...rows, { id: 6, subKind: 'n1' }], 1, 'n1', 10)).toEqual([6]);
    expect(prunedAfterSave(rows, 2, 'n2', 10)).toEqual([]);
  });
});
